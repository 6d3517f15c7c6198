/*
 * fixed-format.h - printf's "%W.Df" for the report's columns, several
 * times faster: a table of thousands of rows with a dozen numbers each
 * spent most of its printing in glibc's exact decimal conversion.
 *
 * The output is printf's, byte for byte.  A value is rounded from an
 * integer when that cannot round differently from printf (which rounds
 * the double's exact binary value, ties to even); a value near a tie
 * (within a millionth of a unit of the last digit), large (x * 10^D of
 * 10^9 or more), negative, -0, not finite, or with D > 6 or W < 0 (left
 * justified) is handed to snprintf itself.
 */
#ifndef GPROF_PAR_FIXED_FORMAT_H
#define GPROF_PAR_FIXED_FORMAT_H

#include <stddef.h>

/*
 * Writes x as snprintf(buf, size, "%*.*f", width, decimals, x) would and
 * returns what it returns: the length of the whole text, even when size
 * cut it short.
 */
int fixed_format(char *buf, size_t size, double x, int width, int decimals);

#endif /* GPROF_PAR_FIXED_FORMAT_H */
