#!/bin/bash
# e2e-omp-context.sh - OpenMP work in its calling context (issue 25,
# omp-regions.h), on real -pg programs whose paths are known:
#   - a region opened by GOMP_parallel_start / GOMP_parallel_end, called
#     directly at main -> top -> mid, 2 threads burning in burn(): >= 95%
#     of burn's samples (the opening thread's and the worker's) under
#     main;top;mid (before, the worker's half had no path above burn);
#   - explicit tasks created at main -> top -> mid -> (parallel, single)
#     -> spawn, 2 threads, each kind (data by memcpy or a copy function,
#     deferred or not, a task creating a child task): >= 95% of work's
#     samples (whichever thread ran the task) under main;top;mid;spawn,
#     the task's function between; >= 95% of work_child's under its
#     parent task and spawn, >= 95% of work_nested's (a parallel region
#     of 2 threads opened in a task) under the region, the task and spawn
#     (before, only the tasks run where they were created had spawn in
#     their path); every task ran on its own data;
#   - host teams (GOMP_teams_reg) opened at main -> top -> mid, a parallel
#     region of 2 threads in each team: >= 95% of the samples of the
#     teams' own work under main;top;mid and the teams' function (before,
#     libgomp's frame lay between), >= 95% of the parallel region's work
#     (both threads) under those and the region's function;
#   - target regions run on the host (GCC 12, no offload device:
#     GOMP_target_ext's fallback) opened at main -> top -> F: >= 95% of the
#     samples of a target's work, of a "target teams"'s (GOMP_teams4), of
#     a "target parallel"'s (both threads), and of a function run by
#     GOMP_target (the old entry point) under main;top;F and the outlined
#     function, no libgomp frame between (before, libgomp's fallback
#     frames lay between); a "target nowait" (left to libgomp) under
#     main;top;F;
#   - a worker's waits, spinning (OMP_WAIT_POLICY=active): at the closing
#     barrier of 10 imbalanced regions opened at main -> top -> imbalanced
#     (the worker burns a quarter of thread 0's work), <= 5% of the
#     samples with no function of the program (before, the worker's wait
#     at each barrier had libgomp's frames only: about a third of them),
#     and its waits under main;top;imbalanced, libgomp's frames first;
#     after a short balanced region, while the opening thread burns in
#     serial(), the worker's wait for a next region is idle time: at
#     least a third of serial's samples are libgomp's frames under the
#     runtime's "[omp idle]" root ([omp_idle] in gprof-par's folded
#     export), at most 2% libgomp's frames alone (before, all of them: a
#     bare libgomp root), and no more samples under main;top;balanced in
#     libgomp than the region's wall-clock time allows (2 threads at
#     1000 Hz);
#   - in every path: each caller frame's return address follows a call
#     instruction in its function, the callee's where the call is direct
#     but for the functions libgomp calls back (paths-check, against the
#     ELF files).
. "$(dirname "$0")/lib.sh"

# expect_under LABEL FUNCTION MIN REGEX WHERE: in ./named, FUNCTION (the
# leaf of the path) has at least MIN samples, and >= 95% of them have a
# path (its name first) matching REGEX, described as WHERE
expect_under() {
	local label=$1 function=$2 min=$3 re=$4 where=$5 all under
	read -r all under < <(awk -v f="$function" -v re="$re" '$2 == f { all += $1
			if ($0 ~ re) under += $1 }
		END { print all + 0, under + 0 }' named)
	note "$label: $all samples in $function, $under of them under $where"
	[ "$all" -ge "$min" ] || fail "$label: only $all samples in $function: $(sort -rn named | head)"
	[ "$under" -ge $((all * 95 / 100)) ] ||
		fail "$label: $under of $function's $all samples under $where: $(sort -rn named | head)"
}

# --- GOMP_parallel_start / GOMP_parallel_end ---
build_linked legacy "$programs/omp-legacy.c" -fopenmp
BG_GMON_HZ=1000 ./legacy 150000000 2 || fail "omp-legacy failed"
unpack_companions
named_paths gmon.out+paths legacy > named
validate gmon.out+paths legacy burn
expect_under "legacy pair" burn 100 \
	' burn mid top main$' \
	"main;top;mid"

# --- explicit tasks ---
rm -f gmon.out*
build_linked tasks "$programs/omp-tasks.c" -fopenmp
OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=2 BG_GMON_HZ=1000 ./tasks 8000000 40 || fail "omp-tasks failed (a task saw wrong data?)"
unpack_companions
named_paths gmon.out+paths tasks > named
validate gmon.out+paths tasks
expect_under "tasks" work 150 \
	' work spawn[.]_omp_fn[.][0-9]+ spawn mid[.]_omp_fn[.]0 mid top main$' \
	"main;top;mid;spawn;task"
expect_under "child tasks" work_child 20 \
	' work_child spawn[.]_omp_fn[.][0-9]+ spawn[.]_omp_fn[.][0-9]+ spawn mid[.]_omp_fn[.]0 mid top main$' \
	"main;top;mid;spawn;task;task"
