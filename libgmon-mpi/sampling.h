/*
 * sampling.h - CPU-time sampling into the histogram: a SIGPROF handler and
 * either one timer on the whole process's CPU time (the default, as glibc)
 * or one timer per sampled thread on that thread's own CPU-time clock, so
 * each thread's samples follow its own CPU time.  Either way a signal that
 * stands for several expirations (rates above the kernel tick) counts as
 * that many samples.
 *
 * Threads are registered (by the thread-creation hook, or when they first
 * ask for a timer) with whether they want a timer; timers of threads that
 * registered before sampling_init are started by it.
 */
#ifndef GMON_MPI_SAMPLING_H
#define GMON_MPI_SAMPLING_H

#include <stdint.h>

/* Installs the SIGPROF handler and starts the process's timer
 * (whole_process) or the thread timers wanted so far; rate in samples per
 * second of the clock: CPU time, or with wall (per-thread timers only)
 * elapsed time.  signal_rate: the signals a second, where it divides rate
 * (each then stands for rate / signal_rate samples: the histogram counts
 * at rate whatever the signals cost, settings.h's config_choose_rate);
 * else they come at rate.  Returns 0, or an errno value. */
int sampling_init(unsigned rate, unsigned signal_rate, int whole_process, int wall);

/* The dimension of the histograms written: GMON_DIMEN_CPU or
 * GMON_DIMEN_WALL (gmon-format.h). */
const char *sampling_dimension(void);

/* Whether one timer samples the whole process (TIMERS_PROCESS). */
int sampling_is_process_wide(void);

/* Process-wide mode: samples that fell in threads that called
 * gmon_thread_timer(0), and were dropped. */
uint64_t sampling_excluded_samples(void);

/* Every thread is to be sampled (TIMERS_ALL): the threads the runtime
 * never saw are found, and sampled by the process-wide timer (the safety
 * net of sampling.c's count_threads).  Before sampling_init. */
void sampling_watch_unseen(void);

/* The calling thread wants a timer (from now on); started at once if
 * sampling is initialized.  Process-wide: the thread is sampled again if
 * it had stopped.  Returns 0, or an errno value. */
int sampling_start_thread_timer(void);

/* The calling thread's timer stops (process-wide: its samples are
 * dropped from now on); it takes no more samples. */
void sampling_stop_thread_timer(void);

/* The calling thread is ending: its timer, if any, is deleted. */
void sampling_thread_exiting(void);

/* moncontrol: disarms (paused) or re-arms every timer. */
void sampling_set_paused(int paused);

/* Deletes every timer; later signals are ignored, and the handlers already
 * adding a sample are waited for (up to 100 ms).  Call before the snapshot. */
void sampling_shutdown(void);

/* How many threads kept at least one sample so far (a forked child counts
 * its parent's, whose samples it holds).  Async-signal-safe. */
unsigned sampling_threads_sampled(void);

/* The signals that brought samples (of threads not excluded) so far, and
 * the samples they brought: a signal's weight is the periods of its
 * thread's clock since its last, so the samples are not Poisson counts
 * (a signal of weight w has w times the variance): what the statistics of
 * the readers need (the run section's "signals" and "signal-samples"). */
uint64_t sampling_signals(void);

/* The threads sampled on perf_events' task clock (not the wall clock's):
 * their CPU time while it was armed, and their samples, one a signal (one
 * period of the task clock, where it ended).  The difference is CPU time
 * no signal came for: the task clock's signals fell short (measured: 4
 * threads yielding the one CPU they share, 17% of their time), or ran
 * ahead (the hypervisor's stolen time, 1-2%).  Async-signal-safe. */
void sampling_task_clock_totals(uint64_t *cpu_ns, uint64_t *samples);

/* The wall clock's periods that no sample took: threads without a task
 * clock, found on their CPU at a look after a switch (sampling.c,
 * wall_defer).  Async-signal-safe. */
uint64_t sampling_wall_unplaced(void);

/* The engine that sampled (the run section's "engine"): itimer-prof (the
 * process-wide timer), perf-task-clock (each thread's perf_events task
 * clock; "-user": user time only, kernel profiling refused),
 * posix-timers (each thread's CPU-time timer, where perf_events were
 * refused: *refused the errno then, else 0), both joined by "+" when
 * threads had each, posix-timers-monotonic (the wall clock), none. */
const char *sampling_engine(int *refused);
uint64_t sampling_signal_samples(void);

/* In a forked child: forget the lock another thread of the parent held. */
void sampling_after_fork_in_child(void);

/* Calls visit for every thread that had a timer: kernel thread id, samples. */
typedef void (*thread_sample_visitor)(int tid, uint64_t samples, void *ctx);
void sampling_for_each_thread(thread_sample_visitor visit, void *ctx);

#endif /* GMON_MPI_SAMPLING_H */
