# lib.sh - helpers for the runtime's end-to-end tests.  Each test sources
# it, works in its own directory under the build tree (kept on failure,
# removed on success), and builds real -pg programs against the runtime
# built in this tree.

. "${top_srcdir:?run me through make check}/tests/e2e-lib.sh"
programs=$top_srcdir/tests/runtime/programs
runtime_libdir=$top_builddir/libgmon-mpi/.libs
unpack_tool=$top_builddir/tests/runtime/gmon-inspect  # (e2e-lib.sh's unpack_companions)

# crash_report PROGRAM: after PROGRAM died of a signal here, its threads'
# backtraces from its core, into the log (where the kernel wrote a core
# into this directory, ulimit -c allowing, and gdb is installed; else
# nothing): a crash seen once under load says where it was
crash_report() {
	local core
	core=$(ls -t core core.* 2>/dev/null | head -n 1)
	[ -n "$core" ] && command -v gdb >/dev/null || return 0
	echo "$1's core ($core), its threads' backtraces:"
	gdb -q -batch -ex 'info sharedlibrary' -ex 'thread apply all bt' "$1" "$core" 2>&1 | head -n 150
}

# build_linked OUT SOURCE...: mpicc -pg, linked with -lgmon-mpi
build_linked() {
	local out=$1; shift
	"$MPICC" -pg -O1 -I"$top_srcdir/include" "$@" -o "$out" \
		-L"$runtime_libdir" -lgmon-mpi -Wl,-rpath,"$runtime_libdir"
}

# within_pct ACTUAL EXPECTED PERCENT: |actual - expected| <= percent of expected
within_pct() {
	awk -v a="$1" -v e="$2" -v p="$3" 'BEGIN { d = a - e; if (d < 0) d = -d; exit !(d <= e * p / 100) }'
}

# clang_openmp: whether $clang (CLANG, or clang) builds and runs an OpenMP
# program (clang with LLVM's libomp)
clang=${CLANG:-clang}
clang_openmp() {
	printf '#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n' > probe.c
	"$clang" -fopenmp probe.c -o probe 2> /dev/null && ./probe
}

# build_clang OUT SOURCE...: clang -pg -fopenmp (libomp), linked with -lgmon-mpi
build_clang() {
	local out=$1; shift
	"$clang" -pg -O1 -fopenmp -I"$top_srcdir/include" "$@" -o "$out" \
		-L"$runtime_libdir" -lgmon-mpi -Wl,-rpath,"$runtime_libdir"
}

# build_plain OUT SOURCE...: an ordinary -pg program, glibc's runtime
build_plain() {
	local out=$1; shift
	"$CC" -pg -O1 -I"$top_srcdir/include" "$@" -o "$out"
}

# build_static OUT SOURCE...: -static with libgmon-mpi.a before libc
build_static() {
	local out=$1; shift
	"$CC" -pg -O1 -static -I"$top_srcdir/include" "$@" -o "$out" \
		"$runtime_libdir/libgmon-mpi.a" -lpthread
}

# need_mpich: MPICH's mpicc and launcher in $mpich_cc and $mpich_run, or
# the test skips (Debian: apt-get install mpich libmpich-dev; elsewhere set
# MPICH_MPICC and MPICH_MPIRUN)
need_mpich() {
	mpich_cc=${MPICH_MPICC:-mpicc.mpich}
	mpich_run=${MPICH_MPIRUN:-mpirun.mpich}
	command -v "$mpich_cc" >/dev/null && command -v "$mpich_run" >/dev/null ||
		skip "MPICH ($mpich_cc, $mpich_run) is not installed: apt-get install mpich libmpich-dev"
}

# need_gmon_run_mpi: gmon-run --mpi's libraries of this tree (Open MPI's
# wrappers) in the environment, gmon-run in $gmon_run, gprof-par in $gpp,
# or the test skips
need_gmon_run_mpi() {
	gmon_run=$top_builddir/scripts/gmon-run
	gpp=$top_builddir/gprof-par/gprof-par
	export GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so
	export GMON_MPI_PMPI_LIBRARY=$top_builddir/pmpi/.libs/libgmon-mpi-pmpi-openmpi.so
	[ -e "$GMON_MPI_PMPI_LIBRARY" ] || skip "no Open MPI wrapper library"
}

