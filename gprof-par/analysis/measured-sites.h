/*
 * measured-sites.h - measured.c's record of where the executable's leaves
 * were sampled (struct measured_site, measured.h): one entry per (function,
 * PC) pair, added as the paths are named and merged when they are sorted.
 */
#ifndef GPROF_PAR_MEASURED_SITES_H
#define GPROF_PAR_MEASURED_SITES_H

#include <stdint.h>

#include "measured.h"

/* Adds samples at (fn, addr).  Returns 0, or -1 when out of memory. */
int measured_sites_add(struct measured *m, uint32_t fn, uint64_t addr, uint64_t samples);

/* Sorts m's sites by function then PC, one entry per pair. */
void measured_sites_merge(struct measured *m);

#endif /* GPROF_PAR_MEASURED_SITES_H */
