/*
 * output-file.h - every file of the runtime (the profile, the libraries'
 * profiles, the companion text files, the rtld-audit library's counts) is
 * written through a temporary beside it and a rename, so that no
 * half-written file ever appears under its name.
 */
#ifndef GMON_MPI_OUTPUT_FILE_H
#define GMON_MPI_OUTPUT_FILE_H

#include <stddef.h>
#include <stdint.h>

/* Writes path: fill writes the content into fd, a temporary beside path
 * with a name no one can predict, renamed over path when fill returns 0
 * (removed otherwise).  Async-signal-safe if fill is.  Returns 0 or an
 * errno value (fill's, or the file's). */
int output_write_with(const char *path, int (*fill)(int fd, void *ctx), void *ctx);

/*
 * The profile and its companion as one pair (include/gmon-companion.h):
 * output_hold_with writes path's temporary as output_write_with does, but
 * holds it (not renamed) and takes its size and gmon_profile_checksum,
 * which the companion's run section records (output_held_identity: 1 with
 * them while a profile is held).  output_companion_end renames the held
 * profile, then at once the companion; output_held_commit renames it when
 * no companion follows (BG_GMON_COMPANIONS=files, a companion that could
 * not be begun).  A kill before the renames keeps the old pair.
 * Async-signal-safe; each returns 0 or an errno value.
 */
int output_hold_with(const char *path, int (*fill)(int fd, void *ctx), void *ctx);
int output_held_identity(uint64_t *size, uint64_t *checksum);
int output_held_commit(void);

/*
 * The one companion of a profile (include/gmon-companion.h): between
 * output_companion_begin(profile) and output_companion_end(), a file that
 * output_write_with() or output_write_section() would write beside profile
 * (its companion of some KIND, companion-name.h) becomes the section KIND
 * of PROFILE+gmon-mpi instead: the writers of the earlier files write the
 * new one unchanged.  The sections go into the companion's temporary as
 * they come; output_companion_end() appends the table, the header and its
 * checksum, and renames it over PROFILE+gmon-mpi (keep), or removes it.
 * A section whose fill fails is left out (its bytes cut off) and its error
 * returned to its writer, as a file of its own would have been.
 * Async-signal-safe; one companion at a time (the writes of the profile
 * are serialised by gmon.c).  Each returns 0 or an errno value.
 */
int output_companion_begin(const char *profile);
int output_companion_end(int keep, int durable);
/* The same companion, written into fd (the in-job sum's memory file,
 * include/gmon-job-sum.h): no temporary, no rename; output_companion_end
 * finishes it there (its table, header and checksum) and leaves fd to the
 * caller, the profile held or not. */
int output_companion_begin_fd(const char *profile, int fd);
/* Whether a companion is being written; whether path goes into it. */
int output_companion_active(void);
int output_companion_holds(const char *path);

/* Writes path's content as a section of the given type
 * (GMON_SECTION_TEXT or _LIBRARY) when path is a companion of the
 * companion being written; else as output_write_with. */
int output_write_section(const char *path, unsigned type, int (*fill)(int fd, void *ctx),
			 void *ctx);

#endif /* GMON_MPI_OUTPUT_FILE_H */
