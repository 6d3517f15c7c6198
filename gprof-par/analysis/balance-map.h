/*
 * balance-map.h - the functions of a symbol table as the plain map the
 * load balance counts by (profile/balance.h).  Apart from the view
 * (balance-view.h) so that the in-job sum (pmpi/job-sum-balance.c), which
 * counts the ranks' statistics with the same map, compiles it alone.
 */
#ifndef GPROF_PAR_BALANCE_MAP_H
#define GPROF_PAR_BALANCE_MAP_H

#include "balance.h"
#include "symtab.h"

/*
 * The map of st's entries to its rows (symtab.h: regions charged to their
 * function count for it; excluded functions such as mcount for none), and
 * the row of each function number in *rows (malloc'ed).  Returns 0, or -1
 * when out of memory.
 */
int balance_map_from_symtab(const struct symtab *st, struct balance_map *map,
			    const struct sym ***rows);
void balance_map_free(struct balance_map *map);

#endif /* GPROF_PAR_BALANCE_MAP_H */
