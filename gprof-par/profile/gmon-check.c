/*
 * gmon-check.c - validate a gmon v1 file image against what a profile
 * already holds, without changing it: the header, every record's size and
 * tag, and the compatibility of histograms.
 *
 * Rules (GNU gprof 2.40's, made stricter where it is silent or lossy):
 *   - histogram records with the same range are added, in one file or
 *     across files; the first file that has histograms fixes the ranges:
 *     a later file whose range differs is an error (GNU gprof would keep a
 *     disjoint range apart); in that first file, disjoint ranges are kept
 *     apart and partly overlapping ones are an error, as in GNU gprof;
 *   - every histogram must have the rate, dimension and scale of the first;
 *   - basic-block records (tag 2: uint32 count, then count pairs of
 *     address and count) are validated, to be skipped and counted;
 *   - a file without fingerprint may be summed with files that have one;
 *     two different fingerprints are an error (fingerprint.c).
 */
#include "profile-internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "gmon-write.h"
#include "grow.h"

#define RANGE_TEXT_SIZE 80

/* After a histogram range that differs from another file's: the range is
 * the executable's text, so the file is most likely another program's (a
 * stray gmon.out.N among the ranks'). */
#define ANOTHER_PROGRAM \
	": it seems to be a profile of another program (its executable's text is not the " \
	"first file's)"

/* Where a record is, for messages. */
struct record_place {
	const char *name;
	size_t number; /* 1-based, in the file */
	size_t offset; /* of its tag byte */
};

static void format_range(char *out, size_t size, gmon_addr_t low, gmon_addr_t high,
			 uint32_t nbins)
{
	snprintf(out, size, "0x%" PRIx64 "-0x%" PRIx64 " (%" PRIu32 " bins)", (uint64_t)low,
		 (uint64_t)high, nbins);
}

/* "FILE: histogram record #N at offset O: " */
static int format_place(char *out, size_t size, const struct record_place *at,
			const char *kind)
{
	return snprintf(out, size, "%s: %s record #%zu at offset %zu: ", at->name, kind,
			at->number, at->offset);
}

struct hist_header hist_header_of(const struct profile_histogram *h)
{
	struct hist_header hh;

	hh.low_pc = h->low_pc;
	hh.high_pc = h->high_pc;
	hh.nbins = h->nbins;
	hh.rate = h->rate;
	memcpy(hh.dimen, h->dimen, sizeof hh.dimen);
	hh.dimen_abbrev = h->dimen_abbrev;
	return hh;
}

static int ranges_overlap(const struct hist_header *a, const struct hist_header *b)
{
	return a->low_pc < b->high_pc && b->low_pc < a->high_pc;
}

/* Bytes of text per bin, as GNU gprof compares it. */
static double bin_scale(const struct hist_header *h)
{
	return (double)(h->high_pc - h->low_pc) / h->nbins;
}

/* GNU gprof's tolerance for "the same scale". */
static int same_scale(const struct hist_header *a, const struct hist_header *b)
{
	double d = bin_scale(a) - bin_scale(b);

	return d <= 1e-6 && d >= -1e-6;
}

/* The histogram every other one is compared with: p's first, or else the
 * first one of the file being checked. */
static int reference_hist(const struct profile *p, const struct file_scan *scan,
			  struct hist_header *ref, const char **ref_file)
{
	if (p->nhists > 0) {
		*ref = hist_header_of(&p->hists[0]);
		*ref_file = name_or_unnamed(p->hist_file);
		return 1;
	}
	if (scan->nnew_hists > 0) {
		*ref = scan->new_hists[0];
		*ref_file = scan->name;
		return 1;
	}
	return 0;
}

/* Whether a histogram's dimension names one of the clocks the runtime
 * samples (gmon-format.h). */
static int is_clock(const char *dimen)
{
	return strcmp(dimen, GMON_DIMEN_CPU) == 0 || strcmp(dimen, GMON_DIMEN_WALL) == 0;
}

