/*
 * histogram.h - the PC-sample histogram of the executable's text, in
 * link-time addresses, with 32-bit bins incremented atomically (samples
 * from several threads' timers may arrive at once).
 */
#ifndef GMON_MPI_HISTOGRAM_H
#define GMON_MPI_HISTOGRAM_H

#include <stdint.h>

/* Bytes of text per bin, as glibc. */
#define HISTOGRAM_BIN_BYTES 4

struct histogram {
	uintptr_t low_pc;      /* link-time, multiple of HISTOGRAM_BIN_BYTES */
	uintptr_t high_pc;
	uintptr_t load_bias;   /* runtime address - link-time address */
	uint32_t nbins;
	uint32_t *bins;
	uint64_t outside;      /* samples whose PC was outside the text (and,
				* when libraries are profiled, in no slot of
				* modules.h's table: those count there) */
};

extern struct histogram gmon_histogram;

/* Sets up the bins for [low_pc, high_pc) given in runtime addresses.
 * Returns 0, or -1 if the bins cannot be mapped. */
int histogram_init(uintptr_t runtime_low, uintptr_t runtime_high, uintptr_t load_bias);

/* The bin of link-time address link_pc: the one whose HISTOGRAM_BIN_BYTES
 * bytes hold it (rounded down); -1 outside [low_pc, high_pc). */
int64_t histogram_bin_of(const struct histogram *h, uintptr_t link_pc);

/* Async-signal-safe: counts weight samples (one signal that stands for
 * several timer expirations) at runtime address pc. */
void histogram_add_samples(uintptr_t pc, uint32_t weight);

/* Samples outside the text go to hook first (modules.h's table): counted
 * as outside only if it returns 0.  NULL: none. */
void histogram_set_outside_hook(int (*hook)(uintptr_t pc, uint32_t weight));

/* The samples in the bins (what the profile holds) plus those outside the
 * text: derived when asked, so the signal handler keeps no total. */
uint64_t histogram_total_samples(void);

#endif /* GMON_MPI_HISTOGRAM_H */
