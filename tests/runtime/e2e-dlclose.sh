#!/bin/bash
# A library closed with dlclose before exit, as Open MPI closes its
# components (mca_btl_vader.so, mca_pml_ob1.so) in MPI_Finalize, before the
# profile is written.  A -pg program opens libburn.so (no -pg), burns in it
# and closes it, three times:
#   - the library's samples are kept: gmon.out+libburn.so, one file for the
#     three openings, which GNU gprof reads with the library (burn_inner on
#     top); the list names it once, its share of the samples within 10
#     points of its measured share of the CPU time, and no sample is
#     outside every module;
#   - the call paths name its frames: one module line for it in
#     gmon.out+paths, and the paths whose leaf is in it have all its
#     samples (the same samples, counted twice);
#   - opened once more and kept loaded at exit: still one file and one
#     line, with the samples of the four openings;
#   - opened and closed 600 times, a page mapped after each close so that
#     the next opening loads it elsewhere (about 590 load addresses, more
#     than the 512 records the runtime keeps): one line with its samples,
#     none outside every module;
#   - the same under gmon-run (the runtime preloaded into a program
#     linked with glibc's gmon);
#   - a -pg library opened, called and closed: its calls are in its
#     profile, exactly;
#   - BG_GMON_PROFILE_LIBS=none: no library profile, but the call paths
#     still name the closed library;
#   - a flush signal after the closes, which ends the process: the same
#     files, from the signal's writer.
# Without the runtime's dlclose, the samples were "outside every module"
# and the frames unnamed.
. "$(dirname "$0")/lib.sh"
need_gprof

"$CC" -shared -fPIC -O1 -Wl,--build-id "$programs/libburn.c" -o libburn.so
"$CC" -shared -fPIC -pg -O1 "$programs/libwork.c" -o libwork.so
build_linked caller "$programs/dlclose-caller.c" -ldl
rtld_lib=$work/libburn.so

# list_field LIBRARY-FILE COLUMN: a column of gmon.out+modules's line for
# gmon.out+LIBRARY-FILE
list_field() { awk -F'\t' -v f="gmon.out+$1" -v c="$2" '$1 == f { print $c }' gmon.out+modules; }
# outside: the samples outside every module, from the list's last line
outside() { sed -n 's/^# samples outside every module: \([0-9]*\);.*/\1/p' gmon.out+modules; }
# paths_module PATH: the index of the module PATH in gmon.out+paths
paths_module() { awk -F'\t' -v p="$1" '$1 == "module" && $4 == p { print $2 }' gmon.out+paths; }
# leaf_samples INDEX: the samples of the paths whose leaf is in module INDEX
leaf_samples() {
	awk -F'\t' -v m="$1" '$1 == "path" { split($3, f, " "); split(f[1], a, ":")
		if (a[1] == m) s += $2 } END { print s + 0 }' gmon.out+paths
}
# check_share LABEL: the library's share of the samples against its share
# of the CPU time (./measured: "own S lib S")
check_share() {
	local own lib
	read -r _ own _ lib < measured
	expect_library_share "$1" "$(list_field libburn.so 2)" \
		"$("$top_builddir/tests/runtime/gmon-inspect" samples gmon.out 0 ffffffffffffffff)" \
		"$own" "$lib"
}

# Three openings, each closed
BG_GMON_HZ=1000 ./caller "$rtld_lib" burn 60000000 3 > measured || fail "the run failed"
unpack_companions
[ -s gmon.out+libburn.so ] || fail "no gmon.out+libburn.so for the closed library: $(ls_beside)"
expect_eq "$(awk -F'\t' '$8 == p' p="$rtld_lib" gmon.out+modules | wc -l)" 1 \
	"lines for libburn.so in the list (three openings)"
expect_eq "$(outside)" 0 "samples outside every module"
check_share "three openings"
"$GPROF" -b -p libburn.so gmon.out+libburn.so > gnu.out || fail "GNU gprof cannot read it"
expect_eq "$(awk '/^ *[0-9]/ { print $NF; exit }' gnu.out)" burn_inner \
	"the closed library's top function in GNU gprof's report"
index=$(paths_module "$rtld_lib")
[ -n "$index" ] || fail "the call paths do not name libburn.so: $(grep ^module gmon.out+paths)"
expect_eq "$(grep -c "^module	$index	" gmon.out+paths)" 1 "module lines for libburn.so in the paths"
expect_eq "$(leaf_samples "$index")" "$(list_field libburn.so 2)" \
	"samples of the paths ending in libburn.so, and of its profile"
