#!/bin/bash
# BG_GMON_PROFILE_LIBS: time in shared libraries.  A -pg program spends
# about three quarters of its CPU time in libburn.so (built without -pg).
# With BG_GMON_PROFILE_LIBS=all the samples there are kept: gmon.out stays
# the executable's profile, gmon.out+libburn.so is a standard gmon file of
# the library in its link-time addresses (GNU gprof reads it with the
# library and finds burn_inner; gprof-par prints the same), and
# gmon.out+modules lists the sampled modules (path, soname, build-id,
# range, samples).  The library's share of the samples is within 10 points of its
# measured share of the CPU time (1,000 samples a second, so that the
# share is a few hundred samples).  A list of names chooses the libraries
# (with or without the version suffix); unset is all; none or a malformed
# value: the executable only.  gprof-par's report of the
# executable stays GNU's, with one line on stderr about the libraries.
# Under mpirun each rank writes its own; gprof-par -S sums each library's
# files too (the same bytes under mpirun), and refuses a library rebuilt
# between runs by its build-id.  These are sections of the one companion
# gmon.out+gmon-mpi (include/gmon-companion.h), written out as the files
# they stand for (unpack_companions) where the test reads their bytes; the
# six-rank sums read such files alone (the earlier format, still read).
. "$(dirname "$0")/lib.sh"
need_gprof

"$CC" -shared -fPIC -O1 -Wl,--build-id "$programs/libburn.c" -o libburn.so
build_linked prog "$programs/burn-caller.c" -L"$work" -lburn -Wl,-rpath,"$work"
build_id=$(readelf -n libburn.so | awk '/Build ID:/ { print $3 }')
[ -n "$build_id" ] || fail "libburn.so has no build-id (the test is broken)"

# Unset: every module, as all (the default since -M reports them); none:
# the executable only
./prog 30000000 > /dev/null
unpack_companions
[ -s gmon.out+libburn.so ] && [ -s gmon.out+modules ] &&
	echo "ok: unset: the library's profile and the list, as all" ||
	fail "files without BG_GMON_PROFILE_LIBS: $(ls_profiles)"
# none after all: the earlier run's list and calls between modules are
# removed (the list would name the libraries' files of that run)
rm -f gmon.out+lib*
[ -s gmon.out+calls ] || fail "no calls between modules with BG_GMON_PROFILE_LIBS unset"
BG_GMON_PROFILE_LIBS=none ./prog 30000000 > /dev/null
unpack_companions
expect_eq "$(ls_beside 'modules|calls|.*\.so.*')" "" \
	"libraries' files and calls with BG_GMON_PROFILE_LIBS=none after a run with all"

# all
rm -f gmon.out*
BG_GMON_HZ=1000 BG_GMON_PROFILE_LIBS=all BG_GMON_VERBOSE=1 ./prog > measured 2> stderr ||
	fail "the run failed: $(cat stderr)"
unpack_companions
[ -s gmon.out+libburn.so ] || fail "no gmon.out+libburn.so: $(ls_profiles)"
[ -s gmon.out+modules ] || fail "no gmon.out+modules"
expect_eq "$(sed -n 1p gmon.out+modules)" "# gmon-mpi modules 2" "the list's first line"
line=$(awk -F'\t' '$1 == "gmon.out+libburn.so"' gmon.out+modules)
[ -n "$line" ] || fail "libburn.so is not in the list: $(cat gmon.out+modules)"
IFS=$'\t' read -r file lib_samples id low high load soname path <<< "$line"
expect_eq "$id" "$build_id" "libburn.so's build-id in the list"
expect_eq "$soname" "-" "libburn.so's soname in the list (it has none)"
expect_eq "$path" "$work/libburn.so" "libburn.so's path in the list"
[ $((low)) -lt $((high)) ] && [ $((load)) -gt 0 ] || fail "bad range in the list: $line"
exe_samples=$(sed -n 's/.*wrote gmon.out: \([0-9]*\) samples.*/\1/p' stderr)
grep -q "samples in shared libraries: .* profiles written" stderr ||
	fail "no verbose line about the libraries: $(cat stderr)"
