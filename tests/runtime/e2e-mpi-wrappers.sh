#!/bin/bash
# The PMPI wrappers' corner cases (programs/mpi-corners.c, one mode each),
# under Open MPI with 3 ranks, through gmon-run --mpi and gprof-par --mpi:
# - nested: an MPI call inside another (a user MPI_Op calling
#   MPI_Comm_rank in MPI_Allreduce) is part of the outer call's time, and
#   every call after it is recorded: 1,000 MPI_Allreduce and 1,000
#   MPI_Barrier per rank, exactly (1 of each once, the wrappers' depth
#   left one too high by the inner call).
# - short: a receive of fewer bytes than posted counts what its status
#   says, with a status and with MPI_STATUS_IGNORE (then the wrapper's
#   own): 5 x 8,000 bytes into buffers of 80,000 are 40,000 bytes, not
#   400,000.
# - after: the MPI profile ends at MPI_Finalize: a rank that sleeps 1 s
#   after it has its elapsed time to MPI_Finalize's end by its own clock
#   (between MPI_Finalize's call and its return, the 0.1 s before the
#   program's first constructor aside), not to the write at exit, 1 s
#   later; and a rank that then
#   ends by _exit (no exit write) keeps its profile and companion, of this
#   run (an earlier run's planted there are replaced both): 3 MPI_Barrier
#   from before_end in the MPI profile, 3 calls of before_end in the
#   profile.
# - sites: more call sites than the wrappers' table holds (10,000 places
#   calling MPI_Comm_size, 3 times each): the calls of the sites that found
#   no room are on MPI_Comm_size's overflow line (no module, site 0), and
#   --mpi shows them as "(other call sites)": per rank, every site line 3
#   calls, the overflow line 3 x the sites not in the table, 30,000 in all,
#   no call dropped.
# - threads: 4 threads a rank in MPI at once (MPI_THREAD_MULTIPLE): each
#   rank's MPI time (mpi_wall_seconds) is the wall time during which some
#   thread of it was in an MPI call, by its own clock around every call
#   but MPI_Finalize (whose time, alone in MPI then, is taken from the
#   profile's) within 10% or 20 ms, and its threads' times added
#   (mpi_seconds) their sum; --mpi's share of the wall time is that MPI time's, at most
#   100% (it was the threads' times added over the wall time: 250%).
. "$(dirname "$0")/lib.sh"
gmon_run=$top_builddir/scripts/gmon-run
gprof_par=$top_builddir/gprof-par/gprof-par
export GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so
export GMON_MPI_PMPI_LIBRARY=$top_builddir/pmpi/.libs/libgmon-mpi-pmpi-openmpi.so
np=3

"$MPICC" -pg -g -O1 "$programs/mpi-corners.c" -o app

# run MODE [ARG...]: ./app MODE under np ranks, its output in ./truth (the
# files of an earlier run removed first, unless $keep is set); the MPI
# profile as --mpi=csv in ./csv
run() {
	[ -n "${keep:-}" ] || rm -f gmon.out*
	mpirun_np $np "$gmon_run" --mpi ./app "$@" >truth 2>stderr ||
		fail "$1: the run failed: $(cat stderr)"
	"$gprof_par" --mpi=csv app $(seq -f 'gmon.out.%g' 0 $((np - 1))) >csv 2>csv.err ||
		fail "$1: --mpi=csv failed: $(cat csv.err)"
}
# csv_field FUNCTION CALL_SITE RANK COLUMN: a cell of ./csv (empty if none)
csv_field() {
	awk -F, -v f="\"$1\"" -v s="\"$2\"" -v r="$3" -v c="$4" \
		'$1 == f && $2 == s && $3 == r { print $c }' csv
}

run nested
ops=$(awk '$3 == "op_calls" { n += $4 } END { print n + 0 }' truth)
[ "$ops" -gt 0 ] || fail "nested: the user MPI_Op never ran: $(cat truth)"
for r in $(seq 0 $((np - 1))); do
	expect_eq "$(csv_field MPI_Allreduce reduce_loop "$r" 4)" 1000 "nested: rank $r's MPI_Allreduce calls"
	expect_eq "$(csv_field MPI_Barrier barrier_loop "$r" 4)" 1000 "nested: rank $r's MPI_Barrier calls after them"
	expect_eq "$(csv_field MPI_Comm_rank main "$r" 4)" 1 "nested: rank $r's MPI_Comm_rank calls from main"
