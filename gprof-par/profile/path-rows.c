/* path-rows.c - see path-rows.h. */
#include "path-rows.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "gmon-companion.h"
#include "grow.h"
#include "section-lines.h"

#define NOT_ASKED 0xff

int path_rows_init(struct path_rows *pr, const struct path_classifier *classifier,
		   size_t nfiles)
{
	memset(pr, 0, sizeof *pr);
	if (!classifier)
		return 0;
	pr->rows = calloc(nfiles ? nfiles : 1, sizeof *pr->rows);
	if (!pr->rows)
		return -1;
	pr->classifier = classifier;
	pr->nrows = nfiles;
	return 0;
}

void path_rows_free(struct path_rows *pr)
{
	free(pr->rows);
	free(pr->class_of);
	memset(pr, 0, sizeof *pr);
}

/* callpaths' added: the samples of the set's path into the current row. */
static void count_path(void *ctx, const struct callpaths *cp, size_t path, uint64_t samples)
{
	struct path_rows *pr = ctx;

	if (pr->failed)
		return;
	if (path >= pr->nclassed) {
		unsigned char *grown = grow_array(pr->class_of, &pr->class_cap, path + 1,
						  sizeof *grown, 1024);

		if (!grown) {
			pr->failed = 1;
			return;
		}
		pr->class_of = grown;
		memset(pr->class_of + pr->nclassed, NOT_ASKED, path + 1 - pr->nclassed);
		pr->nclassed = path + 1;
	}
	if (pr->class_of[path] == NOT_ASKED) {
		int c = pr->classifier->classify(pr->classifier->ctx, cp, path);

		if (c < 0 || c >= PATH_CLASSES) {
			pr->failed = 1;
			return;
		}
		pr->class_of[path] = (unsigned char)c;
	}
	pr->current->samples[pr->class_of[path]] += samples;
}

int path_rows_add_beside(struct path_rows *pr, struct callpaths *cp, size_t i, int64_t rank,
			 const char *profile, char *err, size_t errlen)
{
	struct path_row row;
	int rc;

	if (!pr->classifier || i >= pr->nrows)
		return callpaths_add_beside(cp, profile, err, errlen);
	memset(&row, 0, sizeof row);
	row.rank = rank;
	pr->current = &row;
	cp->added = count_path;
	cp->added_ctx = pr;
	rc = callpaths_add_beside(cp, profile, err, errlen);
	cp->added = NULL;
	cp->added_ctx = NULL;
	pr->current = NULL;
	if (rc == 0 && pr->failed) {
		set_error(err, errlen, "out of memory classifying the call paths of %s", profile);
		return -1;
	}
	if (rc == 0) {   /* added: its row (a file refused left the set alone) */
		row.has = 1;
		pr->rows[i] = row;
	}
	return rc;
}

int path_rows_pack(const struct path_rows *pr, size_t lo, size_t hi, void **data, size_t *len)
{
	size_t n = pr->classifier && lo < hi && hi <= pr->nrows ? hi - lo : 0;

	*len = n * sizeof *pr->rows;
	*data = malloc(*len ? *len : 1);
	if (!*data)
		return -1;
	if (n)
		memcpy(*data, &pr->rows[lo], *len);
	return 0;
}

int path_rows_unpack(struct path_rows *pr, size_t lo, size_t hi, const void *data, size_t len)
{
	size_t n = pr->classifier && lo < hi && hi <= pr->nrows ? hi - lo : 0;

	if (len != n * sizeof *pr->rows)
		return -1;
	if (n)
		memcpy(&pr->rows[lo], data, len);
	return 0;
}

/* ---- The section "categories" ------------------------------------------- */

static int by_rank(const void *a, const void *b)
{
	int64_t x = (*(const struct path_row *const *)a)->rank,
		y = (*(const struct path_row *const *)b)->rank;

	return (x > y) - (x < y);
}

static void print_section(FILE *out, const struct path_row *const *rows, size_t n,
			  const char *const *keys, unsigned nclasses)
{
	fprintf(out, GMON_CATEGORIES_MAGIC " %d\nclasses", GMON_CATEGORIES_VERSION);
	for (unsigned c = 0; c < nclasses; c++)
		fprintf(out, "\t%s", keys[c]);
	fprintf(out, "\nranks\t%zu\n", n);
	for (size_t i = 0; i < n; i++) {
		fprintf(out, "rank\t%" PRId64, rows[i]->rank);
		for (unsigned c = 0; c < nclasses; c++)
			fprintf(out, "\t%" PRIu64, rows[i]->samples[c]);
		fputc('\n', out);
	}
}

