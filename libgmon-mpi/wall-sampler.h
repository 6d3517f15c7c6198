/*
 * wall-sampler.h - the wall clock's engine (BG_GMON_CLOCK=wall, issue 36):
 * a thread of the runtime's own wakes every period (jittered) and looks at
 * each sampled thread without interrupting it, giving it the periods of
 * CLOCK_MONOTONIC since the last look:
 *
 *   - a thread that waits (blocked in a system call: nanosleep, poll,
 *     read, a futex, MPI's waits when they block; or off its CPU now: a
 *     yield, a preemption, woken and waiting for a CPU) is sampled where
 *     it waits, by the sampler: its user PC and stack pointer from
 *     /proc/self/task/TID/syscall, or its newest context switch's
 *     registers, its path unwound from there;
 *   - a thread on its CPU gets them as pending, which the next signal of
 *     its own task clock takes where it lands (never its next wait: that
 *     made 20 us waits between 20 us bursts claim 16-23% more than their
 *     own clock): a task clock that signals in user mode only
 *     (perf-clock.h), so that no signal ever interrupts a system call.
 *     Where perf_event_open is refused, the sampler
 *     signals a thread it found on its CPU at two looks in a row with no
 *     switch between (one that blocks at that instant is interrupted).
 *
 * A signal interrupts a blocking call (EINTR whatever SA_RESTART says, for
 * nanosleep, poll, select, sem_timedwait, pause, sigwaitinfo, msgrcv, ...;
 * a pipe's write or a recv(MSG_WAITALL) comes back short): per-thread
 * timers on the wall clock, before, made 11 of 20 such calls return early,
 * and a 0.4 s nanosleep return at its first sample.
 *
 * The walk needs the thread's callee-saved registers too (a frame-pointer
 * frame's CFA is %rbp's, and a libc wrapper below it need not have saved
 * %rbp): perf_events records them at each context switch of the thread
 * (PERF_COUNT_SW_CONTEXT_SWITCHES with PERF_SAMPLE_REGS_USER, the newest
 * record kept in a ring written backward), and the record whose stack
 * pointer and PC are those of the wait gives them.  Where perf_event_open
 * refuses that (kernel events need perf_event_paranoid 1 or less, or root),
 * the path ends at the first frame that needs %rbp (only the blocking
 * call's immediate caller is seen).
 *
 * The walk does not stop the thread either: one that wakes meanwhile runs
 * on over the words the walk reads (its frames popped, others written
 * there: 14% of the samples of wall-race.c's 20 us naps had a frame in no
 * module, and one run in 4 of e2e-omp-wall.sh 1 or 2).  So the thread's
 * switches are counted before its registers are read and again after the
 * walk (wall_probe_unmoved): its arrivals on a CPU (/proc/.../schedstat's
 * third field), its context switches' records (the ring's head) and its
 * CPU clock; a walk is kept only if none moved.  The arrivals miss a run
 * now and then (Linux 6.18 here: a thread that ran with its arrivals
 * unchanged, about one look in 6 runs of wall-race.c without the ring;
 * its walk read what the thread wrote since), and a thread that woke
 * during the walk and is on its CPU still has written no switch's record
 * yet (with the arrivals frozen, 2-9 bad samples a run of wall-race.c
 * with the ring, before the CPU clock was read there too).  Its CPU clock
 * alone is not enough: in a virtual machine the time stolen by the host
 * is taken out of it, so a thread can run and switch with its clock
 * still (seen here).  A thread in state R (on its CPU, or ready) is
 * walked from its last switch's registers only if it is off its CPU now
 * (woken, waiting for a CPU: still in the call that waited, by its own
 * clock, whether it switched since the last look or not; before, one not
 * switched since was left to its task clock's next signal, and a sleeper
 * woken and kept off its CPU 350 ms by a real-time hog took 50 samples of
 * its nap's 400 ms, e2e-wall-ready.sh): its arrivals less its switches'
 * records are what they were when it was last seen blocked (off_cpu: only a blocked thread's, which
 * its syscall file says is off its CPU, sets that), or one less than when
 * it opened its probe itself, on its CPU; else, on its CPU, its stack is
 * not that switch's any more, and it is not walked (nor where the kernel
 * keeps no arrivals: its periods wait for a later look).  Without the
 * ring, a thread ready to run (woken) but not on a CPU since it was seen
 * blocked (no arrival since, and its CPU clock still) is where it blocked
 * still: walked from its PC and stack pointer of then (on a crowded node
 * a woken thread waits for a CPU for periods: time its own clock counts
 * in the call that blocked, which a signal would only see once it ran).
 *
 * The sampler's own work is done in the caller's pass (sampling.c), which
 * goes over the threads with wall_probe_read.  Its thread asks for the
 * shortest slice of the CPU (wall-sampler.c, short_slice), so that its
 * looks come when they are due, not when a thread blocks.
 */
