/*
 * output-file.h - every file of the runtime (the profile, the libraries'
 * profiles, the companion text files, the rtld-audit library's counts) is
 * written through a temporary beside it and a rename, so that no
 * half-written file ever appears under its name.
 */
#ifndef GMON_MPI_OUTPUT_FILE_H
#define GMON_MPI_OUTPUT_FILE_H

/* Writes path: fill writes the content into fd, a temporary beside path
 * with a name no one can predict, renamed over path when fill returns 0
 * (removed otherwise).  Async-signal-safe if fill is.  Returns 0 or an
 * errno value (fill's, or the file's). */
int output_write_with(const char *path, int (*fill)(int fd, void *ctx), void *ctx);

#endif /* GMON_MPI_OUTPUT_FILE_H */
