#!/bin/bash
# e2e-omp-levels.sh - the regions' records the runtime shares with the
# workers (omp-regions.c: the opening thread's own record of each nesting
# level, rewritten only where the region differs from the level's last,
# so that a loop of one region does not move its lines to the workers'
# cores on every region: 4.5% of a 2-thread program opening 200,000
# regions).  programs/omp-levels.c nests a region 6 deep (2 levels past
# the 4 shared ones: those are the opener's stack's records) under
# opener_a, then 2 deep under opener_b at the same levels, alternating,
# 150 rounds: >= 95% of leaf_a's samples under all 6 regions and
# opener_a, and >= 95% of leaf_b's under its 2 and opener_b (a record
# left from the other opener's region at a level would put one under the
# other's path); every path's frames check against the ELF files.
. "$(dirname "$0")/lib.sh"

build_linked levels "$programs/omp-levels.c" -fopenmp
OMP_MAX_ACTIVE_LEVELS=8 OMP_WAIT_POLICY=passive BG_GMON_HZ=1000 ./levels 150 0.002 ||
	fail "omp-levels failed"
unpack_companions
named_paths gmon.out+paths levels > named

# expect_under FUNCTION REGEX WHERE: >= 95% of FUNCTION's samples (at
# least 100) have a path, FUNCTION first, matching REGEX.
expect_under() {
	local function=$1 re=$2 where=$3 all under
	read -r all under < <(awk -v f="$function" -v re="$re" '$2 == f { all += $1
			if ($0 ~ re) under += $1 }
		END { print all + 0, under + 0 }' named)
	note "$all samples in $function, $under of them under $where"
	[ "$all" -ge 100 ] || fail "only $all samples in $function: $(sort -rn named | head)"
	[ "$under" -ge $((all * 95 / 100)) ] ||
		fail "$under of $function's $all samples under $where: $(sort -rn named | head)"
}

region='nest nest[.]_omp_fn[.]0'
expect_under leaf_a " leaf_a $region $region $region $region $region $region nest opener_a main\$" \
	"6 regions, opener_a and main"
expect_under leaf_b " leaf_b $region $region nest opener_b main\$" "2 regions, opener_b and main"
validate gmon.out+paths "omp-levels"
note ok
