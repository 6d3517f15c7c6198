/*
 * memory-image.h - the bytes a writer to a file descriptor writes, in
 * memory: for the in-job sum (include/gmon-job-sum.h), which takes a
 * rank's profile and MPI profile from the writers that write its files.
 */
#ifndef GMON_MEMORY_IMAGE_H
#define GMON_MEMORY_IMAGE_H

#include <stddef.h>

/* Runs fill(fd, ctx) on an anonymous memory file (memfd) and gives what
 * it wrote in *data (malloc'ed; free it) and *len.  Returns 0, fill's
 * errno value, or one of its own. */
int memory_image(int (*fill)(int fd, void *ctx), void *ctx, void **data, size_t *len);

#endif /* GMON_MEMORY_IMAGE_H */