"$top_builddir/gprof-par/gprof-par" --format=folded caller gmon.out > folded 2> folded.err ||
	fail "--format=folded failed: $(cat folded.err)"
grep -q '^main;call_library;.*burn_inner [0-9]*$' folded ||
	fail "no path main;call_library;...;burn_inner in the folded stacks: $(cat folded)"

# Kept loaded at exit after two closed openings: one file, one line
rm -f gmon.out*
BG_GMON_HZ=1000 ./caller "$rtld_lib" burn 60000000 2 keep > measured || fail "the run (keep) failed"
unpack_companions
expect_eq "$(awk -F'\t' '$8 == p' p="$rtld_lib" gmon.out+modules | wc -l)" 1 \
	"lines for libburn.so in the list (two closed openings, one loaded)"
expect_eq "$(outside)" 0 "samples outside every module (keep)"
check_share "two closed openings and one loaded"
expect_eq "$(grep -c "	$rtld_lib\$" gmon.out+paths)" 1 "module lines for libburn.so in the paths (keep)"

# 600 openings, each closed
rm -f gmon.out*
BG_GMON_HZ=1000 ./caller "$rtld_lib" burn 300000 600 shift > measured || fail "the run (600) failed"
unpack_companions
expect_eq "$(awk -F'\t' '$8 == p' p="$rtld_lib" gmon.out+modules | wc -l)" 1 \
	"lines for libburn.so in the list (600 openings)"
expect_eq "$(outside)" 0 "samples outside every module (600 openings)"
# (its share of the CPU time is nearly all, the program's own work a third
# of one opening's: its samples, 130 or so, are counted instead)
[ "$(list_field libburn.so 2)" -ge 50 ] ||
	fail "600 openings: only $(list_field libburn.so 2) samples in libburn.so's profile"

# gmon-run's runtime, preloaded into a program linked with glibc's gmon:
# its dlclose comes first all the same
build_plain plain "$programs/dlclose-caller.c" -ldl
rm -f gmon.out*
GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so BG_GMON_HZ=1000 \
	"$top_builddir/scripts/gmon-run" ./plain "$rtld_lib" burn 60000000 2 > measured ||
	fail "the run under gmon-run failed"
unpack_companions
[ -s gmon.out+libburn.so ] || fail "gmon-run: no gmon.out+libburn.so for the closed library: $(ls_beside)"
expect_eq "$(outside)" 0 "samples outside every module (gmon-run)"

# A -pg library, closed: its calls
rm -f gmon.out*
./caller "$work/libwork.so" lib_outer 3000 1 > /dev/null || fail "the -pg library's run failed"
unpack_companions
[ -s gmon.out+libwork.so ] || fail "no profile of the closed -pg library: $(ls_beside)"
expect_eq "$(calls_of libwork.so lib_inner gmon.out+libwork.so)" 3000 \
	"lib_inner's calls in the closed library's profile"

# BG_GMON_PROFILE_LIBS=none: the call paths still name it
rm -f gmon.out*
BG_GMON_HZ=1000 BG_GMON_PROFILE_LIBS=none ./caller "$rtld_lib" burn 30000000 2 > /dev/null ||
	fail "the run with BG_GMON_PROFILE_LIBS=none failed"
unpack_companions
expect_eq "$(ls_beside '.*\.so.*|modules')" "" "library files with BG_GMON_PROFILE_LIBS=none"
index=$(paths_module "$rtld_lib")
[ -n "$index" ] && [ "$(leaf_samples "$index")" -gt 0 ] ||
	fail "BG_GMON_PROFILE_LIBS=none: no path ends in libburn.so: $(cat gmon.out+paths)"

# A flush signal after the closes, which ends the process: the signal's
# writer
rm -f gmon.out*
status=0
BG_GMON_HZ=1000 BG_GMON_FLUSH_SIGNALS=USR1 ./caller "$rtld_lib" burn 60000000 2 flush > measured ||
	status=$?
unpack_companions
expect_eq "$status" 138 "exit status after the flush signal (SIGUSR1: killed by it)"
[ -s gmon.out+libburn.so ] || fail "the flush wrote no gmon.out+libburn.so: $(ls_beside)"
expect_eq "$(outside)" 0 "samples outside every module (flush)"
check_share "flushed after two closed openings"
index=$(paths_module "$rtld_lib")
expect_eq "$(leaf_samples "${index:-none}")" "$(list_field libburn.so 2)" \
	"samples of the flushed paths ending in libburn.so, and of its profile"

note ok
