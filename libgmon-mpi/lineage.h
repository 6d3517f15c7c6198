/*
 * lineage.h - is this process a descendant of another profiled process?
 *
 * A -pg program started by a rank (fork and exec, posix_spawn, system())
 * inherits the rank's variables, so it would write the rank's own file,
 * replacing the rank's profile or being replaced by it.  Each profiled
 * process therefore exports its pid in GMON_MPI_PROFILED_PID; a process
 * that finds another pid there descends from a profiled one (the variable
 * only travels down from profiled processes), and writes its profile
 * under a name of its own.  A process that finds its own pid was exec'd in
 * place of the profiled process (execve without fork): it is the same
 * process, and keeps the name.
 */
#ifndef GMON_MPI_LINEAGE_H
#define GMON_MPI_LINEAGE_H

#define LINEAGE_VARIABLE "GMON_MPI_PROFILED_PID"

/* Reads the variable only: 1 if a profiled ancestor set it.  For the
 * rtld-audit library, which asks before any of the program's code runs
 * (before the runtime marks it), and so gets the runtime's answer. */
int lineage_is_descendant(void);

/* Reads the variable, then sets it to this process's pid.  Returns 1 if a
 * profiled ancestor set it, else 0.  Call once, before threads start. */
int lineage_check_and_mark(void);

#endif /* GMON_MPI_LINEAGE_H */
