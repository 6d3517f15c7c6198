/*
 * fingerprint.h - a profile's build fingerprint (the first bytes of the
 * executable's GNU build-id, which libgmon-mpi writes into the spare bytes
 * of the gmon header) against the executable's own build-id.
 */
#ifndef GPROF_PAR_FINGERPRINT_H
#define GPROF_PAR_FINGERPRINT_H

#include <stddef.h>

#include "profile.h"

/*
 * Compares p's fingerprint with the executable's GNU build-id (build_id of
 * len bytes; the fingerprint holds its first GMON_FINGERPRINT_SIZE bytes,
 * zero-padded if shorter).  Returns 0 when they match or when p has no
 * fingerprint (glibc's files, GNU gprof's gmon.sum); -1 with a message
 * naming exe_path, the profile's file and both values otherwise, or saying
 * that the executable has no build-id (build_id NULL or len 0).
 */
int profile_check_build_id(const struct profile *p, const unsigned char *build_id, size_t len,
			   const char *exe_path, char *err, size_t errlen);

/* Formats a fingerprint as lowercase hex: out needs 2*GMON_FINGERPRINT_SIZE+1. */
void profile_format_fingerprint(const unsigned char fingerprint[GMON_FINGERPRINT_SIZE],
				char *out);

#endif /* GPROF_PAR_FINGERPRINT_H */
