/*
 * dump-files.h - gprof-par --dump (see dump-files.c and report/dump.h).
 */
#ifndef GPROF_PAR_DUMP_FILES_H
#define GPROF_PAR_DUMP_FILES_H

#include <stddef.h>
#include <stdio.h>

/* Dumps paths[0..n-1]; returns the exit status (0, or 1 when a file could
 * not be read or the output not written). */
int dump_files(FILE *out, char *const *paths, size_t n);

#endif /* GPROF_PAR_DUMP_FILES_H */