done
# the op's MPI_Comm_rank is part of MPI_Allreduce's time, not a call of its own
expect_eq "$(csv_field MPI_Comm_rank sum_op all 4)" "" "nested: MPI_Comm_rank calls recorded from sum_op"
mkdir nested
cp gmon.out* nested/
note "nested: the op ran $ops times in the ranks; $(csv_field MPI_Allreduce reduce_loop all 4) MPI_Allreduce, $(csv_field MPI_Barrier barrier_loop all 4) MPI_Barrier recorded"

run short
expect_eq "$(csv_field MPI_Recv recv_ignore 1 4),$(csv_field MPI_Recv recv_ignore 1 7)" 5,40000 \
	"short: rank 1's MPI_Recv calls and bytes received with MPI_STATUS_IGNORE"
expect_eq "$(csv_field MPI_Recv recv_status 1 4),$(csv_field MPI_Recv recv_status 1 7)" 5,40000 \
	"short: rank 1's MPI_Recv calls and bytes received with a status"
for r in 0 1; do
	expect_eq "$(csv_field MPI_Sendrecv exchange $r 4),$(csv_field MPI_Sendrecv exchange $r 6),$(csv_field MPI_Sendrecv exchange $r 7)" \
		5,40000,40000 "short: rank $r's MPI_Sendrecv calls, bytes sent and received (MPI_STATUS_IGNORE)"
done
expect_eq "$(csv_field MPI_Send short_messages 0 6)" 80000 "short: rank 0's bytes sent"

# expect_finalized LABEL: each rank's elapsed time in the MPI profile
# (--mpi=json's wall_seconds: from the wrapper library's load to
# MPI_Finalize's end) by the rank's own clock (./truth: from the program's
# first constructor, after that load, to MPI_Finalize's call and return):
# no less than to the call, no more than to the return and 0.1 s
expect_finalized() {
	"$gprof_par" --mpi=json app $(seq -f 'gmon.out.%g' 0 $((np - 1))) >json 2>json.err ||
		fail "$1: --mpi=json failed: $(cat json.err)"
	python3 - "$1" <<'PY' || fail "$1: the elapsed time does not end at MPI_Finalize"
import json, sys
own = {int(l.split()[1]): (float(l.split()[3]), float(l.split()[4]))
       for l in open("truth") if " finalize " in l}
ranks = json.load(open("json"))["ranks"]
assert sorted(r["rank"] for r in ranks) == sorted(own), (ranks, own)
for r in ranks:
    (called, returned), got = own[r["rank"]], r["wall_seconds"]
    print("%s: rank %d: %.3f s to MPI_Finalize's end; its own clock: %.3f s to its call, %.3f s to its return"
          % (sys.argv[1], r["rank"], got, called, returned))
    assert called - 0.001 <= got <= returned + 0.1, (r, called, returned)
PY
}
run after 1
expect_finalized "after 1"

# after 0.5 exit: _exit after MPI_Finalize, the nested run's files planted
rm -f gmon.out*
cp nested/gmon.out* .
keep=1 run after 0.5 exit
expect_finalized "after 0.5 exit"
for r in $(seq 0 $((np - 1))); do
	[ -s gmon.out.$r ] && [ -s gmon.out+gmon-mpi.$r ] || fail "_exit after MPI_Finalize: rank $r's files: $(ls)"
	cmp -s gmon.out.$r nested/gmon.out.$r && fail "_exit after MPI_Finalize: rank $r's profile is the earlier run's"
	cmp -s gmon.out+gmon-mpi.$r nested/gmon.out+gmon-mpi.$r && fail "_exit after MPI_Finalize: rank $r's companion is the earlier run's"
	expect_eq "$(csv_field MPI_Barrier before_end "$r" 4)" 3 "_exit after MPI_Finalize: rank $r's MPI_Barrier calls from before_end"
	expect_eq "$(csv_field MPI_Allreduce reduce_loop "$r" 4)" "" "_exit after MPI_Finalize: rank $r's MPI_Allreduce calls (the earlier run's)"
	expect_eq "$("$gprof_par" -b -p app gmon.out.$r 2>/dev/null | awk '$NF == "before_end" && NF == 7 { print $4 }')" 3 \
		"_exit after MPI_Finalize: before_end's calls in rank $r's profile"
done

