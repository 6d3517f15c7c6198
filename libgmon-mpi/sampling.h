/*
 * sampling.h - CPU-time sampling into the histogram: a SIGPROF handler and
 * one CLOCK_THREAD_CPUTIME_ID timer per sampled thread, so each thread's
 * samples follow its own CPU time.
 */
#ifndef GMON_MPI_SAMPLING_H
#define GMON_MPI_SAMPLING_H

#include <stdint.h>

/* Installs the SIGPROF handler; rate in samples per CPU-second. */
int sampling_init(unsigned rate);

/* Starts a timer for the calling thread (no-op if it has one).  Returns 0,
 * or an errno value. */
int sampling_start_thread_timer(void);

/* Stops and deletes the calling thread's timer, if any. */
void sampling_stop_thread_timer(void);

/* moncontrol: disarms (paused) or re-arms every timer. */
void sampling_set_paused(int paused);

/* Deletes every timer; later signals are ignored.  Call before the snapshot. */
void sampling_shutdown(void);

struct sampling_stats {
	unsigned threads;       /* threads that had a timer */
	uint64_t samples;       /* samples taken by all of them */
};
void sampling_get_stats(struct sampling_stats *stats);

/* Calls visit for every thread that had a timer: kernel thread id, samples. */
typedef void (*thread_sample_visitor)(int tid, uint64_t samples, void *ctx);
void sampling_for_each_thread(thread_sample_visitor visit, void *ctx);

#endif /* GMON_MPI_SAMPLING_H */
