#!/bin/sh
# exports.sh - gprof-par's exports read by their real readers:
#   --format=callgrind by callgrind_annotate (valgrind), which warns of
#   nothing: its total is the samples of the paths file and of
#   --format=folded, and the functions' self samples add up to it; inclusive
#   (--inclusive=yes), hard's and work's samples are the JSON export's, once
#   per sample, hard() has >= 99% of work()'s samples and calls it
#   once (gmon's count); two callers asking 1:3 of work() are 1:3 within 10%;
#   --format=json by python3: the totals, every path, the hard->work arc,
#   seconds from the rate;
#   a synthetic profile with hostile names (test-exports json|callgrind):
#   quotes, backslashes, control characters and bad UTF-8 read back.
here=$PWD
. "${top_srcdir:?}/tests/e2e-lib.sh"

command -v callgrind_annotate > /dev/null || skip "callgrind_annotate (valgrind) is not installed"
command -v python3 > /dev/null || skip "python3 is not installed"
[ -x "$here/test-exports" ] || fail "$here/test-exports was not built"
rtlib=$top_builddir/libgmon-mpi/.libs

build() {   # NAME: a -g -pg program from standard input, linked with libgmon-mpi
	cat > "$1.c"
	"${CC:-cc}" -g -O1 -pg "$1.c" -o "$1" -L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" ||
		fail "cannot build $1"
}

# annotate CALLGRIND OUT [OPTION...]: callgrind_annotate, silent on stderr.
annotate() {
	in=$1 out=$2
	shift 2
	callgrind_annotate --threshold=100 "$@" "$in" > "$out" 2> "$out.err" ||
		fail "callgrind_annotate $* $in failed: $(cat "$out.err")"
	[ ! -s "$out.err" ] || fail "callgrind_annotate $* $in warned: $(cat "$out.err")"
}