mpirun_np() { # NP COMMAND...
	local np=$1; shift
	"$MPIRUN" --oversubscribe -np "$np" "$@"
}

# library_samples: after a run with BG_GMON_VERBOSE=1 whose stderr is in
# ./stderr, the samples the runtime kept for shared libraries (in neither
# the histogram nor those outside the text); empty if no such line
library_samples() { sed -n 's/.*: \([0-9]*\) samples in shared libraries:.*/\1/p' stderr; }

# expect_written_samples LABEL MIN: after a run with BG_GMON_VERBOSE=1 whose
# stderr is in ./stderr, gmon.out holds at least MIN samples, and the
# verbose line's count after the write, less those outside the text, is
# what the file holds (no sample added after the snapshot).
expect_written_samples() {
	local label=$1 min=$2 in_file total outside
	in_file=$("$top_builddir/tests/runtime/gmon-inspect" samples gmon.out 0 ffffffffffffffff)
	read -r total outside < <(sed -n 's/.*wrote gmon.out: \([0-9]*\) samples (\([0-9]*\) outside the text).*/\1 \2/p' stderr)
	[ -n "${total:-}" ] || fail "no verbose line: $(cat stderr)"
	note "$label: $in_file samples in the file, $total counted after the write ($outside outside the text)"
	[ "$in_file" -ge "$min" ] || fail "$label: only $in_file samples of the spinning thread (fewer than $min)"
	expect_eq "$((total - outside))" "$in_file" "$label: samples counted after the write, less those outside the text"
}

# expect_library_share LABEL LIB_SAMPLES EXE_SAMPLES OWN_S LIB_S: a
# library's share of the samples (against the executable's) within 10
# points of its share of the CPU time, as the program measured it
expect_library_share() {
	local share expected
	share=$(awk -v l="$2" -v e="$3" 'BEGIN { printf "%.3f", l / (l + e) }')
	expected=$(awk -v o="$4" -v b="$5" 'BEGIN { printf "%.3f", b / (o + b) }')
	awk -v s="$share" -v e="$expected" 'BEGIN { exit !(s - e < 0.10 && e - s < 0.10) }' ||
		fail "$1: the library's share of the samples is $share, its share of the CPU time $expected"
	note "$1: the library $2 samples, the executable $3: share $share (measured $expected)"
}

need_gprof() {
	[ -n "${GPROF:-}" ] && [ -x "$GPROF" ] || skip "GNU gprof is not installed"
}

# calls_of PROGRAM FUNCTION GMON-FILE...: the calls column of GNU gprof's
# flat profile for FUNCTION (empty if it is not listed with calls)
calls_of() {
	local program=$1 function=$2; shift 2
	"$GPROF" -b -p "$program" "$@" | awk -v f="$function" '$NF == f && NF == 7 { print $4 }'
}

# exact_samples_of PROGRAM FUNCTION GMON-FILE: the samples in FUNCTION's
# bins (its link-time address and size from nm), read straight from the
# file: exact, where gprof's seconds are rounded to 2 decimals
exact_samples_of() {
	local start size
	read -r start size < <(nm -S --defined-only "$1" | awk -v f="$2" '$4 == f { print $1, $2; exit }')
	[ -n "${size:-}" ] || { echo 0; return; }
	"$top_builddir/tests/runtime/gmon-inspect" samples "$3" "$start" "$(printf '%x' $((0x$start + 0x$size)))"
}

# waited_per_cpu_second [PROFILE...]: how long the profiles' threads waited
# for a CPU a second they ran (the run sections' schedstat figures,
# threads-waited-ns over threads-cpu-ns, summed; default gmon.out), to two
# decimals: 0.20 or more is a crowded node, where a truth check that needs
# a free core says it skipped (issue 36)
waited_per_cpu_second() {
	local f
	for f in "${@:-gmon.out}"; do
		echo "$(run_field threads-waited-ns "$f") $(run_field threads-cpu-ns "$f")"
	done | awk '{ w += $1; c += $2 } END { printf "%.2f", (c > 0 ? w / c : 0) }'
}