/* Dimension, abbreviation and rate must be the first histogram's (the
 * clock first: the wall clock's 100 Hz beside the CPU clock's 1000). */
static int check_hist_units(const struct hist_header *h, const struct hist_header *ref,
			    const char *ref_file, char *msg, size_t size)
{
	if (strcmp(h->dimen, ref->dimen) != 0 || h->dimen_abbrev != ref->dimen_abbrev) {
		snprintf(msg, size, "dimension '%s' ('%c') differs from '%s' ('%c') of the first "
			 "histogram (in %s)%s", h->dimen, h->dimen_abbrev, ref->dimen,
			 ref->dimen_abbrev, ref_file,
			 is_clock(h->dimen) && is_clock(ref->dimen)
				 ? ": samples of CPU time and of the wall clock (BG_GMON_CLOCK) "
				   "cannot be added"
				 : "");
		return -1;
	}
	if (h->rate != ref->rate) {
		/* (BG_GMON_HZ set for some of a job's ranks; an earlier
		 * gmon-mpi's default rate, chosen per process) */
		snprintf(msg, size, "profiling rate %" PRIu32 " Hz differs from the %" PRIu32
			 " Hz of the first histogram (in %s); profiles of one run have one "
			 "rate: set BG_GMON_HZ for all its processes (gmon-mpi(7))",
			 h->rate, ref->rate, ref_file);
		return -1;
	}
	return 0;
}

static int add_new_hist(struct file_scan *scan, const struct hist_header *h)
{
	struct hist_header *grown = grow_array(scan->new_hists, &scan->new_hists_cap,
					       scan->nnew_hists + 1, sizeof *grown, 4);

	if (!grown)
		return -1;
	scan->new_hists = grown;
	if (range_index_add(&scan->new_index, h->low_pc, h->high_pc, scan->nnew_hists) != 0)
		return -1;
	scan->new_hists[scan->nnew_hists++] = *h;
	return 0;
}

void file_scan_free(struct file_scan *scan)
{
	free(scan->new_hists);
	range_index_free(&scan->new_index);
	scan->new_hists = NULL;
	scan->nnew_hists = scan->new_hists_cap = 0;
}

/* A range p does not hold: fine only while p has no histograms (this is the
 * first file with histograms), if disjoint from the file's others and of the
 * same scale. */
static int check_new_range(const struct profile *p, struct file_scan *scan,
			   const struct hist_header *h, char *msg, size_t size)
{
	char mine[RANGE_TEXT_SIZE], theirs[RANGE_TEXT_SIZE];
	size_t overlapped;

	format_range(mine, sizeof mine, h->low_pc, h->high_pc, h->nbins);
	if (p->nhists > 0) {
		const struct profile_histogram *first = &p->hists[0];

		for (size_t i = 0; i < p->nhists; i++) {
			struct hist_header other = hist_header_of(&p->hists[i]);

			if (ranges_overlap(h, &other)) {
				first = &p->hists[i];
				break;
			}
		}
		format_range(theirs, sizeof theirs, first->low_pc, first->high_pc, first->nbins);
		snprintf(msg, size, "histogram range %s differs from the first file's %s (in %s)%s",
			 mine, theirs, name_or_unnamed(p->hist_file), ANOTHER_PROGRAM);
		return -1;
	}
	overlapped = range_index_first_overlap(&scan->new_index, h->low_pc, h->high_pc);
	if (overlapped != RANGE_NONE) {
		const struct hist_header *other = &scan->new_hists[overlapped];

		format_range(theirs, sizeof theirs, other->low_pc, other->high_pc, other->nbins);
		snprintf(msg, size, "histogram range %s partly overlaps the earlier "
			 "histogram %s of this file", mine, theirs);
		return -1;
	}
	if (scan->nnew_hists > 0 && !same_scale(h, &scan->new_hists[0])) {
		const struct hist_header *first = &scan->new_hists[0];

		format_range(theirs, sizeof theirs, first->low_pc, first->high_pc, first->nbins);
		snprintf(msg, size, "histogram %s has %g bytes per bin, but the first "
			 "histogram %s of this file has %g", mine, bin_scale(h), theirs, bin_scale(first));
		return -1;
	}
	if (add_new_hist(scan, h) != 0) {
		snprintf(msg, size, "out of memory");
		return -1;
	}
	return 0;
}

