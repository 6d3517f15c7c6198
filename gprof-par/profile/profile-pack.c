/*
 * profile-pack.c - see profile-pack.h.
 */
#include "profile-pack.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "profile-internal.h"


/*
 * Layout, native byte order: "gmonpack", uint32 version, uint32 has
 * fingerprint, fingerprint bytes, uint64 nfiles, bb_records_skipped,
 * bb_counts_skipped, nhists, narcs; three names (uint64 length, bytes;
 * length UINT64_MAX for none); per histogram low_pc, high_pc, uint32 nbins,
 * uint32 rate, dimen[16], dimen_abbrev, uint32 nruns, and its runs of bins
 * (uint32 first bin, uint32 count, count uint64 sums; rising, apart: the
 * bins outside every run are 0); per arc from_pc, self_pc, uint64 count.
 *
 * Runs, because histograms of large programs are mostly zeros (a program of
 * 30,000 functions: 850,000 bins, 1% of them in blocks with samples), and
 * the histogram ranges alone (the state of a sum, all zeros) went whole to
 * every process: 6.8 MB packed, sent and unpacked each time.
 */
#define PACK_MAGIC "gmonpack"
#define PACK_MAGIC_LEN 8
#define PACK_VERSION 2
#define PACK_NO_NAME UINT64_MAX
#define PACK_HIST_HEADER_SIZE (2 * sizeof(gmon_addr_t) + 4 + 4 + GMON_DIMEN_LEN + 1 + 1 + 4)
#define PACK_RUN_HEADER_SIZE 8
/* Zeros inside a run, rather than a new run: a run's header costs as
 * much as one bin. */
#define PACK_RUN_GAP 2
#define PACK_ARC_SIZE (2 * sizeof(gmon_addr_t) + 8)

struct packer {
	unsigned char *out; /* NULL: only count */
	size_t len;
};

static void pack(struct packer *k, const void *data, size_t size)
{
	if (k->out)
		memcpy(k->out + k->len, data, size);
	k->len += size;
}

static void pack_u32(struct packer *k, uint32_t v) { pack(k, &v, sizeof v); }
static void pack_u64(struct packer *k, uint64_t v) { pack(k, &v, sizeof v); }

/*
 * The runs of bins worth sending: nonzero bins, and zeros between them
 * when fewer than PACK_RUN_GAP.  bins NULL: all zero, no run.
 */
static void pack_runs(struct packer *k, const uint64_t *bins, uint32_t nbins)
{
	size_t count_at = k->len;
	uint32_t nruns = 0, i = 0;

	pack(k, &nruns, sizeof nruns);   /* filled in below */
	while (bins && i < nbins) {
		uint32_t first, end, zeros = 0;

		while (i < nbins && bins[i] == 0)
			i++;
		if (i == nbins)
			break;
		first = i;
		for (end = i; i < nbins; i++) {
			if (bins[i] != 0) {
				end = i + 1;
				zeros = 0;
			} else if (++zeros >= PACK_RUN_GAP) {
				break;
			}
		}
		i = end;
		pack_u32(k, first);
		pack_u32(k, end - first);
		pack(k, bins + first, (size_t)(end - first) * sizeof *bins);
		nruns++;
	}
	if (k->out)
		memcpy(k->out + count_at, &nruns, sizeof nruns);
}

static void pack_name(struct packer *k, const char *name)
{
	pack_u64(k, name ? strlen(name) : PACK_NO_NAME);
	if (name)
		pack(k, name, strlen(name));
}

static void pack_profile(struct packer *k, const struct profile *p)
{
	pack(k, PACK_MAGIC, PACK_MAGIC_LEN);
	pack_u32(k, PACK_VERSION);
	pack_u32(k, (uint32_t)p->has_fingerprint);
	pack(k, p->fingerprint, GMON_FINGERPRINT_SIZE);
	pack_u64(k, p->nfiles);
	pack_u64(k, p->bb_records_skipped);
	pack_u64(k, p->bb_counts_skipped);
	pack_u64(k, p->nhists);
	pack_u64(k, p->narcs);
	pack_name(k, p->first_file);
	pack_name(k, p->hist_file);
	pack_name(k, p->fingerprint_file);
	for (size_t i = 0; i < p->nhists; i++) {
		const struct profile_histogram *h = &p->hists[i];

		pack_u64(k, h->low_pc);
		pack_u64(k, h->high_pc);
		pack_u32(k, h->nbins);
		pack_u32(k, h->rate);
		pack(k, h->dimen, sizeof h->dimen);
		pack(k, &h->dimen_abbrev, 1);
		pack_runs(k, h->bins, h->nbins);
	}
	for (size_t i = 0; i < p->narcs; i++) {
		pack_u64(k, p->arcs[i].from_pc);
		pack_u64(k, p->arcs[i].self_pc);
		pack_u64(k, p->arcs[i].count);
	}
}

