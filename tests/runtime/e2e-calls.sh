#!/bin/bash
# PROFILE+calls: the calls mcount counts between load modules, which no
# gmon file can hold.  A -pg program calls lib_step() of a -pg shared
# library N times from step_caller(), and the library's lib_apply() calls
# the program's on_item() back M times through a pointer: gmon.out+calls
# has exactly those counts, with FROM and TO resolving (nm, link-time
# addresses, on the file of each module line) to the caller and the
# callee; module lines are dense, the executable's first with its path and
# build-id; BG_GMON_VERBOSE=1's exit line gives the file's total.  Written
# whatever BG_GMON_PROFILE_LIBS says, by the preloaded runtime too, per
# rank under mpirun (and only by the selected ranks); a program with no
# call between modules (a static one) writes none, and removes an earlier
# run's.
. "$(dirname "$0")/lib.sh"

n=1234 m=567
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id "$programs/libcallback.c" -o libcallback.so
build_linked prog "$programs/callback-caller.c" -L"$work" -lcallback -Wl,-rpath,"$work"

# check_calls FILE: the counts and the functions of the two crossings
check_calls() {
	local file=$1 resolved
	[ -s "$file" ] || fail "no $file: $(ls)"
	expect_eq "$(sed -n 1p "$file")" "# gmon-mpi calls 1" "$file's first line"
	resolved=$(resolve_calls "$file")
	grep -qx "$n step_caller lib_step" <<< "$resolved" ||
		fail "$file: not $n calls from step_caller to lib_step: $resolved"
	grep -qx "$m lib_apply on_item" <<< "$resolved" ||
		fail "$file: not $m calls from lib_apply back to on_item: $resolved"
	grep -qx "1 main lib_apply" <<< "$resolved" ||
		fail "$file: not 1 call from main to lib_apply: $resolved"
	# nothing else but libc's one call of main (libc has no .symtab: "?")
	expect_eq "$(grep -v -e ' step_caller lib_step$' -e ' lib_apply on_item$' \
		-e ' main lib_apply$' <<< "$resolved")" "1 ? main" "$file's other calls"
}

BG_GMON_VERBOSE=1 ./prog $n $m 2> stderr || fail "the run failed: $(cat stderr)"
# the calls are a section of gmon.out+gmon-mpi: written out as gmon.out+calls
[ -s gmon.out+gmon-mpi ] && [ ! -e gmon.out+calls ] || fail "not one companion: $(ls_beside)"
unpack_companions
check_calls gmon.out+calls
# module lines: 0 the executable (its path, its build-id), then dense
expect_eq "$(awk -F'\t' '$1 == "module" { printf "%s ", $2 }' gmon.out+calls)" "0 1 2 " \
	"the module indexes"
expect_eq "$(awk -F'\t' '$1 == "module" && $2 == 0 { print $3, $4 }' gmon.out+calls)" \
	"$(readelf -n prog | awk '/Build ID:/ { print $3 }') $work/prog" "module 0"
expect_eq "$(awk -F'\t' '$1 == "module" && $2 == 1 { print $3, $4 }' gmon.out+calls)" \
	"$(readelf -n libcallback.so | awk '/Build ID:/ { print $3 }') $work/libcallback.so" \
	"module 1"
# every module line is used, every frame's module has a line
awk -F'\t' '$1 == "module" { m[$2] = 1 }
	$1 == "call" { split($3, f, ":"); split($4, t, ":"); used[f[1]] = used[t[1]] = 1
		       if (!(f[1] in m) || !(t[1] in m)) bad = 1 }
	END { for (k in m) if (!(k in used) && k != 0) bad = 1; exit bad }' gmon.out+calls ||
	fail "module lines and frames disagree: $(cat gmon.out+calls)"
total=$(awk -F'\t' '$1 == "call" { s += $2 } END { print s }' gmon.out+calls)
expect_eq "$total" $((n + m + 2)) "the calls in gmon.out+calls"
# (it names the file written: the companion's section, issue 38)
grep -q "($total calls between modules in [0-9]* arcs written to gmon.out+gmon-mpi, its section calls)" stderr ||
	fail "the verbose line does not give the calls between modules: $(cat stderr)"

# no profile of the library: it has no sample (and no call inside it)
expect_eq "$(ls_beside 'libcallback.*')" "" "profiles of libcallback.so"

# With BG_GMON_PROFILE_LIBS choosing the library: the same calls (the
# library has no call inside it, and no sample: no profile of its own)
rm -f gmon.out*
BG_GMON_PROFILE_LIBS=libcallback.so ./prog $n $m || fail "the run with the library chosen failed"
unpack_companions
check_calls gmon.out+calls

# Preloaded by gmon-run into a program linked with glibc's gmon
build_plain plain "$programs/callback-caller.c" -L"$work" -lcallback -Wl,-rpath,"$work"
rm -f gmon.out*
GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so "$top_builddir/scripts/gmon-run" \
	./plain $n $m || fail "gmon-run failed"
unpack_companions
check_calls gmon.out+calls

# Under mpirun: each selected rank writes its own, the others none
mkdir ranks && cd ranks
BG_GMON_RANK_SUBSET=1 mpirun_np 2 -x BG_GMON_RANK_SUBSET ../prog $n $m
# (the libraries' files, kept by default, depend on where samples fell)
expect_eq "$(ls -1 | grep '^gmon\.out' | LC_ALL=C sort | tr '\n' ' ')" \
	"gmon.out+gmon-mpi.1 gmon.out.1 " "the files of ranks 0-1 with the subset 1"
unpack_companions
check_calls gmon.out+calls.1
cd ..

# A static program has no call between modules: no file, and an earlier
# run's is removed (it would pass for this one's)
build_static static "$programs/serial-calls.c"
rm -f gmon.out*
echo "# gmon-mpi calls 1" > gmon.out+calls
./static
[ -s gmon.out ] || fail "the static program wrote no profile"
unpack_companions
[ ! -e gmon.out+calls ] || fail "gmon.out+calls is there after a run with no call between modules"
note "ok: $n and $m calls between the program and its -pg library, $total in all"
