/*
 * sampling.c - see sampling.h.
 *
 * Two ways to sample, chosen at sampling_init:
 *
 *   - process-wide (glibc's way, and a static program's default): one setitimer
 *     (ITIMER_PROF) on the process's CPU time.  The kernel sends its SIGPROF
 *     to the thread that is running when the timer expires, on every kernel
 *     since 2.6, so every thread's CPU time is sampled in proportion, static
 *     programs and threads the runtime never saw start included.  A
 *     process-directed timer_create(CLOCK_PROCESS_CPUTIME_ID) would count
 *     overruns, but before Linux 6.3 its signal goes to the main thread
 *     whenever that one is idle, so idle waits would take the samples.
 *     ITIMER_PROF fires at most once per kernel tick (CONFIG_HZ), and keeps
 *     no overrun count; so each signal is weighted by the CPU time its
 *     thread used since that thread's last sample (clock_gettime, which is
 *     async-signal-safe, on the thread's own clock; per-thread state in
 *     initial-exec TLS): the total stays the CPU time whatever BG_GMON_HZ
 *     asks, and at rates the tick allows the weights are mostly 1.
 *
 *   - per thread (all, the shared library's default; main, nocomm, the
 *     BG/Q API, and every thread on the wall clock): each thread on
 *     perf_events' task clock (perf-clock.h) where allowed, else on a
 *     POSIX timer.  Each signal is weighted by the time of its thread's
 *     clock (CPU time, or CLOCK_MONOTONIC for BG_GMON_CLOCK=wall) since
 *     that thread's last sample, as above: the expirations the kernel
 *     could not deliver (above the tick rate) are counted too.  A task
 *     clock's signal is one period, where it ended (perf-clock.h): the
 *     CPU time its signals do not stand for is its own figure
 *     (sampling_task_clock_totals).
 *
 * No aliasing: a fixed period can beat with a program's own rhythm (a 10%
 * phase of a 60 ms round measured 7.6%), so every timer's next expiry is
 * set by its handler, a period drawn uniformly from half to one and a half
 * of 1/rate ahead (and every 1/rate after that until the next handler
 * sets it: the timer never stands still).  The weights above keep the totals exact whatever
 * the periods drawn.  A handler re-arms only while sampling is on (not
 * paused, not shut down), and again if that changed while it re-armed
 * (arm_generation), so it never re-arms a timer that was just stopped.
 *
 * Thread slots are carved from mmap'ed pages and linked into a push-only
 * list, so the exit-time reader can walk them while threads start; the
 * signal handler touches only its own slot (found through an initial-exec
 * TLS pointer) and the histogram's atomic bins.  Timers are made on
 * pthread_getcpuclockid()'s clock of the slot's thread and deliver SIGPROF
 * to that thread (SIGEV_THREAD_ID), so any thread can start another's; the
 * slot lock keeps a thread from ending while its timer is being made.
 *
 * Over 800 lines (1,000): the SIGPROF handler, the timers it re-arms and the
 * slots it reads share state (initial-exec TLS, the slot list,
 * arm_generation) whose ordering rules are checked more easily in one
 * file; the engines' own parts are perf-clock.c, wall-sampler.c and
 * node-load.c.
 */
#define _GNU_SOURCE
#include "sampling.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "callpaths.h"
#include "gmon-format.h"
#include "histogram.h"
#include "omp-regions.h"
#include "own-cost.h"
#include "perf-clock.h"
#include "wall-sampler.h"

struct thread_slot {
	pthread_t thread;
	int tid;
	int wants_timer;
	int has_timer;
	int ever_timed;
	int exited;
	int perf_fd;           /* its perf_events task clock (perf-clock.h), or
				* -1: its POSIX timer */
	int wall;              /* on the wall clock: no timer; the wall sampler
				* (wall-sampler.h, wall_pass) looks at it,
				* keeping its probe, and its signal's samples
				* wait in wall_pending */
	struct wall_probe probe;
	uint32_t wall_pending;
	uint32_t wall_pending_wait;   /* periods of looks that found it waiting
				       * but could not keep the walk: the next
				       * walk's (wall_defer) */
	uintptr_t stack_low, stack_high;   /* the mapping that held its stack
					    * pointer when blocked last */
	/* its OpenMP state (omp-regions.h), which the sampler's walk of it
	 * reads (its TLS is its own; NULL: none) */
	const struct omp_thread *omp;
	int counted;           /* kept a sample: in threads_sampled (atomic) */
	timer_t timer;
	clockid_t clock;       /* the timer's: the thread's CPU clock, or monotonic */
	uint64_t accounted_ns; /* that clock's time turned into samples so far */
	uint64_t samples;
	/* on the task clock: its thread's CPU clock when it was armed last (0:
	 * not armed), and its CPU time while armed before (task_clock_totals) */
	uint64_t armed_cpu_ns, task_clock_cpu_ns;
	int on_task_clock;
	struct thread_slot *next;
};

static struct thread_slot *all_slots;
static struct thread_slot *spare_slots; /* of the current slot page */
static size_t spare_slot_count;
static pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;
static int initialized;
static int paused;
static int shut_down;
/* Handlers between their check of shut_down and their last store: the
 * snapshot waits for them (sampling_shutdown). */
