/*
 * fixed-format.c - printf's "%W.Df", from integers where that is exact
 * (see fixed-format.h).
 */
#include "fixed-format.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Beyond this, the scaled value's own rounding error (half a unit in the
 * last place: 2^-53 relative) could reach the margin kept around ties. */
#define SCALED_LIMIT 1e9
#define TIE_MARGIN 1e-6
#define MAX_DECIMALS 6

static const double power_of_ten[MAX_DECIMALS + 1] = { 1, 10, 100, 1e3, 1e4, 1e5, 1e6 };

static int fallback(char *buf, size_t size, double x, int width, int decimals)
{
	return snprintf(buf, size, "%*.*f", width, decimals, x);
}

int fixed_format(char *buf, size_t size, double x, int width, int decimals)
{
	char digits[32];
	size_t len = 0, total, pad;
	double scaled, whole, frac;
	uint64_t n;

	if (width < 0 || decimals < 0 || decimals > MAX_DECIMALS || !isfinite(x) || signbit(x))
		return fallback(buf, size, x, width, decimals);
	scaled = x * power_of_ten[decimals];
	if (!(scaled < SCALED_LIMIT))
		return fallback(buf, size, x, width, decimals);
	/*
	 * scaled is within 2^-53 x 10^9 (about 1e-7) of x x 10^D exactly, and
	 * whole and frac are exact: away from a tie by the margin, the exact
	 * value rounds the same way.
	 */
	whole = floor(scaled);
	frac = scaled - whole;
	if (fabs(frac - 0.5) < TIE_MARGIN)
		return fallback(buf, size, x, width, decimals);
	n = (uint64_t)whole + (frac > 0.5);
	/* The digits, last first: the fraction, the point, the integer part. */
	for (int d = 0; d < decimals; d++) {
		digits[len++] = (char)('0' + n % 10);
		n /= 10;
	}
	if (decimals > 0)
		digits[len++] = '.';
	do {
		digits[len++] = (char)('0' + n % 10);
		n /= 10;
	} while (n > 0);
	pad = width > 0 && (size_t)width > len ? (size_t)width - len : 0;
	total = pad + len;
	if (size > 0) {
		size_t k = 0;

		for (; k < pad && k + 1 < size; k++)
			buf[k] = ' ';
		for (size_t d = len; d > 0 && k + 1 < size; d--)
			buf[k++] = digits[d - 1];
		buf[k] = '\0';
	}
	return (int)total;
}
