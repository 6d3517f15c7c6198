/*
 * write-all.h - write(2) until every byte is written, for the writers of
 * the runtime (its profile, its companion and its text sections, called
 * from signal handlers), the PMPI library's MPI profile and the gmon
 * record encoder alike.
 */
#ifndef GMON_WRITE_ALL_H
#define GMON_WRITE_ALL_H

#include <stddef.h>

/* Writes size bytes of data to fd, again after EINTR and short writes.
 * Returns 0, or an errno value (EIO when write(2) wrote nothing without
 * one).  Async-signal-safe. */
int write_all(int fd, const void *data, size_t size);

#endif /* GMON_WRITE_ALL_H */