static int handlers_in_flight;
static int process_wide;             /* one ITIMER_PROF for the whole process */
/* Per-thread timers for every thread (sampling_watch_unseen): the threads
 * that have a slot, alive; an ITIMER_PROF armed for the threads the runtime
 * never saw (safety_net), and the signals until the next count. */
static int watch_unseen, safety_net, unseen_once;
static unsigned live_slots, until_count;
static int wall_clock;               /* BG_GMON_CLOCK=wall: the wall sampler too */
/* Bumped (slot_lock held) after paused or shut_down changes, before the
 * timers are re-armed or stopped: see rearm_after_signal. */
static unsigned arm_generation;
static uint64_t period_ns;           /* CPU time per signal */
/* The histogram's samples one period stands for: 1, or where signals come
 * slower than the rate the profile is written at (sampling_init) that
 * rate's periods in one of the signals'. */
static uint32_t samples_per_period = 1;
static unsigned sampling_epoch;      /* process-wide: bumped when sampling resumes */
static uint64_t excluded_samples;    /* process-wide samples of excluded threads */

static __thread struct thread_slot *my_slot __attribute__((tls_model("initial-exec")));
/* process-wide mode: gmon_thread_timer(0) called in this thread; this
 * thread's CPU time turned into samples so far, and in which epoch */
static __thread int my_thread_excluded __attribute__((tls_model("initial-exec")));
static __thread uint64_t my_accounted_ns __attribute__((tls_model("initial-exec")));
static __thread unsigned my_epoch __attribute__((tls_model("initial-exec")));
/* this thread ran before sampling started (it started it): its CPU time
 * from its creation is not all profiled time */
static __thread int my_clock_predates_sampling __attribute__((tls_model("initial-exec")));
/* Whether the calling thread's samples were counted in threads_sampled */
static __thread int my_thread_sampled __attribute__((tls_model("initial-exec")));
static unsigned threads_sampled;  /* threads that kept a sample (atomic) */
static uint64_t signals_counted, signal_samples;   /* sampling_signals (atomic) */
/* the threads timed on each engine, and why perf_events were refused last
 * (sampling_engine) */
static unsigned perf_threads, timer_threads;
static int perf_refused;
/* the period jitter's random state (xorshift64), seeded on first use */
static __thread uint64_t my_jitter_state __attribute__((tls_model("initial-exec")));

