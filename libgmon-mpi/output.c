/* output.c - see output.h. */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "arcs.h"
#include "gmon-write.h"
#include "histogram.h"

struct arc_writing {
	struct gmon_writer *writer;
	struct output_summary *summary;
	const struct histogram *hist;
};

static void write_one_arc(uintptr_t from_pc, uintptr_t self_pc, uint64_t count, void *ctx)
{
	struct arc_writing *aw = ctx;
	const struct histogram *h = aw->hist;
	uintptr_t from = from_pc - h->load_bias;
	uintptr_t self = self_pc - h->load_bias;

	if (count == 0)
		return;
	if (from < h->low_pc || from >= h->high_pc || self < h->low_pc || self >= h->high_pc) {
		aw->summary->arcs_outside++;
		aw->summary->calls_outside += count;
		return;
	}
	aw->summary->arcs_written++;
	aw->summary->calls_written += count;
	gmon_write_arc(aw->writer, from, self, count);
}

static int write_records(int fd, unsigned rate, const struct image_info *image,
			 struct output_summary *summary)
{
	static unsigned char buffer[1 << 16];
	const struct histogram *h = &gmon_histogram;
	struct gmon_writer w;
	struct arc_writing aw = {&w, summary, h};

	gmon_writer_init(&w, fd, buffer, sizeof buffer);
	gmon_write_file_header(&w, image->has_build_id ? image->build_id_prefix : NULL);
	gmon_write_histogram(&w, h->low_pc, h->high_pc, rate, h->bins, sizeof h->bins[0], h->nbins);
	arcs_for_each(write_one_arc, &aw);
	if (gmon_writer_finish(&w) == 0 && fsync(fd) != 0 && errno != EINVAL)
		return errno;
	return w.error;
}

int output_write_profile(const char *path, unsigned rate, const struct image_info *image,
			 struct output_summary *summary)
{
	char tmp[4096];
	int fd, err;

	*summary = (struct output_summary){0};
	if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof tmp)
		return ENAMETOOLONG;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0)
		return errno;
	err = write_records(fd, rate, image, summary);
	if (close(fd) != 0 && err == 0)
		err = errno;
	if (err == 0 && rename(tmp, path) != 0)
		err = errno;
	if (err != 0)
		unlink(tmp);
	return err;
}
