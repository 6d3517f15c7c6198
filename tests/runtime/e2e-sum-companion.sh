#!/bin/bash
# The sum's one companion (issue 39): gprof-par -S over a 4-rank run (gmon-run
# --mpi: call paths, calls between modules, libc's samples, the MPI profile
# in each rank's companion) writes gmon.sum and gmon.sum+gmon-mpi, nothing
# else (the earlier layout: 7 files), as one pair.
#   - the files of an earlier sum of the earlier layout beside it
#     (gmon.sum+paths, +libc.so.6) are removed, and named;
#   - every view of the sum (-M, --summary, --html, --mpi, --load-balance,
#     --measured, the flat profile, the call graph, callgrind and folded
#     exports, -s over it) is the same from the companion as from the same
#     sum in the earlier layout (its sections unpacked as the earlier files:
#     companion_unpack), which gprof-par still reads;
#   - earlier-layout files planted beside the new sum (forged call paths,
#     a forged MPI profile) are not read: the companion is;
#   - a companion of another sum beside gmon.sum is refused (the pair
#     checked as a rank's), naming both files;
#   - a write cut by a file-size limit (the profile fits, the companion
#     does not) fails with a message, replaces neither file and leaves no
#     temporary.
. "$(dirname "$0")/lib.sh"

need_gmon_run_mpi
build_linked app "$programs/libc-half.c"
mkdir run && cd run
mpirun_np 4 "$gmon_run" --mpi ../app 1 > out 2> err || fail "the run failed: $(cat err)"
expect_eq "$(ls gmon.out.* | wc -l)" 4 "rank files"

# an earlier sum's files, of the earlier layout
echo "# gmon-mpi paths 1" > gmon.sum+paths
cp gmon.out.0 gmon.sum+libc.so.6
"$gpp" -S . ../app > /dev/null 2> sum.err || fail "-S failed: $(cat sum.err)"
expect_eq "$(ls | grep '^gmon\.sum' | tr '\n' ' ')" "gmon.sum gmon.sum+gmon-mpi " "the files of the sum"
grep -q "^gprof-par: removed the files of an earlier sum that this one does not have (they would have been read as its own): .*gmon\.sum+libc\.so\.6" sum.err &&
	grep -q "^gprof-par: removed .*gmon\.sum+paths" sum.err ||
	fail "the earlier sum's files removed are not named: $(cat sum.err)"
sections=$("$gpp" --dump gmon.sum | awk -F'\t' '$1 == "section" { printf "%s ", $2 }')
note "the sum's companion: $(stat -c %s gmon.sum+gmon-mpi) bytes, sections $sections"
for s in sum libc.so.6 modules calls paths mpi; do
	case " $sections" in *" $s "*) ;; *) fail "no section $s in gmon.sum+gmon-mpi: $sections" ;; esac
done
grep -q "into \./gmon\.sum+gmon-mpi/libc\.so\.6" sum.err && grep -q "into \./gmon\.sum+gmon-mpi/mpi" sum.err ||
	fail "-S does not name the sections it wrote: $(cat sum.err)"
cd ..

# the same sum in the earlier layout
mkdir new old
cp run/gmon.sum run/gmon.sum+gmon-mpi new/
cp run/gmon.sum run/gmon.sum+gmon-mpi old/
(cd old && unpack_companions gmon.sum && rm gmon.sum+gmon-mpi)
for f in calls libc.so.6 modules mpi paths; do
	[ -s "old/gmon.sum+$f" ] || fail "the earlier layout of the sum has no gmon.sum+$f: $(ls old)"
