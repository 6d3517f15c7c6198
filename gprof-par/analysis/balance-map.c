/*
 * balance-map.c - a symbol table's functions as the load balance's map
 * (see balance-map.h).
 */
#include "balance-map.h"

#include <stdlib.h>
#include <string.h>

int balance_map_from_symtab(const struct symtab *st, struct balance_map *map,
			    const struct sym ***rows)
{
	uint32_t *row_number = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*row_number));
	const struct sym **row = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*row));
	uint32_t nrows = 0;

	memset(map, 0, sizeof(*map));
	map->starts = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*map->starts));
	map->func = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*map->func));
	if (!row_number || !row || !map->starts || !map->func) {
		free(row_number);
		free(row);
		balance_map_free(map);
		return -1;
	}
	for (size_t i = 0; i < st->nsyms; i++) {
		const struct sym *s = &st->syms[i];

		if (sym_is_row(s) && !s->excluded) {
			row_number[i] = nrows;
			row[nrows++] = s;
		} else {
			row_number[i] = BALANCE_NONE;
		}
	}
	for (size_t i = 0; i < st->nsyms; i++) {
		struct sym *owner = sym_owner(&st->syms[i]);

		map->starts[i] = st->syms[i].addr;
		map->func[i] = st->syms[i].excluded ? BALANCE_NONE : row_number[owner->index];
	}
	map->nentries = st->nsyms;
	map->nfuncs = nrows;
	map->text_end = st->text_addr + st->text_size;
	free(row_number);
	*rows = row;
	return 0;
}

void balance_map_free(struct balance_map *map)
{
	free(map->starts);
	free(map->func);
	memset(map, 0, sizeof(*map));
}
