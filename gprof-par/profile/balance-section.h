/*
 * balance-section.h - the load balance of every rank summed, as the
 * section "balance" of a sum's companion (include/gmon-companion.h), so
 * that a sum's reader reports every rank summed, not the one file it
 * reads: written by gprof-par -s/-S (stages/reduce.c) and by the in-job
 * sum (pmpi/job-sum-balance.c) from the statistics they count while they
 * add the ranks' profiles (balance.h), the same bytes from the same
 * ranks; read back (stages/model.c) in place of the statistics of the one
 * sum file.
 *
 * The statistics are numbered by the functions of a map (balance.h) made
 * from the executable's symbol table; the section names the map by a
 * fingerprint (balance_map_fingerprint: its start addresses, functions
 * and end), and a reader whose map differs (another build of the program, or
 * --regions other than parent) cannot use it: balance_section_parse
 * says so and the reader falls back to the sum file's own statistics.
 */
#ifndef GPROF_PAR_BALANCE_SECTION_H
#define GPROF_PAR_BALANCE_SECTION_H

#include <stddef.h>
#include <stdint.h>

#include "balance.h"
#include "sum-companion.h"

/* The fingerprint of a map: FNV-1a 64 (gmon_companion_checksum) of its
 * start addresses, its functions, its count of functions and its end. */
uint64_t balance_map_fingerprint(const struct balance_map *map);

/* Adds b (flushed and finished: ranks in order), counted with map, as the
 * text section "balance" of sc, output's companion.  Returns 0, or -1 with
 * a message naming the section in err. */
int balance_section_add(struct sum_companion *sc, const char *output, const struct balance *b,
			const struct balance_map *map, char *err, size_t errlen);

/*
 * Parses a "balance" section (text, len bytes; name: how messages name
 * it) into b (empty; balance_free frees it), for a reader whose functions
 * are map's: the statistics as the sum counted them over its ranks; with
 * ncolumns (the heat map's columns, 0: none), every rank in the first
 * column.  Returns 0; 1 when the section was counted with another map
 * (err says so, b is left empty); -1 with a message naming name and the
 * line when it is not a valid section.
 */
int balance_section_parse(struct balance *b, const struct balance_map *map, uint32_t ncolumns,
			  const char *text, size_t len, const char *name, char *err,
			  size_t errlen);

#endif /* GPROF_PAR_BALANCE_SECTION_H */
