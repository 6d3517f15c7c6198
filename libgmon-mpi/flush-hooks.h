/*
 * flush-hooks.h - what other libraries write with the runtime's files:
 *
 * - sections of the companion: the PMPI wrapper library's MPI profile
 *   registers its writer with gmon_mpi_companion_section
 *   (include/gmon-mpi-profile.h), and the runtime writes it as the section
 *   of that name of PROFILE+gmon-mpi, at exit, on a flush signal and in
 *   gmon_flush (gmon.c);
 * - hooks run on a flush signal, after the profile is written
 *   (gmon_mpi_at_flush): the MPI profile as a file of its own when the
 *   runtime writes no companion (BG_GMON_COMPANIONS=files).
 */
#ifndef GMON_MPI_FLUSH_HOOKS_H
#define GMON_MPI_FLUSH_HOOKS_H

/* Runs the registered hooks, in the order registered (in the handler). */
void flush_hooks_run(void);

/* Registers a section (gmon_mpi_companion_section's checks aside): name
 * 1 to 255 bytes, no '/', not registered before.  Returns 0, or -1 (a bad
 * name, the table of 4 full). */
int extra_sections_add(const char *name, int (*fill)(int fd, void *ctx), void *ctx);

/* Writes the registered sections beside profile (output_write_section:
 * sections of the companion being written).  Returns 0 or the first
 * error's errno value.  Async-signal-safe if the fills are. */
int extra_sections_write(const char *profile);

#endif /* GMON_MPI_FLUSH_HOOKS_H */
