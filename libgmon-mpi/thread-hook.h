/*
 * thread-hook.h - gives new threads a CPU-time timer as
 * BG_GMON_START_THREAD_TIMERS or gmon_start_all_thread_timers() asks, by
 * interposing pthread_create (in the shared library only: a static program
 * has no symbol interposition, and there only threads that call
 * gmon_thread_timer(1) are sampled besides the main thread).
 *
 * Communication threads (policy "nocomm") are recognised by where they come
 * from: a thread whose start routine, or whose pthread_create call, lies in
 * a shared object of the MPI stack (see thread-hook.c) gets no timer.
 */
#ifndef GMON_MPI_THREAD_HOOK_H
#define GMON_MPI_THREAD_HOOK_H

#include <stdint.h>

/* From now on every new thread gets a timer (BG/Q's
 * gmon_start_all_thread_timers()). */
void thread_hook_time_all_new_threads(void);

struct thread_hook_stats {
	uint64_t comm_skipped;   /* communication threads left without one */
	char comm_libraries[4][64];    /* file names of the objects they came from
					  (the first few; copied: an MPI component
					  may be unloaded before exit) */
};
void thread_hook_get_stats(struct thread_hook_stats *stats);

/* 1 if the shared object named path belongs to the MPI stack. */
int is_communication_library(const char *path);

#endif /* GMON_MPI_THREAD_HOOK_H */
