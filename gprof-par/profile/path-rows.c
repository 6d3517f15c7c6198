/* path-rows.c - see path-rows.h. */
#include "path-rows.h"

#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "grow.h"

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
