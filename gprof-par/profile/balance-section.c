/*
 * balance-section.c - the load balance as a section of a sum's companion
 * (see balance-section.h; its text: include/gmon-companion.h).
 */
#include "balance-section.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "gmon-companion.h"
#include "section-lines.h"

uint64_t balance_map_fingerprint(const struct balance_map *map)
{
	uint64_t tail[3] = { map->nentries, map->nfuncs, map->text_end };
	uint64_t h = gmon_companion_checksum(GMON_COMPANION_FNV_START, tail, sizeof tail);

	h = gmon_companion_checksum(h, map->starts, map->nentries * sizeof(*map->starts));
	/* (4-byte entries: an odd count's last word zero-padded, the end) */
	return gmon_companion_checksum(h, map->func, map->nentries * sizeof(*map->func));
}

/* ---- Writing ------------------------------------------------------------ */

/* A 128-bit count in decimal (at most 39 digits). */
static void print_u128(FILE *out, unsigned __int128 v)
{
	char digits[40], *p = digits + sizeof digits;

	*--p = '\0';
	do {
		*--p = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v);
	fputs(p, out);
}

static void print_stat(FILE *out, const struct balance_stat *s)
{
	fprintf(out, "\t%" PRIu64 "\t%" PRId64 "\t%" PRIu64 "\t%" PRId64 "\t%" PRIu64 "\t", s->min,
		s->min_rank, s->max, s->max_rank, s->sum);
	print_u128(out, s->sumsq);
}

/* The section's text (gmon-companion.h): the map, the ranks with their
 * samples, the functions with samples or calls in some rank. */
static void print_section(FILE *out, const struct balance *b, const struct balance_map *map)
{
	fprintf(out, GMON_BALANCE_MAGIC " %d\nmap\t%016" PRIx64 "\t%" PRIu32 "\nranks\t%" PRIu64
		"\n", GMON_BALANCE_VERSION, balance_map_fingerprint(map), b->nfuncs, b->nranks);
	for (uint64_t r = 0; r < b->nranks; r++)
		fprintf(out, "rank\t%" PRId64 "\t%" PRIu64 "\n", b->ranks[r].rank,
			b->ranks[r].samples);
	for (uint32_t f = 0; f < b->nfuncs; f++) {
		if (b->time[f].sum == 0 && b->calls[f].sum == 0)
			continue;
		fprintf(out, "function\t%" PRIu32, f);
		print_stat(out, &b->time[f]);
		print_stat(out, &b->calls[f]);
		fputc('\n', out);
	}
}

int balance_section_add(struct sum_companion *sc, const char *output, const struct balance *b,
			const struct balance_map *map, char *err, size_t errlen)
{
	FILE *text;

	if (b->nranks == 0)
		return 0;
	text = sum_companion_text_open(sc);
	if (text)
		print_section(text, b, map);
	return sum_companion_text_close(sc, output, GMON_BALANCE_NAME, text != NULL, err, errlen);
}

/* ---- Reading ------------------------------------------------------------ */

static int field_stat(const char **s, struct balance_stat *st)
{
	return section_field_u64(s, &st->min) != 0 ||
			       section_field_rank(s, &st->min_rank) != 0 ||
			       section_field_u64(s, &st->max) != 0 ||
			       section_field_rank(s, &st->max_rank) != 0 ||
			       section_field_u64(s, &st->sum) != 0 ||
			       section_field_u128(s, &st->sumsq) != 0 ||
			       st->min > st->max
		       ? -1
		       : 0;
}

