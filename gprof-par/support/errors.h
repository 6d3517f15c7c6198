/*
 * support/ - what every layer of gprof-par uses and that knows nothing of
 * profiles: error messages into a caller's buffer (this header) and
 * growing arrays by doubling (grow.h).  It sits below all the others.
 *
 * errors.h - how gprof-par's modules report a problem to their caller: a
 * formatted message in a caller-supplied buffer (which may be NULL).
 */
#ifndef GPROF_PAR_ERRORS_H
#define GPROF_PAR_ERRORS_H

#include <stddef.h>

void set_error(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* GPROF_PAR_ERRORS_H */
