/*
 * profile-write.c - see profile-write.h.  The records are formatted by
 * common/gmon-write.c, the writer the runtime uses too.
 */
#include "profile-write.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "errors.h"
#include "files.h"
#include "gmon-companion.h"
#include "gmon-write.h"

#define WRITE_BUFFER_SIZE (1u << 20)


static void write_records(struct gmon_writer *w, const struct profile *p)
{
	gmon_write_file_header(w, p->has_fingerprint ? p->fingerprint : NULL);
	for (size_t i = 0; i < p->nhists; i++) {
		const struct profile_histogram *h = &p->hists[i];

		w->dimen = h->dimen; /* check_writable: one of the two clocks' */
		gmon_write_histogram(w, h->low_pc, h->high_pc, h->rate, h->bins, sizeof *h->bins,
				     h->nbins);
	}
	for (size_t i = 0; i < p->narcs; i++)
		gmon_write_arc(w, p->arcs[i].from_pc, p->arcs[i].self_pc, p->arcs[i].count);
}

static int write_to_fd(const struct profile *p, int fd);

int profile_write_fd(const struct profile *p, int fd)
{
	return write_to_fd(p, fd);
}

/* Writes p to the open fd; returns 0 or an errno value. */
static int write_to_fd(const struct profile *p, int fd)
{
	struct gmon_writer w;
	void *buf = malloc(WRITE_BUFFER_SIZE);
	int rc;

	if (!buf)
		return ENOMEM;
	gmon_writer_init(&w, fd, buf, WRITE_BUFFER_SIZE);
	write_records(&w, p);
	rc = gmon_writer_finish(&w);
	free(buf);
	if (rc == 0 && fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
		rc = errno;
	return rc;
}

/* gmon_write_histogram writes the dimension of CPU time ("seconds", 's', as
 * glibc does) or of wall-clock time ("wall-sec", 's'): refuse, rather than
 * change, another one. */
static int check_writable(const struct profile *p, const char *path, char *err, size_t errlen)
{
	for (size_t i = 0; i < p->nhists; i++) {
		const struct profile_histogram *h = &p->hists[i];

		if ((strcmp(h->dimen, GMON_DIMEN_CPU) != 0 && strcmp(h->dimen, GMON_DIMEN_WALL) != 0) ||
		    h->dimen_abbrev != 's') {
			set_error(err, errlen, "%s: cannot write a histogram of dimension '%s' ('%c'): "
				  "only '" GMON_DIMEN_CPU "' and '" GMON_DIMEN_WALL "' ('s') can be "
				  "written", path, h->dimen, h->dimen_abbrev);
			return -1;
		}
	}
	return 0;
}

int profile_write_temporary(const struct profile *p, const char *path, char *tmp,
			    size_t tmpsize, char *err, size_t errlen)
{
	int fd, rc;

	if (check_writable(p, path, err, errlen) != 0 ||
	    output_check_replaceable(path, err, errlen) != 0)
		return -1;
	fd = output_create_temporary(path, tmp, tmpsize, 0666, err, errlen);
	if (fd < 0)
		return -1;
	rc = write_to_fd(p, fd);
	if (rc != 0) {
		set_error(err, errlen, "%s: cannot write the temporary file %s: %s (removed it)",
			  path, tmp, strerror(rc));
		close(fd);
		unlink(tmp);
		return -1;
	}
	return fd;
}

int profile_write(const struct profile *p, const char *path, char *err, size_t errlen)
{
	size_t tmp_size = strlen(path) + 32;
	char *tmp = malloc(tmp_size);
	int fd;

	if (!tmp) {
		set_error(err, errlen, "%s: out of memory", path);
		return -1;
	}
	fd = profile_write_temporary(p, path, tmp, tmp_size, err, errlen);
	if (fd < 0) {
		free(tmp);
		return -1;
	}
	if (close(fd) != 0) {
		set_error(err, errlen, "%s: cannot write the temporary file %s: %s (removed it)",
			  path, tmp, strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	if (rename(tmp, path) != 0) {
		set_error(err, errlen, "%s: cannot rename the temporary file %s to it: %s "
			  "(removed it)", path, tmp, strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

int profile_write_sparse_fd(const struct profile *p, int fd)
{
	struct gmon_writer w;
	void *buf = malloc(WRITE_BUFFER_SIZE);
	const struct profile_histogram *h = &p->hists[0];
	int rc;

	if (!buf)
		return ENOMEM;
	if (p->nhists != 1) {
		free(buf);
		return EINVAL;
	}
	gmon_writer_init(&w, fd, buf, WRITE_BUFFER_SIZE);
	gmon_write_file_header(&w, p->has_fingerprint ? p->fingerprint : NULL);
	w.dimen = h->dimen;
	gmon_write_sparse_histogram(&w, GMON_TAG_SPARSE_HIST, h->low_pc, h->high_pc, h->rate,
				    h->bins, sizeof *h->bins, h->nbins);
	for (size_t i = 0; i < p->narcs; i++)
		gmon_write_arc(&w, p->arcs[i].from_pc, p->arcs[i].self_pc, p->arcs[i].count);
	rc = gmon_writer_finish(&w);
	free(buf);
	return rc;
}