# The PROGRAM TOTALS of an annotation; the samples of function NAME in its
# list ("N (P%)  FILE:NAME [OBJECT]"); the sum of the list.
total() { awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }' "$1"; }
samples_of() {   # (the name through the environment: awk -v would read its backslashes)
	NAME=$2 awk 'index($0, ":" ENVIRON["NAME"] " [") { gsub(",", "", $1); print $1; exit }' "$1"
}
list_sum() {
	awk '/file:function/ { on = 1; getline; next } on && NF == 0 { on = 0 }
	     on { gsub(",", "", $1); s += $1 } END { print s + 0 }' "$1"
}
paths_samples() { awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' "$1"; }

# --- the issue's program --------------------------------------------------
build easy-hard <<'EOF'
__attribute__((noinline)) void work(int n) { volatile int i = 0; while (i++ < n); }
__attribute__((noinline)) void easy(void) { work(1000); }
__attribute__((noinline)) void hard(void) { work(1000 * 1000 * 1000); }
int main(void) { easy(); hard(); return 0; }
EOF
BG_GMON_HZ=1000 ./easy-hard || fail "easy-hard failed"
unpack_companions
[ -s gmon.out+paths ] || fail "easy-hard wrote no gmon.out+paths"
samples=$(paths_samples gmon.out+paths)
[ "$samples" -ge 100 ] || fail "only $samples samples in gmon.out+paths (100 needed)"

"$GPROF_PAR" --format=folded easy-hard gmon.out > eh.folded || fail "--format=folded failed"
folded=$(awk '{ s += $NF } END { print s + 0 }' eh.folded)
expect_eq "$folded" "$samples" "the folded stacks' samples"

"$GPROF_PAR" --format=callgrind easy-hard gmon.out > eh.callgrind 2> eh.err ||
	fail "--format=callgrind failed: $(cat eh.err)"
head -1 eh.callgrind | grep -qx '# callgrind format' || fail "no '# callgrind format' first line"
annotate eh.callgrind eh.self
annotate eh.callgrind eh.incl --inclusive=yes
annotate eh.callgrind eh.tree --inclusive=yes --tree=calling
expect_eq "$(total eh.self)" "$samples" "callgrind_annotate's total"
expect_eq "$(list_sum eh.self)" "$samples" "callgrind_annotate's self samples, added up"
expect_eq "$(total eh.incl)" "$samples" "callgrind_annotate --inclusive=yes's total"
# Each function once per sample: callgrind_annotate's inclusive samples of a
# callee are those of the calls into it, and for hard and work they are the
# samples of the paths through them, as the JSON export counts them. (Not the
# whole list: a sample in the dynamic linker's lazy binding may have a path
# through main twice, gap-scanned, and callgrind_annotate names a callee under
# "cfl=" by its full path, a function under "fl=" relative to the current
# directory.)
"$GPROF_PAR" --format=json easy-hard gmon.out > eh.json || fail "--format=json failed"
json_total() {   # JSON NAME: the total samples of function NAME in the JSON export
	python3 -c 'import json, sys
print(sum(f["total_samples"] for f in json.load(open(sys.argv[1]))["functions"] if f["name"] == sys.argv[2]))' "$@"
}
work_samples=$(samples_of eh.incl work)
hard=$(samples_of eh.incl hard)
expect_eq "$work_samples" "$(json_total eh.json work)" "inclusive: work's samples, callgrind's and JSON's"
expect_eq "$hard" "$(json_total eh.json hard)" "inclusive: hard's samples, callgrind's and JSON's"
awk -v h="${hard:-0}" -v w="${work_samples:-0}" 'BEGIN { exit !(w > 0 && h >= 0.99 * w) }' ||
	fail "inclusive: hard has $hard samples, work $work_samples (< 99%)"
note "callgrind_annotate: $samples samples; inclusive hard $hard of work's $work_samples"
# hard calls work once (gmon's count), for all of work's samples
grep -q "^ *[0-9,]* ([ 0-9.]*%)  >   .*:work (1x)" eh.tree ||
	fail "callgrind_annotate --tree=calling shows no single call of work: $(cat eh.tree)"
grep -q "^calls=1 " eh.callgrind || fail "no calls=1 in the callgrind profile"

# Time in a shared library: a call -pg did not count (calls=1) into the
# library's module; the caller's file has call costs only.
build memset <<'EOF'
#include <string.h>
static char buf[1 << 20];
__attribute__((noinline)) void fill(void)
{
	for (int i = 0; i < 20000; i++) {
		memset(buf, i, sizeof buf);
		__asm__ volatile("" ::: "memory");
	}
}
int main(void) { fill(); return buf[5] == 1; }
EOF
mkdir ms
(cd ms && BG_GMON_HZ=1000 ../memset && unpack_companions) || fail "memset failed"
"$GPROF_PAR" --format=callgrind memset ms/gmon.out > ms.callgrind || fail "memset: --format=callgrind failed"
annotate ms.callgrind ms.tree --inclusive=yes --tree=both
ms_samples=$(paths_samples ms/gmon.out+paths)
expect_eq "$(total ms.tree)" "$ms_samples" "memset: callgrind_annotate's total"
"$GPROF_PAR" --format=json memset ms/gmon.out > ms.json || fail "memset: --format=json failed"
fill=$(python3 -c 'import json, sys
print([f["total_samples"] for f in json.load(open(sys.argv[1]))["functions"] if f["name"] == "fill"][0])' ms.json)
expect_eq "$(samples_of ms.tree fill)" "$fill" "memset: fill's inclusive samples, callgrind's and JSON's"
grep -q '^cob=([0-9]*) libc\.so' ms.callgrind || fail "memset: no call into libc (cob=)"
grep -q '^desc: Calls: ' ms.callgrind || fail "memset: no desc: Calls: line"
grep -q '  >   .*(1x) \[libc\.so' ms.tree || fail "memset: no call into libc in the tree: $(cat ms.tree)"

# Two callers asking 1:3 of the same work, one call each; the program
# prints the CPU time each call took (ot/cpu-ns), the truth to compare with.
build one-three < "$top_srcdir/tests/analyzer/corpus/one-three.c"
mkdir ot
(cd ot && BG_GMON_HZ=1000 ../one-three > cpu-ns && unpack_companions) || fail "one-three failed"
"$GPROF_PAR" --format=callgrind one-three ot/gmon.out > ot.callgrind || fail "one-three: --format=callgrind failed"
annotate ot.callgrind ot.incl --inclusive=yes
expect_eq "$(total ot.incl)" "$(paths_samples ot/gmon.out+paths)" "one-three: callgrind_annotate's total"
light=$(samples_of ot.incl light)
heavy=$(samples_of ot.incl heavy)
read -r light_ns heavy_ns < ot/cpu-ns
awk -v l="${light:-0}" -v h="${heavy:-0}" -v tl="$light_ns" -v th="$heavy_ns" \
	'BEGIN { r = (th / tl) / (h / l); exit !(l > 0 && tl > 0 && r > 0.9 && r < 1.1) }' ||
	fail "inclusive heavy:light = $heavy:$light, their CPU time $heavy_ns:$light_ns ns: not within 10%"
note "callgrind_annotate: inclusive heavy:light = $heavy:$light"

# --- JSON -----------------------------------------------------------------
python3 -m json.tool eh.json > /dev/null || fail "python3 -m json.tool rejects the JSON"
python3 - "$samples" eh.json <<'EOF' || fail "the JSON profile is not the paths'"
import json, sys

def constant(name):
    raise ValueError("not JSON: " + name)

samples = int(sys.argv[1])
d = json.load(open(sys.argv[2], encoding="utf-8"), parse_constant=constant)
assert d["format"] == "gprof-par-profile" and d["version"] == 1, d["format"]
assert d["rate"] == 1000 and d["samples"] == samples, (d["rate"], d["samples"])
fns = d["functions"]
assert [f["id"] for f in fns] == list(range(len(fns)))
assert sum(p["samples"] for p in d["paths"]) == samples
assert sum(f["self_samples"] for f in fns) == samples
for p in d["paths"]:
    assert p["frames"] and all(0 <= i < len(fns) for i in p["frames"]), p
for f in fns:
    assert abs(f["total_seconds"] - f["total_samples"] / 1000) < 1e-9, f
    assert f["self_samples"] <= f["total_samples"] <= samples, f
id = {f["name"]: f["id"] for f in fns}
# main's total: the samples of the paths through it; all but a sample before
# main or one the unwinder could not take back to main (in the dynamic linker)
through_main = sum(p["samples"] for p in d["paths"] if id["main"] in p["frames"])
assert fns[id["main"]]["total_samples"] == through_main, (fns[id["main"]], through_main)
assert through_main >= 0.95 * samples, (through_main, samples)
assert fns[id["main"]]["file"].endswith("easy-hard.c") and fns[id["main"]]["line"] > 0
work = fns[id["work"]]
arcs = {(a["caller"], a["callee"]): a for a in d["arcs"]}
hw = arcs[(id["hard"], id["work"])]
assert hw["inclusive_samples"] >= 0.99 * work["total_samples"], (hw, work)
assert hw["calls"] == 1 and arcs[(id["main"], id["hard"])]["calls"] == 1, hw
assert abs(hw["inclusive_seconds"] - hw["inclusive_samples"] / 1000) < 1e-9
EOF

# --- hostile names --------------------------------------------------------
"$here/test-exports" json > odd.json || fail "test-exports json failed"
python3 - odd.json <<'EOF' || fail "the hostile names did not come back from the JSON"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
names = [f["name"] for f in d["functions"]]
assert names == ["main", 'quote"back\\slash\nnew\ttab\x01ctl\x7f', "(anonymous namespace)::f",
                 "caf\u00e9 \ufffd\ufffd bad"], names
assert d["functions"][1]["file"] is None and d["functions"][1]["line"] is None
assert [a["calls"] for a in d["arcs"]] == [7, None, None]
assert d["samples"] == 10 and d["functions"][3]["self_seconds"] == 0.04
EOF
"$here/test-exports" callgrind > odd.callgrind || fail "test-exports callgrind failed"
annotate odd.callgrind odd.self
annotate odd.callgrind odd.incl --inclusive=yes
expect_eq "$(total odd.self)" 10 "hostile names: callgrind_annotate's total"
expect_eq "$(list_sum odd.self)" 10 "hostile names: self samples, added up"
expect_eq "$(samples_of odd.self 'quote"back\slash_new_tab_ctl_')" 3 "a name with a quote and a backslash"
expect_eq "$(samples_of odd.self '(anonymous namespace)::f')" 2 "a name starting with '('"
expect_eq "$(samples_of odd.incl 'quote"back\slash_new_tab_ctl_')" 5 "its inclusive samples"
note "hostile names read back by python3 and callgrind_annotate"
