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
 * 2 ms) and signals at the fastest of 1000, 500, 250, 200 and 100 Hz whose
 * signals cost a thread at most 1% of its CPU (the measured part and the
 * runtime's own handler, RATE_CHOICE_HANDLER_NS): 1000 Hz up to
 * RATE_CHOICE_MAX_COST_NS, never below glibc's 100 Hz.  Each is a whole
 * number of the histogram's samples a signal.  Before, it was 1000 Hz or
 * 100: on a host whose cost sat near the limit (6-10 us here) the processes
 * of one program chose either, run to run, and one that chose 100 had ten
 * times fewer samples than 1% of its CPU would buy (truth-bench's shares
 * 2.5-5.9 points off at 100 Hz, 0.3-1.7 at 1000), and a job whose ranks
 * chose both was tested against noise at 10 samples a signal throughout.
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

#define RATE_CHOICE_LOW 100            /* glibc's: the slowest signals */
#define RATE_CHOICE_HIGH 1000          /* the histogram's, the fastest */
#define RATE_CHOICE_HANDLER_NS 2000    /* the runtime's handler, about
					* (low: its whole sample with a call
					* path measured about 5 µs over a
					* counting handler, sample-cost-bench;
					* up to 1.3% at a rate's edge) */
#define RATE_CHOICE_BUDGET_NS 10000000 /* of a second of CPU: 1% */
#define RATE_CHOICE_MAX_COST_NS 8000   /* 1000 Hz x (8 µs + the handler's
					* 2 µs) = 1% of a thread's CPU */

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

/* The signals' rate for a measured cost: the fastest of 1000, 500, 250,
 * 200 and 100 Hz at which (cost_ns + RATE_CHOICE_HANDLER_NS) x rate is at
 * most RATE_CHOICE_BUDGET_NS; RATE_CHOICE_LOW where none is, or where the
 * cost is unknown (0). */
unsigned rate_choice_for_cost(uint64_t cost_ns);

#endif /* GMON_MPI_RATE_CHOICE_H */
