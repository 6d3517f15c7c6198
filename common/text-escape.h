/*
 * text-escape.h - the escape of a name (a library's path, soname, file
 * name) in the text files beside a profile (PROFILE+modules, +paths,
 * +calls, +plt-calls), written by the runtime, its rtld-audit library and
 * gprof-par alike, and read back by gprof-par.
 *
 * Those files are lines of tab-separated fields: a path holding a newline
 * or a tab, written raw, would end the line or its field, and the rest of
 * the path would be read as lines of its own (a directory named
 * "inj\npath\t99999999\t0:1234\n# " added 99,999,999 samples to main).
 * A name is written with each backslash as "\\", newline "\n", tab "\t",
 * and any other byte below 0x20, and 0x7f, as "\xHH" (two lower-case hex
 * digits); every other byte as it is.  A file written before the escape
 * existed holds a backslash raw: a reader takes "\\", "\n", "\t", "\xHH"
 * as escapes and any other backslash as itself.
 *
 * No allocation, no stdio, no locale: the runtime calls it from a signal
 * handler.
 */
#ifndef GMON_TEXT_ESCAPE_H
#define GMON_TEXT_ESCAPE_H

#include <stddef.h>

/* Writes s escaped into buf (cut at size, always terminated when size >
 * 0; buf may be NULL when size is 0).  Returns the whole result's length,
 * as snprintf. */
size_t text_escape(char *buf, size_t size, const char *s);

/* Decodes s in place (the result is never longer).  Returns s. */
char *text_unescape(char *s);

#endif /* GMON_TEXT_ESCAPE_H */