read -r _ own _ burn < measured
expect_library_share libburn.so "$lib_samples" "$exe_samples" "$own" "$burn"
# GNU gprof reads the library's profile with the library
"$GPROF" -b -p libburn.so gmon.out+libburn.so > gnu.out || fail "GNU gprof cannot read it"
top=$(awk '/^ *[0-9]/ { print $NF; exit }' gnu.out)
expect_eq "$top" "burn_inner" "the library's top function in GNU gprof's report"
"$top_builddir/gprof-par/gprof-par" -b -p libburn.so gmon.out+libburn.so > ours.out ||
	fail "gprof-par cannot read it"
cmp -s gnu.out ours.out || fail "gprof-par's report of the library differs from GNU gprof's"
# A stripped library (as Debian ships libmpi and libc: .dynsym only):
# GNU gprof finds no symbols; gprof-par names the exported functions, and
# says so
cp libburn.so libburn-stripped.so && strip --strip-all libburn-stripped.so
"$top_builddir/gprof-par/gprof-par" -b -p libburn-stripped.so gmon.out+libburn.so > ours.out \
	2> ours.err || fail "gprof-par refused the stripped library: $(cat ours.err)"
expect_eq "$(awk '/^ *[0-9]/ { print $NF; exit }' ours.out)" burn_inner \
	"the stripped library's top function"
grep -q "has no .symtab (stripped): its functions are the exported ones" ours.err ||
	fail "no warning about the stripped library: $(cat ours.err)"
# the executable's own profile is untouched: own_work has its samples
[ "$(samples_of prog own_work gmon.out)" -gt 0 ] || fail "own_work has no samples in gmon.out"
# gprof-par's report of the executable is GNU's; one line on stderr says
# how much time lay in the libraries (the list next to the profile)
"$GPROF" -b prog gmon.out > gnu.out
"$top_builddir/gprof-par/gprof-par" -b prog gmon.out > ours.out 2> ours.err
cmp -s gnu.out ours.out || fail "the executable's report differs from GNU gprof's"
# (every library's samples: libc may have some too)
all_libs=$(awk -F'\t' 'NR > 2 && $1 !~ /^#/ { s += $2 } END { print s + 0 }' gmon.out+modules)
expected_note="gprof-par: $(awk -v l="$all_libs" -v e="$exe_samples" \
	'BEGIN { printf "%.1f", 100 * l / (l + e) }')% of the samples were in shared libraries"
grep -q "^$expected_note, which this report of the executable leaves out: libburn.so.*; see every module's functions with gprof-par -M and the same arguments$" ours.err ||
	fail "no note on the libraries' time ('$expected_note'): $(cat ours.err)"
expect_eq "$(wc -l < ours.err)" 1 "lines on stderr with the note"
# a list of version 1 (no soname column) is read as before: the earlier
# files alone (an older run's: no companion), as gmon-mpi 0.1 wrote them
mv gmon.out+gmon-mpi companion.saved
"$top_builddir/gprof-par/gprof-par" -b prog gmon.out > files.out 2> files.err
cmp -s ours.err files.err || fail "the earlier files are not read as the companion: $(cat files.err)"
cp gmon.out+modules list2
awk -F'\t' -v OFS='\t' 'NR == 1 { sub(/ 2$/, " 1") } NR > 2 && $1 !~ /^#/ { $7 = $8; NF = 7 }
	{ print }' list2 > gmon.out+modules
"$top_builddir/gprof-par/gprof-par" -b prog gmon.out > v1.out 2> v1.err ||
	fail "gprof-par failed on a list of version 1: $(cat v1.err)"
cmp -s ours.err v1.err || fail "a list of version 1 is not read as version 2: $(cat v1.err)"
# a list of another version is named, and the report goes on
sed '1s/modules 2$/modules 3/' list2 > gmon.out+modules
"$top_builddir/gprof-par/gprof-par" -b prog gmon.out > ours.out 2> ours.err ||
	fail "gprof-par failed on a list of another version"
grep -q "gmon.out+modules:1: not a list of modules of version 1 or 2" ours.err ||
	fail "a list of version 3 was not refused: $(cat ours.err)"
cmp -s gnu.out ours.out || fail "the report changed with a bad list"
cp list2 gmon.out+modules
mv companion.saved gmon.out+gmon-mpi

