/*
 * diag.h - messages from the runtime on stderr, each one line prefixed with
 * "gmon-mpi: ", written with a single write(2) (no stdio: the program's
 * streams may be closed or in use when the runtime speaks).
 */
#ifndef GMON_MPI_DIAG_H
#define GMON_MPI_DIAG_H

void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* GMON_MPI_DIAG_H */