/* Same range as one already known (in another file: other_file): the bin
 * count must match too. */
static int check_known_range(const struct hist_header *h, const struct hist_header *known,
			     const char *known_file, int other_file, char *msg, size_t size)
{
	char mine[RANGE_TEXT_SIZE], theirs[RANGE_TEXT_SIZE];

	if (h->nbins == known->nbins)
		return 0;
	format_range(mine, sizeof mine, h->low_pc, h->high_pc, h->nbins);
	format_range(theirs, sizeof theirs, known->low_pc, known->high_pc, known->nbins);
	snprintf(msg, size, "histogram range %s differs from the first file's %s (in %s)%s", mine,
		 theirs, known_file, other_file ? ANOTHER_PROGRAM : "");
	return -1;
}

/* See profile-internal.h. */
int gmon_check_hist_shape(const struct hist_header *h, char *msg, size_t size)
{
	if (h->low_pc >= h->high_pc)
		snprintf(msg, size, "low_pc 0x%" PRIx64 " is not below high_pc 0x%" PRIx64,
			 (uint64_t)h->low_pc, (uint64_t)h->high_pc);
	else if (h->nbins == 0)
		snprintf(msg, size, "has 0 bins");
	else if (h->rate == 0)
		snprintf(msg, size, "profiling rate is 0 Hz");
	else
		return 0;
	return -1;
}

/* See profile-internal.h. */
int gmon_check_histogram(const struct profile *p, struct file_scan *scan,
			   const struct hist_header *h, char *msg, size_t size)
{
	struct hist_header ref;
	const char *ref_file;
	char units[1024];
	size_t j;
	int i, rc, units_bad;

	units_bad = reference_hist(p, scan, &ref, &ref_file) &&
		    check_hist_units(h, &ref, ref_file, units, sizeof units) != 0;
	/* A range that says "another program" is said before a rate or a
	 * dimension (glibc's 100 Hz profile among gmon-mpi's 1000 Hz ones) */
	i = profile_find_hist(p, h->low_pc, h->high_pc);
	if (i >= 0) {
		struct hist_header known = hist_header_of(&p->hists[i]);

		rc = check_known_range(h, &known, name_or_unnamed(p->hist_file), 1, msg, size);
	} else if ((j = range_index_find(&scan->new_index, h->low_pc, h->high_pc)) != RANGE_NONE) {
		rc = check_known_range(h, &scan->new_hists[j], scan->name, 0, msg, size);
	} else if (units_bad && p->nhists == 0) {
		rc = 0;   /* (not added: its units are refused below) */
	} else {
		rc = check_new_range(p, scan, h, msg, size);
	}
	if (rc == 0 && units_bad) {
		snprintf(msg, size, "%s", units);
		rc = -1;
	}
	return rc;
}

/* ---- The records of a file. --------------------------------------- */

