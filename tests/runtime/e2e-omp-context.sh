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
#     parent task and spawn (before, only the tasks run where they were
#     created had spawn in their path); every task ran on its own data;
#   - host teams (GOMP_teams_reg) opened at main -> top -> mid, a parallel
#     region of 2 threads in each team: >= 95% of the samples of the
#     teams' own work under main;top;mid and the teams' function (before,
#     libgomp's frame lay between), >= 95% of the parallel region's work
#     (both threads) under those and the region's function;
#   - in every path: each caller frame's return address follows a call
#     instruction in its function, the callee's where the call is direct
#     but for the functions libgomp calls back (paths-check, against the
#     ELF files).
. "$(dirname "$0")/lib.sh"

# under_path NAMED FUNCTION REGEX: FUNCTION's samples (the leaf of their
# path), and those whose path (its name first) matches REGEX
under_path() {
	awk -v f="$2" -v re="$3" '$2 == f { all += $1; if ($0 ~ re) under += $1 }
		END { print all + 0, under + 0 }' "$1"
}

# --- GOMP_parallel_start / GOMP_parallel_end ---
build_linked legacy "$programs/omp-legacy.c" -fopenmp
BG_GMON_HZ=1000 ./legacy 150000000 2 || fail "omp-legacy failed"
named_paths gmon.out+paths legacy > named
validate gmon.out+paths legacy burn
read -r all under < <(under_path named burn ' burn mid top main$')
note "legacy pair: $all samples in burn, $under of them under main;top;mid"
[ "$all" -ge 100 ] || fail "legacy pair: only $all samples in burn: $(sort -rn named | head)"
[ "$under" -ge $((all * 95 / 100)) ] ||
	fail "legacy pair: $under of burn's $all samples under main;top;mid: $(sort -rn named | head)"

# --- explicit tasks ---
rm -f gmon.out*
build_linked tasks "$programs/omp-tasks.c" -fopenmp
OMP_NUM_THREADS=2 BG_GMON_HZ=1000 ./tasks 8000000 40 || fail "omp-tasks failed (a task saw wrong data?)"
named_paths gmon.out+paths tasks > named
validate gmon.out+paths tasks
read -r all under < <(under_path named work ' work spawn[.]_omp_fn[.][0-9]+ spawn mid[.]_omp_fn[.]0 mid top main$')
note "tasks: $all samples in work, $under of them under main;top;mid;spawn;task"
[ "$all" -ge 150 ] || fail "tasks: only $all samples in work: $(sort -rn named | head)"
[ "$under" -ge $((all * 95 / 100)) ] ||
	fail "tasks: $under of work's $all samples under main;top;mid;spawn: $(sort -rn named | head)"
read -r all under < <(under_path named work_child \
	' work_child spawn[.]_omp_fn[.][0-9]+ spawn[.]_omp_fn[.][0-9]+ spawn mid[.]_omp_fn[.]0 mid top main$')
note "child tasks: $all samples in work_child, $under of them under main;top;mid;spawn;task;task"
[ "$all" -ge 20 ] || fail "child tasks: only $all samples in work_child: $(sort -rn named | head)"
[ "$under" -ge $((all * 95 / 100)) ] ||
	fail "child tasks: $under of work_child's $all samples under their parent task: $(sort -rn named | head)"

# --- host teams, a parallel region in each ---
rm -f gmon.out*
build_linked teams "$programs/omp-teams.c" -fopenmp
BG_GMON_HZ=1000 ./teams 60000000 || fail "omp-teams failed"
named_paths gmon.out+paths teams > named
validate gmon.out+paths teams
read -r all under < <(under_path named team_own ' team_own mid[.]_omp_fn[.][0-9]+ mid top main$')
note "teams: $all samples in team_own, $under of them under main;top;mid;mid._omp_fn.N"
[ "$all" -ge 100 ] || fail "teams: only $all samples in team_own: $(sort -rn named | head)"
[ "$under" -ge $((all * 95 / 100)) ] ||
	fail "teams: $under of team_own's $all samples under main;top;mid: $(sort -rn named | head)"
read -r all under < <(under_path named team_work \
	' team_work mid[.]_omp_fn[.][0-9]+ mid[.]_omp_fn[.][0-9]+ mid top main$')
note "teams: $all samples in team_work, $under of them under main;top;mid;teams;parallel"
[ "$all" -ge 100 ] || fail "teams: only $all samples in team_work: $(sort -rn named | head)"
[ "$under" -ge $((all * 95 / 100)) ] ||
	fail "teams: $under of team_work's $all samples under main;top;mid;teams: $(sort -rn named | head)"
note ok