# A -pg library: the calls inside it are in its profile, exactly (GNU
# gprof's call graph of the library), even with no sample in it
"$CC" -shared -fPIC -pg -O1 "$programs/libwork.c" -o libwork.so
build_linked worker "$programs/work-caller.c" -L"$work" -lwork -Wl,-rpath,"$work"
rm -f gmon.out*
BG_GMON_PROFILE_LIBS=libwork.so ./worker || fail "the -pg library's program failed"
unpack_companions
[ -s gmon.out+libwork.so ] || fail "no profile of the -pg library: $(ls_profiles)"
expect_eq "$(calls_of libwork.so lib_inner gmon.out+libwork.so)" 3000 \
	"lib_inner's calls in the library's profile"
"$GPROF" -b -q libwork.so gmon.out+libwork.so | grep -q '3000/3000 *lib_outer' ||
	fail "the library's call graph lacks lib_outer as lib_inner's caller (3000/3000): $("$GPROF" -b -q libwork.so gmon.out+libwork.so)"

# gmon-run --libs, with the runtime preloaded into a program linked with
# glibc's gmon
build_plain plain "$programs/burn-caller.c" -L"$work" -lburn -Wl,-rpath,"$work"
rm -f gmon.out*
GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so "$top_builddir/scripts/gmon-run" --libs libburn.so \
	./plain 100000000 > /dev/null || fail "gmon-run --libs failed"
unpack_companions
[ -s gmon.out ] && [ -s gmon.out+libburn.so ] || fail "gmon-run --libs: $(ls_profiles)"

# A list: by name with or without the version suffix; others are listed
# with "-" (sampled, no profile)
# (a name that no library of the process had: one message naming it, none
# for the names of loaded libraries, sampled or not: libc.so.6's)
for value in libburn.so libburn "libnothing.so:libburn.so" "libc.so.6:libburn:libnone:libgone.so.2"; do
	rm -f gmon.out*
	BG_GMON_PROFILE_LIBS=$value ./prog 100000000 > /dev/null 2> stderr
	case $value in
	libnothing.so:*) want="libnothing.so, which" ;;
	libc.so.6:*) want="libnone, libgone.so.2, which" ;;
	*) want= ;;
	esac
	if [ -n "$want" ]; then
		expect_eq "$(grep -c "^gmon-mpi: BG_GMON_PROFILE_LIBS names $want no library of this process was" stderr) $(wc -l < stderr)" \
			"1 1" "the message naming what BG_GMON_PROFILE_LIBS=$value chose of no library ($(cat stderr))"
	else
		expect_eq "$(cat stderr)" "" "stderr with BG_GMON_PROFILE_LIBS=$value"
	fi
	unpack_companions
	[ -s gmon.out+libburn.so ] || fail "BG_GMON_PROFILE_LIBS=$value: no gmon.out+libburn.so"
	chosen='+libburn.so$'
	[ "${value%%:*}" = libc.so.6 ] && chosen='+lib\(burn.so\|c.so.6\)$'
	if ls gmon.out+* | grep -v -e "$chosen" -e '+modules$' -e '+paths$' -e '+calls$' -e '+gmon-mpi$' > others; then
		fail "BG_GMON_PROFILE_LIBS=$value: other libraries written: $(cat others)"
	fi
done
rm -f gmon.out*
BG_GMON_PROFILE_LIBS=libother.so ./prog 100000000 > /dev/null
unpack_companions
[ ! -e gmon.out+libburn.so ] || fail "BG_GMON_PROFILE_LIBS=libother.so wrote libburn.so's profile"
awk -F'\t' '$1 == "-" && $8 ~ /libburn.so$/ { found = 1 } END { exit !found }' gmon.out+modules ||
	fail "libburn.so, sampled but not chosen, is not listed with '-': $(cat gmon.out+modules)"

# Killed by a flush signal (BG_GMON_FLUSH_SIGNALS=TERM): the companions
# are written with the profile, from the signal handler (the modules found
# with _dl_find_object): the library's profile and the list, the calls
# between modules, the call paths, as at exit
build_linked killed "$programs/burn-until-killed.c" -L"$work" -lburn -Wl,-rpath,"$work"
rm -f gmon.out* ready
BG_GMON_FLUSH_SIGNALS=TERM BG_GMON_HZ=1000 ./killed ready &
victim=$!
for _ in $(seq 300); do [ -e ready ] && break; sleep 0.1; done
[ -e ready ] || fail "the program to kill did not get ready"
kill -TERM "$victim"
status=0; wait "$victim" || status=$?
expect_eq "$status" 143 "the killed program's status (SIGTERM's course)"
unpack_companions
expect_eq "$(ls_beside 'modules|calls|paths|libburn.so')" \
	"gmon.out+calls gmon.out+libburn.so gmon.out+modules gmon.out+paths" "files beside a killed run's profile"