static int check_header(const unsigned char *data, size_t len, struct file_scan *scan,
			char *err, size_t errlen)
{
	uint32_t version;

	if (len == 0) {
		set_error(err, errlen, "%s: empty file (0 bytes), not a gmon file", scan->name);
		return -1;
	}
	if (len < GMON_HEADER_SIZE) {
		set_error(err, errlen, "%s: truncated header: %zu of %d bytes (%zu missing)",
			  scan->name, len, GMON_HEADER_SIZE, GMON_HEADER_SIZE - len);
		return -1;
	}
	if (memcmp(data, GMON_MAGIC, GMON_MAGIC_LEN) != 0) {
		/* not the bytes found: a link planted in a directory that root
		 * sums (-S) would print the start of any file (/etc/shadow) */
		set_error(err, errlen, "%s: bad magic: expected \"gmon\" at its start: not a gmon "
			  "file", scan->name);
		return -1;
	}
	version = load_u32(data + GMON_MAGIC_LEN);
	if (version != GMON_VERSION) {
		set_error(err, errlen, "%s: unsupported gmon version %" PRIu32 " (only version %d "
			  "is read)", scan->name, version, GMON_VERSION);
		return -1;
	}
	scan->has_fingerprint = gmon_fingerprint_from_spare(data + GMON_SPARE_OFFSET,
							    scan->fingerprint);
	return 0;
}

/* See profile-internal.h. */
void gmon_decode_hist_header(const unsigned char *rec, struct hist_header *h)
{
	const unsigned char *q = rec;

	h->low_pc = load_addr(q);
	q += sizeof(gmon_addr_t);
	h->high_pc = load_addr(q);
	q += sizeof(gmon_addr_t);
	h->nbins = load_u32(q);
	q += 4;
	h->rate = load_u32(q);
	q += 4;
	memcpy(h->dimen, q, GMON_DIMEN_LEN);
	h->dimen[GMON_DIMEN_LEN] = '\0';
	q += GMON_DIMEN_LEN;
	h->dimen_abbrev = (char)*q;
}

/* Checks the fixed part of a record: rest bytes follow its tag byte. */
static int check_room(const struct record_place *at, const char *kind, size_t need,
		      size_t rest, char *err, size_t errlen)
{
	char place[512];

	if (need <= rest)
		return 0;
	format_place(place, sizeof place, at, kind);
	set_error(err, errlen, "%struncated: needs %zu bytes after its tag, only %zu remain "
		  "(%zu missing)", place, need, rest, need - rest);
	return -1;
}

/* Histogram record at rec (after the tag); returns its size, or 0 on error. */
static size_t check_hist_record(const struct profile *p, struct file_scan *scan,
				const struct record_place *at, const unsigned char *rec,
				size_t rest, char *err, size_t errlen)
{
	struct hist_header h;
	char place[512], msg[768];
	uint64_t bin_bytes;

	if (check_room(at, "histogram", GMON_HIST_HEADER_SIZE, rest, err, errlen) != 0)
		return 0;
	gmon_decode_hist_header(rec, &h);
	format_place(place, sizeof place, at, "histogram");
	rest -= GMON_HIST_HEADER_SIZE;
	bin_bytes = (uint64_t)h.nbins * HIST_BIN_SIZE;
	if (gmon_check_hist_shape(&h, msg, sizeof msg) != 0) {
		set_error(err, errlen, "%s%s", place, msg);
		return 0;
	}
	if (bin_bytes > rest) {
		set_error(err, errlen, "%s%" PRIu32 " bins need %" PRIu64 " bytes, only %zu remain "
			  "(%" PRIu64 " missing: file truncated or bin count corrupt)", place,
			  h.nbins, bin_bytes, rest, bin_bytes - rest);
		return 0;
	}
	if (gmon_check_histogram(p, scan, &h, msg, sizeof msg) != 0) {
		set_error(err, errlen, "%s%s", place, msg);
		return 0;
	}
	return GMON_HIST_HEADER_SIZE + (size_t)bin_bytes;
}

/* Basic-block record: uint32 count, then count (address, count) pairs. */
static size_t check_bb_record(struct file_scan *scan, const struct record_place *at,
			      const unsigned char *rec, size_t rest, char *err, size_t errlen)
{
	uint64_t nblocks, pair_bytes;
	char place[512];

	if (check_room(at, "basic-block", BB_COUNT_SIZE, rest, err, errlen) != 0)
		return 0;
	nblocks = load_u32(rec);
	pair_bytes = nblocks * BB_PAIR_SIZE;
	rest -= BB_COUNT_SIZE;
	if (pair_bytes > rest) {
		format_place(place, sizeof place, at, "basic-block");
		set_error(err, errlen, "%s%" PRIu64 " blocks need %" PRIu64 " bytes, only %zu "
			  "remain (%" PRIu64 " missing: file truncated or block count corrupt)",
			  place, nblocks, pair_bytes, rest, pair_bytes - rest);
		return 0;
	}
	scan->bb_records++;
	scan->bb_counts += nblocks;
	return BB_COUNT_SIZE + (size_t)pair_bytes;
}

