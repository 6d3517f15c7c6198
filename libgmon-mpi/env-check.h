/*
 * env-check.h - say, once, which environment variables look meant for
 * gmon-mpi but are not read by it (a misspelt BG_GMON_RANK_SUBET or BGMON_HZ
 * would otherwise be ignored without a word).
 */
#ifndef GMON_MPI_ENV_CHECK_H
#define GMON_MPI_ENV_CHECK_H

#include <stddef.h>

/* Every variable gmon-mpi reads: the runtime's, and those of gmon-run, the
 * job scripts and gprof-par-sum (they are exported to the ranks too, so
 * they are known, not misspelt).  NULL-terminated.  gmon-mpi(7) documents
 * each (tests/runtime/known-variables.sh compares the two lists). */
extern const char *const gmon_known_variables[];

/* The known variable nearest to name (fewest single-character edits), and
 * that distance in *distance. */
const char *env_nearest_known(const char *name, size_t *distance);

/* Whether name looks meant for gmon-mpi: it holds "GMON" in any case, or
 * is within two edits of a known name.  Known names do not. */
int env_looks_like_ours(const char *name);

/* One diag() line for each variable of envp that looks like ours and is
 * not known, with the nearest known name where it is close. */
void env_report_unknown(char *const *envp);

#endif /* GMON_MPI_ENV_CHECK_H */
