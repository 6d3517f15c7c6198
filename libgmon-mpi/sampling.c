/*
 * sampling.c - see sampling.h.
 *
 * Timers live in slots carved from mmap'ed pages and linked into a
 * push-only list, so the exit-time reader and moncontrol() can walk them
 * while threads start; the signal handler touches only its own slot (found
 * through an initial-exec TLS pointer) and the histogram's atomic bins.
 */
#define _GNU_SOURCE
#include "sampling.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "histogram.h"

struct thread_timer {
	timer_t id;
	int tid;
	int live;              /* timer exists */
	uint64_t samples;
	struct thread_timer *next;
};

static struct thread_timer *all_timers;
static struct thread_timer *free_slots; /* of the current slot page */
static size_t free_slot_count;
static pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;
static struct itimerspec interval;
static int paused;
static int shut_down;

static __thread struct thread_timer *my_timer __attribute__((tls_model("initial-exec")));

static void on_sigprof(int sig, siginfo_t *info, void *context)
{
	int saved_errno = errno;
	const ucontext_t *uc = context;
	struct thread_timer *t = my_timer;

	(void)sig;
	(void)info;
	if (!__atomic_load_n(&shut_down, __ATOMIC_RELAXED)) {
		histogram_add_sample((uintptr_t)uc->uc_mcontext.gregs[REG_RIP]);
		if (t)
			__atomic_store_n(&t->samples, t->samples + 1, __ATOMIC_RELAXED);
	}
	errno = saved_errno;
}

int sampling_init(unsigned rate)
{
	struct sigaction sa;
	long ns = 1000000000L / (rate ? rate : 1);

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigprof;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGPROF, &sa, NULL) != 0)
		return errno;
	interval.it_interval.tv_sec = ns / 1000000000L;
	interval.it_interval.tv_nsec = ns % 1000000000L;
	interval.it_value = interval.it_interval;
	return 0;
}

static struct thread_timer *new_slot(void)
{
	struct thread_timer *t;

	pthread_mutex_lock(&slot_lock);
	if (free_slot_count == 0) {
		long page = sysconf(_SC_PAGESIZE);
		void *p = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED) {
			pthread_mutex_unlock(&slot_lock);
			return NULL;
		}
		free_slots = p;
		free_slot_count = (size_t)page / sizeof *free_slots;
	}
	t = free_slots++;
	free_slot_count--;
	t->next = all_timers;
	__atomic_store_n(&all_timers, t, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&slot_lock);
	return t;
}

int sampling_start_thread_timer(void)
{
	struct sigevent sev;
	struct thread_timer *t = my_timer;

	if (__atomic_load_n(&shut_down, __ATOMIC_RELAXED))
		return ECANCELED;
	if (t && t->live)
		return 0;
	if (!t) {
		t = new_slot();
		if (!t)
			return ENOMEM;
		t->tid = (int)gettid();
		my_timer = t;
	}
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGPROF;
	sev._sigev_un._tid = t->tid;
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &sev, &t->id) != 0)
		return errno;
	__atomic_store_n(&t->live, 1, __ATOMIC_RELEASE);
	if (!__atomic_load_n(&paused, __ATOMIC_RELAXED))
		timer_settime(t->id, 0, &interval, NULL);
	return 0;
}

void sampling_stop_thread_timer(void)
{
	struct thread_timer *t = my_timer;

	pthread_mutex_lock(&slot_lock);
	if (t && t->live) {
		t->live = 0;
		timer_delete(t->id);
	}
	pthread_mutex_unlock(&slot_lock);
}

void sampling_set_paused(int pause)
{
	static const struct itimerspec disarmed;

	pthread_mutex_lock(&slot_lock);
	__atomic_store_n(&paused, pause, __ATOMIC_RELAXED);
	for (struct thread_timer *t = all_timers; t; t = t->next)
		if (t->live)
			timer_settime(t->id, 0, pause ? &disarmed : &interval, NULL);
	pthread_mutex_unlock(&slot_lock);
}

void sampling_shutdown(void)
{
	pthread_mutex_lock(&slot_lock);
	__atomic_store_n(&shut_down, 1, __ATOMIC_RELAXED);
	for (struct thread_timer *t = all_timers; t; t = t->next) {
		if (t->live) {
			t->live = 0;
			timer_delete(t->id);
		}
	}
	pthread_mutex_unlock(&slot_lock);
}

void sampling_for_each_thread(thread_sample_visitor visit, void *ctx)
{
	for (struct thread_timer *t = __atomic_load_n(&all_timers, __ATOMIC_ACQUIRE); t; t = t->next)
		visit(t->tid, __atomic_load_n(&t->samples, __ATOMIC_RELAXED), ctx);
}

static void add_thread_stats(int tid, uint64_t samples, void *ctx)
{
	struct sampling_stats *stats = ctx;

	(void)tid;
	stats->threads++;
	stats->samples += samples;
}

void sampling_get_stats(struct sampling_stats *stats)
{
	*stats = (struct sampling_stats){0};
	sampling_for_each_thread(add_thread_stats, stats);
}