# crowded RATIO: whether waited_per_cpu_second's RATIO says a crowded node
crowded() { awk -v r="$1" 'BEGIN { exit !(r >= 0.2) }'; }

# run_field NAME: the run section's field NAME (include/gmon-companion.h)
# of ./gmon.out's companion, as gprof-par --dump reads it
run_field() { # KEY [PROFILE, default gmon.out]
	"$top_builddir/gprof-par/gprof-par" --dump "${2:-gmon.out}" |
		awk -F'\t' -v k="$1" '$1 == "text" && $2 == "run" && $3 == k { print $4 }'
}

# ls_profiles: the profiles here (gmon.out, gmon.out.N), sorted, on one
# line; not the files beside them, written by default (gmon.out+paths.N,
# gmon.out+calls.N, gmon.out+modules.N, gmon.out+LIBRARY.N: ls_beside)
ls_profiles() {
	ls -1 | grep '^gmon\.out' | grep -v '+' | sort -V | tr '\n' ' ' | sed 's/ $//'
}

# ls_beside [KIND-PATTERN]: the files beside the profiles here (all, or
# those whose kind matches the extended regular expression), sorted
ls_beside() {
	ls -1 | grep -E "^gmon\.out\+(${1:-.*})(\.[0-9]+)?\$" | LC_ALL=C sort | tr '\n' ' ' |
		sed 's/ $//'
}

# function_at BINARY ADDRESS: the function of BINARY (nm, link-time
# addresses) whose code holds the hex ADDRESS, or "?"
function_at() {
	local at=$((0x$2)) start size type name
	while read -r start size type name; do
		case $type in t|T|w|W) ;; *) continue ;; esac
		if [ "$at" -ge $((0x$start)) ] && [ "$at" -lt $((0x$start + 0x$size)) ]; then
			echo "$name"
			return
		fi
	done < <(nm -S --defined-only "$1" 2> /dev/null | awk 'NF == 4')
	echo "?"
}

# resolve_calls FILE: the lines "COUNT CALLER CALLEE" of a calls file
# (include/gmon-calls.h), the counts of a pair added up, sorted: FROM
# resolved one byte before its return address, TO at its address, each in
# the file of its module line ("-" for an address in no module)
resolve_calls() {
	local file=$1 count from to fm fa tm ta
	declare -A module_path
	while IFS=$'\t' read -r kind a b c; do
		case $kind in
		module) module_path[$a]=$c ;;
		call)
			count=$a from=$b to=$c
			fm=${from%%:*} fa=${from#*:} tm=${to%%:*} ta=${to#*:}
			printf '%s %s %s\n' "$count" \
				"$( [ "$fm" = - ] && echo - || function_at "${module_path[$fm]}" "$(printf '%x' $((0x$fa - 1)))")" \
				"$( [ "$tm" = - ] && echo - || function_at "${module_path[$tm]}" "$ta")"
			;;
		esac
	done < "$file" | awk '{ n[$2 " " $3] += $1 } END { for (k in n) print n[k], k }' | sort -k2
}

# samples_of PROGRAM FUNCTION GMON-FILE: samples GNU gprof gives FUNCTION
# (its self seconds times the file's rate, which gprof prints)
samples_of() {
	"$GPROF" -b -p "$1" "$3" | awk -v f="$2" '
		/^Each sample counts as/ { per = $5 }
		$NF == f && NF >= 4 { self = $3 }
		END { if (per > 0) printf "%d\n", self / per + 0.5; else print 0 }'
}

