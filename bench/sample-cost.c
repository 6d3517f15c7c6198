/* sample-cost.c MODE PERIOD_NS [TURNS] - bench/sample-cost-bench's program:
 * TURNS turns of a loop (default 3e8, about 0.7 s) on one thread, under one
 * way of being sampled every PERIOD_NS of its CPU time, with a handler that
 * only counts.  Prints "MODE CPU_SECONDS SIGNALS OVERFLOWS".  Modes:
 *   none       nothing armed: the baseline
 *   task       perf_events' task clock, its overflow signalled to this
 *              thread (F_SETOWN_EX, F_SETSIG SIGPROF): libgmon-mpi's engine
 *   task-quiet the same clock overflowing with no signal (what the
 *              overflows cost alone)
 *   posix      a POSIX timer on the thread's CPU clock (SIGEV_THREAD_ID)
 *   itimer     setitimer(ITIMER_PROF): glibc's gmon
 *   profiled   nothing armed and no handler of its own: a -pg build linked
 *              with libgmon-mpi, run at BG_GMON_HZ, is the runtime's whole
 *              cost a sample (its signals are in its run section) */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t signals;
static volatile double sink;

static void count(int sig)
{
	(void)sig;
	signals++;
}

static double thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

__attribute__((noinline)) static void work(long turns)
{
	double x = 0;

	for (long i = 0; i < turns; i++)
		x = x * 0.999999 + 1e-9;
	sink = x;
}

static int task_clock(long period_ns, int signalled)
{
	struct perf_event_attr a;
	struct f_owner_ex owner = { F_OWNER_TID, (pid_t)syscall(SYS_gettid) };
	int fd;

	memset(&a, 0, sizeof a);
	a.type = PERF_TYPE_SOFTWARE;
	a.size = sizeof a;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.sample_period = (uint64_t)period_ns;
	a.disabled = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		perror("sample-cost: perf_event_open");
		return -1;
	}
	if (signalled && (fcntl(fd, F_SETOWN_EX, &owner) != 0 || fcntl(fd, F_SETSIG, SIGPROF) != 0 ||
			  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC) != 0)) {
		perror("sample-cost: fcntl");
		return -1;
	}
	return ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) == 0 ? fd : -1;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "none";
	long period_ns = argc > 2 ? atol(argv[2]) : 1000000, turns = argc > 3 ? atol(argv[3]) : 300000000;
	struct sigaction sa;
	uint64_t overflows = 0;
	int fd = -1;
	double t0;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = count;
	sa.sa_flags = SA_RESTART;
	if (period_ns <= 0 || period_ns >= 1000000000 ||
	    (strcmp(mode, "profiled") != 0 && sigaction(SIGPROF, &sa, NULL) != 0)) {
		fprintf(stderr, "usage: sample-cost none|task|task-quiet|posix|itimer|profiled "
			"PERIOD_NS [TURNS]\n");
		return 2;
	}
	if (strcmp(mode, "task") == 0 || strcmp(mode, "task-quiet") == 0) {
		if ((fd = task_clock(period_ns, strcmp(mode, "task") == 0)) < 0)
			return 1;
	} else if (strcmp(mode, "posix") == 0) {
		struct sigevent ev = { .sigev_notify = SIGEV_THREAD_ID, .sigev_signo = SIGPROF };
		struct itimerspec every = { { 0, period_ns }, { 0, period_ns } };
		timer_t timer;

		ev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
		if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &timer) != 0 ||
		    timer_settime(timer, 0, &every, NULL) != 0) {
			perror("sample-cost: timer");
			return 1;
		}
	} else if (strcmp(mode, "itimer") == 0) {
		struct itimerval every = { { 0, period_ns / 1000 }, { 0, period_ns / 1000 } };

		if (setitimer(ITIMER_PROF, &every, NULL) != 0) {
			perror("sample-cost: setitimer");
			return 1;
		}
	} else if (strcmp(mode, "none") != 0 && strcmp(mode, "profiled") != 0) {
		fprintf(stderr, "sample-cost: unknown mode %s\n", mode);
		return 2;
	}
	t0 = thread_cpu();
	work(turns);
	t0 = thread_cpu() - t0;
	if (fd >= 0) {
		uint64_t ns = 0;

		/* the clock's count over the period: the overflows it made */
		if (read(fd, &ns, sizeof ns) == (ssize_t)sizeof ns)
			overflows = ns / (uint64_t)period_ns;
	}
	printf("%s %.6f %ld %llu\n", mode, t0, (long)signals, (unsigned long long)overflows);
	return 0;
}
