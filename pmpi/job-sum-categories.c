/* job-sum-categories.c - see job-sum-categories.h. */
#include "job-sum-categories.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "gmon-companion.h"
#include "summary.h"

#define NONE "the job's sum has no categories per rank (its section categories): "

/* One path of the job's set: its key and its class. */
struct keyed_class {
	uint64_t key;
	unsigned char class;
};

/* A path's frames, leaf first, as every rank's set names them: each
 * frame's module by base name and build-id (as callpaths matches modules),
 * and its address. */
static uint64_t path_key(const struct callpaths *cp, size_t path)
{
	const struct callpath *p = &cp->paths[path];
	uint64_t h = GMON_COMPANION_FNV_START;

	for (uint32_t i = 0; i < p->nframes; i++) {
		const struct callpath_frame *f = &cp->frames[p->first + i];

		if (f->module == CALLPATH_NO_MODULE) {
			h = gmon_companion_checksum(h, "", 1);
		} else {
			const struct companion_module *m = &cp->modules[f->module];
			const char *id = m->build_id ? m->build_id : "-";

			h = gmon_companion_checksum(h, m->base, strlen(m->base) + 1);
			h = gmon_companion_checksum(h, id, strlen(id) + 1);
		}
		h = gmon_companion_checksum(h, &f->addr, sizeof f->addr);
	}
	return h;
}

void job_categories_init(struct job_categories *jc)
{
	memset(jc, 0, sizeof *jc);
	jc->ok = 1;
}

int job_categories_own(struct job_categories *jc, const struct callpaths *own, char *err,
		       size_t errlen)
{
	job_categories_free(jc);
	jc->ok = 1;
	jc->has = own->nfiles > 0;
	if (!jc->has || own->npaths == 0)
		return 0;
	jc->keys = malloc(own->npaths * sizeof *jc->keys);
	jc->samples = malloc(own->npaths * sizeof *jc->samples);
	if (!jc->keys || !jc->samples) {
		set_error(err, errlen, NONE "no memory for this rank's %zu paths", own->npaths);
		jc->ok = 0;
		return -1;
	}
	for (size_t i = 0; i < own->npaths; i++) {
		jc->keys[i] = path_key(own, i);
		jc->samples[i] = own->paths[i].samples;
	}
	jc->n = own->npaths;
	return 0;
}

static int by_key(const void *a, const void *b)
{
	uint64_t x = ((const struct keyed_class *)a)->key, y = ((const struct keyed_class *)b)->key;

	return (x > y) - (x < y);
}

/* Rank 0: every path of whole classified as -S classifies them, by key
 * (sorted; two paths of one key but another class: the keys cannot tell
 * them apart, no table).  Returns the table (malloc'ed; *n entries), or
 * NULL with a message in err. */
static struct keyed_class *classify_all(const struct callpaths *whole, const struct symtab *st,
					size_t *n, char *err, size_t errlen)
{
	struct summary_paths_classifier c;
	struct keyed_class *table = malloc((whole->npaths ? whole->npaths : 1) * sizeof *table);
	size_t i;

	if (!table) {
		set_error(err, errlen, NONE "no memory for the classes of %zu paths", whole->npaths);
		return NULL;
	}
	summary_paths_classifier_init(&c, st);
	for (i = 0; i < whole->npaths; i++) {
		int class = c.base.classify(c.base.ctx, whole, i);

		if (class < 0 || class >= PATH_CLASSES)
			break;
		table[i].key = path_key(whole, i);
		table[i].class = (unsigned char)class;
	}
	summary_paths_classifier_free(&c);
	if (i < whole->npaths) {
		set_error(err, errlen, NONE "out of memory naming the paths' frames");
		free(table);
		return NULL;
	}
	qsort(table, whole->npaths, sizeof *table, by_key);
	for (i = 1; i < whole->npaths; i++)
		if (table[i].key == table[i - 1].key && table[i].class != table[i - 1].class) {
			set_error(err, errlen, NONE "two paths of the job have one key");
			free(table);
			return NULL;
		}
	*n = whole->npaths;
	return table;
}

/* Rank 0's table (NULL: none) on every rank, its keys then its classes;
 * *shared: whether there was one (the same on every rank; a rank without
 * the memory for it gets NULL all the same). */