# named_paths PATHS PROGRAM: one line per path line, "SAMPLES F1 F2 ...",
# each frame of module 0 named after PROGRAM's function holding it (nm; a
# return address by the call before it), other modules' frames "[lib]",
# or "[own]" for the module whose path ends in OWN (if given)
named_paths() {
	nm --defined-only -n "$2" | awk '$2 ~ /^[Tt]$/ { print "sym", $1, $3 }' |
		cat - "$1" | awk -v own="${3:-}" '
		function hex(s,   i, v) {
			v = 0
			for (i = 1; i <= length(s); i++)
				v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v
		}
		function name_of(a,   lo, hi, mid) {
			lo = 1; hi = n
			if (n == 0 || a < addr[1]) return "?"
			while (lo < hi) {
				mid = int((lo + hi + 1) / 2)
				if (addr[mid] <= a) lo = mid; else hi = mid - 1
			}
			return name[lo]
		}
		$1 == "sym" { addr[++n] = hex($2); name[n] = $3; next }
		/^module\t/ {
			split($0, field, "\t")
			if (own != "" && substr(field[4], length(field[4]) - length(own) + 1) == own)
				own_module = field[2]
		}
		/^path\t/ {
			split($0, field, "\t"); k = split(field[3], frame, " ")
			line = field[2]
			for (i = 1; i <= k; i++) {
				split(frame[i], part, ":")
				if (part[1] != "0") { line = line (part[1] == own_module ? " [own]" : " [lib]"); continue }
				line = line " " name_of(hex(part[2]) - (i > 1 ? 1 : 0))
			}
			print line
		}'
}

# no_self_adjacent NAMED LABEL: no path (named_paths) holds a function of
# the program next to itself
no_self_adjacent() {
	awk '{ for (i = 3; i <= NF; i++)
			if ($i == $(i - 1) && $i !~ /^\[/) { print; bad = 1; break } }
	     END { exit bad }' "$1" > adjacent || fail "$2: a frame next to itself: $(head -c 2000 adjacent)"
}

# validate PATHS LABEL [CALLBACK...]: paths-check finds no bad sample in
# PATHS (CALLBACKs: functions the program hands to libgomp itself), or no
# more than bad_allowed (a variable: 0 unless set)
validate() {
	local out bad paths=$1 label=$2
	shift 2
	out=$("$top_builddir/tests/runtime/paths-check" "$paths" "$@" 2> bad) ||
		fail "$label: paths-check could not read $paths: $(cat bad)"
	note "$label: paths-check: $out"
	bad=$(printf '%s\n' "$out" | sed -n 's/.*, \([0-9][0-9]*\) bad samples.*/\1/p')
	[ -n "$bad" ] && [ "$bad" -le "${bad_allowed:-0}" ] ||
		fail "$label: caller frames not after a call in their function: $out; $(head -c 3000 bad)"
}

