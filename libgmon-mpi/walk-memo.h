/*
 * walk-memo.h - the paths callpaths_here found, kept per thread with every
 * input their walk read, so that the same call site in the same calling
 * context is not unwound again (an OpenMP program opens a region in one
 * place thousands of times a second: the walk was most of a region's
 * cost).
 *
 * A walk of the calling thread's own stack is a function of what it
 * reads: the registers it starts from (the same code in callpaths_here:
 * %rsp and %rbp vary), the stack's end, the unwind tables (unchanged until
 * a module is unloaded: cfi_generation), the interposers registered, the
 * OpenMP region the thread runs in (its record, and its path's frames) and
 * the stack words it read.  A memo holds them all; where every one is
 * still what it was, the walk's result is too, exactly.  Checking is a
 * compare per word read (two or three a frame), no system call, no lookup
 * of a rule.  A walk that read a word below the stack pointer, failed a
 * read, or read more than WALK_MEMO_READS words is not kept.
 *
 * Not for signal handlers: the words are read in place, which is safe
 * only on the caller's own live stack (every word it logged lies between
 * its stack pointer and its stack's end) and in the region record it runs
 * in.
 */
#ifndef GMON_MPI_WALK_MEMO_H
#define GMON_MPI_WALK_MEMO_H

#include <stdint.h>

#include "gmon-callpaths.h"
#include "omp-regions.h"
#include "unwind-cfi.h"

#define WALK_MEMO_ENTRIES 16
#define WALK_MEMO_READS 96

/* What a walk of the caller's own stack depends on, besides the words. */
struct walk_memo_key {
	uintptr_t sp, bp, high;
	uint64_t cfi_generation;
	unsigned interposers;
	const struct omp_region *region;   /* NULL: in none */
	uintptr_t stop_sp;
	unsigned region_depth;
};

struct walk_memo_entry {
	struct walk_memo_key key;          /* key.sp 0: free */
	unsigned nreads, depth;
	struct cfi_read reads[WALK_MEMO_READS];
	uintptr_t frames[GMON_CALLPATHS_MAX_DEPTH];
};

struct walk_memo {
	struct walk_memo_entry entries[WALK_MEMO_ENTRIES];
	uint64_t hits, misses;
};

/* The frames of a walk with key whose reads are all unchanged, or NULL
 * (*depth: how many). */
const uintptr_t *walk_memo_find(struct walk_memo *m, const struct walk_memo_key *key,
				unsigned *depth);

/* Keeps a walk's result: its key, the words it read (reads[0 .. nreads),
 * each at or above key->sp, or in the region record) and its frames
 * (depth <= GMON_CALLPATHS_MAX_DEPTH). */
void walk_memo_keep(struct walk_memo *m, const struct walk_memo_key *key,
		    const struct cfi_read *reads, unsigned nreads, const uintptr_t *frames,
		    unsigned depth);

#endif /* GMON_MPI_WALK_MEMO_H */
