/*
 * pg-check.h - whether a function of the executable was compiled with -pg
 * (issue 40): one that was calls mcount (or __fentry__) at its entry,
 * before anything else but its frame's set-up; one that was not takes
 * samples but no call is ever counted for it, and GNU's report shows it
 * <spontaneous> without a word.  Read from the executable's code with
 * libelf: the first PG_CHECK_BYTES bytes of the function searched for a
 * call whose target is mcount (call *GOT(%rip) to mcount's GOT slot, as
 * PIE -pg code does; a call to mcount's PLT entry, or to mcount itself in
 * a static program).  A call is taken only when its target is mcount's,
 * so bytes that merely look like a call do not count.
 */
#ifndef GPROF_PAR_PG_CHECK_H
#define GPROF_PAR_PG_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "gmon-format.h"

#define PG_CHECK_BYTES 96

struct pg_code;

/* The executable at path's code and mcount's call targets; NULL with a
 * message in err when it cannot be read, or names no mcount (a program not
 * built with -pg: nothing to tell). */
struct pg_code *pg_code_open(const char *path, char *err, size_t errlen);
void pg_code_close(struct pg_code *c);

/* Whether the function at link-time address addr calls mcount in its
 * first bytes: 1, 0, or -1 when addr is not in the code read. */
int pg_code_calls_mcount(const struct pg_code *c, gmon_addr_t addr);

#endif /* GPROF_PAR_PG_CHECK_H */
