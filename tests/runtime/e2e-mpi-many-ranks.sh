#!/bin/bash
# --mpi on 16,384 ranks (issue 39): the text report tells the ranks by
# their spread (the minimum, quartiles and maximum with their ranks, the
# outliers named, a histogram), not a row a rank (16,384 rows, 673 KB,
# before the call sites): the call sites start within a screen; --mpi=csv
# keeps every rank.  The ranks: a real 2-rank run's MPI profile (gmon-run
# --mpi, summed with -S), its blocks repeated as ranks 0 to 16,383, each
# MPI time scaled by 1 + (rank mod 97) / 500, and rank 12,345's by 3: the
# one outlier.
. "$(dirname "$0")/lib.sh"

need_gmon_run_mpi

build_linked app "$programs/mpi-rounds.c"
"$MPIRUN" --oversubscribe -np 2 "$gmon_run" --mpi ./app 3 > /dev/null 2> run.err ||
	fail "the run failed: $(cat run.err)"
"$gpp" -S . ./app > /dev/null 2> sum.err || fail "-S: $(cat sum.err)"
# the sum's section mpi as the earlier file gmon.sum+mpi: many (a sum of
# the earlier layout, no companion) is read with many+mpi
unpack_companions gmon.sum
[ -s gmon.sum+mpi ] || fail "no section mpi in gmon.sum+gmon-mpi: $(ls)"
python3 - gmon.sum+mpi many+mpi <<'PY' || fail "cannot make the 16,384 ranks"
import sys
blocks = [b for b in open(sys.argv[1]).read().split("gmon-mpi-profile 2\n") if b]
out = []
for r in range(16384):
    lines = []
    for line in blocks[r % len(blocks)].splitlines():
        f = line.split("\t")
        if f[0] == "rank":
            line = "rank\t%d" % r
        elif f[0] == "size":
            line = "size\t16384"
        elif f[0] in ("mpi_ns", "mpi_wall_ns"):
            line = "%s\t%d" % (f[0], int(int(f[1]) * (1 + (r % 97) / 500) * (3 if r == 12345 else 1)))
        lines.append(line)
    out.append("gmon-mpi-profile 2\n" + "\n".join(lines) + "\n")
open(sys.argv[2], "w").write("".join(out))
PY
cp gmon.sum many
"$gpp" --mpi ./app many > report 2> err || fail "--mpi on 16,384 ranks: $(cat err)"
first_site=$(grep -n '^MPI call sites by time' report | cut -d: -f1)
note "--mpi on 16,384 ranks: $(wc -c < report) bytes, the call sites from line $first_site"
[ -n "$first_site" ] && [ "$first_site" -le 40 ] ||
	fail "the call sites start at line ${first_site:-none} of --mpi's report: $(head -50 report)"
grep -q '^  MPI % over 16384 ranks: min [0-9.]* (rank [0-9]*), quartiles [0-9.]* / [0-9.]* / [0-9.]*, max [0-9.]* (rank 12345)$' report ||
	fail "no spread of MPI's share: $(head -30 report)"
grep -q '^    outliers (beyond 1.5 interquartile ranges): 1: rank 12345 [0-9.]*$' report ||
	fail "the outlier is not named: $(head -30 report)"
[ "$(grep -c '^ *[0-9][0-9]* *[0-9.]* *[0-9.]* *[0-9.]* *[0-9.]*$' report)" -le 32 ] ||
	fail "--mpi lists the ranks one a row"
"$gpp" --mpi=csv ./app many > csv 2> err || fail "--mpi=csv: $(cat err)"
expect_eq "$(awk -F, 'NR > 1 && $3 != "all" { print $3 }' csv | sort -u | wc -l)" 16384 "ranks in --mpi=csv"
note ok
