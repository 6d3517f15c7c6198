/*
 * text-out.h - a buffered writer of the text companion files (PROFILE+paths,
 * PROFILE+calls) into output.c's temporary: lines are formatted into a
 * 64 KiB buffer and written with write(2), the first error kept.  At exit
 * only (vsnprintf, malloc: not for signal handlers).
 */
#ifndef GMON_MPI_TEXT_OUT_H
#define GMON_MPI_TEXT_OUT_H

#include <stddef.h>

struct text_out;

/* A writer into fd (malloc'ed: 64 KiB is too much for some threads'
 * stacks); NULL if out of memory. */
struct text_out *text_out_open(int fd);

void text_out_printf(struct text_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Writes what is buffered and frees o.  Returns 0 or the first errno value
 * met (a line too long for the buffer is EOVERFLOW). */
int text_out_close(struct text_out *o);

#endif /* GMON_MPI_TEXT_OUT_H */
