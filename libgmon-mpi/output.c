/*
 * output.c - see output.h.
 *
 * Everything here is async-signal-safe, so that a flush signal's handler
 * can write the profile: no stdio, no malloc (the buffer is mmap'ed), no
 * locks.  Each file goes through output-file.h's temporary and rename.
 */
#define _GNU_SOURCE
#include "output.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arcs.h"
#include "gmon-companion.h"
#include "gmon-write.h"
#include "histogram.h"
#include "sampling.h"

#define WRITE_BUFFER_SIZE (1u << 16)

struct arc_writing {
	struct gmon_writer *writer;
	struct output_summary *summary;
	uintptr_t low_pc, high_pc;   /* link-time range both ends must be in */
	const uintptr_t *biases;     /* runtime minus link-time address, per load */
	unsigned nbiases;
};

static void write_one_arc(uintptr_t from_pc, uintptr_t self_pc, uint64_t count, void *ctx)
{
	struct arc_writing *aw = ctx;

	if (count == 0)
		return;
	for (unsigned b = 0; b < aw->nbiases; b++) {
		uintptr_t from = from_pc - aw->biases[b], self = self_pc - aw->biases[b];

		if (from < aw->low_pc || from >= aw->high_pc || self < aw->low_pc ||
		    self >= aw->high_pc)
			continue;
		aw->summary->arcs_written++;
		aw->summary->calls_written += count;
		gmon_write_arc(aw->writer, from, self, count);
		return;
	}
	aw->summary->arcs_outside++;
	aw->summary->calls_outside += count;
}

/* What one file holds: a histogram over [low_pc, high_pc), and the arcs
 * whose two ends are in that range (a module's: the calls inside it). */
struct file_content {
	gmon_addr_t low_pc, high_pc;
	const uint32_t *bins;
	uint32_t nbins;
	unsigned rate;
	const unsigned char *fingerprint;   /* NULL: none */
	const uintptr_t *biases;
	unsigned nbiases;
	struct output_summary *summary;
	int sparse;             /* a library's section of the companion */
};

static int write_records(int fd, const struct file_content *c, enum output_sync sync)
{
	struct gmon_writer w;
	struct arc_writing aw = {&w, c->summary, c->low_pc, c->high_pc, c->biases, c->nbiases};
	void *buffer = mmap(NULL, WRITE_BUFFER_SIZE, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int err;

	if (buffer == MAP_FAILED)
		return errno;
	gmon_writer_init(&w, fd, buffer, WRITE_BUFFER_SIZE);
	w.dimen = sampling_dimension(); /* the clock the samples followed */
	gmon_write_file_header(&w, c->fingerprint);
	if (c->sparse)
		gmon_write_sparse_histogram(&w, GMON_TAG_SPARSE_HIST, c->low_pc, c->high_pc,
					    c->rate, c->bins, sizeof c->bins[0], c->nbins);
	else
		gmon_write_histogram(&w, c->low_pc, c->high_pc, c->rate, c->bins,
				     sizeof c->bins[0], c->nbins);
	arcs_for_each(write_one_arc, &aw);
	err = gmon_writer_finish(&w);
	if (err == 0 && sync == OUTPUT_DURABLE && fsync(fd) != 0 && errno != EINVAL)
		err = errno;
	munmap(buffer, WRITE_BUFFER_SIZE);
	return err;
}

struct records {
	const struct file_content *content;
	enum output_sync sync;
};

static int fill_records(int fd, void *ctx)
{
	const struct records *r = ctx;

	return write_records(fd, r->content, r->sync);
}


/* The executable's profile: its histogram and the arcs inside it. */
static struct file_content profile_content(unsigned rate, const struct image_info *image,
					   struct output_summary *summary)
{
	const struct histogram *h = &gmon_histogram;

	*summary = (struct output_summary){0};
	return (struct file_content){ h->low_pc, h->high_pc, h->bins, h->nbins, rate,
				      image->has_build_id ? image->build_id_prefix : NULL,
				      &h->load_bias, 1, summary, 0 };
}

int output_write_profile(const char *path, unsigned rate, const struct image_info *image,
			 enum output_sync sync, struct output_summary *summary)
{
	struct file_content c = profile_content(rate, image, summary);
	struct records r = { &c, sync };

	/* renamed with its companion (output-file.h: the pair) */
	return output_hold_with(path, fill_records, &r);
}

int output_profile_to_fd(int fd, unsigned rate, const struct image_info *image)
{
	struct output_summary summary;
	struct file_content c = profile_content(rate, image, &summary);

	return write_records(fd, &c, OUTPUT_FAST);
}

int output_write_module(const char *path, unsigned rate, uintptr_t low_pc, uintptr_t high_pc,
			const uintptr_t *biases, unsigned nbiases, const uint32_t *bins,
			uint32_t nbins, const unsigned char *fingerprint, enum output_sync sync,
			struct output_summary *summary)
{
	struct file_content c = { low_pc, high_pc, bins, nbins, rate, fingerprint, biases,
				  nbiases, summary, output_companion_holds(path) };
	struct records r = { &c, sync };

	*summary = (struct output_summary){0};
	/* in the companion: a LIBRARY section, its histogram sparse */
	return output_write_section(path, GMON_SECTION_LIBRARY, fill_records, &r);
}