static uint64_t cpu_clock_ns(clockid_t clock)
{
	struct timespec ts;

	if (clock_gettime(clock, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The next period: uniform in [period/2, 3 period/2], so its mean is 1/rate.
 * Async-signal-safe (thread-local state only). */
static uint64_t jittered_period_ns(void)
{
	uint64_t x = my_jitter_state;

	if (x == 0) /* seeded by the thread and the time: never 0 */
		x = (cpu_clock_ns(CLOCK_MONOTONIC) ^ ((uint64_t)gettid() << 32)) | 1;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	my_jitter_state = x;
	return period_ns / 2 + x % (period_ns + 1);
}

/* A timer's setting: the next expiry in ns (jittered), and then every
 * period until the handler sets it again: the timer keeps counting while
 * its signal waits for the thread that takes it (on a loaded machine a
 * one-shot timer stood still meanwhile, and the process-wide one's threads
 * lost up to 5% of their time at their ends). */
static struct itimerspec jittered(uint64_t ns)
{
	struct itimerspec it = {0};

	if (ns == 0)
		ns = 1;
	it.it_value.tv_sec = (time_t)(ns / 1000000000u);
	it.it_value.tv_nsec = (long)(ns % 1000000000u);
	it.it_interval.tv_sec = (time_t)(period_ns / 1000000000u);
	it.it_interval.tv_nsec = (long)(period_ns % 1000000000u);
	return it;
}

/*
 * The periods of a clock from *accounted to now, rounded to the nearest,
 * added to *accounted.  A jittered timer's signal comes 0.5 to 1.5
 * periods after the last: rounded, each such signal stands for at least
 * one sample (a floor dropped those that came early, and a program of two
 * periods' CPU time could end with no sample); *accounted then runs up to
 * half a period ahead of the clock, and the next signal claims less, so
 * the total stays within half a period of the clock's time.
 */
static uint32_t claim_periods(uint64_t now, uint64_t *accounted)
{
	uint64_t ahead = now + period_ns / 2, periods;

	if (ahead < *accounted + period_ns)
		return 0;
	periods = (ahead - *accounted) / period_ns;
	if (periods > UINT32_MAX)
		periods = UINT32_MAX;
	*accounted += periods * period_ns;
	return (uint32_t)periods;
}

/*
 * Process-wide mode: the samples this signal stands for, i.e. the whole
 * periods of the receiving thread's own CPU time not accounted for yet.
 * The thread's own clock, not the process's: the kernel does not hand the
 * signals out to running threads in proportion to their CPU time (measured:
 * of two threads running at once, one took 1.2 times its share of the
 * signals, the other 0.45), so a signal that claimed the whole process's
 * time would give one thread's time to another.  Per thread, the total is
 * right whoever gets the signals; what a thread used after its last signal
 * is not sampled (as with glibc).  CPU time used while profiling was paused
 * is not claimed: resuming starts a new epoch, and a thread's first signal
 * in it only sets where its accounting starts.  A thread's first signal
 * in the first epoch claims its CPU time since its creation, unless the
 * thread is older than sampling: the thread that started it (the main
 * thread, whose time in exec, the dynamic linker and the libraries'
 * constructors, about 1 ms with libmpi here, once landed as one lump wherever
 * its first signal fell) is accounted from the start, as glibc's timer
 * counts from its setitimer.
 */
static uint32_t claim_thread_periods(uint64_t now)
{
	unsigned epoch = __atomic_load_n(&sampling_epoch, __ATOMIC_RELAXED);

	if (my_epoch != epoch) {
		int first_ever = my_epoch == 0 && epoch == 1 && !my_clock_predates_sampling;

		my_epoch = epoch;
		if (!first_ever) {
			my_accounted_ns = now;
			return 0;
		}
	}
	return claim_periods(now, &my_accounted_ns);
}

/* Per-thread timers: the periods of the slot's clock since its last
 * sample (its timer's start, or sampling's resumption); cpu_now: that
 * clock now (the thread's CPU clock read at the handler's entry; the wall
 * sampler's CLOCK_MONOTONIC). */
static uint32_t claim_slot_periods(struct thread_slot *s, uint64_t now)
{
	uint64_t accounted = __atomic_load_n(&s->accounted_ns, __ATOMIC_RELAXED);
	uint32_t periods = claim_periods(now, &accounted);

	__atomic_store_n(&s->accounted_ns, accounted, __ATOMIC_RELAXED);
	return periods;
}

/* A task clock is armed (its thread's CPU time from now is sampled), or
 * disarmed (the CPU time since is added up); slot_lock held. */
static void task_clock_armed(struct thread_slot *s, int armed)
{
	uint64_t now = cpu_clock_ns(s->clock), since = s->armed_cpu_ns;

	if (since && now > since)
		__atomic_fetch_add(&s->task_clock_cpu_ns, now - since, __ATOMIC_RELAXED);
	__atomic_store_n(&s->armed_cpu_ns, armed ? now : 0, __ATOMIC_RELAXED);
}

/* The slot's clock now: its thread's CPU clock, or on the wall clock
 * CLOCK_MONOTONIC. */
static uint64_t slot_now(const struct thread_slot *s)
{
	return cpu_clock_ns(s->wall ? CLOCK_MONOTONIC : s->clock);
}

/* Whether info is the signal of the calling thread's own task clock. */
static int from_own_perf(const siginfo_t *info, const struct thread_slot *s)
{
	return s && s->has_timer && perf_clock_is_overflow(info->si_code, info->si_fd, s->perf_fd);
}

/* Whether info is the wall sampler's signal to the calling thread. */
static int from_wall_sampler(const siginfo_t *info, const struct thread_slot *s)
{
	return s && s->wall && info->si_code == SI_QUEUE && info->si_pid == getpid() &&
	       info->si_value.sival_ptr == s;
}

/* Whether info is the signal of the calling thread's own timer or clock. */
static int from_own_timer(const siginfo_t *info, const struct thread_slot *s)
{
	return (info->si_code == SI_TIMER && s && s->has_timer && info->si_value.sival_ptr == s) ||
	       from_own_perf(info, s);
}

/* How many samples one delivered SIGPROF stands for: its timer's periods;
 * a SIGPROF sent by other means (kill, raise) counts as one sample, as
 * before the timers were jittered.  The thread's CPU clock is read only
 * where a weight needs it (a system call: own-cost.h). */
static uint32_t signal_weight(const siginfo_t *info, struct thread_slot *s)
{
	if (process_wide)
		return claim_thread_periods(own_cost_thread_ns());
	if (from_wall_sampler(info, s) || (s && s->wall && from_own_perf(info, s)))
		return __atomic_exchange_n(&s->wall_pending, 0, __ATOMIC_RELAXED);
	if (from_own_perf(info, s))
		return 1;       /* one period of the thread's task clock, where it
				 * ended (task_clock_totals says what none saw) */
	if (from_own_timer(info, s))
		return claim_slot_periods(s, own_cost_thread_ns());
	if (info->si_code == SI_KERNEL && __atomic_load_n(&safety_net, __ATOMIC_RELAXED))
		return s ? 0 : claim_thread_periods(own_cost_thread_ns());   /* (unseen: no slot) */
	return info->si_code == SI_TIMER ? 0 : 1; /* 0: a timer just stopped */
}

static int sampling_stopped(void)
{
	return __atomic_load_n(&paused, __ATOMIC_SEQ_CST) ||
	       __atomic_load_n(&shut_down, __ATOMIC_SEQ_CST);
}

static int set_process_timer(uint64_t ns)
{
	struct itimerval it = {0};

	it.it_value.tv_sec = (time_t)(ns / 1000000000u);
	it.it_value.tv_usec = (suseconds_t)(ns % 1000000000u / 1000);
	if (ns != 0 && it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
		it.it_value.tv_usec = 1;
	if (ns != 0) { /* then every period, as jittered() says */
		it.it_interval.tv_sec = (time_t)(period_ns / 1000000000u);
		it.it_interval.tv_usec = (suseconds_t)(period_ns % 1000000000u / 1000);
		if (it.it_interval.tv_sec == 0 && it.it_interval.tv_usec == 0)
			it.it_interval.tv_usec = 1;
	}
	return setitimer(ITIMER_PROF, &it, NULL) == 0 ? 0 : errno;
}

/* The handler's timer again, one jittered period from now, while sampling
 * is on; if pausing, resuming or shutting down ran meanwhile, the timer is
 * set again to what that left (disarmed, or armed). */
static void rearm_after_signal(struct thread_slot *s)
{
	static const struct itimerspec disarmed;
	unsigned generation;

	do {
		generation = __atomic_load_n(&arm_generation, __ATOMIC_SEQ_CST);
		int stop = sampling_stopped();

		if (process_wide)
			set_process_timer(stop ? 0 : jittered_period_ns());
		else if (s && __atomic_load_n(&s->has_timer, __ATOMIC_SEQ_CST)) {
			struct itimerspec next = jittered(jittered_period_ns());

			timer_settime(s->timer, 0, stop ? &disarmed : &next, NULL);
		}
	} while (generation != __atomic_load_n(&arm_generation, __ATOMIC_SEQ_CST));
}

/* The wall sampler's signal to the slot's thread, on its CPU, for weight
 * samples where it is. */
static void signal_running(struct thread_slot *s, uint32_t weight)
{
	siginfo_t info;

	__atomic_fetch_add(&s->wall_pending, weight, __ATOMIC_RELAXED);
	memset(&info, 0, sizeof info);
	info.si_signo = SIGPROF;
	info.si_code = SI_QUEUE;
	info.si_pid = getpid();
	info.si_uid = getuid();
	info.si_value.sival_ptr = s;
	syscall(SYS_rt_tgsigqueueinfo, getpid(), s->tid, SIGPROF, &info);
}

/*
 * Threads the runtime never saw (no pthread_create of the program's made
 * them: libc's own helper threads, a library's that called libc's
 * pthread_create directly, a thread started before the runtime): they have
 * no clock of their own.  At the first signal of a sampled thread, and
 * every 64 after, the process's threads are counted (/proc/self/stat's
 * num_threads, three system calls); where they outnumber the threads with
 * a slot twice in a row, the
 * process-wide timer is armed too, as glibc's, and its signals sample the
 * threads without a slot (claim_thread_periods), the others dropping
 * theirs (a thread with a slot is sampled by its own clock, or asked not
 * to be).  Async-signal-safe.
 */
static void count_threads(void)
{
	char buf[512];
	const char *p;
	unsigned threads = 0;
	int fd, field = 2;
	ssize_t n;

	if (!__atomic_load_n(&watch_unseen, __ATOMIC_RELAXED) ||
	    __atomic_load_n(&safety_net, __ATOMIC_RELAXED) ||
	    __atomic_fetch_sub(&until_count, 1, __ATOMIC_RELAXED) % 64 != 0)
		return;
	if ((fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)) < 0)
		return;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = '\0';
	/* "PID (comm) S ..." : num_threads is the 20th field, the 18th after ')' */
	for (p = strrchr(buf, ')'); p && *p && field < 20; p++)
		if (*p == ' ')
			field++;
	while (p && *p >= '0' && *p <= '9')
		threads = threads * 10 + (unsigned)(*p++ - '0');
	/* twice in a row: a thread the hook is starting has no slot yet */
	if (!p || threads <= __atomic_load_n(&live_slots, __ATOMIC_RELAXED)) {
		__atomic_store_n(&unseen_once, 0, __ATOMIC_RELAXED);
		return;
	}
	if (!__atomic_exchange_n(&unseen_once, 1, __ATOMIC_RELAXED))
		return;
	if (!__atomic_exchange_n(&safety_net, 1, __ATOMIC_SEQ_CST)) {
		struct itimerval it = { { 0, 0 }, { 0, 0 } };

		it.it_interval.tv_sec = (time_t)(period_ns / 1000000000u);
		it.it_interval.tv_usec = (suseconds_t)(period_ns % 1000000000u / 1000);
		if (it.it_interval.tv_sec == 0 && it.it_interval.tv_usec == 0)
			it.it_interval.tv_usec = 1;
		it.it_value = it.it_interval;
		if (!sampling_stopped())
			setitimer(ITIMER_PROF, &it, NULL);
	}
}

/* A sample of weight of the slot's thread (NULL: the calling thread's,
 * which has none) counted: the signals, their samples, the threads. */
static void count_sample(struct thread_slot *s, uint32_t weight)
{
	int first = s ? !__atomic_exchange_n(&s->counted, 1, __ATOMIC_RELAXED) : !my_thread_sampled;

	my_thread_sampled |= s == NULL;
	if (first)
		__atomic_add_fetch(&threads_sampled, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&signals_counted, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&signal_samples, weight, __ATOMIC_RELAXED);
}

GMON_MPI_OWN_HANDLER static void on_sigprof(int sig, siginfo_t *info, void *context)
{
	int saved_errno = errno;
	const ucontext_t *uc = context;
	struct thread_slot *s = my_slot;
	uint64_t entry = own_cost_handler_ns();   /* the handler's own time: own-cost.h */
	uint32_t weight;

	(void)sig;
	/* In flight before looking at shut_down (both sequentially
	 * consistent): sampling_shutdown either sees this handler or is seen
	 * by it. */
	__atomic_add_fetch(&handlers_in_flight, 1, __ATOMIC_SEQ_CST);
	if (!__atomic_load_n(&shut_down, __ATOMIC_SEQ_CST)) {
		weight = signal_weight(info, s) * samples_per_period;
		if (process_wide && my_thread_excluded)
			__atomic_fetch_add(&excluded_samples, weight, __ATOMIC_RELAXED);
		else if (weight > 0) {
			count_sample(s, weight);
			histogram_add_samples((uintptr_t)uc->uc_mcontext.gregs[REG_RIP], weight);
			/* the same samples' call path (BG_GMON_CALLSTACKS) */
			callpaths_record(uc, weight);
		}
		if (s && !my_thread_excluded)
			__atomic_store_n(&s->samples, s->samples + weight, __ATOMIC_RELAXED);
		if (s && weight > 0)
			count_threads();
		own_cost_signal_done(entry);
		/* a task clock runs on by itself (perf-clock.h) */
		if (process_wide || (from_own_timer(info, s) && s->perf_fd < 0))
			rearm_after_signal(s);
	}
	__atomic_sub_fetch(&handlers_in_flight, 1, __ATOMIC_RELEASE);
	errno = saved_errno;
}

/* The wall clock's periods no sample took, of threads with no task clock
 * (wall_pass). */
static uint64_t wall_unplaced;

uint64_t sampling_wall_unplaced(void)
{
	return __atomic_load_n(&wall_unplaced, __ATOMIC_RELAXED) * samples_per_period;
}

/* A look's periods that wait for a sample where the thread is: found on
 * its CPU (WALL_WOKEN, or WALL_RUNNING with a task clock), its task
 * clock's next signal takes them where it lands, in the code it runs;
 * found waiting (waited: a walk not kept), the next look that finds it
 * waiting.  Before, the next walk took the first kind too: a thread
 * running in bursts shorter than a period (20 us between 20 us naps,
 * wall-race.c) is mostly found on its CPU by one look and waiting by the
 * next, whose wait claimed the running look's period (nap's share 16-23%
 * over its own clock's, scribble's 25-34% under, here).  A thread without
 * a task clock (perf events refused) gets no signal but the sampler's,
 * which only a thread on its CPU for a whole period gets
 * (wall_probe_read): its periods found running are unplaced instead,
 * counted (the run section's wall-unplaced-samples). */
static void wall_defer(struct thread_slot *s, uint32_t weight, int waited)
{
	if (s->perf_fd < 0)
		__atomic_fetch_add(&wall_unplaced, weight, __ATOMIC_RELAXED);
	else
		__atomic_fetch_add(waited ? &s->wall_pending_wait : &s->wall_pending, weight,
				   __ATOMIC_RELAXED);
}

/*
 * The wall sampler's pass (wall-sampler.h), in its thread: each thread of
 * the wall clock is given the periods of CLOCK_MONOTONIC since the last
 * look.  One that waits (blocked, or off its CPU since the last look: its
 * newest context switch) is sampled where it waited, without a signal;
 * one on its CPU all along is sent SIGPROF (SI_QUEUE, its slot the value),
 * whose handler takes the periods (wall_pending) where it lands; one just
 * woken keeps them pending for its task clock's next signal, and one that
 * ran while its stack was walked (a changing stack: the walk is not kept,
 * wall_probe_unmoved) for the next look that finds it waiting, both only
 * where its task clock signals (wall_defer).  Only a thread
 * that ran a whole period without a switch is signalled, so a call that blocks is
 * not interrupted (a per-thread timer on the wall clock,
 * before, interrupted the waits: nanosleep, poll, sem_timedwait returned
 * EINTR, a pipe's write and recv(MSG_WAITALL) came back short); one that
 * blocks at the instant it is signalled still is (a window of microseconds
 * a look).  In flight as a handler is, so that the snapshot waits for it.
 * 0: sampling shut down, the sampler ends.
 */
static int wall_pass(void)
{
	int me = wall_sampler_tid(), on = 1;
	uint64_t now = cpu_clock_ns(CLOCK_MONOTONIC);

	__atomic_add_fetch(&handlers_in_flight, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&shut_down, __ATOMIC_SEQ_CST))
		on = 0;
	/* The slots' probes are opened under slot_lock (start_timer_locked,
	 * by the thread itself) and read and closed here: held for the pass,
	 * so that a thread starting never has its probe closed under it (a
	 * slot not armed yet looked stopped: its ring was unmapped while the
	 * thread read it, SIGSEGV; wall-churn.c).  Nothing below takes it. */
	pthread_mutex_lock(&slot_lock);
	for (struct thread_slot *s = on ? __atomic_load_n(&all_slots, __ATOMIC_ACQUIRE) : NULL; s;
	     s = s->next) {
		ucontext_t uc;
		uintptr_t sp, pc;
		uint32_t weight;

		if (!s->wall || s->tid == me)
			continue;
		if (!__atomic_load_n(&s->has_timer, __ATOMIC_SEQ_CST) ||
		    __atomic_load_n(&s->exited, __ATOMIC_RELAXED)) {
			wall_probe_close(&s->probe);
			continue;
		}
		if (__atomic_load_n(&paused, __ATOMIC_SEQ_CST) ||
		    (weight = claim_slot_periods(s, now)) == 0)
			continue;
		switch (wall_probe_read(&s->probe, s->tid, &uc)) {
		case WALL_RUNNING:      /* its task clock's next signal says where */
			if (s->perf_fd < 0) {
				signal_running(s, weight);
				break;
			}
			/* fall through */
		case WALL_WOKEN:
			wall_defer(s, weight, 0);
			break;
		case WALL_WAITED:
			weight += __atomic_exchange_n(&s->wall_pending_wait, 0, __ATOMIC_RELAXED);
			sp = (uintptr_t)uc.uc_mcontext.gregs[REG_RSP];
			pc = (uintptr_t)uc.uc_mcontext.gregs[REG_RIP];
			if (sp < s->stack_low || sp >= s->stack_high)
				callpaths_stack_of(sp, &s->stack_low, &s->stack_high);
			if (!callpaths_record_blocked(&uc, s->stack_low, s->stack_high, s->omp,
						      weight, &s->probe, s->tid, &pc)) {
				/* it ran while walked: the next look */
				wall_defer(s, weight, 1);
				break;
			}
			count_sample(s, weight);
			histogram_add_samples(pc, weight);
			__atomic_fetch_add(&s->samples, weight, __ATOMIC_RELAXED);
			break;
		case WALL_GONE:
			wall_probe_close(&s->probe);
			break;
		}
	}
	pthread_mutex_unlock(&slot_lock);
	__atomic_sub_fetch(&handlers_in_flight, 1, __ATOMIC_RELEASE);
	return on;
}

/* Slot of the calling thread, made on first use; slot_lock held. */
static struct thread_slot *own_slot_locked(void)
{
	struct thread_slot *s = my_slot;

	if (s)
		return s;
	if (spare_slot_count == 0) {
		size_t page = (size_t)sysconf(_SC_PAGESIZE);
		void *p = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return NULL;
		spare_slots = p;
		spare_slot_count = page / sizeof *spare_slots;
	}
	s = spare_slots++;
	spare_slot_count--;
	__atomic_add_fetch(&live_slots, 1, __ATOMIC_RELAXED);
	s->thread = pthread_self();
	s->tid = (int)gettid();
	s->perf_fd = -1;
	s->probe = WALL_PROBE_NONE;
	s->omp = omp_thread_own();
	s->next = all_slots;
	__atomic_store_n(&all_slots, s, __ATOMIC_RELEASE);
	my_slot = s;
	return s;
}

/* Makes and arms the slot's timer; slot_lock held. */
static int start_timer_locked(struct thread_slot *s)
{
	static const struct itimerspec disarmed;
	struct sigevent sev;
	clockid_t clock;
	int err;

	struct itimerspec first;

	if (s->has_timer || s->exited || shut_down)
		return 0;
	if (wall_clock) {       /* the wall sampler looks at it (wall_pass) */
		s->wall = 1;
		wall_probe_open(&s->probe, s->tid);
	}
	/* the CPU clock: perf_events' task clock where allowed */
	if ((err = pthread_getcpuclockid(s->thread, &clock)) == 0 &&
	    (err = perf_clock_open(s->tid, period_ns, s->wall)) >= 0) {
		/* its signals weigh the thread's CPU clock (claim_slot_periods) */
		s->perf_fd = err;
		s->clock = clock;
		__atomic_store_n(&s->accounted_ns, slot_now(s), __ATOMIC_RELAXED);
		__atomic_store_n(&s->has_timer, 1, __ATOMIC_SEQ_CST);
		s->ever_timed = 1;
		s->on_task_clock = !s->wall;
		perf_threads++;
		if (!paused) {
			task_clock_armed(s, 1);
			perf_clock_arm(s->perf_fd);
		}
		return 0;
	}
	if (err < 0)
		perf_refused = -err;
	if (s->wall) {          /* no task clock: the sampler signals it */
		__atomic_store_n(&s->accounted_ns, slot_now(s), __ATOMIC_RELAXED);
		__atomic_store_n(&s->has_timer, 1, __ATOMIC_SEQ_CST);
		s->ever_timed = 1;
		return 0;
	}
	if ((err = pthread_getcpuclockid(s->thread, &clock)) != 0)
		return err;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGPROF;
	sev.sigev_value.sival_ptr = s; /* the handler knows its own timer's signals */
	sev._sigev_un._tid = s->tid;
	if (timer_create(clock, &sev, &s->timer) != 0)
		return errno;
	s->clock = clock;
	__atomic_store_n(&s->accounted_ns, slot_now(s), __ATOMIC_RELAXED);
	__atomic_store_n(&s->has_timer, 1, __ATOMIC_SEQ_CST);
	s->ever_timed = 1;
	timer_threads++;
	first = jittered(jittered_period_ns());
	timer_settime(s->timer, 0, paused ? &disarmed : &first, NULL);
	return 0;
}

static void delete_timer_locked(struct thread_slot *s)
{
	if (s->has_timer) {
		__atomic_store_n(&s->has_timer, 0, __ATOMIC_SEQ_CST);
		if (s->perf_fd >= 0) {
			perf_clock_disarm(s->perf_fd);
			task_clock_armed(s, 0);
			perf_clock_close(s->perf_fd);
			s->perf_fd = -1;
		} else if (!s->wall) {  /* (a probe is the sampler's to close) */
			timer_delete(s->timer);
		}
	}
}

/* Arms (or, paused, disarms) the process-wide timer; the CPU time used
 * while it was disarmed is not sampled. */
static int arm_process_timer(int arm)
{
	if (arm)
		__atomic_add_fetch(&sampling_epoch, 1, __ATOMIC_RELAXED);
	return set_process_timer(arm ? jittered_period_ns() : 0);
}

int sampling_init(unsigned rate, unsigned signal_rate, int whole_process, int wall)
{
	struct sigaction sa;
	unsigned per = signal_rate > 0 && rate % signal_rate == 0 ? rate / signal_rate : 1;
	long ns = 1000000000L / (per > 1 ? signal_rate : rate ? rate : 1);
	int err = 0;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigprof;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	/* The program's signals wait the few microseconds of a sample: a
	 * handler of its own that ran inside ours ran with SIGPROF blocked,
	 * unsampled, and its next handlers with it (a SIGALRM
	 * handler of 0.15 s every 20 ms: 9 samples in a run of 3 s, under
	 * load).  Not the faults, which cannot wait. */
	sigfillset(&sa.sa_mask);
	sigdelset(&sa.sa_mask, SIGSEGV);
	sigdelset(&sa.sa_mask, SIGBUS);
	sigdelset(&sa.sa_mask, SIGILL);
	sigdelset(&sa.sa_mask, SIGFPE);
	sigdelset(&sa.sa_mask, SIGTRAP);
	if (sigaction(SIGPROF, &sa, NULL) != 0)
		return errno;
	pthread_mutex_lock(&slot_lock);
	period_ns = (uint64_t)ns;
	samples_per_period = per;
	wall_clock = wall && !whole_process;
	initialized = 1;
	if (whole_process) {
		process_wide = 1;
		/* this thread's time so far is not profiled (claim_thread_periods) */
		my_clock_predates_sampling = 1;
		my_accounted_ns = cpu_clock_ns(CLOCK_THREAD_CPUTIME_ID);
		err = paused ? 0 : arm_process_timer(1);
		my_epoch = __atomic_load_n(&sampling_epoch, __ATOMIC_RELAXED);
		pthread_mutex_unlock(&slot_lock);
		return err;
	}
	for (struct thread_slot *s = all_slots; s; s = s->next)
		if (s->wants_timer && start_timer_locked(s) != 0 && err == 0)
			err = errno;
	pthread_mutex_unlock(&slot_lock);
	if (wall_clock && err == 0)
		err = wall_sampler_start(jittered_period_ns, wall_pass);
	return err;
}

void sampling_watch_unseen(void)
{
	__atomic_store_n(&watch_unseen, 1, __ATOMIC_RELAXED);
}

int sampling_start_thread_timer(void)
{
	struct thread_slot *s;
	int err = 0;

	if (process_wide) { /* already sampled by the process's timer */
		my_thread_excluded = 0;
		return 0;
	}
	pthread_mutex_lock(&slot_lock);
	s = own_slot_locked();
	if (!s)
		err = ENOMEM;
	else {
		s->wants_timer = 1;
		if (initialized)
			err = start_timer_locked(s);
	}
	pthread_mutex_unlock(&slot_lock);
	return err;
}

void sampling_stop_thread_timer(void)
{
	struct thread_slot *s = my_slot;

	if (process_wide) {
		my_thread_excluded = 1;
		return;
	}
	if (!s)
		return;
	pthread_mutex_lock(&slot_lock);
	s->wants_timer = 0;
	delete_timer_locked(s);
	pthread_mutex_unlock(&slot_lock);
}

void sampling_thread_exiting(void)
{
	struct thread_slot *s = my_slot;

	if (!s)
		return;
	pthread_mutex_lock(&slot_lock);
	delete_timer_locked(s);
	s->exited = 1;
	__atomic_sub_fetch(&live_slots, 1, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&slot_lock);
}

void sampling_set_paused(int pause)
{
	static const struct itimerspec disarmed;

	pthread_mutex_lock(&slot_lock);
	__atomic_store_n(&paused, pause, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&arm_generation, 1, __ATOMIC_SEQ_CST);
	if ((process_wide || safety_net) && !shut_down)
		arm_process_timer(!pause);
	for (struct thread_slot *s = all_slots; s; s = s->next) {
		struct itimerspec next = jittered(jittered_period_ns());

		if (!s->has_timer)
			continue;
		/* the time while paused is not sampled */
		if (!pause)
			__atomic_store_n(&s->accounted_ns, slot_now(s), __ATOMIC_RELAXED);
		if (s->perf_fd >= 0) {      /* it counts only while armed */
			if (pause)
				perf_clock_disarm(s->perf_fd);
			task_clock_armed(s, !pause);
			if (!pause)
				perf_clock_arm(s->perf_fd);
			continue;
		}
		if (s->wall)            /* no timer: the sampler's */
			continue;
		timer_settime(s->timer, 0, pause ? &disarmed : &next, NULL);
	}
	pthread_mutex_unlock(&slot_lock);
}

/*
 * A handler that passed its check of shut_down on another thread may still
 * be adding its sample (descheduled in between on a loaded machine, with
 * several samples of timer overrun): the snapshot waits until none is in
 * flight, so that what the verbose line counts after the write is what the
 * file holds.  Bounded: if this thread interrupted its own handler (an
 * application's signal handler calling exit), that handler cannot finish
 * before we return; after WAIT_LIMIT_NS the snapshot goes on as before.
 */
#define WAIT_LIMIT_NS 100000000L   /* 100 ms */
#define WAIT_STEP_NS 100000L       /* 0.1 ms */

static void wait_for_handlers(void)
{
	/* Sequentially consistent, as the store of shut_down before it and
	 * the handlers' side: else this load could pass that store. */
	for (long waited = 0; __atomic_load_n(&handlers_in_flight, __ATOMIC_SEQ_CST) != 0 &&
			      waited < WAIT_LIMIT_NS; waited += WAIT_STEP_NS)
		nanosleep(&(struct timespec){ 0, WAIT_STEP_NS }, NULL);
}

void sampling_shutdown(void)
{
	pthread_mutex_lock(&slot_lock);
	__atomic_store_n(&shut_down, 1, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&arm_generation, 1, __ATOMIC_SEQ_CST);
	if (process_wide || __atomic_load_n(&safety_net, __ATOMIC_SEQ_CST))
		arm_process_timer(0);
	for (struct thread_slot *s = all_slots; s; s = s->next)
		delete_timer_locked(s);
	pthread_mutex_unlock(&slot_lock);
	wait_for_handlers();
}

void sampling_for_each_thread(thread_sample_visitor visit, void *ctx)
{
	for (struct thread_slot *s = __atomic_load_n(&all_slots, __ATOMIC_ACQUIRE); s; s = s->next)
		if (s->ever_timed)
			visit(s->tid, __atomic_load_n(&s->samples, __ATOMIC_RELAXED), ctx);
}

const char *sampling_dimension(void)
{
	return wall_clock ? GMON_DIMEN_WALL : GMON_DIMEN_CPU;
}

int sampling_is_process_wide(void)
{
	return process_wide;
}

uint64_t sampling_excluded_samples(void)
{
	return __atomic_load_n(&excluded_samples, __ATOMIC_RELAXED);
}

static const char *threads_engine(void)
{
	if (process_wide)
		return "itimer-prof";
	/* the wall sampler, with the threads' task clocks in user mode or its
	 * own signals, and the waits' registers from context switches or not
	 * (wall-sampler.h) */
	if (wall_clock && perf_threads > 0)
		return wall_probe_switches_refused() ? "wall-sampler+perf-task-clock-user-no-switches"
						     : "wall-sampler+perf-task-clock-user";
	if (wall_clock)
		return wall_probe_switches_refused() ? "wall-sampler+signals-no-switches"
						     : "wall-sampler+signals";
	if (perf_threads > 0 && timer_threads > 0)
		return perf_clock_user_only() ? "perf-task-clock-user+posix-timers"
					      : "perf-task-clock+posix-timers";
	if (perf_threads > 0)
		return perf_clock_user_only() ? "perf-task-clock-user" : "perf-task-clock";
	return timer_threads > 0 ? "posix-timers" : "none";
}

const char *sampling_engine(int *refused)
{
	static char with_net[96];
	const char *engine = threads_engine();
	size_t n = 0;

	*refused = perf_refused;
	if (!__atomic_load_n(&safety_net, __ATOMIC_RELAXED))
		return engine;
	/* and the process-wide timer for the threads never seen (count_threads) */
	for (const char *p = engine; *p && n < sizeof with_net - 1; p++)
		with_net[n++] = *p;
	for (const char *p = "+itimer-prof-unseen"; *p && n < sizeof with_net - 1; p++)
		with_net[n++] = *p;
	with_net[n] = '\0';
	return with_net;
}

void sampling_task_clock_totals(uint64_t *cpu_ns, uint64_t *samples)
{
	*cpu_ns = *samples = 0;
	for (struct thread_slot *s = __atomic_load_n(&all_slots, __ATOMIC_ACQUIRE); s; s = s->next) {
		uint64_t since = __atomic_load_n(&s->armed_cpu_ns, __ATOMIC_RELAXED), now;

		if (!s->on_task_clock)
			continue;
		*cpu_ns += __atomic_load_n(&s->task_clock_cpu_ns, __ATOMIC_RELAXED);
		if (since && (now = cpu_clock_ns(s->clock)) > since)
			*cpu_ns += now - since;
		*samples += __atomic_load_n(&s->samples, __ATOMIC_RELAXED);
	}
}

uint64_t sampling_signals(void)
{
	return __atomic_load_n(&signals_counted, __ATOMIC_RELAXED);
}

uint64_t sampling_signal_samples(void)
{
	return __atomic_load_n(&signal_samples, __ATOMIC_RELAXED);
}

unsigned sampling_threads_sampled(void)
{
	return __atomic_load_n(&threads_sampled, __ATOMIC_RELAXED);
}

void sampling_after_fork_in_child(void)
{
	pthread_mutex_init(&slot_lock, NULL);
	/* The parent's task clocks are its threads': not the child's (POSIX
	 * timers are not inherited either). */
	for (struct thread_slot *s = all_slots; s; s = s->next)
		if (s->perf_fd >= 0) {
			__atomic_store_n(&s->has_timer, 0, __ATOMIC_SEQ_CST);
			perf_clock_close(s->perf_fd);
			s->perf_fd = -1;
		}
	/* The other threads' handlers did not come along. */
	__atomic_store_n(&handlers_in_flight, 0, __ATOMIC_SEQ_CST);
}
