#!/bin/bash
# summary-ranks.sh - the summary's every category per rank when the sum
# runs in parallel and the first files have no call paths: process 0 then
# reads into process 1's block to learn the paths' executable and rate, so
# the rows of those files are process 0's, and process 1 must send only
# the rows of the files it added itself (sum-mpi-companions.c).  Four
# "ranks" of a plain -pg program (OMPI_COMM_WORLD_RANK, no MPI), rank r
# copying 1 + r units with libc's memcpy and working 4 - r units in its own
# loop; ranks 0 and 1 lose their companions (no paths).  Checked: -S on 1
# and 2 processes gives the same summary, every category over 2 ranks (2
# and 3), other libraries' most at rank 3 and the program's at rank 2, each
# the summary of that rank's file alone.
set -u
. "${top_srcdir:?}/tests/e2e-lib.sh"
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"

rtlib=$top_builddir/libgmon-mpi/.libs
cat >ranks.c <<'EOF_C'
#include <stdlib.h>
#include <string.h>

#include "thread-clock.h"

volatile unsigned long sink;
static char from[1 << 20], to[1 << 20];
volatile size_t bytes = sizeof to;

__attribute__((noinline)) void own(double seconds)
{
	double t = now();
	unsigned long x = sink;

	while (now() - t < seconds)
		for (int i = 0; i < 20000; i++)
			x = x * 31 + (unsigned long)i;
	sink = x;
}

__attribute__((noinline)) void copy(double seconds)
{
	double t = now();

	while (now() - t < seconds)
		for (int i = 0; i < 16; i++)
			memcpy(to, from, bytes);
	sink += (unsigned long)to[bytes / 2];
}

int main(int argc, char **argv)
{
	int r = argc > 1 ? atoi(argv[1]) : 0;

	copy(0.08 * (1 + r));
	own(0.08 * (4 - r));
	return 0;
}
EOF_C
"${CC:-gcc}" -g -O1 -pg -I"$top_srcdir/tests/analyzer/corpus" ranks.c -o prog -L"$rtlib" -lgmon-mpi \
	-Wl,-rpath,"$rtlib" || fail "cannot build ranks.c"
mkdir ranks
for r in 0 1 2 3; do
	(cd ranks && env -u LD_PRELOAD OMPI_COMM_WORLD_RANK=$r BG_GMON_RANK_SUBSET=0:3 ../prog $r) ||
		fail "rank $r failed"
done
[ -s ranks/gmon.out.3 ] && [ -s ranks/gmon.out+gmon-mpi.3 ] || fail "no rank files: $(ls ranks)"
rm ranks/gmon.out+gmon-mpi.0 ranks/gmon.out+gmon-mpi.1

"$GPROF_PAR" -S -o one.sum --summary-json=one.json ranks prog >/dev/null 2>one.err ||
	fail "-S --summary-json on 1 process: $(cat one.err)"
if [ "$(id -u)" -eq 0 ]; then
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
# (Open MPI's own leaks are not gprof-par's: reduce-lib.sh's tests check those)
ASAN_OPTIONS=detect_leaks=0 OMPI_MCA_btl=self,vader "${MPIRUN:-mpirun}" --oversubscribe -np 2 \
	"$GPROF_PAR" -S -o two.sum --summary-json=two.json ranks prog >/dev/null 2>two.err ||
	fail "-S --summary-json on 2 processes: $(cat two.err)"
cmp -s one.json two.json || fail "the summary on 2 processes differs: $(diff one.json two.json | head -6)"
for r in 2 3; do
	"$GPROF_PAR" --summary=json prog "ranks/gmon.out.$r" >rank$r.json 2>rank.err ||
		fail "--summary=json on rank $r: $(cat rank.err)"
done
python3 - one.json rank2.json rank3.json <<'EOF_PY' || fail "see above"
import json, sys
s = json.load(open(sys.argv[1]))
own = [json.load(open(f)) for f in sys.argv[2:4]]
ok = True
for k, c in enumerate(s["categories"]):
    r = c["ranks"]
    mine = [o["categories"][k]["seconds"] for o in own]
    if r is None or r["count"] != 2 or abs(r["min"] - min(mine)) > 1e-6 or abs(r["max"] - max(mine)) > 1e-6:
        print("FAIL: %s per rank %s, the ranks' own %s" % (c["key"], r, mine)); ok = False
cats = {c["key"]: c["ranks"] for c in s["categories"]}
print("summary-ranks: other libraries %s; the program %s" % (cats["other_libraries"], cats["program"]))
if cats["other_libraries"]["max_rank"] != 3 or cats["program"]["max_rank"] != 2:
    print("FAIL: the ranks at the top"); ok = False
sys.exit(0 if ok else 1)
EOF_PY