int profile_pack(const struct profile *p, void **data, size_t *len, char *err, size_t errlen)
{
	struct packer k = { NULL, 0 };

	pack_profile(&k, p);
	*len = k.len;
	k.out = malloc(k.len);
	if (!k.out) {
		set_error(err, errlen, "%s: out of memory for %zu bytes of packed profile",
			  name_or_unnamed(p->first_file), *len);
		return -1;
	}
	k.len = 0;
	pack_profile(&k, p);
	*data = k.out;
	return 0;
}

struct unpacker {
	const unsigned char *in;
	size_t len, at;
	const char *name;
	char *err;
	size_t errlen;
	int failed;
	size_t *runs_at;   /* per histogram: the offset of its runs (checked) */
};

/* Takes size bytes; on a short buffer records the error once. */
static const unsigned char *take(struct unpacker *u, uint64_t size, const char *what)
{
	const unsigned char *q = u->in + u->at;

	if (u->failed)
		return NULL;
	if (size > u->len - u->at) {
		set_error(u->err, u->errlen, "%s: packed profile truncated at offset %zu: %s needs "
			  "%" PRIu64 " bytes, only %zu remain", u->name, u->at, what, size,
			  u->len - u->at);
		u->failed = 1;
		return NULL;
	}
	u->at += size;
	return q;
}

static uint64_t take_u64(struct unpacker *u, const char *what)
{
	const unsigned char *q = take(u, 8, what);
	uint64_t v = 0;

	if (q)
		memcpy(&v, q, sizeof v);
	return v;
}

static uint32_t take_u32(struct unpacker *u, const char *what)
{
	const unsigned char *q = take(u, 4, what);

	return q ? load_u32(q) : 0;
}

static char *take_name(struct unpacker *u)
{
	uint64_t n = take_u64(u, "a name length");
	const unsigned char *q;
	char *name;

	if (u->failed || n == PACK_NO_NAME)
		return NULL;
	q = take(u, n, "a name");
	if (!q)
		return NULL;
	name = malloc((size_t)n + 1);
	if (!name) {
		set_error(u->err, u->errlen, "%s: out of memory", u->name);
		u->failed = 1;
		return NULL;
	}
	memcpy(name, q, (size_t)n);
	name[n] = '\0';
	return name;
}

static void unpack_fail(struct unpacker *u, const char *fmt, const char *what)
{
	if (!u->failed)
		set_error(u->err, u->errlen, fmt, u->name, what);
	u->failed = 1;
}

/* A histogram's header, and its runs checked: its bins stay NULL (see
 * profile_add_packed). */
static void unpack_histogram(struct unpacker *u, struct profile_histogram *h, size_t *runs_at)
{
	const unsigned char *q;
	uint32_t nruns, next = 0;

	h->low_pc = take_u64(u, "low_pc");
	h->high_pc = take_u64(u, "high_pc");
	h->nbins = take_u32(u, "nbins");
	h->rate = take_u32(u, "rate");
	q = take(u, GMON_DIMEN_LEN + 1 + 1, "the dimension");
	if (q) {
		memcpy(h->dimen, q, GMON_DIMEN_LEN);
		h->dimen_abbrev = (char)q[GMON_DIMEN_LEN + 1];
	}
	if (!u->failed && (h->low_pc >= h->high_pc || h->nbins == 0 || h->rate == 0))
		unpack_fail(u, "%s: packed profile holds an invalid %s", "histogram");
	*runs_at = u->at;
	nruns = take_u32(u, "the number of runs of bins");
	if (u->failed)
		return;
	if (nruns > (u->len - u->at) / PACK_RUN_HEADER_SIZE) {
		unpack_fail(u, "%s: packed profile truncated or corrupt: %s", "runs exceed its size");
		return;
	}
	/* The runs are only checked here; add_runs adds them. */
	for (uint32_t r = 0; r < nruns && !u->failed; r++) {
		uint32_t first = take_u32(u, "a run of bins"), count = take_u32(u, "a run of bins");

		if (!u->failed && (first < next || first > h->nbins || count == 0 ||
				   count > h->nbins - first)) {
			unpack_fail(u, "%s: packed profile holds an invalid %s", "run of bins");
			return;
		}
		q = take(u, (uint64_t)count * sizeof *h->bins, "histogram bins");
		if (!q)
			return;
		next = first + count;
	}
}