# expect_idle PROGRAM LABEL SERIAL BOUND REGION_RE: after PROGRAM's run
# (omp-barrier.c's idle mode) wrote gmon.out at 1000 Hz and its stderr
# ("worker-idle S", the worker's CPU time outside the region by the
# threads' clocks) into ./worker-idle, the worker's wait while the opening
# thread burned in SERIAL is its idle time: at least 10 samples, and a
# quarter of those seconds' samples, have the runtime's "[omp idle]" as their root and the
# OpenMP runtime's frames only below it (gprof-par's folded export names
# it [omp_idle]; the runtime's own frames may be among them: its OMPT
# callback at an implicit task's start, sampled once in a CI run, which
# the folded export counted and this did not), at most 2% have the OpenMP
# runtime's frames alone (no
# bare root left), and no more than BOUND samples are the runtime's under
# the region's path (REGION_RE, an awk regex)
expect_idle() {
	local program=$1 label=$2 fn=$3 bound=$4 region_re=$5 serial idle bare waits folded
	named_paths gmon.out+paths "$program" libgmon-mpi.so.0 > named
	read -r serial idle bare waits < <(awk -v fn="$fn" -v re="$region_re" '
		{ lib = 1; for (i = 2; i < NF; i++) if ($i != "[lib]" && $i != "[own]") lib = 0 }
		$2 == "burn" && $3 == fn { serial += $1 }
		lib && $NF == "[own]" { idle += $1 }
		lib && $NF == "[lib]" { bare += $1 }
		$2 == "[lib]" && $0 ~ re { waits += $1 }
		END { print serial + 0, idle + 0, bare + 0, waits + 0 }' named)
	"$top_builddir/gprof-par/gprof-par" --format=folded "$program" gmon.out > folded 2> folded.err ||
		fail "$label: gprof-par --format=folded failed: $(cat folded.err)"
	folded=$(awk '$1 ~ /^\[omp_idle\];/ { n += $NF } END { print n + 0 }' folded)
	note "$label: $fn $serial samples; the worker idle $idle ($folded under [omp_idle] in the folded export), bare $bare, the runtime's under the region $waits (at most $bound)"
	local spun
	spun=$(awk '$1 == "worker-idle" { printf "%d", $2 * 1000 }' worker-idle)
	[ -n "$spun" ] || fail "$label: the program did not say the worker's idle time: $(cat worker-idle)"
	note "$label: the worker spun $spun ms outside the region by the clocks"
	# the worker's spin by its clock, within a quarter (the programs run
	# with per-thread timers at 1000 Hz: the worker's own timer samples
	# its spin; under the process-wide timer the kernel handed the
	# signals to the other thread, 4 samples for 151 ms once under load)
	[ "$idle" -ge 10 ] && [ "$idle" -ge $((spun * 3 / 4)) ] && [ "$idle" -le $((spun * 5 / 4 + 10)) ] ||
		fail "$label: $idle samples idle for the worker's $spun ms: $(sort -rn named | head)"
	expect_eq "$folded" "$idle" "$label: samples under [omp_idle] in the folded export"
	[ "$bare" -le $(((serial + idle) / 50)) ] ||
		fail "$label: $bare samples with the OpenMP runtime's frames alone: $(sort -rn named | head)"
	[ "$waits" -le "$bound" ] ||
		fail "$label: $waits samples under the region for $idle idle: $(sort -rn named | head)"
}

# expect_omp_chain PROGRAM LABEL OUTLINED: PROGRAM (omp-chain.c) run with 1
# and 2 threads: the paths pass paths-check, no function of the program is
# next to itself, the region (the paths holding a function matching the
# awk regex OUTLINED) has at least 100 samples, and >= 95% of them are
# under main;top;mid;inner, the outlined function next to inner
expect_omp_chain() {
	local program=$1 label=$2 fn=$3 threads region under
	for threads in 1 2; do
		rm -f gmon.out*
		OMP_NUM_THREADS=$threads BG_GMON_HZ=1000 "./$program" 150000000 ||
			fail "$program failed ($threads threads)"
		unpack_companions
		named_paths gmon.out+paths "$program" > named
		validate gmon.out+paths "$label $threads"
		no_self_adjacent named "$label $threads"
		read -r region under < <(awk -v fn="$fn" '
			{ in_region = 0; for (i = 2; i <= NF; i++) if ($i ~ ("^" fn "$")) in_region = 1 }
			in_region { r += $1; if ($0 ~ (" " fn " inner mid top main$")) u += $1 }
			END { print r + 0, u + 0 }' named)
		note "$label $threads: $region samples in the region, $under of them under main;top;mid;inner"
		[ "$region" -ge 100 ] ||
			fail "$label $threads: only $region samples in the region: $(sort -rn named | head)"
		[ "$under" -ge $((region * 95 / 100)) ] ||
			fail "$label $threads: $under of the region's $region samples under main;top;mid;inner: $(sort -rn named | head)"
	done
}

# expect_barrier_waits LABEL: after omp-barrier.c's regions mode wrote
# gmon.out+paths, named (named_paths with the runtime as [own]) has at
# least 200 samples, at most 5% of them with an OpenMP runtime's frame at
# the root (neither main nor "[omp idle]": a bare root), and at least
# a tenth the runtime's under main;top;imbalanced (the worker's waits while
# the region goes on)
expect_barrier_waits() {
	local label=$1 all bare waits
	read -r all bare waits < <(awk '{ all += $1 } $NF == "[lib]" { bare += $1 }
			$2 == "[lib]" && $0 ~ / imbalanced top main$/ { waits += $1 }
		END { print all + 0, bare + 0, waits + 0 }' named)
	note "$label: $all samples, $bare with the OpenMP runtime at the root (not [omp idle]), $waits the runtime's under main;top;imbalanced"
	[ "$all" -ge 200 ] || fail "$label: only $all samples: $(sort -rn named | head)"
	[ "$bare" -le $((all * 5 / 100)) ] ||
		fail "$label: $bare of $all samples with the OpenMP runtime at the root: $(sort -rn named | head)"
	[ "$waits" -ge $((all / 10)) ] ||
		fail "$label: only $waits of $all samples waiting under main;top;imbalanced: $(sort -rn named | head)"
}
