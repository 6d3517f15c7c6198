/* reentrant.c - instrumented code called from a signal handler while the
 * same thread is inside mcount.
 *
 * main calls caller_I(callee_J) for every I and J: CALLERS x CALLEES
 * distinct arcs, far more than mcount's hash has buckets, so most of them
 * are not at the head of their bucket and their calls take mcount's C path
 * (gmon_count_arc), where the thread's re-entrancy guard is up.  Meanwhile
 * a timer on the process's user CPU time (ITIMER_VIRTUAL, SIGVTALRM: the
 * runtime owns SIGPROF) interrupts it, and the handler calls in_handler(),
 * which is instrumented.  The program goes on in rounds until the handler
 * has run at least MIN_SIGNALS times, then prints
 *     callers 300 callees 1000 rounds R signals S
 * so that the test knows the exact counts: every caller_I R * CALLEES
 * calls, every callee_J R * CALLERS, and in_handler S calls, of which
 * those made while mcount was interrupted are dropped and counted. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

#define CALLERS 300
#define CALLEES 1000
#define MIN_SIGNALS 200

volatile unsigned long sink;
static volatile sig_atomic_t signals;

/* TIMES_10(M, p) expands M(p0) ... M(p9); TIMES_100 and TIMES_1000 on. */
#define TIMES_10(M, p) M(p##0) M(p##1) M(p##2) M(p##3) M(p##4) \
		       M(p##5) M(p##6) M(p##7) M(p##8) M(p##9)
#define TIMES_100(M, p) TIMES_10(M, p##0) TIMES_10(M, p##1) TIMES_10(M, p##2) \
			TIMES_10(M, p##3) TIMES_10(M, p##4) TIMES_10(M, p##5) \
			TIMES_10(M, p##6) TIMES_10(M, p##7) TIMES_10(M, p##8) \
			TIMES_10(M, p##9)
#define TIMES_300(M) TIMES_100(M, 1) TIMES_100(M, 2) TIMES_100(M, 3)
#define TIMES_1000(M) TIMES_100(M, 1) TIMES_100(M, 2) TIMES_100(M, 3) \
		      TIMES_100(M, 4) TIMES_100(M, 5) TIMES_100(M, 6) \
		      TIMES_100(M, 7) TIMES_100(M, 8) TIMES_100(M, 9) \
		      TIMES_100(M, 10)

/* callee_100 .. callee_1099 */
#define DEFINE_CALLEE(n) __attribute__((noinline)) void callee_##n(void) { sink++; }
TIMES_1000(DEFINE_CALLEE)
#define CALLEE_ADDRESS(n) callee_##n,
static void (*const callees[CALLEES])(void) = {TIMES_1000(CALLEE_ADDRESS)};

/* caller_100 .. caller_399, each with one call site (no tail call) */
#define DEFINE_CALLER(n) \
	__attribute__((noinline)) void caller_##n(void (*callee)(void)) { callee(); sink++; }
TIMES_300(DEFINE_CALLER)
#define CALLER_ADDRESS(n) caller_##n,
static void (*const callers[CALLERS])(void (*)(void)) = {TIMES_300(CALLER_ADDRESS)};

__attribute__((noinline)) void in_handler(void) { sink++; }

/* Not instrumented itself: only in_handler's call meets the guard. */
__attribute__((no_instrument_function)) static void on_timer(int sig)
{
	(void)sig;
	signals++;
	in_handler();
}

static void set_timer(long usec)
{
	struct itimerval t = {.it_interval = {0, usec}, .it_value = {0, usec}};

	setitimer(ITIMER_VIRTUAL, &t, NULL);
}

int main(void)
{
	struct sigaction sa;
	long rounds = 0;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_timer;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGVTALRM, &sa, NULL);
	set_timer(1000);
	while (rounds < 2 || signals < MIN_SIGNALS) {
		for (int i = 0; i < CALLERS; i++)
			for (int j = 0; j < CALLEES; j++)
				callers[i](callees[j]);
		rounds++;
	}
	set_timer(0);
	printf("callers %d callees %d rounds %ld signals %ld\n", CALLERS, CALLEES, rounds,
	       (long)signals);
	return 0;
}