/* The counts of things, checked against the bytes that remain before
 * anything is allocated for them. */
static void unpack_counts(struct unpacker *u, struct profile *t)
{
	const unsigned char *q = take(u, PACK_MAGIC_LEN, "the magic");
	uint32_t version;

	if (q && memcmp(q, PACK_MAGIC, PACK_MAGIC_LEN) != 0)
		unpack_fail(u, "%s: not a packed profile (%s)", "bad magic");
	version = take_u32(u, "the version");
	if (!u->failed && version != PACK_VERSION)
		unpack_fail(u, "%s: packed profile of an unknown %s", "version");
	t->has_fingerprint = take_u32(u, "the fingerprint flag") != 0;
	q = take(u, GMON_FINGERPRINT_SIZE, "the fingerprint");
	if (q)
		memcpy(t->fingerprint, q, GMON_FINGERPRINT_SIZE);
	t->nfiles = take_u64(u, "nfiles");
	t->bb_records_skipped = take_u64(u, "bb_records_skipped");
	t->bb_counts_skipped = take_u64(u, "bb_counts_skipped");
	t->nhists = take_u64(u, "nhists");
	t->narcs = take_u64(u, "narcs");
	if (!u->failed && (t->nhists > (u->len - u->at) / PACK_HIST_HEADER_SIZE ||
			   t->narcs > (u->len - u->at) / PACK_ARC_SIZE))
		unpack_fail(u, "%s: packed profile truncated or corrupt: %s", "counts exceed its size");
}

/* Fills t (empty) from the buffer; on failure t holds what was read. */
static int unpack_profile(struct unpacker *u, struct profile *t)
{
	size_t nhists, narcs;

	unpack_counts(u, t);
	nhists = u->failed ? 0 : t->nhists;
	narcs = u->failed ? 0 : t->narcs;
	t->nhists = t->narcs = 0;
	t->first_file = take_name(u);
	t->hist_file = take_name(u);
	t->fingerprint_file = take_name(u);
	t->hists = nhists ? calloc(nhists, sizeof *t->hists) : NULL;
	t->arcs = narcs ? calloc(narcs, sizeof *t->arcs) : NULL;
	u->runs_at = calloc(nhists ? nhists : 1, sizeof *u->runs_at);
	if ((nhists && !t->hists) || (narcs && !t->arcs) || !u->runs_at)
		unpack_fail(u, "%s: out of memory for %s", "a packed profile");
	for (size_t i = 0; i < nhists && !u->failed; i++, t->nhists++)
		unpack_histogram(u, &t->hists[i], &u->runs_at[i]);
	for (size_t i = 0; i < narcs && !u->failed; i++, t->narcs++) {
		t->arcs[i].from_pc = take_u64(u, "an arc");
		t->arcs[i].self_pc = take_u64(u, "an arc");
		t->arcs[i].count = take_u64(u, "an arc");
	}
	if (!u->failed && u->at != u->len)
		unpack_fail(u, "%s: packed profile has %s after its end", "extra bytes");
	return u->failed ? -1 : 0;
}

/* Adds the runs of bins at data + at (checked by unpack_histogram). */
static void add_runs(uint64_t *sums, const unsigned char *data, size_t at)
{
	uint32_t nruns = load_u32(data + at);

	at += sizeof nruns;
	for (uint32_t r = 0; r < nruns; r++) {
		uint32_t first = load_u32(data + at), count = load_u32(data + at + 4);

		at += PACK_RUN_HEADER_SIZE;
		for (uint32_t b = 0; b < count; b++, at += sizeof(uint64_t)) {
			uint64_t v;

			memcpy(&v, data + at, sizeof v);
			sums[first + b] += v;
		}
	}
}

/*
 * The packed profile is unpacked without its bins (NULL: profile_merge adds
 * none), merged with profile_merge's checks, then its runs are added
 * straight into p's histograms: no dense copy of mostly zeros to allocate,
 * fill and add.
 */
int profile_add_packed(struct profile *p, const void *data, size_t len, const char *name,
		       char *err, size_t errlen)
{
	struct unpacker u = { data, len, 0, name_or_unnamed(name), err, errlen, 0, NULL };
	struct profile t;
	int rc;

	profile_init(&t);
	rc = unpack_profile(&u, &t);
	if (rc == 0)
		rc = profile_merge(p, &t, err, errlen);
	if (rc == 0)
		for (size_t i = 0; i < t.nhists; i++)
			add_runs(p->hists[profile_find_hist(p, t.hists[i].low_pc,
							    t.hists[i].high_pc)].bins,
				 data, u.runs_at[i]);
	free(u.runs_at);
	profile_free(&t);
	return rc;
}

