/*
 * csv.h - a CSV cell as every CSV view writes it (--load-balance=csv,
 * --mpi=csv): quoted, with quotes doubled; a leading = + - @ TAB or CR,
 * which a spreadsheet takes for a formula (=HYPERLINK(...) in a symbol
 * name), neutralised by a ' before it (OWASP's advice on CSV injection);
 * valid UTF-8, a byte that starts no valid sequence written as U+FFFD, as
 * the JSON and SVG exports do (utf8.h).
 */
#ifndef GPROF_PAR_CSV_H
#define GPROF_PAR_CSV_H

#include <stdio.h>

void csv_cell(FILE *out, const char *s);

#endif /* GPROF_PAR_CSV_H */
