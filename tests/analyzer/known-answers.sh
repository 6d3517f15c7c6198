#!/bin/bash
# known-answers.sh - analyzer outputs on constructions with a known answer,
# each pinned where a plausible mistake (issue 31's seeded bugs) changed it
# and no test noticed:
#   - corpus/chain.cc (main -> mid(int) -> work(int, char), 100 calls
#     each) with a crafted histogram (50 samples in work) and one sampled
#     path of 50 samples (crafted/paths-chain.py):
#       --measured: mid -> work self 0.50 children 0.00, main -> mid self
#       0.00 children 0.50 (not the leaf's samples as every arc's self);
#       the estimate is GNU gprof's call graph;
#       --format=folded: "main;mid(int);work(int,_char) 50" (no space kept);
#       --format=json --per-rank: the rank lists main and mid (self 0,
#       total 50) as well as work (not only functions with self time);
#   - -M with a stripped library (libsl.c: first_fn, then last_fn, the
#     last function of its text) whose crafted profile has 50 samples in
#     last_fn and 10 in first_fn: both named from .dynsym with their
#     samples (the last one's were a plausible loss);
#   - -S -M on 6 rank files, each with the chain's profile as a library's
#     (libchain.so), with 1, 2 and 4 processes (a process holding several
#     files): the same report and files, each library bin 6 x 50.
set -u
. "$(dirname "$0")/reduce-lib.sh"

corpus=$top_srcdir/tests/analyzer/corpus
crafted=$top_srcdir/tests/analyzer/crafted
CXX=${CXX:-g++}
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
"$CXX" -pg -O1 -no-pie "$corpus/chain.cc" -o chain || { echo "SKIP: $CXX cannot build -pg"; exit 77; }
rm -f gmon.out
./chain && [ -s gmon.out ] || { echo "ERROR: chain wrote no gmon.out"; exit 99; }
python3 "$crafted/paths-chain.py" gmon.out "$work/chain" k.out k.out+paths 50 ||
	{ echo "ERROR: cannot craft the chain's files"; exit 99; }

# expect_line WHAT LINE FILE: LINE is one of FILE's lines, exactly
expect_line() {
	if grep -qxF -- "$2" "$3"; then
		echo "ok: $1"
	else
		fail "$1: no line '$2' in:"
		cat "$3"
	fi
}

# --measured: each arc's self and children
"$GPROF_PAR" -b -q --measured chain k.out >measured 2>err || fail "--measured: $(cat err)"
expect_line "--measured: mid -> work is work's self time" \
	"                0.50    0.00     100/100         mid(int) [3]" measured
expect_line "--measured: main -> mid is mid's children's time" \
	"                0.00    0.50     100/100         main [2]" measured
expect_line "--measured: main's child mid carries the time as children" \
	"                0.00    0.50     100/100         mid(int) [3]" measured
if [ -n "${GPROF:-}" ] && [ -x "$GPROF" ]; then
	"$GPROF" -b -q chain k.out >theirs 2>&1
	"$GPROF_PAR" -b -q chain k.out >ours 2>&1
	same_file "without --measured, GNU gprof's call graph" ours theirs
fi

# folded: the frames' names without spaces
"$GPROF_PAR" --format=folded chain k.out >folded 2>err || fail "--format=folded: $(cat err)"
[ "$(cat folded)" = "main;mid(int);work(int,_char) 50" ] || fail "--format=folded: $(cat folded)"

# JSON per rank: every function on a path, not only those with self time
"$GPROF_PAR" --format=json --per-rank chain k.out >json 2>err || fail "--format=json: $(cat err)"
python3 - json <<'PY' || fail "--format=json --per-rank: $(tail -4 json)"
import json, sys
d = json.load(open(sys.argv[1]))
names = {f["id"]: f["name"] for f in d["functions"]}
got = {names[f["id"]]: (f["self_samples"], f["total_samples"]) for f in d["ranks"][0]["functions"]}
want = {"main": (0, 50), "mid(int)": (0, 50), "work(int, char)": (50, 50)}
if got != want:
    sys.exit("ranks[0].functions: %s, not %s" % (got, want))
PY

