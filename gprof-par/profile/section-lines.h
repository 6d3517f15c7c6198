/*
 * section-lines.h - reading a text section of a sum's companion line by
 * line (include/gmon-companion.h: "balance", "categories"): keyword lines
 * of tab-separated decimal fields, and messages that name the section and
 * the line.
 */
#ifndef GPROF_PAR_SECTION_LINES_H
#define GPROF_PAR_SECTION_LINES_H

#include <stddef.h>
#include <stdint.h>

struct section_cursor {
	const char *p, *end;
	char line[1024];
	size_t lineno;
	int ended;          /* a line was wanted past the end */
};

/* A cursor at the start of text's len bytes. */
void section_cursor_init(struct section_cursor *c, const char *text, size_t len);

/* The next line into c->line (NUL-terminated, without its newline): 1,
 * or 0 at the end; -1 when it is too long. */
int section_next_line(struct section_cursor *c);

/* Unsigned decimal fields separated by tabs: *s moves past the field and
 * its tab.  Return 0, or -1 (not a number, or beyond its type; a rank
 * beyond INT64_MAX). */
int section_field_u128(const char **s, unsigned __int128 *v);
int section_field_u64(const char **s, uint64_t *v);
int section_field_rank(const char **s, int64_t *v);

/* The line after a keyword and its tab, or NULL when the line is not that
 * keyword's. */
const char *section_after(const char *line, const char *keyword);

/* "NAME: line N: WHAT" (or "cut after line N" when the section ended
 * early) into err; returns -1. */
int section_bad(const struct section_cursor *c, const char *name, const char *what, char *err,
		size_t errlen);

#endif /* GPROF_PAR_SECTION_LINES_H */