/* Bytes after the tag that a record's checks read, or 0 for an unknown tag. */
static size_t fixed_part(unsigned char tag)
{
	switch (tag) {
	case GMON_TAG_TIME_HIST: return GMON_HIST_HEADER_SIZE;
	case GMON_TAG_CG_ARC: return GMON_ARC_SIZE;
	case GMON_TAG_BB_COUNT: return BB_COUNT_SIZE;
	default: return 0;
	}
}

/*
 * Walks the records of a file of len bytes, of which the first limit are in
 * data (limit < len: a prefix, read so far); fills scan.  Sizes are checked
 * against len; a record whose fixed part is not in the prefix ends the walk.
 * Returns 0, or -1 with err.
 */
static int check_records(const struct profile *p, const unsigned char *data, size_t limit,
			 size_t len, struct file_scan *scan, char *err, size_t errlen)
{
	struct record_place at = { scan->name, 0, GMON_HEADER_SIZE };

	while (at.offset < limit) {
		const unsigned char *rec = data + at.offset + TAG_SIZE;
		size_t rest = len - at.offset - TAG_SIZE;
		size_t size = 0;

		if (limit < len && limit - at.offset - TAG_SIZE < fixed_part(data[at.offset]))
			break;
		at.number++;
		switch (data[at.offset]) {
		case GMON_TAG_TIME_HIST:
			size = check_hist_record(p, scan, &at, rec, rest, err, errlen);
			scan->hist_records += size != 0;
			break;
		case GMON_TAG_CG_ARC:
			if (check_room(&at, "arc", GMON_ARC_SIZE, rest, err, errlen) == 0) {
				size = GMON_ARC_SIZE;
				scan->arc_records++;
			}
			break;
		case GMON_TAG_BB_COUNT:
			size = check_bb_record(scan, &at, rec, rest, err, errlen);
			break;
		default:
			set_error(err, errlen, "%s: record #%zu at offset %zu: unknown tag %u (0x%02x); "
				  "known tags are 0 (histogram), 1 (arc), 2 (basic-block)",
				  scan->name, at.number, at.offset, data[at.offset],
				  data[at.offset]);
			return -1;
		}
		if (size == 0)
			return -1;
		at.offset += TAG_SIZE + size;
	}
	return 0;
}

/* See profile-internal.h. */
int gmon_check_prefix(const struct profile *p, const unsigned char *data, size_t limit,
		      size_t len, const char *name, char *err, size_t errlen)
{
	struct file_scan scan;
	int rc = -1;

	memset(&scan, 0, sizeof scan);
	scan.name = name;
	if (check_header(data, limit, &scan, err, errlen) == 0 &&
	    (!scan.has_fingerprint ||
	     fingerprint_check_same(p, scan.fingerprint, scan.name, err, errlen) == 0))
		rc = check_records(p, data, limit, len, &scan, err, errlen);
	file_scan_free(&scan);
	return rc;
}

/* See profile-internal.h. */
int gmon_check_file(const struct profile *p, const unsigned char *data, size_t len,
		      struct file_scan *scan, char *err, size_t errlen)
{
	if (check_header(data, len, scan, err, errlen) != 0)
		return -1;
	if (scan->has_fingerprint &&
	    fingerprint_check_same(p, scan->fingerprint, scan->name, err, errlen) != 0)
		return -1;
	return check_records(p, data, len, len, scan, err, errlen);
}