static struct keyed_class *share_table(struct keyed_class *table, size_t *n, int me,
				       MPI_Comm comm, int *shared)
{
	uint64_t count = UINT64_MAX, *keys = NULL;
	unsigned char *classes = NULL;
	int ok;

	if (me == 0 && table && *n <= INT_MAX / sizeof *keys) {
		keys = malloc(*n ? *n * sizeof *keys : 1);
		classes = malloc(*n ? *n : 1);
		if (keys && classes) {
			count = *n;
			for (size_t i = 0; i < *n; i++) {
				keys[i] = table[i].key;
				classes[i] = table[i].class;
			}
		}
	}
	PMPI_Bcast(&count, 1, MPI_UINT64_T, 0, comm);
	*shared = count != UINT64_MAX;
	if (me != 0 && *shared) {
		keys = malloc(count ? (size_t)count * sizeof *keys : 1);
		classes = malloc(count ? (size_t)count : 1);
	}
	ok = *shared && keys && classes;
	if (*shared) {
		/* (a rank without the memory receives into none: its row fails) */
		PMPI_Bcast(ok ? keys : NULL, ok ? (int)count : 0, MPI_UINT64_T, 0, comm);
		PMPI_Bcast(ok ? classes : NULL, ok ? (int)count : 0, MPI_UNSIGNED_CHAR, 0, comm);
	}
	if (me != 0) {
		table = ok ? malloc(count ? (size_t)count * sizeof *table : 1) : NULL;
		for (uint64_t i = 0; table && i < count; i++) {
			table[i].key = keys[i];
			table[i].class = classes[i];
		}
	} else if (!ok) {
		free(table);
		table = NULL;
	}
	free(keys);
	free(classes);
	*n = table ? (size_t)count : 0;
	return table;
}

/* This rank's row by the table: {counted, has, samples by class}. */
static void count_row(const struct job_categories *jc, const struct keyed_class *table,
		      size_t n, uint64_t row[2 + PATH_CLASSES])
{
	memset(row, 0, (2 + PATH_CLASSES) * sizeof *row);
	row[0] = jc->ok && table;
	row[1] = (uint64_t)jc->has;
	for (size_t i = 0; row[0] && i < jc->n; i++) {
		struct keyed_class want = { jc->keys[i], 0 };
		const struct keyed_class *k = bsearch(&want, table, n, sizeof *table, by_key);

		if (!k)
			row[0] = 0;
		else
			row[2 + k->class] += jc->samples[i];
	}
}

int job_categories_gather(struct job_categories *jc, int me, int n, MPI_Comm comm,
			  const struct callpaths *whole, const struct symtab *st, char *err,
			  size_t errlen)
{
	struct keyed_class *table = NULL;
	uint64_t row[2 + PATH_CLASSES], *all = NULL;
	size_t nkeys = 0;
	int failed = 0, shared = 0;

	if (me == 0 && st && whole && !(table = classify_all(whole, st, &nkeys, err, errlen)))
		failed = 1;
	table = share_table(table, &nkeys, me, comm, &shared);
	count_row(jc, table, nkeys, row);
	free(table);
	if (me != 0 && shared && !row[0]) {
		set_error(err, errlen, NONE "this rank's paths are not all in rank 0's set, or "
			  "it had no memory for them");
		failed = 1;
	}
	if (me == 0 && shared) {
		all = malloc((size_t)n * sizeof row);
		if (!all) {
			set_error(err, errlen, NONE "no memory for %d ranks' rows", n);
			failed = 1;
		}
	}
	/* (no table: none gathered; rank 0 without the memory gathers into
	 * none: no section) */
	if (shared)
		PMPI_Gather(row, 2 + PATH_CLASSES, MPI_UINT64_T, all,
			    all ? 2 + PATH_CLASSES : 0, MPI_UINT64_T, 0, comm);
	if (me != 0 || !all)
		return failed ? -1 : 0;
	jc->rows.rows = calloc((size_t)n, sizeof *jc->rows.rows);
	for (int r = 0; jc->rows.rows && r < n && !failed; r++) {
		const uint64_t *got = all + (size_t)r * (2 + PATH_CLASSES);
		struct path_row *pr = &jc->rows.rows[r];

		if (!got[0]) {
			set_error(err, errlen, NONE "rank %d could not count its row (it said why)",
				  r);
			failed = 1;
		}
		pr->rank = r;
		pr->has = got[1] != 0;
		memcpy(pr->samples, got + 2, sizeof pr->samples);
	}
	if (!jc->rows.rows) {
		set_error(err, errlen, NONE "no memory for %d ranks' rows", n);
		failed = 1;
	}
	free(all);
	jc->rows.nrows = jc->rows.rows ? (size_t)n : 0;
	jc->have_rows = !failed;
	return failed ? -1 : 0;
}

int job_categories_section(const struct job_categories *jc, struct sum_companion *sc,
			   const char *output, char *err, size_t errlen)
{
	if (!jc->have_rows)
		return 0;
	return path_rows_section_add(sc, output, &jc->rows, summary_path_class_keys(),
				     SUMMARY_PATH_CLASSES, err, errlen);
}

void job_categories_free(struct job_categories *jc)
{
	free(jc->keys);
	free(jc->samples);
	path_rows_free(&jc->rows);
	job_categories_init(jc);
}