expect_under "region in a task" work_nested 10 \
	' work_nested spawn[.]_omp_fn[.][0-9]+ spawn[.]_omp_fn[.][0-9]+ spawn mid[.]_omp_fn[.]0 mid top main$' \
	"main;top;mid;spawn;task;region"

# --- host teams, a parallel region in each ---
rm -f gmon.out*
build_linked teams "$programs/omp-teams.c" -fopenmp
BG_GMON_HZ=1000 ./teams 60000000 || fail "omp-teams failed"
unpack_companions
named_paths gmon.out+paths teams > named
validate gmon.out+paths teams
expect_under "teams" team_own 100 \
	' team_own mid[.]_omp_fn[.][0-9]+ mid top main$' \
	"main;top;mid;mid._omp_fn.N"
expect_under "teams" team_work 100 \
	' team_work mid[.]_omp_fn[.][0-9]+ mid[.]_omp_fn[.][0-9]+ mid top main$' \
	"main;top;mid;teams;parallel"

# --- target regions run on the host (no offload device) ---
rm -f gmon.out*
build_linked target "$programs/omp-target.c" -fopenmp
BG_GMON_HZ=1000 ./target 60000000 > devices || fail "omp-target failed (a region did not run?)"
unpack_companions
if [ "$(cat devices)" = 0 ]; then
	named_paths gmon.out+paths target > named
	validate gmon.out+paths target old_body
	expect_under "target" target_work 40 \
		' target_work on_target[.]_omp_fn[.][0-9]+ on_target top main$' \
		"main;top;on_target;on_target._omp_fn.N"
	expect_under "target teams" teams_work 40 \
		' teams_work on_target_teams[.]_omp_fn[.][0-9]+ on_target_teams top main$' \
		"main;top;on_target_teams;on_target_teams._omp_fn.N"
	expect_under "target parallel" parallel_work 40 \
		' parallel_work on_target_parallel[.]_omp_fn[.][0-9]+ on_target_parallel[.]_omp_fn[.][0-9]+ on_target_parallel top main$' \
		"main;top;on_target_parallel;target;parallel"
	expect_under "GOMP_target" old_work 40 \
		' old_work old_body on_old_target top main$' \
		"main;top;on_old_target;old_body"
	expect_under "target nowait" nowait_work 40 \
		' nowait_work on_target_nowait[.]_omp_fn[.][0-9]+ .*on_target_nowait top main$' \
		"main;top;on_target_nowait (libgomp's frames between)"
else
	note "target: $(cat devices) offload devices: the targets ran there, not checked"
fi

# --- a worker's waits: at a region's closing barrier, for the next region ---
rm -f gmon.out*
build_linked barrier "$programs/omp-barrier.c" -fopenmp
OMP_WAIT_POLICY=active BG_GMON_HZ=1000 ./barrier regions 200000000 || fail "omp-barrier regions failed"
unpack_companions
named_paths gmon.out+paths barrier libgmon-mpi.so.0 > named
validate gmon.out+paths "barrier waits"
expect_barrier_waits "barrier waits"
# --- the opening thread's waits at its regions' end: libgomp's
# GOMP_parallel called by imbalanced, not by the runtime's own GOMP_parallel
# (main;top;imbalanced;GOMP_parallel, not ...;GOMP_parallel;GOMP_parallel):
# no frame of the runtime between the program's and libgomp's (a worker's
# idle wait, between regions, is rooted at the runtime's "[omp idle]":
# [lib] [own]; the runtime's own code may run under its GOMP_parallel) ---
rm -f gmon.out*
OMP_WAIT_POLICY=active BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 ./barrier opener 200000000 ||
	fail "omp-barrier opener failed"
unpack_companions
named_paths gmon.out+paths barrier libgmon-mpi.so.0 > named
validate gmon.out+paths "the opener's waits"
read -r all own waits < <(awk '{ all += $1; for (i = 3; i < NF; i++) if ($i == "[own]" && $(i - 1) == "[lib]" && $(i + 1) !~ /^[[?]/) { own += $1; break } }
		$2 == "[lib]" && $0 ~ / imbalanced top main$/ { waits += $1 }
	END { print all + 0, own + 0, waits + 0 }' named)
note "the opener's waits: $all samples, $own through a frame of the runtime between the program's and libgomp's, $waits the runtime's under main;top;imbalanced"
[ "$own" -eq 0 ] || fail "the opener's waits: $own samples through a frame of the runtime between the program's and libgomp's: $(grep -F '[own]' named | sort -rn | head)"
[ "$waits" -ge $((all / 10)) ] ||
	fail "the opener's waits: only $waits of $all samples waiting under main;top;imbalanced: $(sort -rn named | head)"
rm -f gmon.out*
OMP_WAIT_POLICY=active BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 ./barrier idle 100000000 > region_ms 2> worker-idle || fail "omp-barrier idle failed"
unpack_companions
# the region's own waits: at most its wall-clock time in each thread
bound=$(awk '{ printf "%d", 2 * $1 + 2 }' region_ms)
validate gmon.out+paths "idle waits"
expect_idle barrier "idle waits" serial "$bound" ' balanced top main$'
note ok
