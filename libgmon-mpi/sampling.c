/*
 * sampling.c - see sampling.h.
 *
 * Thread slots are carved from mmap'ed pages and linked into a push-only
 * list, so the exit-time reader can walk them while threads start; the
 * signal handler touches only its own slot (found through an initial-exec
 * TLS pointer) and the histogram's atomic bins.  Timers are made on
 * pthread_getcpuclockid()'s clock of the slot's thread and deliver SIGPROF
 * to that thread (SIGEV_THREAD_ID), so any thread can start another's; the
 * slot lock keeps a thread from ending while its timer is being made.
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

struct thread_slot {
	pthread_t thread;
	int tid;
	int wants_timer;
	int has_timer;
	int ever_timed;
	int exited;
	timer_t timer;
	uint64_t samples;
	struct thread_slot *next;
};

static struct thread_slot *all_slots;
static struct thread_slot *spare_slots; /* of the current slot page */
static size_t spare_slot_count;
static pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;
static struct itimerspec interval;
static int initialized;
static int paused;
static int shut_down;

static __thread struct thread_slot *my_slot __attribute__((tls_model("initial-exec")));

static void on_sigprof(int sig, siginfo_t *info, void *context)
{
	int saved_errno = errno;
	const ucontext_t *uc = context;
	struct thread_slot *s = my_slot;

	(void)sig;
	(void)info;
	if (!__atomic_load_n(&shut_down, __ATOMIC_RELAXED)) {
		histogram_add_sample((uintptr_t)uc->uc_mcontext.gregs[REG_RIP]);
		if (s)
			__atomic_store_n(&s->samples, s->samples + 1, __ATOMIC_RELAXED);
	}
	errno = saved_errno;
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
	s->thread = pthread_self();
	s->tid = (int)gettid();
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

	if (s->has_timer || s->exited || shut_down)
		return 0;
	err = pthread_getcpuclockid(s->thread, &clock);
	if (err != 0)
		return err;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGPROF;
	sev._sigev_un._tid = s->tid;
	if (timer_create(clock, &sev, &s->timer) != 0)
		return errno;
	s->has_timer = 1;
	s->ever_timed = 1;
	timer_settime(s->timer, 0, paused ? &disarmed : &interval, NULL);
	return 0;
}

static void delete_timer_locked(struct thread_slot *s)
{
	if (s->has_timer) {
		s->has_timer = 0;
		timer_delete(s->timer);
	}
}

int sampling_init(unsigned rate)
{
	struct sigaction sa;
	long ns = 1000000000L / (rate ? rate : 1);
	int err = 0;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigprof;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGPROF, &sa, NULL) != 0)
		return errno;
	pthread_mutex_lock(&slot_lock);
	interval.it_interval.tv_sec = ns / 1000000000L;
	interval.it_interval.tv_nsec = ns % 1000000000L;
	interval.it_value = interval.it_interval;
	initialized = 1;
	for (struct thread_slot *s = all_slots; s; s = s->next)
		if (s->wants_timer && start_timer_locked(s) != 0 && err == 0)
			err = errno;
	pthread_mutex_unlock(&slot_lock);
	return err;
}

int sampling_start_thread_timer(void)
{
	struct thread_slot *s;
	int err = 0;

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
	pthread_mutex_unlock(&slot_lock);
}

void sampling_set_paused(int pause)
{
	static const struct itimerspec disarmed;

	pthread_mutex_lock(&slot_lock);
	paused = pause;
	for (struct thread_slot *s = all_slots; s; s = s->next)
		if (s->has_timer)
			timer_settime(s->timer, 0, pause ? &disarmed : &interval, NULL);
	pthread_mutex_unlock(&slot_lock);
}

void sampling_shutdown(void)
{
	pthread_mutex_lock(&slot_lock);
	__atomic_store_n(&shut_down, 1, __ATOMIC_RELAXED);
	for (struct thread_slot *s = all_slots; s; s = s->next)
		delete_timer_locked(s);
	pthread_mutex_unlock(&slot_lock);
}

void sampling_for_each_thread(thread_sample_visitor visit, void *ctx)
{
	for (struct thread_slot *s = __atomic_load_n(&all_slots, __ATOMIC_ACQUIRE); s; s = s->next)
		if (s->ever_timed)
			visit(s->tid, __atomic_load_n(&s->samples, __ATOMIC_RELAXED), ctx);
}

void sampling_after_fork_in_child(void)
{
	pthread_mutex_init(&slot_lock, NULL);
}
