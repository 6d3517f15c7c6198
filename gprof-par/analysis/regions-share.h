/*
 * regions-share.h - how much of the time GNU gprof's rule hides: the
 * samples in OpenMP regions and compiler clones it does not list, and the
 * functions they were reported under instead (for the note that
 * --regions=gnu prints; see symbols/regions.h).
 */
#ifndef GPROF_PAR_REGIONS_SHARE_H
#define GPROF_PAR_REGIONS_SHARE_H

#include <stddef.h>

#include "profile.h"
#include "symtab.h"

#define HIDDEN_SHARE_ABSORBERS 3

struct hidden_share {
	double total_ticks;      /* every sample credited to a function */
	double hidden_ticks;     /* of which in hidden regions and clones */
	size_t nhidden;          /* hidden symbols with samples */
	/* The functions of the report that got most of them, most first. */
	struct {
		const struct sym *sym;
		double ticks;
	} absorbers[HIDDEN_SHARE_ABSORBERS];
	size_t nabsorbers;
};

/*
 * Measures the hidden share of p's samples for st, a table that
 * regions_apply() made GNU's (st->all holds the hidden symbols; without
 * them the share is 0).  Returns 0, or -1 with a message in err (out of
 * memory, or histograms hist_assign() refuses).
 */
int regions_hidden_share(const struct symtab *st, const struct profile *p,
			 struct hidden_share *out, char *err, size_t errlen);

#endif /* GPROF_PAR_REGIONS_SHARE_H */
