/*
 * text-out.h - a buffered writer of the text companion files (PROFILE+paths,
 * PROFILE+calls) into output.c's temporary: lines are formatted into a
 * 64 KiB buffer and written with write(2), the first error kept.
 * Async-signal-safe: its own formatting (of the few conversions below, as
 * printf's: vsnprintf is not on the list), its buffer mmap'ed.
 */
#ifndef GMON_MPI_TEXT_OUT_H
#define GMON_MPI_TEXT_OUT_H

#include <stdarg.h>
#include <stddef.h>

struct text_out;

/*
 * printf's %s, %d, %u and %x, with l or ll (no flags, width or
 * precision; anything else prints "%?"), into buf (cut at size, always
 * terminated when size > 0).  Returns the whole result's length, as
 * snprintf.  Async-signal-safe.
 */
size_t text_vformat(char *buf, size_t size, const char *fmt, va_list ap);
size_t text_format(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A writer into fd (mmap'ed: 64 KiB is too much for some threads'
 * stacks); NULL if out of memory. */
struct text_out *text_out_open(int fd);

void text_out_printf(struct text_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* s escaped (text-escape.h: a name that may hold a newline or a tab). */
void text_out_escaped(struct text_out *o, const char *s);

/* Writes what is buffered and frees o.  Returns 0 or the first errno value
 * met (a line too long for the buffer is EOVERFLOW). */
int text_out_close(struct text_out *o);

#endif /* GMON_MPI_TEXT_OUT_H */
