/*
 * profile-internal.h - what the modules of the profile layer share and
 * nothing above it may use: the private part of a struct profile (the arc
 * index, capacities, the read buffer), the decoded form of a histogram
 * header, what validating a file learns for adding it, and the steps of
 * adding (reserve everything, then apply what cannot fail).
 *
 * Every addition (a file, a buffer, another profile) goes the same way:
 * check against what p holds without changing it (gmon-check.c), reserve
 * all the memory it can need (profile_reserve), then apply it.  So a bad
 * input leaves p exactly as it was.
 */
#ifndef GPROF_PAR_PROFILE_INTERNAL_H
#define GPROF_PAR_PROFILE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "profile.h"
#include "gmon-read.h"
#include "range-index.h"

#define TAG_SIZE 1
#define BB_COUNT_SIZE 4
#define BB_PAIR_SIZE (2 * sizeof(gmon_addr_t))
#define HIST_BIN_SIZE 2

struct profile_private {
	uint32_t *arc_slots;   /* index into arcs + 1; 0 = empty slot */
	size_t arc_slot_mask;  /* number of slots - 1 (a power of two) */
	size_t arc_guess;      /* the index the next arc record is likely to
				  have: the one after the last (see
				  profile_add_arc) */
	size_t arc_resume;     /* the guess before the last jump */
	size_t arcs_cap;
	unsigned char *read_buf;
	size_t read_cap;
	/* the last file read in the BSD format, converted: kept until the next
	 * file, as read_buf is, since its trace points into it (the load
	 * balance counts the file after it was added) */
	unsigned char *bsd_converted;
	/* profile_begin_batch(): 16-bit bins are added into 32-bit partial
	 * sums (half the memory traffic of 64-bit ones), widened into the
	 * histograms' bins at profile_end_batch() or before they could
	 * overflow. */
	int batching;
	uint32_t **partial;    /* per histogram: nbins partial sums, or NULL */
	uint32_t *partial_records; /* per histogram: records added since widened */
	size_t npartial;
	int timing;            /* profile_time_files() */
	struct profile_times times;
	/* profile_trace_files(): what the last file added held, found while
	 * adding it (gmon-read.h). */
	int tracing;
	int untraced_arcs;     /* profile_trace_histograms(): arcs not traced */
	struct profile_arc_trace *arc_trace;
	size_t arc_trace_len, arc_trace_cap;
	struct profile_hist_trace *hist_trace;
	size_t hist_trace_len, hist_trace_cap;
	uint32_t *block_trace;
	size_t block_trace_len, block_trace_cap;
	int shapes_only;       /* profile_shapes_only() */
	uint64_t *const *class_sums;  /* profile_trace_arc_sums() */
	uint32_t *arc_class;   /* per arc: its class, or PROFILE_NO_CLASS */
	size_t narc_class, arc_class_cap;
	uint64_t bytes_read;   /* by profile_add_file, good files or not */
	struct range_index hist_index; /* of p->hists, numbered by position */
};

/* A histogram record header as found in a file or in a profile. */
struct hist_header {
	gmon_addr_t low_pc;
	gmon_addr_t high_pc;
	uint32_t nbins;
	uint32_t rate;
	char dimen[GMON_DIMEN_LEN + 1];
	char dimen_abbrev;
};

/* What check_file learned about a file, for profile_reserve() and applying it. */
struct file_scan {
	const char *name;
	struct hist_header *new_hists; /* ranges p does not hold yet */
	size_t nnew_hists;
	size_t new_hists_cap;
	struct range_index new_index;  /* of new_hists, numbered by position */
	size_t hist_records;
	size_t arc_records;
	uint64_t bb_records;
	uint64_t bb_counts;
	int has_fingerprint;
	unsigned char fingerprint[GMON_FINGERPRINT_SIZE];
};

/* The names profile_reserve() records where p has none yet (NULL: none to
 * record). */
struct source_names {
	const char *first;       /* the first file */
	const char *hist;        /* set when the source brings p's first histograms */
	const char *fingerprint; /* set when the source brings p's fingerprint */
};

/* Little-endian-agnostic loads from unaligned native-order bytes.     */