int path_rows_section_add(struct sum_companion *sc, const char *output,
			  const struct path_rows *pr, const char *const *keys, unsigned nclasses,
			  char *err, size_t errlen)
{
	const struct path_row **rows;
	size_t n = 0;
	FILE *text;

	for (size_t i = 0; i < pr->nrows; i++)
		n += pr->rows[i].has != 0;
	if (n == 0 || nclasses > PATH_CLASSES)
		return 0;
	rows = malloc(n * sizeof *rows);
	if (!rows) {
		set_error(err, errlen, "out of memory for the section " GMON_CATEGORIES_NAME
			  " of %s's companion", output);
		return -1;
	}
	n = 0;
	for (size_t i = 0; i < pr->nrows; i++)
		if (pr->rows[i].has)
			rows[n++] = &pr->rows[i];
	qsort(rows, n, sizeof *rows, by_rank);
	text = sum_companion_text_open(sc);
	if (text)
		print_section(text, rows, n, keys, nclasses);
	free(rows);
	return sum_companion_text_close(sc, output, GMON_CATEGORIES_NAME, text != NULL, err,
					errlen);
}

/* Whether the classes line (after its keyword) names keys, in order. */
static int same_classes(const char *s, const char *const *keys, unsigned nclasses)
{
	for (unsigned c = 0; c < nclasses; c++) {
		size_t n = strlen(keys[c]);

		if (c > 0 && *s++ != '\t')
			return 0;
		if (strncmp(s, keys[c], n) != 0)
			return 0;
		s += n;
	}
	return *s == '\0';
}

int path_rows_section_parse(struct path_rows *pr, const char *const *keys, unsigned nclasses,
			    const char *text, size_t len, const char *name, char *err,
			    size_t errlen)
{
	struct section_cursor c;
	char magic[64];
	const char *s;
	uint64_t n;

	memset(pr, 0, sizeof *pr);
	section_cursor_init(&c, text, len);
	snprintf(magic, sizeof magic, GMON_CATEGORIES_MAGIC " %d", GMON_CATEGORIES_VERSION);
	if (section_next_line(&c) != 1 || strcmp(c.line, magic) != 0)
		return section_bad(&c, name, "not a table of categories of version 1 (no line \""
				   GMON_CATEGORIES_MAGIC " 1\")", err, errlen);
	if (section_next_line(&c) != 1 || !(s = section_after(c.line, "classes")))
		return section_bad(&c, name, "no classes line (classes<TAB>KEY...)", err, errlen);
	if (nclasses == 0 || nclasses > PATH_CLASSES || !same_classes(s, keys, nclasses)) {
		set_error(err, errlen, "%s: counted by other categories (%s) than this gprof-par's",
			  name, s);
		return 1;
	}
	if (section_next_line(&c) != 1 || !(s = section_after(c.line, "ranks")) ||
	    section_field_u64(&s, &n) != 0 || *s || n == 0 || n > (uint64_t)(c.end - c.p))
		return section_bad(&c, name, "no ranks line (ranks<TAB>N, N at least 1)", err,
				   errlen);
	pr->rows = calloc((size_t)n, sizeof *pr->rows);
	if (!pr->rows) {
		set_error(err, errlen, "%s: out of memory for %" PRIu64 " ranks", name, n);
		return -1;
	}
	for (uint64_t i = 0; i < n; i++) {
		struct path_row *row = &pr->rows[i];
		int ok = section_next_line(&c) == 1 && (s = section_after(c.line, "rank")) &&
			 section_field_rank(&s, &row->rank) == 0;

		for (unsigned k = 0; ok && k < nclasses; k++)
			ok = section_field_u64(&s, &row->samples[k]) == 0;
		if (!ok || *s) {
			path_rows_free(pr);
			return section_bad(&c, name, "not a rank line (rank<TAB>RANK, then the "
					   "samples of each class)", err, errlen);
		}
		if (i > 0 && row->rank <= pr->rows[i - 1].rank) {
			path_rows_free(pr);
			return section_bad(&c, name, "ranks not in increasing order", err, errlen);
		}
		row->has = 1;
		pr->nrows++;
	}
	if (section_next_line(&c) != 0) {
		path_rows_free(pr);
		return section_bad(&c, name, "a line after the last rank's", err, errlen);
	}
	return 0;
}