run sites
unpack_companions $(seq -f 'gmon.out.%g' 0 $((np - 1)))
for r in $(seq 0 $((np - 1))); do
	read -r lines three other dropped < <(awk -F'\t' '$1 == "dropped_calls" { d = $2 }
		$1 == "MPI_Comm_size" && $2 != "" { n++; if ($4 == 3) t++ }
		$1 == "MPI_Comm_size" && $2 == "" && $3 == "0x0" { o += $4 }
		END { print n + 0, t + 0, o + 0, d }' gmon.out+mpi.$r)
	note "sites: rank $r: $lines of the 10,000 sites in the table, $other calls on the overflow line"
	[ "$lines" -gt 0 ] && [ "$lines" -lt 10000 ] || fail "sites: rank $r: $lines site lines of MPI_Comm_size"
	expect_eq "$three" "$lines" "sites: rank $r's site lines of MPI_Comm_size with 3 calls"
	expect_eq "$other" $((3 * (10000 - lines))) "sites: rank $r's MPI_Comm_size calls on the overflow line"
	expect_eq "$dropped" 0 "sites: rank $r's dropped calls"
	expect_eq "$(csv_field MPI_Comm_size '(other call sites)' "$r" 4)" "$other" \
		"sites: rank $r's MPI_Comm_size calls from (other call sites) in --mpi=csv"
	expect_eq "$(($(csv_field MPI_Comm_size many_sites "$r" 4) + other))" 30000 \
		"sites: rank $r's MPI_Comm_size calls, the table's and the overflow's"
	expect_eq "$(csv_field MPI_Comm_rank main "$r" 4)" 1 "sites: rank $r's MPI_Comm_rank calls from main"
done
"$gprof_par" --mpi app $(seq -f 'gmon.out.%g' 0 $((np - 1))) >text 2>&1 || fail "sites: --mpi failed: $(cat text)"
grep -q "^rank 0: $(awk -F'\t' '$1 == "MPI_Comm_size" && $2 == "" { print $4 }' gmon.out+mpi.0) calls from call sites the wrapper's table had no room for, under \"(other call sites)\"$" text ||
	fail "sites: --mpi's text does not say rank 0's calls under (other call sites): $(tail -n 8 text)"

run threads
grep -q "^rank 0 provided 1 " truth || fail "threads: no MPI_THREAD_MULTIPLE: $(cat truth)"
"$gprof_par" --mpi=json app $(seq -f 'gmon.out.%g' 0 $((np - 1))) >json 2>json.err ||
	fail "threads: --mpi=json failed: $(cat json.err)"
python3 <<'PY' || fail "threads: the MPI time is not the wall time some thread was in MPI"
import json
own = {int(l.split()[1]): (float(l.split()[5]), float(l.split()[7])) for l in open("truth")}
d = json.load(open("json"))
# MPI_Finalize's time per rank, as the profile has it (after the program's clock)
fin = {x["rank"]: x["seconds"] for s in d["call_sites"] if s["function"] == "MPI_Finalize"
       for x in s["ranks"]}
def within(a, e):
    return abs(a - e) <= max(0.1 * e, 0.02)
for r in d["ranks"]:
    union, added = own[r["rank"]]
    wall, threads = r["mpi_wall_seconds"] - fin[r["rank"]], r["mpi_seconds"] - fin[r["rank"]]
    print("threads: rank %d: MPI %.3f s (own clock %.3f s), threads' %.3f s (own %.3f s), wall %.3f s; MPI_Finalize aside"
          % (r["rank"], wall, union, threads, added, r["wall_seconds"]))
    assert within(wall, union) and within(threads, added), r
    assert r["mpi_wall_seconds"] <= r["wall_seconds"], r
    # The check tells the union from the sum only if the two differ
    # beyond both 10% windows (added > 1.22 union); the program makes them
    # 1.5-2x apart on a free core, but on a crowded node its threads run
    # one after the other (CI beside two busy loops and 256 ranks: 1.43x)
    if r["rank"] == 0 and added <= 1.25 * union:
        print("note: rank 0's threads were in MPI at once for too little (%.2fx): "
              "the union is not told from the sum on this crowded node (skipped)"
              % (added / union))
    elif r["rank"] == 0:
        print("threads: rank 0's threads' time in MPI is %.2fx the union" % (added / union))
PY
"$gprof_par" --mpi app $(seq -f 'gmon.out.%g' 0 $((np - 1))) >text 2>&1 || fail "threads: --mpi failed: $(cat text)"
max=$(sed -n "s/^MPI's share of each rank's wall time: .*, max \([0-9.]*\)% (rank [0-9]*)$/\1/p" text)
[ -n "$max" ] && awk -v m="$max" 'BEGIN { exit !(m <= 100) }' ||
	fail "threads: MPI's share of a rank's wall time above 100% (or not said): $(head -n 8 text)"
note "threads: MPI's share of the ranks' wall time at most $max%"