lib_samples=$(awk -F'\t' '$1 == "gmon.out+libburn.so" { print $2 }' gmon.out+modules)
[ "${lib_samples:-0}" -gt 0 ] || fail "the killed run's list has no samples in libburn.so: $(cat gmon.out+modules)"
"$GPROF" -b -p libburn.so gmon.out+libburn.so > killed-gnu.out || fail "GNU gprof cannot read the killed run's library profile"
expect_eq "$(awk '/^ *[0-9]/ { print $NF; exit }' killed-gnu.out)" burn_inner \
	"the killed run's library's top function"
# every sample of the profile and the list has a path (the paths are
# written after them: a few more samples may have come)
path_samples=$(awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' gmon.out+paths)
all_samples=$(awk -F'\t' 'NR > 2 && $1 !~ /^#/ { s += $2 } END { print s + 0 }' gmon.out+modules)
exe_samples=$("$top_builddir/tests/runtime/gmon-inspect" samples gmon.out 0 ffffffffffffffff)
[ "$(exact_samples_of killed own_work gmon.out)" -gt 0 ] || fail "own_work has no samples in the killed run"
[ "$path_samples" -ge $((all_samples + exe_samples)) ] ||
	fail "the killed run's paths hold $path_samples samples, fewer than the libraries' $all_samples and the executable's $exe_samples"
grep -q "^path	[0-9]*	0:[0-9a-f]* [0-9]:" gmon.out+paths ||
	fail "no path from the executable in the killed run's paths: $(head gmon.out+paths)"
grep -q "$work/libburn.so" gmon.out+paths || fail "libburn.so is not a module of the killed run's paths"
"$top_builddir/gprof-par/gprof-par" -M -b killed gmon.out > killed-m.out 2> killed-m.err ||
	fail "gprof-par -M on the killed run failed: $(cat killed-m.err)"
grep -q "burn_inner {" killed-m.out || fail "-M on the killed run names no libburn.so function"
note "killed by SIGTERM: libburn.so $lib_samples samples, paths $path_samples, all libraries $all_samples"
# A SIGKILL between the profile's rename and its companion's (mpirun's, a
# second after SIGTERM; here the companion's rename takes 5 s) leaves the
# new profile beside the earlier companion, which names another profile:
# gprof-par refuses the pair (issue 40; the earlier files of
# BG_GMON_COMPANIONS=files, which name none, are removed before the
# profile is written)
"$CC" -shared -fPIC -O1 "$programs/slow-io.c" -o slow-io.so -ldl
# (the new profile is known by its inode, the rename's: its bytes may be
# the earlier run's, as when both were killed after the same 5 rounds)
earlier_inode=$(stat -c %i gmon.out)
cp gmon.out earlier-profile
rm -f ready
BG_GMON_FLUSH_SIGNALS=TERM BG_GMON_HZ=1000 SLOW_RENAME_MS=5000 SLOW_RENAME_MATCH=+ \
	LD_PRELOAD=$work/slow-io.so ./killed ready &
victim=$!
for _ in $(seq 300); do [ -e ready ] && break; sleep 0.1; done
[ -e ready ] || fail "the program to kill (slow renames) did not get ready"
kill -TERM "$victim"
# (the profile's own rename is not slowed: the SIGKILL comes once it is
# there, within the companions' 5 s)
for _ in $(seq 40); do [ "$(stat -c %i gmon.out)" = "$earlier_inode" ] || break; sleep 0.1; done
seen=$EPOCHREALTIME
# (a program already gone: its companion's rename, held 5 s, was done;
# said and not checked only where this shell itself was held as long,
# a CI run beside other tests once ended the test here with nothing said)
if ! kill -KILL "$victim" 2> /dev/null; then
	late=$(awk -v a="$seen" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
	awk -v l="$late" 'BEGIN { exit !(l >= 4.5) }' ||
		fail "the program ended $late s after its profile's rename, before the SIGKILL: its companion's rename was not held 5 s"
	note "the SIGKILL came $late s after the profile's rename (this shell waited for a CPU): the pair left by a SIGKILL between the renames not checked"
	wait "$victim" 2> /dev/null || true
	rm -f gmon.out*
	skip_pair=1
else
	wait "$victim" 2> /dev/null || true
	skip_pair=0
fi
[ "$skip_pair" = 1 ] || [ "$(stat -c %i gmon.out)" != "$earlier_inode" ] || fail "the profile was not written before the SIGKILL"
[ "$skip_pair" = 1 ] || [ -e gmon.out+gmon-mpi ] || fail "the earlier companion is gone: the SIGKILL did not come between the renames"
status=0; [ "$skip_pair" = 1 ] || "$top_builddir/gprof-par/gprof-par" -b killed gmon.out > /dev/null 2> pair.err || status=$?
if [ "$skip_pair" = 1 ]; then
	:
elif cmp -s gmon.out earlier-profile; then
	# (killed after the same rounds: the profile is the earlier one, byte
	# for byte, and the pair the earlier pair, whole)
	expect_eq "$status" 0 "gprof-par on the earlier profile's bytes beside the earlier companion"
else
	expect_eq "$status" 1 "gprof-par's exit status on a profile beside an earlier companion"
	grep -q "gmon.out and its companion gmon.out+gmon-mpi are not one pair" pair.err ||
		fail "gprof-par did not refuse the earlier companion beside the new profile: $(cat pair.err)"
fi
expect_eq "$(ls_beside 'modules|calls|paths')" "" \
	"companions beside a profile whose own were cut by SIGKILL (an earlier run's were there)"
rm -f gmon.out*

# By soname, as HP-UX's LD_PROFILE: a library loaded from a file named
# otherwise (libburn-7.2.so, soname libburn.so.7, preloaded for the
# program's DT_NEEDED libburn.so.7) is chosen by either name; the list has
# its soname and -M names it
"$CC" -shared -fPIC -O1 -Wl,--build-id -Wl,-soname,libburn.so.7 "$programs/libburn.c" \
	-o libburn-7.2.so
build_linked sonamed "$programs/burn-caller.c" "$work/libburn-7.2.so"
for value in libburn.so libburn.so.7 libburn-7.2.so; do
	rm -f gmon.out*
	BG_GMON_PROFILE_LIBS=$value LD_PRELOAD=$work/libburn-7.2.so ./sonamed 100000000 > /dev/null ||
		fail "the program with libburn-7.2.so preloaded failed"
	unpack_companions
	[ -s gmon.out+libburn-7.2.so ] ||
		fail "BG_GMON_PROFILE_LIBS=$value did not choose libburn-7.2.so (soname libburn.so.7): $(ls_profiles)"
done
awk -F'\t' '$1 == "gmon.out+libburn-7.2.so" && $7 == "libburn.so.7" && $8 == "'"$work"'/libburn-7.2.so" { ok = 1 }
	END { exit !ok }' gmon.out+modules ||
	fail "the list's line of libburn-7.2.so lacks its soname: $(cat gmon.out+modules)"
"$top_builddir/gprof-par/gprof-par" -M -b sonamed gmon.out > m.out 2> m.err ||
	fail "gprof-par -M failed: $(cat m.err)"
grep -A1 " libburn-7.2.so " m.out | grep -q "(soname libburn.so.7; profiled)" ||
	fail "-M's index does not give libburn-7.2.so's soname: $(grep -A30 'Index by module' m.out)"
"$top_builddir/gprof-par/gprof-par" -s sonamed gmon.out > /dev/null 2> s.err ||
	fail "gprof-par -s failed: $(cat s.err)"
unpack_companions gmon.sum
awk -F'\t' '$1 == "gmon.sum+libburn-7.2.so" && $7 == "libburn.so.7" { ok = 1 } END { exit !ok }' \
	gmon.sum+modules || fail "the summed list lacks libburn-7.2.so's soname: $(cat gmon.sum+modules)"
rm -f gmon.out* gmon.sum*
BG_GMON_PROFILE_LIBS=libburn-8.so LD_PRELOAD=$work/libburn-7.2.so ./sonamed 30000000 > /dev/null
unpack_companions
[ ! -e gmon.out+libburn-7.2.so ] || fail "BG_GMON_PROFILE_LIBS=libburn-8.so chose libburn-7.2.so"

# empty: as unset (all)
rm -f gmon.out*
BG_GMON_PROFILE_LIBS= ./prog 30000000 > /dev/null 2> stderr
unpack_companions
[ -s gmon.out+libburn.so ] && [ ! -s stderr ] || fail "BG_GMON_PROFILE_LIBS='': not as unset: $(ls_profiles)"
# none and malformed values: the executable only (one message for the
# malformed ones)
for value in none "a::b" ":libburn.so" "libburn.so:"; do
	rm -f gmon.out*
	BG_GMON_PROFILE_LIBS=$value ./prog 30000000 > /dev/null 2> stderr
	unpack_companions
	expect_eq "$(ls_beside 'modules|.*\.so.*')" "" "libraries' files with BG_GMON_PROFILE_LIBS='$value'"
	if [ "$value" != none ]; then
		grep -q "^gmon-mpi: BG_GMON_PROFILE_LIBS='$value' is not" stderr ||
			fail "no message for BG_GMON_PROFILE_LIBS='$value': $(cat stderr)"
		expect_eq "$(wc -l < stderr)" 1 "lines on stderr for '$value'"
	fi
done

# Under mpirun: a profile per rank and library.  -S sums each library's
# files as it sums the ranks' (the section libburn.so of
# DIR/gmon.sum+gmon-mpi, and its list, the section modules; unpacked here
# as the earlier files DIR/gmon.sum+libburn.so and DIR/gmon.sum+modules):
# GNU gprof reports the same from it as from the rank files, and under
# mpirun -np 2 the sums are the same bytes.
mkdir ranks && cd ranks
BG_GMON_PROFILE_LIBS=libburn.so mpirun_np 2 -x BG_GMON_PROFILE_LIBS ../prog 100000000 > /dev/null
unpack_companions
for rank in 0 1; do
	[ -s gmon.out+libburn.so.$rank ] && [ -s gmon.out+modules.$rank ] ||
		fail "rank $rank wrote no library profile: $(ls_profiles)"
done
gpp=$top_builddir/gprof-par/gprof-par
# sum_has_section SUM NAME: whether SUM's companion has that section
sum_has_section() {
	"$gpp" --dump "$1" 2> /dev/null | grep -q "^section	$2	"
}
"$gpp" -S . > /dev/null 2> sum.err || fail "-S failed: $(cat sum.err)"
grep -q "summed 2 of 2 files" sum.err || fail "-S did not sum the 2 ranks: $(cat sum.err)"
grep -q "summed the shared libraries' profiles: libburn.so (2 files) into ./gmon.sum+gmon-mpi/libburn.so" \
	sum.err || fail "-S did not sum libburn.so's profiles: $(cat sum.err)"
grep -q "not summed" sum.err && fail "-S warned about the library files: $(cat sum.err)"
expect_eq "$(ls gmon.sum* | tr '\n' ' ')" "gmon.sum gmon.sum+gmon-mpi " "the files of the sum"
unpack_companions gmon.sum
"$GPROF" -b -p ../libburn.so gmon.out+libburn.so.0 gmon.out+libburn.so.1 > gnu.out
"$GPROF" -b -p ../libburn.so gmon.sum+libburn.so > ours.out
cmp -s gnu.out ours.out || fail "GNU gprof reports the library's sum differently from its files"
awk -F'\t' '$1 == "gmon.sum+libburn.so" && $2 > 0 { found = 1 } END { exit !found }' \
	gmon.sum+modules || fail "the summed list does not name the library's sum: $(cat gmon.sum+modules)"
cp gmon.sum+gmon-mpi serial.lib
# (gprof-par's sanitizer build: Open MPI's own leaks at exit are not ours;
# the analyzer's tests check gprof-par's MPI runs for leaks)
ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 -x ASAN_OPTIONS "$gpp" -S . > /dev/null 2> sum2.err ||
	fail "mpirun -np 2 gprof-par -S failed: $(cat sum2.err)"
cmp -s serial.lib gmon.sum+gmon-mpi || fail "the sum's companion differs under mpirun -np 2"
# A list naming a path instead of a file beside it (a shared directory's
# list must not send gprof-par elsewhere) is refused, nothing read from it
mkdir ../planted && cp gmon.out.0 ../planted/ && cp gmon.out+libburn.so.0 ../outside+libburn.so
printf '# gmon-mpi modules 1\n# columns\n../outside+libburn.so\t5\t-\t0x1000\t0x1200\t0x0\t%s\n' \
	"$work/libburn.so" > ../planted/gmon.out+modules.0
status=0; (cd ../planted && "$gpp" -S . > /dev/null 2> sum.err) || status=$?
expect_eq "$status" 1 "exit status with a list naming a path"
grep -q "gmon.out+modules.0:3: not a module line" ../planted/sum.err ||
	fail "a list naming ../outside+libburn.so was taken: $(cat ../planted/sum.err)"
! sum_has_section ../planted/gmon.sum libburn.so || fail "a library's sum was made from a file outside"
# A library rebuilt between the runs has another build-id: its files are
# refused as the ranks' are (the main sum is written; exit status 1), and
# --skip-bad sums the files of the first build
cd .. && mkdir rebuilt && cd rebuilt
BG_GMON_PROFILE_LIBS=libburn.so OMPI_COMM_WORLD_RANK=0 ../prog 50000000 > /dev/null
sed 's/0\.5;/0.75;/' "$programs/libburn.c" > libburn2.c
"$CC" -shared -fPIC -O1 -Wl,--build-id libburn2.c -o ../libburn.so
BG_GMON_PROFILE_LIBS=libburn.so OMPI_COMM_WORLD_RANK=1 ../prog 50000000 > /dev/null
unpack_companions
status=0; "$gpp" -S . > /dev/null 2> sum.err || status=$?
expect_eq "$status" 1 "exit status with a rebuilt library"
[ -s gmon.sum ] || fail "the ranks' sum was not written"
! sum_has_section gmon.sum libburn.so || fail "the rebuilt library's files were summed"
grep -q "libburn.so: .*fingerprint.*(its sum is not written)" sum.err ||
	fail "no message for the rebuilt library: $(cat sum.err)"
"$gpp" -S --skip-bad . > /dev/null 2> sum.err || fail "--skip-bad failed: $(cat sum.err)"
grep -q "libburn.so (1 file) into ./gmon.sum+gmon-mpi/libburn.so" sum.err ||
	fail "--skip-bad did not sum the first build's file: $(cat sum.err)"

# The libraries are summed in the parallel pass, each process the files
# beside its own rank files: with 1 to 4 processes, the same exit status,
# messages and bytes as without a launcher.  Six ranks (copies of the two
# above), then rank 3 of the rebuilt library (refused; --skip-bad skips
# it), then a bad rank file (--skip-bad: none of its libraries' data).
# sum_np NP ARG...: -S with NP processes (0: no launcher); gprof-par's
# messages, without times, in sum-NP.msg
sum_np() {
	local np=$1 status=0
	shift
	if [ "$np" = 0 ]; then
		"$gpp" "$@" > /dev/null 2> sum-$np.err || status=$?
	else
		ASAN_OPTIONS=detect_leaks=0 mpirun_np "$np" -x ASAN_OPTIONS "$gpp" "$@" \
			> /dev/null 2> sum-$np.err || status=$?
	fi
	grep '^gprof-par:' sum-$np.err |
		sed -e 's/ in [0-9.]* s ([0-9]* MB\/s)//' -e 's/ by [0-9]* processes//' > sum-$np.msg
	return $status
}
# same_procs LABEL ARG...: -S ARG... in . with 1 to 4 processes as without
# a launcher; the serial sum's files are left in ../ref, its status in
# $serial_status
same_procs() {
	local label=$1 np status
	shift
	rm -rf gmon.sum* ../ref && mkdir ../ref
	serial_status=0; sum_np 0 "$@" || serial_status=$?
	cp gmon.sum* ../ref/ 2> /dev/null
	for np in 1 2 3 4; do
		rm -f gmon.sum*
		status=0; sum_np "$np" "$@" || status=$?
		expect_eq "$status" "$serial_status" "$label: exit status with $np processes"
		cmp -s sum-0.msg sum-$np.msg ||
			fail "$label: messages with $np processes: $(diff sum-0.msg sum-$np.msg)"
		expect_eq "$(ls gmon.sum* 2> /dev/null)" "$(cd ../ref && ls)" \
			"$label: files written with $np processes"
		for f in ../ref/*; do
			cmp -s "$f" "${f#../ref/}" || fail "$label: ${f#../ref/} differs with $np processes"
		done
	done
}
# rank_copy FROM RANK TO: FROM's rank RANK as rank TO here, its list
# naming the library's file beside it
rank_copy() {
	cp "$1/gmon.out.$2" gmon.out.$3
	cp "$1/gmon.out+libburn.so.$2" gmon.out+libburn.so.$3
	sed "s/^gmon.out+libburn.so.$2\t/gmon.out+libburn.so.$3\t/" "$1/gmon.out+modules.$2" \
		> gmon.out+modules.$3
}
cd .. && mkdir six && cd six
for rank in 0 1 2 3 4 5; do rank_copy ../ranks $((rank % 2)) $rank; done
same_procs "six ranks" -S .
expect_eq "$serial_status" 0 "exit status of the six ranks' sum"
grep -q "libburn.so (6 files) into ./gmon.sum+gmon-mpi/libburn.so" sum-0.msg ||
	fail "the six ranks' library files were not summed: $(cat sum-0.err)"
unpack_companions ../ref/gmon.sum
"$GPROF" -b -p ../libburn.so gmon.out+libburn.so.[0-5] > gnu.out
"$GPROF" -b -p ../libburn.so ../ref/gmon.sum+libburn.so > ours.out
cmp -s gnu.out ours.out || fail "GNU gprof reports the six files' sum differently from them"
cp ../ref/gmon.sum+libburn.so ../six.lib
# rank 3 with the rebuilt library: refused (the main sum written), the
# same whatever the processes; --skip-bad skips that file only
rank_copy ../rebuilt 1 3
same_procs "a rebuilt library in rank 3" -S .
expect_eq "$serial_status" 1 "exit status with a rebuilt library in rank 3"
[ -s ../ref/gmon.sum ] && ! sum_has_section ../ref/gmon.sum libburn.so ||
	fail "a rebuilt library in rank 3: $(cd ../ref && ls)"
grep -q "^gprof-par: libburn.so: .*gmon.out+libburn.so.3.*fingerprint.*(its sum is not written)$" \
	sum-0.msg || fail "no message for rank 3's rebuilt library: $(cat sum-0.msg)"
same_procs "a rebuilt library in rank 3, --skip-bad" -S --skip-bad .
expect_eq "$serial_status" 0 "exit status with a rebuilt library in rank 3 and --skip-bad"
grep -q "^gprof-par: skipped .*gmon.out+libburn.so.3" sum-0.msg ||
	fail "rank 3's library file was not skipped: $(cat sum-0.msg)"
grep -q "libburn.so (5 files) into ./gmon.sum+gmon-mpi/libburn.so" sum-0.msg ||
	fail "--skip-bad did not sum the other 5 files: $(cat sum-0.msg)"
# a bad rank file skipped brings none of its libraries' data: the sums
# are those of the directory without it
rank_copy ../ranks 1 3
head -c 30 ../ranks/gmon.out.0 > gmon.out.2
same_procs "a bad rank file, --skip-bad" -S --skip-bad .
expect_eq "$serial_status" 0 "exit status with a bad rank file and --skip-bad"
grep -q "summed 5 of 6 files.*skipped 1 bad file (gmon.out.2)" sum-0.msg ||
	fail "the bad rank file was not skipped: $(cat sum-0.msg)"
grep -q "libburn.so (5 files) into" sum-0.msg ||
	fail "the bad rank's library file was summed: $(cat sum-0.msg)"
unpack_companions ../ref/gmon.sum
mkdir ../five && cp ../ref/gmon.sum+libburn.so ../ref/gmon.sum+modules ../five/
rm -f gmon.sum* gmon.out.2 gmon.out+libburn.so.2 gmon.out+modules.2
"$gpp" -S . > /dev/null 2> sum.err || fail "-S without rank 2 failed: $(cat sum.err)"
unpack_companions gmon.sum
for f in gmon.sum+libburn.so gmon.sum+modules; do
	cmp -s "$f" "../five/$f" || fail "a bad rank file skipped: $f is not that of the others"
done
cmp -s gmon.sum+libburn.so ../six.lib && fail "the five files' sum is the six's (the test is broken)"
note ok