#ifndef GMON_MPI_WALL_SAMPLER_H
#define GMON_MPI_WALL_SAMPLER_H

#include <stdint.h>
#include <ucontext.h>

/* What the sampler keeps of one thread: /proc/self/task/TID/stat and
 * .../syscall, opened at its first look (-1: not yet), read again with
 * pread at each. */
struct wall_probe {
	int stat_fd, syscall_fd;
	int switch_fd;           /* its context switches' registers (-1: none) */
	void *ring;              /* their ring, mapped */
	uint64_t seen_head;      /* the ring's head at the last look */
	uint64_t seen_arrivals;  /* without a ring: its arrivals on a CPU then */
	struct wall_wait {       /* without a ring: where it was seen blocked
				  * last, and its arrivals then (0: none) */
		uintptr_t sp, pc;
		uint64_t arrivals;
		uint64_t cpu_ns;     /* its CPU clock then */
	} wait;
	int was_running;         /* the last look found it on a CPU */
	int schedstat_fd;        /* /proc/self/task/TID/schedstat (-1: not yet) */
	struct wall_switches {   /* before its registers were read */
		uint64_t arrivals;   /* on a CPU (0: not kept by the kernel) */
		uint64_t head;       /* of the ring (0 if none) */
		uint64_t cpu_ns;     /* its CPU clock (0: gone) */
	} at;
	int at_blocked;          /* and it was blocked then (its syscall file
				  * said so: off its CPU for sure) */
	int64_t off_cpu;         /* arrivals less records while off its CPU
				  * (off_cpu_known: 0, not known yet) */
	int off_cpu_known;
};

#define WALL_PROBE_NONE \
	((struct wall_probe){ .stat_fd = -1, .syscall_fd = -1, .switch_fd = -1, .schedstat_fd = -1 })

enum wall_state {
	WALL_GONE,       /* ended (or its files cannot be read) */
	WALL_RUNNING,    /* on its CPU since the last look (no context switch
			  * since, and on it then): signal it */
	WALL_WOKEN,      /* on its CPU now, waiting or switched since the
			  * last look: its task clock's next signal says
			  * where (sampling.c, wall_defer) */
	WALL_WAITED,     /* blocked now, or off its CPU since the last look
			  * (ready, waiting for one, or blocked for a while):
			  * its registers say where */
};

/* Opens the ring of thread tid's context switches' registers (one page of
 * records: the newest is all that is read), when the thread starts to be
 * sampled: a wait that began before it has no record. */
void wall_probe_open(struct wall_probe *p, int tid);

/* Thread tid's state now; for WALL_WAITED its user registers in uc: of
 * its wait (the PC and stack pointer, and where its newest context
 * switch's record is of this wait, %rbx, %rbp and %r12-%r15, the others
 * 0), or of its newest context switch, where it is not blocked.  Uses no
 * lock and no malloc (the sampler is an ordinary thread). */
enum wall_state wall_probe_read(struct wall_probe *p, int tid, ucontext_t *uc);

/* After a walk from the registers that wall_probe_read gave (WALL_WAITED):
 * whether thread tid has not run since they were read (no arrival on a
 * CPU, no switch, its CPU clock still), so that the stack walked was the
 * one they were of.  Counts the walks it refuses (wall_walks_raced).  No
 * lock, no malloc. */
int wall_probe_unmoved(struct wall_probe *p, int tid);

/* The walks wall_probe_unmoved refused so far. */
uint64_t wall_walks_raced(void);

/* Whether the context switches' registers were refused (their errno), or
 * 0. */
int wall_probe_switches_refused(void);
void wall_probe_close(struct wall_probe *p);

/* Starts the sampler thread (every signal blocked in it): it sleeps
 * next_period() ns, calls pass(), and again, until pass returns 0.
 * Returns 0 or an errno value. */
int wall_sampler_start(uint64_t (*next_period)(void), int (*pass)(void));

/* The sampler thread's id (0: none): it samples no one's time but others'. */
int wall_sampler_tid(void);

#endif /* GMON_MPI_WALL_SAMPLER_H */