static inline uint16_t load_u16(const unsigned char *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint32_t load_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint64_t load_u64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline gmon_addr_t load_addr(const unsigned char *p)
{
	gmon_addr_t v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline const char *name_or_unnamed(const char *name)
{
	return name ? name : "(unnamed profile)";
}

static inline size_t arc_hash(gmon_addr_t from_pc, gmon_addr_t self_pc)
{
	uint64_t h = (uint64_t)from_pc * 0x9e3779b97f4a7c15ull;

	h ^= (uint64_t)self_pc + 0x632be59bd9b4e019ull + (h << 6) + (h >> 2);
	h ^= h >> 31;
	h *= 0xd6e8feb86659fd93ull;
	h ^= h >> 32;
	return (size_t)h;
}

static inline void index_arc(struct profile_private *priv, const struct profile_arc *arcs, size_t i)
{
	size_t slot = arc_hash(arcs[i].from_pc, arcs[i].self_pc) & priv->arc_slot_mask;

	while (priv->arc_slots[slot] != 0)
		slot = (slot + 1) & priv->arc_slot_mask;
	priv->arc_slots[slot] = (uint32_t)(i + 1);
}

/* Adds count to the arc (from_pc, self_pc), appending it if new; returns
 * its index in p->arcs.  Room for one more arc and a free slot must have
 * been reserved (profile_reserve).  Inline: the hot loop of summing calls
 * it for every arc record. */
static inline uint32_t profile_add_arc(struct profile *p, gmon_addr_t from_pc,
				       gmon_addr_t self_pc, uint64_t count)
{
	struct profile_private *priv = p->priv;
	size_t guess = priv->arc_guess, slot;
	uint32_t i;

	/*
	 * Rank files of one program list their arcs in nearly the same order
	 * (the order each rank first made the calls), which is the order of
	 * p->arcs, of first appearance: the arc after the last one found is
	 * tried first, without hashing.  Where a file's order differs, it
	 * mostly skips one arc, or visits an arc that first appeared in
	 * another file and comes back: the one after next and the guess from
	 * before the last jump are tried next.  A pair is in p->arcs once, so
	 * these find the index the table would.  On 30,000-function files
	 * the hash table's random probes were half of all the adding time;
	 * the three guesses leave a fifth of the records to it.
	 */
	for (int k = 0; k < 3; k++) {
		size_t g = k == 0 ? guess : k == 1 ? guess + 1 : priv->arc_resume;

		if (g < p->narcs && p->arcs[g].from_pc == from_pc && p->arcs[g].self_pc == self_pc) {
			p->arcs[g].count += count;
			if (g != guess)
				priv->arc_resume = guess;
			priv->arc_guess = g + 1;
			return (uint32_t)g;
		}
	}
	priv->arc_resume = guess;
	slot = arc_hash(from_pc, self_pc) & priv->arc_slot_mask;
	while ((i = priv->arc_slots[slot]) != 0) {
		struct profile_arc *a = &p->arcs[i - 1];

		if (a->from_pc == from_pc && a->self_pc == self_pc) {
			a->count += count;
			priv->arc_guess = i;
			return i - 1;
		}
		slot = (slot + 1) & priv->arc_slot_mask;
	}
	priv->arc_guess = p->narcs + 1;
	priv->arc_slots[slot] = (uint32_t)(p->narcs + 1);
	p->arcs[p->narcs].from_pc = from_pc;
	p->arcs[p->narcs].self_pc = self_pc;
	p->arcs[p->narcs].count = count;
	return (uint32_t)p->narcs++;
}

/* ---- profile.c ---------------------------------------------------- */

/* Makes p->priv; returns 0, or -1 with a message in err. */
int profile_ensure_private(struct profile *p, char *err, size_t errlen);

/* Turns the reason in err into "name: reason". */
void profile_prefix_error(char *err, size_t errlen, const char *name);

/* The index in p->hists of the histogram with this range, or -1. */
int profile_find_hist(const struct profile *p, gmon_addr_t low, gmon_addr_t high);

/*
 * Allocates everything adding the data can need (the new histograms, room
 * for `arcs` more arcs, the names): afterwards nothing can fail.  On failure
 * p holds the same data as before (arrays may be larger).
 */
int profile_reserve(struct profile *p, const struct source_names *names,
		    const struct hist_header *new_hists, size_t nnew_hists, size_t arcs,
		    char *err, size_t errlen);

/* profile_reserve for a source that check_file (or its like) scanned:
 * its names recorded where p has none, its new histograms, room for arcs
 * more arcs; the message prefixed with the source's name.  Returns 0 or
 * -1. */
int profile_reserve_scan(struct profile *p, const struct file_scan *scan, size_t arcs,
			 char *err, size_t errlen);

/* Takes the fingerprint if p has none yet (has: the source has one). */
void profile_take_fingerprint(struct profile *p, int has, const unsigned char *fingerprint);

/* ---- gmon-check.c ------------------------------------------------- */

/* The header of p's histogram h, as found in a file. */
struct hist_header hist_header_of(const struct profile_histogram *h);

/*
 * Checks a whole gmon file image (header, fingerprint, every record)
 * against p without changing it, and fills scan (scan->name set by the
 * caller).  Returns 0, or -1 with a message naming the file, the record
 * and the problem in err.
 */
int gmon_check_file(const struct profile *p, const unsigned char *data, size_t len,
		    struct file_scan *scan, char *err, size_t errlen);

/*
 * The same for the first limit bytes of a file of len bytes, read so far:
 * returns -1 with the message gmon_check_file would give when they hold a
 * problem; 0 when they do not (the rest is unchecked).
 */
int gmon_check_prefix(const struct profile *p, const unsigned char *data, size_t limit,
		      size_t len, const char *name, char *err, size_t errlen);

/*
 * Checks what any histogram header must hold, whatever else was read:
 * low_pc below high_pc, bins, a rate.  Puts the reason (without the place)
 * into msg on failure.
 */
int gmon_check_hist_shape(const struct hist_header *h, char *msg, size_t size);

/*
 * Checks one histogram header against p and scan's earlier histograms;
 * remembers a new range in scan.  Puts the reason (without the place) into
 * msg on failure.
 */
int gmon_check_histogram(const struct profile *p, struct file_scan *scan,
			 const struct hist_header *h, char *msg, size_t size);

/* Frees what checking a file put into scan. */
void file_scan_free(struct file_scan *scan);

/* Decodes the histogram header at rec (just after the tag; its
 * GMON_HIST_HEADER_SIZE bytes must be there). */
void gmon_decode_hist_header(const unsigned char *rec, struct hist_header *h);

/* ---- gmon-read.c -------------------------------------------------- */

/*
 * Reads the file at path whole into p's read buffer (p->priv must exist),
 * checking a large file's first megabyte against p as it goes; *len: its
 * size.  Returns 0, or -1 with a message naming the file.
 */
int profile_read_file(struct profile *p, const char *path, size_t *len, char *err,
		      size_t errlen);

/* ---- fingerprint.c ------------------------------------------------ */

/* A fingerprint of another source (named name) must equal p's, if p has
 * one.  Returns 0, or -1 with a message in err. */
int fingerprint_check_same(const struct profile *p, const unsigned char *fingerprint,
			   const char *name, char *err, size_t errlen);

#endif /* GPROF_PAR_PROFILE_INTERNAL_H */