done
note "the earlier layout: $(ls old | wc -l) files"
# same_views LABEL: every view of new/gmon.sum as of old/gmon.sum
same_views() {
	local v
	"$gpp" --html=new.html app new/gmon.sum > /dev/null 2>&1 || fail "$1: --html of the sum failed"
	"$gpp" --html=old.html app old/gmon.sum > /dev/null 2>&1
	sed -i 's|old/|new/|g' old.html
	cmp -s new.html old.html || fail "$1: --html differs from the earlier layout's"
	for v in -M --summary --mpi --load-balance --measured "-b -p" "-b -q" \
		--format=callgrind --format=folded; do
		# shellcheck disable=SC2086
		"$gpp" $v app new/gmon.sum > new.out 2>&1 || fail "$1: $v of the sum failed: $(head -3 new.out)"
		# shellcheck disable=SC2086
		"$gpp" $v app old/gmon.sum 2>&1 | sed 's|old/|new/|g' > old.out
		cmp -s new.out old.out || fail "$1: $v differs from the earlier layout's: $(diff old.out new.out | head -6)"
	done
	(cd new && rm -f resum* && "$gpp" -s -o resum ../app gmon.sum > /dev/null 2>&1 &&
		"$gpp" -b -p ../app resum > ../resum-new.out 2>&1) || fail "$1: -s over the sum failed"
	(cd old && rm -f resum* && "$gpp" -s -o resum ../app gmon.sum > /dev/null 2>&1 &&
		"$gpp" -b -p ../app resum > ../resum-old.out 2>&1) || fail "$1: -s over the earlier sum failed"
	cmp -s resum-new.out resum-old.out || fail "$1: -s over the sum differs from the earlier layout's"
}
same_views "the sum's companion"
"$gpp" --mpi app new/gmon.sum 2> /dev/null | grep -q "^MPI profile of 4 ranks:" ||
	fail "--mpi of the sum does not read its 4 ranks"
note "every view the same from gmon.sum+gmon-mpi as from the earlier files"

# earlier-layout files beside the new sum are not read
printf '# gmon-mpi paths 1\n# forged\n' > new/gmon.sum+paths
printf 'gmon-mpi-profile 2\nrank\t0\nsize\t1\n' > new/gmon.sum+mpi
cp old/gmon.sum+modules new/gmon.sum+modules
same_views "with forged earlier files beside the sum"
rm new/gmon.sum+paths new/gmon.sum+mpi new/gmon.sum+modules

# another sum's companion beside gmon.sum: refused, naming both
mkdir other && cp run/gmon.out.[01] run/gmon.out+gmon-mpi.[01] other/
"$gpp" -S other app > /dev/null 2>&1 || fail "-S over two ranks failed"
mkdir paired && cp run/gmon.sum paired/ && cp other/gmon.sum+gmon-mpi paired/
status=0
"$gpp" -b -p app paired/gmon.sum > paired.out 2>&1 || status=$?
expect_eq "$status" 1 "the exit status of a sum beside another sum's companion"
grep -q "paired/gmon.sum and its companion paired/gmon.sum+gmon-mpi are not one pair: .*sum the rank files again" paired.out ||
	fail "a sum beside another sum's companion: $(cat paired.out)"

# a file-size limit: the profile (about 3 KB) fits, the companion does not
cd run
md5sum gmon.sum gmon.sum+gmon-mpi > before.md5
[ "$(stat -c %s gmon.sum)" -lt 4096 ] && [ "$(stat -c %s gmon.sum+gmon-mpi)" -gt 4096 ] ||
	fail "the test needs a profile under 4 KB and a companion over: $(stat -c %s gmon.sum gmon.sum+gmon-mpi)"
status=0
(ulimit -f 4 && exec "$gpp" -S . ../app > /dev/null 2> limit.err) || status=$?
expect_eq "$status" 1 "the exit status of -S under ulimit -f 4"
grep -q "gmon\.sum+gmon-mpi: cannot write the temporary file .*: File too large (removed it; \./gmon\.sum is not replaced either)" limit.err ||
	fail "-S under ulimit -f: $(cat limit.err)"
md5sum -c --quiet before.md5 || fail "-S cut by a file-size limit changed the earlier sum"
expect_eq "$(ls -a | grep '^gmon\.sum' | tr '\n' ' ')" "gmon.sum gmon.sum+gmon-mpi " \
	"the files after -S cut by a file-size limit"
note ok
