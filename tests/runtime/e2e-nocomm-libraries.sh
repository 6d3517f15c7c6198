#!/bin/bash
# BG_GMON_START_THREAD_TIMERS=nocomm recognises a thread of every kind of
# MPI-stack library by where it comes from: a small shared object is built
# under a real name of each (the table below; every prefix in the runtime's
# list must match one of them) and starts a thread running its own routine,
# or the application's callback (then only the creator tells).  Under
# nocomm those threads get no timer, the application's own does; under
# "all" every thread does.
. "$(dirname "$0")/lib.sh"

libraries="libmpi.so.40 libopen-pal.so.40 libopen-rte.so.40 libompitrace.so.40
	mca_btl_tcp.so libmca_common_ucx.so.40 libpmix.so.2 libpmi2.so.0
	libevent_core-2.1.so.7 libucs.so.0 libucp.so.0 libuct.so.0 libucm.so.0
	libfabric.so.1 libpsm2.so.2 libibverbs.so.1 librdmacm.so.1 libmlx5.so.1
	libmpich.so.12 libmpl.so.0 libmvapich2.so.12 libhwloc.so.15
	libprrte.so.3 libhcoll.so.1 libxpmem.so.0"

# Every entry of the runtime's list names one of these libraries: a
# misspelt entry matches none (and, unless another entry covers the
# library, its thread would be sampled below).
prefixes=$(sed -n '/communication_prefixes\[\] = {/,/};/p' "$top_srcdir/libgmon-mpi/thread-hook.c" |
	grep -o '"[^"]*"' | tr -d '"')
[ -n "$prefixes" ] || fail "no list of communication_prefixes found in libgmon-mpi/thread-hook.c"
for prefix in $prefixes; do
	matched=no
	for name in $libraries; do
		case $name in "$prefix"*) matched=yes; break ;; esac
	done
	[ $matched = yes ] || fail "the runtime's entry '$prefix' names none of the MPI-stack libraries: $libraries"
done

"$CC" -O1 -fPIC -c "$programs/comm-library.c" -o comm-library.o
paths=""
for name in $libraries; do
	"$CC" -shared -Wl,-soname,"$name" comm-library.o -o "$name"
	paths="$paths $PWD/$name"
done
count=$(wc -w <<<"$libraries")
build_linked app "$programs/comm-threads.c" -pthread

# run POLICY MODE LIBRARY...: the thread summary of ./app MODE LIBRARY...
run() {
	local policy=$1; shift
	BG_GMON_START_THREAD_TIMERS=$policy BG_GMON_VERBOSE=1 ./app "$@" 2>stderr ||
		fail "./app $*: $(cat stderr)"
	grep "^gmon-mpi: pid [0-9]*: thread timers ($policy):" stderr || fail "no thread summary: $(cat stderr)"
}

# expected POLICY N: the summary's counts with N library threads, beside
# the main thread and the application's own
expected() {
	if [ "$1" = nocomm ]; then
		echo ": 2 threads sampled, $2 communication threads not sampled"
	else
		echo ": $((2 + $2)) threads sampled, 0 communication threads not sampled"
	fi
}

# check POLICY MODE: with all the libraries at once; if that fails, try
# each alone to name those whose thread was misjudged
check() {
	local policy=$1 mode=$2 line path bad=""
	line=$(run "$policy" "$mode" $paths)
	grep -q "$(expected "$policy" "$count")" <<<"$line" && return
	for path in $paths; do
		run "$policy" "$mode" "$path" | grep -q "$(expected "$policy" 1)" || bad="$bad ${path##*/}"
	done
	fail "$policy, library threads running the $([ "$mode" = library ] && echo "library's routine" || echo "application's callback"):" \
		"expected '$(expected "$policy" "$count")'; misjudged:${bad:- none alone}; got: $line"
}

check nocomm library
check nocomm callback
check all library
check all callback
note "$count libraries: their threads are left out under nocomm, sampled under all"