/* The header: its magic, its map (1: another map's), its ranks. */
static int parse_header(struct section_cursor *c, const struct balance_map *map,
			uint64_t *nranks, const char *name, char *err, size_t errlen)
{
	char magic[64];
	const char *s;
	uint64_t fingerprint, nfuncs, mine = balance_map_fingerprint(map);

	snprintf(magic, sizeof magic, GMON_BALANCE_MAGIC " %d", GMON_BALANCE_VERSION);
	if (section_next_line(c) != 1 || strcmp(c->line, magic) != 0)
		return section_bad(c, name, "not a load balance of version 1 (no line \""
				   GMON_BALANCE_MAGIC " 1\")", err, errlen);
	if (section_next_line(c) != 1 || !(s = section_after(c->line, "map")) ||
	    sscanf(s, "%16" SCNx64, &fingerprint) != 1 || strlen(s) < 18 || s[16] != '\t' ||
	    (s += 17, section_field_u64(&s, &nfuncs) != 0) || *s)
		return section_bad(c, name, "no map line (map<TAB>FINGERPRINT<TAB>FUNCTIONS)", err,
				   errlen);
	if (fingerprint != mine || nfuncs != map->nfuncs) {
		set_error(err, errlen,
			  "%s: counted by other functions (map %016" PRIx64 ", %" PRIu64
			  " functions) than this executable's with these options (map %016" PRIx64
			  ", %" PRIu32 " functions; a sum's load balance is counted by the "
			  "executable summed, OpenMP regions charged to their function: "
			  "--regions=parent)",
			  name, fingerprint, nfuncs, mine, map->nfuncs);
		return 1;
	}
	if (section_next_line(c) != 1 || !(s = section_after(c->line, "ranks")) ||
	    section_field_u64(&s, nranks) != 0 ||
	    *s || *nranks == 0 || *nranks > (uint64_t)(c->end - c->p))
		return section_bad(c, name, "no ranks line (ranks<TAB>N, N at least 1)", err, errlen);
	return 0;
}

static int parse_ranks(struct section_cursor *c, struct balance *b, uint64_t nranks,
		       const char *name, char *err, size_t errlen)
{
	b->ranks = malloc(nranks * sizeof(*b->ranks));
	if (!b->ranks) {
		set_error(err, errlen, "%s: out of memory for %" PRIu64 " ranks", name, nranks);
		return -1;
	}
	b->ranks_cap = nranks;
	for (uint64_t r = 0; r < nranks; r++) {
		struct balance_rank *k = &b->ranks[r];
		const char *s;

		if (section_next_line(c) != 1 || !(s = section_after(c->line, "rank")) ||
		    section_field_rank(&s, &k->rank) != 0 ||
		    section_field_u64(&s, &k->samples) != 0 || *s)
			return section_bad(c, name, "not a rank line (rank<TAB>RANK<TAB>SAMPLES)", err,
				   errlen);
		if (r > 0 && k->rank <= b->ranks[r - 1].rank)
			return section_bad(c, name, "ranks not in increasing order", err, errlen);
		b->nranks++;
	}
	return 0;
}

/* The functions' lines; those without one had no samples nor calls in any
 * rank: 0 everywhere, held first by the lowest rank. */
static int parse_functions(struct section_cursor *c, struct balance *b, const char *name,
			   char *err, size_t errlen)
{
	struct balance_stat zero = { .min_rank = b->ranks[0].rank, .max_rank = b->ranks[0].rank };
	int64_t last = -1;
	int rc;

	for (uint32_t f = 0; f < b->nfuncs; f++)
		b->time[f] = b->calls[f] = zero;
	while ((rc = section_next_line(c)) == 1) {
		const char *s = section_after(c->line, "function");
		uint64_t f;

		if (!s || section_field_u64(&s, &f) != 0 || f >= b->nfuncs || (int64_t)f <= last ||
		    field_stat(&s, &b->time[f]) != 0 || field_stat(&s, &b->calls[f]) != 0 || *s)
			return section_bad(c, name,
				   "not a function line (function<TAB>NUMBER, in increasing order "
				   "and below the map's count, then six fields of time and six of "
				   "calls)", err, errlen);
		last = (int64_t)f;
		if (b->ncolumns > 0)
			b->columns[f * b->ncolumns] = b->time[f].sum;
	}
	return rc < 0 ? section_bad(c, name, "line too long", err, errlen) : 0;
}

int balance_section_parse(struct balance *b, const struct balance_map *map, uint32_t ncolumns,
			  const char *text, size_t len, const char *name, char *err,
			  size_t errlen)
{
	struct section_cursor c;
	uint64_t nranks;
	int rc;

	memset(b, 0, sizeof(*b));
	section_cursor_init(&c, text, len);
	rc = parse_header(&c, map, &nranks, name, err, errlen);
	if (rc != 0)
		return rc;
	if (balance_init_merged(b, map->nfuncs, ncolumns, nranks) != 0) {
		set_error(err, errlen, "%s: out of memory", name);
		return -1;
	}
	if (parse_ranks(&c, b, nranks, name, err, errlen) != 0 ||
	    parse_functions(&c, b, name, err, errlen) != 0) {
		balance_free(b);
		return -1;
	}
	if (ncolumns > 0) {
		b->column_files[0] = b->nranks;
		b->column_first[0] = b->ranks[0].rank;
		b->column_last[0] = b->ranks[b->nranks - 1].rank;
	}
	return 0;
}
