/*
 * proc-read.h - a small file of /proc read whole, from a signal handler
 * or the wall sampler: system calls only (no stdio, no malloc, no lock).
 */
#ifndef GMON_MPI_PROC_READ_H
#define GMON_MPI_PROC_READ_H

#include <sys/types.h>

/* The open file fd from its start (pread: an fd kept open is read again
 * as it is now) into buf, at most size - 1 bytes, terminated: its length,
 * or -1. */
ssize_t proc_read(int fd, char *buf, size_t size);

/* The file at path (relative to dir, or absolute with dir AT_FDCWD),
 * opened, read as proc_read does, and closed. */
ssize_t proc_read_file(int dir, const char *path, char *buf, size_t size);

#endif /* GMON_MPI_PROC_READ_H */
