/*
 * perf-clock.h - a thread's sampling clock on perf_events' task clock
 * (PERF_COUNT_SW_TASK_CLOCK, issue 36): a counter of the thread's own CPU
 * time that overflows every period, its signal (SIGPROF) sent to that
 * thread (F_SETOWN_EX, F_SETSIG), as perf and async-profiler's CPU mode
 * sample.  Unlike a CPU-time timer it is not tied to the scheduler tick
 * (a CLOCK_THREAD_CPUTIME_ID timer fires at most once a tick, 4 ms at
 * 250 Hz, and a signal then stands for the CPU time since the last,
 * wherever it lands: a phase's time moved into the next): its signals
 * come every period of the thread's own CPU time, in a phase of the
 * thread's own.  It runs freely while armed: nothing to re-arm in the
 * handler (no system call per signal).  A signal is one period, where it
 * ended; the CPU time the signals do not stand for is the caller's figure
 * (sampling_task_clock_totals): in a virtual machine the task clock ran
 * 1-2% ahead of CLOCK_THREAD_CPUTIME_ID (2.035 s against 2.000 s of a
 * thread's CPU, beside two busy loops: the time the hypervisor stole), and
 * a thread that switches often loses overflows (a sched_yield loop, 4
 * threads on one CPU: 45% fewer signals than periods, none lost in the
 * code between; an overflow due inside a context switch seems dropped).
 * Weighing each signal by the CPU time since the last moved that time into
 * the code between (+26%).  (Arming it for one overflow at a time with
 * PERF_EVENT_IOC_REFRESH, as before, raised its overflow limit for good
 * when it was refreshed while armed: by a redundant moncontrol(1), or a
 * resume racing the handler.)
 *
 * Where perf_event_open is refused (perf_event_paranoid 3, seccomp, some
 * containers) perf_clock_open says so and the caller falls back to a
 * POSIX CPU-time timer; with kernel profiling refused to an unprivileged
 * user (paranoid 2) it counts user time only (perf_clock_user_only).
 * arm, disarm and close are async-signal-safe (ioctl, close).
 */
#ifndef GMON_MPI_PERF_CLOCK_H
#define GMON_MPI_PERF_CLOCK_H

#include <stdint.h>

/* A disarmed task clock of thread tid (of this process) whose overflow
 * signals SIGPROF to it: its fd, or -errno.  in_user_only: its overflows
 * signal only in user mode (exclude_kernel: an overflow while the thread
 * runs in the kernel is skipped, and the next one is a period later), so
 * that no signal of it interrupts a system call: the wall clock's
 * (wall-sampler.h; a signal pending when a system call must wait ends it). */
int perf_clock_open(int tid, uint64_t period_ns, int in_user_only);

/* Starts fd counting its thread's CPU time (0, or -errno), from where it
 * stopped; stops it.  Either is idempotent.  The period is fixed:
 * changing it each time (PERF_EVENT_IOC_PERIOD, to jitter it as the POSIX
 * timers are) lost 5-9% of the CPU time here; the thread's clock is its
 * CPU time, not the tick, so the samples fall at every period of it. */
int perf_clock_arm(int fd);
void perf_clock_disarm(int fd);
void perf_clock_close(int fd);

/* Whether the clocks opened count user time only (kernel profiling
 * refused). */
int perf_clock_user_only(void);

/* Whether a signal whose si_code is code and si_fd signal_fd is an
 * overflow of the clock fd. */
int perf_clock_is_overflow(int code, int signal_fd, int fd);

#endif /* GMON_MPI_PERF_CLOCK_H */
