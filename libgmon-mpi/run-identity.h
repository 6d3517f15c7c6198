/*
 * run-identity.h - the run a rank's profile belongs to, the "run" section
 * of its companion (include/gmon-companion.h): the launcher's job, the
 * world size, the rank, the start time, the executable's build-id, the
 * pid and the host.  Gathered once when profiling starts (getenv and
 * dl_iterate_phdr are no signal handler's), written from a ready text
 * (async-signal-safe) with every companion.
 */
#ifndef GMON_MPI_RUN_IDENTITY_H
#define GMON_MPI_RUN_IDENTITY_H

#include "settings.h"

/* At __monstartup. */
void run_identity_init(const struct gmon_config *config);

/* The "run" section into the companion being written beside profile
 * (output-file.h).  Returns 0 or an errno value. */
int run_identity_write(const char *profile);

/* The job as written ("slurm:12.0", "pmix:4653057", "-"), for messages. */
const char *run_identity_job(void);

#endif /* GMON_MPI_RUN_IDENTITY_H */
