#!/bin/bash
# One companion per rank (issue 28, include/gmon-companion.h): a 4-rank
# run of an MPI program that spends half its CPU time in libc leaves
# gmon.out.N and gmon.out+gmon-mpi.N per rank, nothing else (8 files), each
# companion at most 64 KB (libc's samples sparse: its dense histogram was
# 684 KB per rank); gprof-par -M gives libc the share the program's own
# clocks measured, and so do the earlier files (BG_GMON_COMPANIONS=files,
# up to 5 a rank) in a second run.  The companion is
# self-checking: a byte changed or cut off is refused with a message naming
# the file, and -M goes on without it.
. "$(dirname "$0")/lib.sh"

gprof_par=$top_builddir/gprof-par/gprof-par
build_linked app "$programs/libc-half.c"

# libc_share DIR: libc's % in -M's index by module
libc_share() {
	(cd "$1" && "$gprof_par" -M ../app gmon.out.[0-3] 2> m.err > m.out) ||
		fail "$1: gprof-par -M failed: $(cat "$1/m.err")"
	awk '/^Index by module/ { on = 1 } on && $2 == "libc.so.6" { sub("%", "", $4); print $4 }' "$1/m.out"
}

# measured DIR: libc's share of the CPU time as the ranks measured it (%)
measured() {
	awk '{ own += $4; libc += $6 } END { printf "%.2f\n", 100 * libc / (own + libc) }' "$1/out"
}

mkdir one && (cd one && mpirun_np 4 ../app 1 > out) || fail "the run failed"
files=$(ls one | grep '^gmon' | LC_ALL=C sort | tr '\n' ' ')
expect_eq "$files" "gmon.out+gmon-mpi.0 gmon.out+gmon-mpi.1 gmon.out+gmon-mpi.2 gmon.out+gmon-mpi.3 gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3 " \
	"the files of a 4-rank run"
for r in 0 1 2 3; do
	size=$(stat -c %s one/gmon.out+gmon-mpi.$r)
	[ "$size" -le 65536 ] || fail "gmon.out+gmon-mpi.$r is $size bytes (over 64 KB)"
done
note "companions: $(stat -c %s one/gmon.out+gmon-mpi.* | tr '\n' ' ')bytes"

mkdir old && (cd old && BG_GMON_COMPANIONS=files mpirun_np 4 -x BG_GMON_COMPANIONS ../app 1 > out) ||
	fail "the run with the earlier files failed"
ls old | grep -q '^gmon.out+libc.so.6.0$' || fail "BG_GMON_COMPANIONS=files: no libc profile: $(ls old | tr '\n' ' ')"
! ls old | grep -q '+gmon-mpi\.' || fail "BG_GMON_COMPANIONS=files wrote a companion: $(ls old | tr '\n' ' ')"
note "earlier files: $(ls old | grep -c '^gmon') files, $(cat old/gmon.out* | wc -c) bytes; one companion: $(ls one | grep -c '^gmon') files, $(cat one/gmon.out* | wc -c) bytes"

new=$(libc_share one) prev=$(libc_share old)
[ -n "$new" ] && [ -n "$prev" ] || fail "no libc line in -M's index: $(tail -8 one/m.out)"
mine=$(measured one) mine_prev=$(measured old)
note "libc's share: -M $new% (measured $mine%), with the earlier files $prev% (measured $mine_prev%)"
# 10 points: 4 standard deviations of 400 samples split 50/50
awk -v a="$new" -v b="$mine" 'BEGIN { exit !(a - b < 10 && b - a < 10) }' ||
	fail "-M gives libc $new%, the program measured $mine%"
awk -v a="$prev" -v b="$mine_prev" 'BEGIN { exit !(a - b < 10 && b - a < 10) }' ||
	fail "with the earlier files -M gives libc $prev%, the program measured $mine_prev%"

# the same -M report from the companion as from the files it stands for
# (gmon-inspect unpack writes them out): the reader reads both alike, but
# for the profiler's own time, which only the companion's run section says
# (its header's paragraph, taken out)
mkdir unpacked && cp one/gmon.out.[0-3] one/gmon.out+gmon-mpi.[0-3] unpacked/
(cd unpacked && unpack_companions && rm gmon.out+gmon-mpi.[0-3])
expect_eq "$(libc_share unpacked)" "$new" "libc's share from the files unpacked"
grep -q "^The profiler's own time that no sample sees" one/m.out ||
	fail "-M from the companion does not say the profiler's own time: $(head -12 one/m.out)"
sed -e '/^$/{N;/\nThe profiler.s own time that no sample sees/{N;N;d;};}' one/m.out > one/m.cmp
cmp -s one/m.cmp unpacked/m.out || fail "-M differs between the companion and its files: $(diff one/m.cmp unpacked/m.out | head)"

# self-checking: a changed byte, a cut file
cp one/gmon.out+gmon-mpi.1 saved
printf 'X' | dd of=one/gmon.out+gmon-mpi.1 bs=1 seek=100 conv=notrunc status=none
(cd one && "$gprof_par" -M ../app gmon.out.[0-3] > /dev/null 2> bad.err) || true
grep -q 'gmon.out+gmon-mpi.1: bad checksum' one/bad.err || fail "a changed byte not found: $(cat one/bad.err)"
head -c 1000 saved > one/gmon.out+gmon-mpi.1
(cd one && "$gprof_par" -M ../app gmon.out.[0-3] > /dev/null 2> bad.err) || true
grep -q 'gmon.out+gmon-mpi.1: cut short' one/bad.err || fail "a cut file not found: $(cat one/bad.err)"
note "ok"
