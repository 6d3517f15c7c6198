/* gmon-craft.c - see gmon-craft.h. */
#define _GNU_SOURCE
#include "gmon-craft.h"

#include <CUnit/Basic.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gmon-write.h"

char craft_tmpdir[64];

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

int craft_tmpdir_make(const char *name)
{
	snprintf(craft_tmpdir, sizeof craft_tmpdir, "/tmp/%s.XXXXXX", name);
	return mkdtemp(craft_tmpdir) ? 0 : -1;
}

int craft_tmpdir_remove(void)
{
	return nftw(craft_tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* ------------------------------------------------------------------ */
/* Crafting files.                                                     */

void put(struct buf *b, const void *data, size_t size)
{
	if (b->len + size > b->cap) {
		b->cap = (b->len + size) * 2 + 64;
		b->data = realloc(b->data, b->cap);
		if (!b->data)
			abort();
	}
	memcpy(b->data + b->len, data, size);
	b->len += size;
}

void put_u8(struct buf *b, uint8_t v) { put(b, &v, sizeof v); }
void put_u16(struct buf *b, uint16_t v) { put(b, &v, sizeof v); }
void put_u32(struct buf *b, uint32_t v) { put(b, &v, sizeof v); }
void put_u64(struct buf *b, uint64_t v) { put(b, &v, sizeof v); }

const unsigned char FP_A[GMON_FINGERPRINT_SIZE] = { 0xa1, 0xa2, 0xa3, 0xa4, 0xa5,
							   0xa6, 0xa7, 0xa8, 0xa9, 0xaa };
const unsigned char FP_B[GMON_FINGERPRINT_SIZE] = { 0xb1, 0xb2, 0xb3, 0xb4, 0xb5,
							   0xb6, 0xb7, 0xb8, 0xb9, 0xba };

void put_header_version(struct buf *b, uint32_t version, const unsigned char *fp)
{
	unsigned char spare[GMON_SPARE_SIZE];

	put(b, "gmon", 4);
	put_u32(b, version);
	gmon_fingerprint_to_spare(fp, spare);
	put(b, spare, sizeof spare);
}

void put_header(struct buf *b, const unsigned char *fp)
{
	put_header_version(b, GMON_VERSION, fp);
}

/* Histogram header claiming nbins; the caller adds the bins. */
void put_hist_header_dimen(struct buf *b, uint64_t low, uint64_t high, uint32_t nbins,
				  uint32_t rate, const char *dimen, char abbrev)
{
	char d[GMON_DIMEN_LEN] = { 0 };
	size_t n = strlen(dimen);

	memcpy(d, dimen, n < sizeof d ? n : sizeof d);
	put_u8(b, GMON_TAG_TIME_HIST);
	put_u64(b, low);
	put_u64(b, high);
	put_u32(b, nbins);
	put_u32(b, rate);
	put(b, d, sizeof d);
	put_u8(b, (uint8_t)abbrev);
}

void put_hist_header(struct buf *b, uint64_t low, uint64_t high, uint32_t nbins,
			    uint32_t rate)
{
	put_hist_header_dimen(b, low, high, nbins, rate, "seconds", 's');
}

/* A histogram whose bin i holds value(i) = base + i. */
void put_hist(struct buf *b, uint64_t low, uint64_t high, uint32_t nbins, uint32_t rate,
		     uint16_t base)
{
	put_hist_header(b, low, high, nbins, rate);
	for (uint32_t i = 0; i < nbins; i++)
		put_u16(b, (uint16_t)(base + i));
}

void put_arc(struct buf *b, uint64_t from, uint64_t self, uint32_t count)
{
	put_u8(b, GMON_TAG_CG_ARC);
	put_u64(b, from);
	put_u64(b, self);
	put_u32(b, count);
}

void put_bb(struct buf *b, uint32_t nblocks)
{
	put_u8(b, GMON_TAG_BB_COUNT);
	put_u32(b, nblocks);
	for (uint32_t i = 0; i < nblocks; i++) {
		put_u64(b, 0x1000 + 16 * i);
		put_u64(b, 1000 + i);
	}
}

char *path_in_tmpdir(const char *name)
{
	char *path;

	if (asprintf(&path, "%s/%s", craft_tmpdir, name) < 0)
		abort();
	return path;
}

/* Writes b to craft_tmpdir/name and frees b; returns the path (free it). */
char *save(const char *name, struct buf *b)
{
	char *path = path_in_tmpdir(name);
	FILE *f = fopen(path, "wb");

	/* Also used by the suite's init, where CUnit assertions are not allowed. */
	if (!f || (b->len && fwrite(b->data, 1, b->len, f) != b->len) || fclose(f) != 0) {
		perror(path);
		abort();
	}
	free(b->data);
	memset(b, 0, sizeof *b);
	return path;
}

/* The ordinary file most tests start from: one histogram of 1024 bins over
 * 0x1000-0x2000 at 100 Hz, three arcs, fingerprint fp. */
char *save_good(const char *name, const unsigned char *fp)
{
	struct buf b = { 0 };

	put_header(&b, fp);
	put_hist(&b, 0x1000, 0x2000, 1024, 100, 1);
	put_arc(&b, 0x1100, 0x1800, 7);
	put_arc(&b, 0x1200, 0x1900, 8);
	put_arc(&b, 0x1100, 0x1a00, 9);
	return save(name, &b);
}

/* ------------------------------------------------------------------ */
/* Comparing profiles.                                                  */

int same_string(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

int same_data(const struct profile *a, const struct profile *b)
{
	if (a->nhists != b->nhists || a->narcs != b->narcs ||
	    a->has_fingerprint != b->has_fingerprint ||
	    (a->has_fingerprint && memcmp(a->fingerprint, b->fingerprint, GMON_FINGERPRINT_SIZE)) ||
	    a->bb_records_skipped != b->bb_records_skipped ||
	    a->bb_counts_skipped != b->bb_counts_skipped)
		return 0;
	for (size_t i = 0; i < a->nhists; i++) {
		const struct profile_histogram *x = &a->hists[i], *y = &b->hists[i];

		if (x->low_pc != y->low_pc || x->high_pc != y->high_pc || x->nbins != y->nbins ||
		    x->rate != y->rate || strcmp(x->dimen, y->dimen) ||
		    x->dimen_abbrev != y->dimen_abbrev ||
		    memcmp(x->bins, y->bins, x->nbins * sizeof *x->bins))
			return 0;
	}
	for (size_t i = 0; i < a->narcs; i++)
		if (a->arcs[i].from_pc != b->arcs[i].from_pc ||
		    a->arcs[i].self_pc != b->arcs[i].self_pc || a->arcs[i].count != b->arcs[i].count)
			return 0;
	return 1;
}

int same_profile(const struct profile *a, const struct profile *b)
{
	return same_data(a, b) && a->nfiles == b->nfiles && same_string(a->first_file, b->first_file) &&
	       same_string(a->hist_file, b->hist_file) &&
	       same_string(a->fingerprint_file, b->fingerprint_file);
}

int contains(const char *haystack, const char *needle)
{
	if (!strstr(haystack, needle)) {
		fprintf(stderr, "\n    message: %s\n    lacks:   %s\n", haystack, needle);
		return 0;
	}
	return 1;
}

void add_ok(struct profile *p, const char *path)
{
	char err[ERRLEN] = "";
	int rc = profile_add_file(p, path, err, sizeof err);

	if (rc != 0)
		fprintf(stderr, "\n    unexpected error: %s\n", err);
	CU_ASSERT_FATAL(rc == 0);
}

