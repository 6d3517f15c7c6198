#!/bin/bash
# Nested inlining named frame by frame, as a real DWARF reader names it:
# programs/nested-inlines.c, built with mpicc -pg -O2 -g, inlines leaf into
# middle (twice), middle into outer, leaf into outer, and all three into
# main, so that an address of main may be main, outer, middle and leaf at
# once.  Each sampled path wholly in the executable gets, in the folded
# paths, exactly the name that binutils' addr2line -f -i gives its frames
# (the leaf's PC, the callers' return address less one): the function,
# then each inlined function around the address, the outermost first,
# "main;outer [inlined];middle [inlined];leaf [inlined]".  Before, only
# the innermost inlined frame was named ("main;leaf [inlined]").
. "$(dirname "$0")/lib.sh"
gprof_par=$top_builddir/gprof-par/gprof-par
command -v addr2line >/dev/null || skip "no addr2line"

build_linked nested "$programs/nested-inlines.c" -O2 -g
# the premise: GCC inlined all three (no symbol of theirs is left)
nm nested | grep -E ' [tT] (leaf|middle|outer)$' &&
	fail "GCC did not inline the three functions into main"

BG_GMON_HZ=1000 ./nested >out 2>stderr || fail "the program failed: $(cat stderr)"
[ -s gmon.out ] && [ -s gmon.out+gmon-mpi ] || fail "no gmon.out and its companion"
"$gprof_par" --format=folded nested gmon.out >folded 2>err || fail "--format=folded: $(cat err)"
unpack_companions
[ -s gmon.out+paths ] || fail "no gmon.out+paths: $(ls_profiles)"

# the executable's frames of the paths wholly in it, as addr2line reads them
awk -F'\t' '$1 == "path" {
	k = split($3, frame, " ")
	for (i = 1; i <= k; i++) { split(frame[i], part, ":"); if (part[1] != "0") next }
	for (i = 1; i <= k; i++) { split(frame[i], part, ":"); print part[2], (i > 1) }
}' gmon.out+paths | sort -u >frames
[ -s frames ] || fail "no path wholly in the executable: $(head -5 gmon.out+paths)"
python3 - frames >addrs <<'PY'
import sys
for line in open(sys.argv[1]):
    addr, is_return = line.split()
    print("0x%x" % (int(addr, 16) - int(is_return)))
PY
addr2line -e nested -a -f -i $(sort -u addrs) >addr2line || fail "addr2line failed"

python3 - gmon.out+paths addr2line folded <<'PY' || fail "see above"
import collections, sys
names, at = {}, None
for line in open(sys.argv[2]).read().splitlines():
    if line.startswith("0x"):
        at = int(line, 16); names[at] = []
    elif not names[at] or ":" in names[at][-1]:
        names[at].append(line)          # a function's name
    else:
        names[at].append(line + ":")    # (its file:line, kept apart)
def frames(addr):
    funcs = [n for n in names[addr] if not n.endswith(":")]
    # innermost first: the function of the symbol last, then its inlined ones
    return [funcs[-1]] + [f + "_[inlined]" for f in reversed(funcs[:-1])]
want = collections.Counter()
for line in open(sys.argv[1]):
    field = line.rstrip("\n").split("\t")
    if field[0] != "path":
        continue
    parts = [f.split(":") for f in field[2].split()]
    if any(m != "0" for m, _ in parts):
        continue
    path = []
    for i, (_, a) in reversed(list(enumerate(parts))):
        path += frames(int(a, 16) - (i > 0))
    want[";".join(path)] += int(field[1])
got = collections.Counter()
for line in open(sys.argv[3]).read().splitlines():
    p, n = line.rsplit(" ", 1)
    got[p] += int(n)
bad = [(p, n, got[p]) for p, n in want.items() if got[p] != n]
for p, n, g in sorted(bad):
    print("e2e-inlined-nested: %s: addr2line's %d samples, gprof-par's %d" % (p, n, g))
nested = sum(n for p, n in want.items() if "outer_[inlined];middle_[inlined];leaf_[inlined]" in p)
every = sum(want.values())
print("e2e-inlined-nested: %d paths' samples wholly in the executable, %d named as addr2line names them,"
      " %d of them in leaf in middle in outer" % (every, every - sum(n for _, n, _ in bad), nested))
sites = {p for p in want if p.startswith("main;") and p.count(";") == 1}
print("e2e-inlined-nested: main's own inlined sites:", sorted(sites))
sys.exit(0 if not bad and every >= 200 and nested > 0 and len(sites) >= 2 else 1)
PY
note "ok: the folded paths name the nested inlined frames as addr2line -i does"
