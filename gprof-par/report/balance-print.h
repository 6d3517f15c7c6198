/*
 * balance-print.h - the load-balance view (analysis/balance-view.h) as a
 * text section in the style of the flat profile, as CSV or as JSON.
 */
#ifndef GPROF_PAR_BALANCE_PRINT_H
#define GPROF_PAR_BALANCE_PRINT_H

#include <stdio.h>

#include "balance-view.h"

enum balance_format { BALANCE_TEXT = 1, BALANCE_CSV, BALANCE_JSON };

/* Prints v in the format; brief leaves out the explanation of the columns
 * (text only). */
void balance_print(FILE *out, const struct balance_view *v, enum balance_format format,
		   int brief);

/* The extremes test's finds (rank-noise.h) as a JSON member,
 * ", \"outlier_ranks\": [SLOW, FAST]" (the slow first), where it found
 * any; nothing where it found none. */
void balance_noise_json(FILE *out, const struct balance_noise *v);

#endif /* GPROF_PAR_BALANCE_PRINT_H */
