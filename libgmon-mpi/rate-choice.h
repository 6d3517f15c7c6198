/*
 * rate-choice.h - the default sampling rate, chosen by what a sample costs
 * on this machine (issue 36: "a default rate that gives short runs enough
 * samples, chosen by measured cost").
 *
 * A sample on perf_events' task clock costs the sampled thread the
 * kernel's overflow, the signal's delivery and return, and the runtime's
 * handler.  On bare metal the kernel's part is a few microseconds; in a
 * virtual machine whose hrtimer expiries exit to the hypervisor it was
 * 55-57 µs here (bench/sample-cost-bench), so 1000 Hz would cost a thread
 * 5.5% of its CPU.  With BG_GMON_HZ unset and a task clock to sample by,
 * the runtime measures that cost once at start (on the starting thread, a
 * task clock of its own signalling a handler that only counts; about
 * 2 ms) and signals at 1000 Hz where 1000 signals a second cost at most
 * 1% (the measured part up to RATE_CHOICE_MAX_COST_NS, the runtime's own
 * handler the rest), else at glibc's 100 Hz.
 *
 * Whichever it chose, the histogram counts at 1000 Hz (a 100 Hz signal
 * stands for 10 samples, as a signal that stood for several expirations
 * always did: sampling.h), so that every rank of a job writes one rate and
 * their files sum: the ranks of one node measured 7.3 and 8.2 us here
 * (a host whose cost sits at the limit), chose 1000 and 100 Hz, and
 * -S refused their files.  gprof-par's tests against noise divide by the
 * most samples a rank's signal brought (the run sections' signals and
 * signal-samples: run-facts.h).
 */
#ifndef GMON_MPI_RATE_CHOICE_H
#define GMON_MPI_RATE_CHOICE_H

#include <stdint.h>

#define RATE_CHOICE_LOW 100            /* glibc's */
#define RATE_CHOICE_HIGH 1000
#define RATE_CHOICE_MAX_COST_NS 8000   /* 1000 Hz x (8 µs + the handler's
					* 1-2 µs) ~ 1% of a thread's CPU */

/*
 * The median CPU time, in ns, that one task-clock signal took from the
 * calling thread (the gap it left in a loop reading CLOCK_MONOTONIC), over
 * 9 signals a period of 200 µs of its CPU time apart; 0 when it cannot be
 * measured (perf_event_open refused, or too few signals within 50 ms).
 * Installs a SIGPROF handler of its own meanwhile and restores the one
 * before, with the thread's signal mask; no signal of its clock is left
 * pending.  Not async-signal-safe; call before sampling starts.
 */
uint64_t rate_choice_measure_cost_ns(void);

/* The rate for a measured cost (0: unknown, RATE_CHOICE_LOW). */
unsigned rate_choice_for_cost(uint64_t cost_ns);

#endif /* GMON_MPI_RATE_CHOICE_H */