# -M: a stripped library's last function
cat >libsl.c <<'SRC'
volatile unsigned long sl_sink;
void first_fn(unsigned long n) { for (unsigned long i = 0; i < n; i++) sl_sink += i; }
void last_fn(unsigned long n) { for (unsigned long i = 0; i < n; i++) sl_sink ^= i * 7; }
SRC
"$CC" -shared -fPIC -O1 -Wl,--build-id libsl.c -o libsl.so && strip libsl.so ||
	{ echo "ERROR: cannot build libsl.so"; exit 99; }
sym() { nm -D --defined-only libsl.so | awk -v n="$1" '$3 == n { print $1 }'; }
# the executable segment: LOAD, offset, vaddr, paddr, filesz, memsz, R E
read -r low size < <(readelf -lW libsl.so | awk '$1 == "LOAD" && / E / { print $3, $6; exit }')
low=$((low)) high=$((low + size))
mkdir sl && cp k.out sl/gmon.out
python3 - "$low" "$high" "$(sym first_fn)" "$(sym last_fn)" <<'PY' || fail "cannot craft libsl.so's profile"
import struct, sys
low, high = int(sys.argv[1]), int(sys.argv[2])
first, last = int(sys.argv[3], 16), int(sys.argv[4], 16)
nbins = (high - low + 1) // 2
bins = [0] * nbins
for pc, n in ((first + 8, 10), (last + 16, 50)):
    bins[(pc - low) * nbins // (high - low)] += n
rec = (b"\0" + struct.pack("<QQII", low, high, nbins, 100) + b"seconds".ljust(15, b"\0") + b"s"
       + b"".join(struct.pack("<H", b) for b in bins))
open("sl/gmon.out+libsl.so", "wb").write(b"gmon" + struct.pack("<I", 1) + b"\0" * 12 + rec)
PY
printf '# gmon-mpi modules 2\ngmon.out+libsl.so\t60\t%s\t0x%x\t0x%x\t0x7f0000000000\t-\t%s\n' \
	"$(readelf -n libsl.so | sed -n 's/.*Build ID: //p')" "$low" "$high" "$work/libsl.so" >sl/gmon.out+modules
"$GPROF_PAR" -M -b -p chain sl/gmon.out >stripped 2>err || fail "-M with a stripped library: $(cat err)"
grep -q "^ *[0-9.]*  *[0-9.]*  *0\.50  *last_fn {1}$" stripped &&
	grep -q "^ *[0-9.]*  *[0-9.]*  *0\.10  *first_fn {1}$" stripped &&
	grep -q "^ {1}   libsl.so  *0\.60 " stripped ||
	{ fail "-M with a stripped library: last_fn 0.50 s, first_fn 0.10 s expected:"; cat stripped; }

# -S -M with several files a process
mkdir d
for r in 0 1 2 3 4 5; do
	cp k.out "d/gmon.out.$r"
	cp k.out "d/gmon.out+libchain.so.$r"
	printf 'gmon.out+libchain.so.%d\t50\t-\t0x401000\t0x402000\t0x0\t-\t%s\n' "$r" "$work/libchain.so" |
		cat <(printf '# gmon-mpi modules 2\n') - >"d/gmon.out+modules.$r"
done
cp chain libchain.so
for np in 1 2 4; do
	rm -f d/gmon.sum*
	if sum_cmd "$np" -S -M -b -p d chain; then
		unpack_companions d/gmon.sum   # its sections as the earlier files
		[ "$("$tool" info d/gmon.sum+libchain.so)" = "histograms 1 arcs 2 max_bin 300 max_arc 600" ] &&
			[ "$("$tool" info d/gmon.sum)" = "histograms 1 arcs 2 max_bin 300 max_arc 600" ] ||
			fail "-S -M, $np processes: $("$tool" info d/gmon.sum) / $("$tool" info d/gmon.sum+libchain.so)"
		grep -q "^gmon.sum+libchain.so	300	-	0x401000	0x402000	0x0	-	" d/gmon.sum+modules ||
			fail "-S -M, $np processes: gmon.sum+modules: $(cat d/gmon.sum+modules)"
		if [ "$np" -eq 1 ]; then
			cp sum.out serial.out
			mkdir -p serial && cp d/gmon.sum* serial/
		else
			same_file "-S -M, $np processes: the report" serial.out sum.out
			for f in serial/*; do same_file "-S -M, $np processes: ${f##*/}" "$f" "d/${f##*/}"; done
		fi
	else
		fail "-S -M, $np processes: $(cat sum.err)"
	fi
done

finish
