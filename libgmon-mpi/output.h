/*
 * output.h - writes the process's profile (histogram and arcs, in
 * link-time addresses) as a gmon v1 file, through a temporary name and a
 * rename so that no half-written profile ever appears under the final name.
 */
#ifndef GMON_MPI_OUTPUT_H
#define GMON_MPI_OUTPUT_H

#include <stdint.h>

#include "image.h"
#include "output-file.h"

struct output_summary {
	uint64_t arcs_written;   /* distinct arcs (per thread table) written */
	uint64_t calls_written;  /* the calls they counted */
	uint64_t arcs_outside;   /* arcs with an end outside the text: not written */
	uint64_t calls_outside;  /* the calls those arcs counted */
};

/* How the data reaches the disk before the rename.  OUTPUT_DURABLE
 * fsyncs (at exit, and on gmon_flush()).  OUTPUT_FAST does not: a process
 * killed by a signal races a deadline (Open MPI sends SIGKILL 1 s after
 * SIGTERM), and fsync on a busy or network file system can take longer;
 * the written data is visible to every reader at once all the same, and
 * only a crash of the node before the kernel writes it back loses it. */
enum output_sync { OUTPUT_DURABLE, OUTPUT_FAST };

/* Writes the profile's temporary and holds it (output-file.h: renamed with
 * its companion, or by output_held_commit).  Returns 0, or an errno value
 * (nothing is left under the temporary name then). */
int output_write_profile(const char *path, unsigned rate, const struct image_info *image,
			 enum output_sync sync, struct output_summary *summary);

/* The same profile's bytes into fd (no temporary, no rename: the in-job
 * sum's image, job-sum.h).  Returns 0 or an errno value. */
int output_profile_to_fd(int fd, unsigned rate, const struct image_info *image);

/* A shared library's profile (modules.h), in the same way: its histogram
 * over [low_pc, high_pc) in its link-time addresses, 32-bit bins written
 * as GNU gprof adds them up, and the arcs whose two ends are in that range
 * at one of its loads (biases[0 .. nbiases): its runtime minus link-time
 * addresses, one per address it was loaded at; an arc is written with the
 * first that holds it), counted in summary; fingerprint NULL or
 * GMON_FINGERPRINT_SIZE bytes of the build-id.  Returns 0 or an errno
 * value. */
int output_write_module(const char *path, unsigned rate, uintptr_t low_pc, uintptr_t high_pc,
			const uintptr_t *biases, unsigned nbiases, const uint32_t *bins,
			uint32_t nbins,
			const unsigned char *fingerprint, enum output_sync sync,
			struct output_summary *summary);

#endif /* GMON_MPI_OUTPUT_H */
