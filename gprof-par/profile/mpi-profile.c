/* mpi-profile.c - see mpi-profile.h. */
#include "mpi-profile.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "companion-file.h"
#include "companions.h"
#include "errors.h"
#include "gmon-mpi-profile.h"
#include "files.h"
#include "grow.h"
#include "text-escape.h"

struct reader {
	const char *path;
	size_t line_no;
	char *err;
	size_t errlen;
	size_t cap_ranks, cap_sites;
};

static int bad(struct reader *r, const char *what)
{
	set_error(r->err, r->errlen, "%s:%zu: %s", r->path, r->line_no, what);
	return -1;
}

/* A decimal or 0x-hexadecimal number filling field. */
static int number(const char *field, int base, uint64_t *v)
{
	char *end;

	if (!*field || *field == '-' || *field == '+')
		return -1;
	errno = 0;
	*v = strtoull(field, &end, base);
	return errno == 0 && *end == '\0' ? 0 : -1;
}

/* Splits line at tabs into at most max fields; returns their count. */
static size_t split(char *line, char **fields, size_t max)
{
	size_t n = 0;

	while (n < max) {
		fields[n++] = line;
		line = strchr(line, '\t');
		if (!line)
			break;
		*line++ = '\0';
	}
	return line ? max + 1 : n;
}

static int read_header_field(struct reader *r, struct mpi_rank *k, char **f, size_t n)
{
	static const char *const names[] = {"rank", "size", "elapsed_ns", "mpi_ns",
					     "dropped_calls", "mpi_wall_ns"};
	uint64_t v;

	if (n != 2 || number(f[1], 10, &v) != 0)
		return bad(r, "a malformed line (NAME<TAB>NUMBER expected)");
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strcmp(f[0], names[i]) != 0)
			continue;
		if ((i == 0 || i == 1) && v > INT64_MAX / 2)
			return bad(r, "a rank or size out of range");
		switch (i) {
		case 0: k->rank = (int64_t)v; break;
		case 1: k->size = (int64_t)v; break;
		case 2: k->elapsed_ns = v; break;
		case 3: k->mpi_ns = v; break;
		case 4: k->dropped_calls = v; break;
		default: k->mpi_wall_ns = v; break;
		}
		return 0;
	}
	return bad(r, "an unknown field");
}

static int read_site(struct reader *r, struct mpi_rank *k, char **f, size_t n)
{
	struct mpi_site s = {0};

	if (n != 7)
		return bad(r, "a site line without its 7 fields (function, module, site, calls, "
			   "ns, bytes_sent, bytes_received)");
	if (strncmp(f[0], "MPI_", 4) != 0 || 
	    strncmp(f[2], "0x", 2) != 0 || number(f[2] + 2, 16, &s.site) != 0 ||
	    number(f[3], 10, &s.calls) != 0 || number(f[4], 10, &s.ns) != 0 ||
	    number(f[5], 10, &s.bytes_sent) != 0 || number(f[6], 10, &s.bytes_received) != 0)
		return bad(r, "a malformed site line");
	if (f[1][0] == '\0' && s.site != 0)
		return bad(r, "an overflow line (no module) with a call site");
	struct mpi_site *grown = grow_array(k->sites, &r->cap_sites, k->nsites + 1, sizeof *grown, 16);

	if (!grown)
		return bad(r, "out of memory");
	k->sites = grown;
	if (!(s.function = strdup(f[0])) || !(s.module = strdup(text_unescape(f[1])))) {
		free(s.function);
		return bad(r, "out of memory");
	}
	k->sites[k->nsites++] = s;
	return 0;
}

static int start_rank(struct reader *r, struct mpi_profile *p, const char *line)
{
	char magic[64];
	int version;

	if (sscanf(line, "%63s %d", magic, &version) != 2 ||
	    strcmp(magic, GMON_MPI_PROFILE_MAGIC) != 0)
		return bad(r, "not an MPI profile of gmon-mpi (bad magic line)");
	if (version < 1 || version > GMON_MPI_PROFILE_VERSION)
		return bad(r, "an MPI profile of another version than 1 or 2");
	struct mpi_rank *grown = grow_array(p->ranks, &r->cap_ranks, p->nranks + 1, sizeof *grown, 4);

	if (!grown)
		return bad(r, "out of memory");
	p->ranks = grown;
	p->ranks[p->nranks++] = (struct mpi_rank){.rank = -1, .size = -1, .mpi_wall_ns = UINT64_MAX};
	r->cap_sites = 0;
	return 0;
}

/* Opens an MPI profile's file, or its section of a companion (path a
 * companion_input_path): 0 with *f; 1 if there is none; -1 with a
 * message. */
static int open_profile(const char *path, FILE **f, char *err, size_t errlen)
{
	const struct companion_file *cf;
	const struct companion_section *s = NULL;
	int rc = companion_member(path, &cf, &s, err, errlen), fd;
	struct stat sb;

	if (rc != 0) {
		if (rc < 0 || !s)
			return rc < 0 ? -1 : 1;
		/* the section's bytes, read whole before the next companion_member
		 * (glibc reads a buffer of 0 bytes as an empty stream) */
		*f = fmemopen((void *)s->data, s->size, "r");
		if (!*f)
			set_error(err, errlen, "%s: %s", path, strerror(errno));
		return *f ? 0 : -1;
	}
	/* non-blocking: a FIFO planted at the name must not stall the report */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			return 1;
		set_error(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		set_error(err, errlen, "%s: not a regular file", path);
		close(fd);
		return -1;
	}
	*f = fdopen(fd, "r");
	if (!*f) {
		set_error(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return 0;
}

int mpi_profile_read(struct mpi_profile *p, const char *path, char *err, size_t errlen)
{
	struct reader r = {path, 0, err, errlen, p->nranks, 0};
	size_t first = p->nranks;   /* this file's ranks are checked, not the others' again */
	FILE *f = NULL;
	char *line = NULL;
	size_t size = 0;
	ssize_t len;
	int rc = open_profile(path, &f, err, errlen);

	if (rc != 0)
		return rc;
	while (rc == 0 && (len = getline(&line, &size, f)) >= 0) {
		char *fields[8];
		size_t n;

		r.line_no++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (strncmp(line, GMON_MPI_PROFILE_MAGIC, strlen(GMON_MPI_PROFILE_MAGIC)) == 0) {
			rc = start_rank(&r, p, line);
			continue;
		}
		if (r.line_no == 1)
			rc = bad(&r, "not an MPI profile of gmon-mpi (bad magic line)");
		else if (line[0] == '#' || line[0] == '\0')
			continue;
		else if ((n = split(line, fields, 7)) > 7)
			rc = bad(&r, "a line with more than 7 fields");
		else if (n == 2)
			rc = read_header_field(&r, &p->ranks[p->nranks - 1], fields, n);
		else
			rc = read_site(&r, &p->ranks[p->nranks - 1], fields, n);
	}
	if (rc == 0 && ferror(f))
		rc = bad(&r, strerror(errno));
	for (size_t i = first; rc == 0 && i < p->nranks; i++) {
		if (p->ranks[i].rank < 0 || p->ranks[i].size < 1 || p->ranks[i].rank >= p->ranks[i].size)
			rc = bad(&r, "a rank block without a valid rank and size");
		if (p->ranks[i].mpi_wall_ns == UINT64_MAX) /* version 1: one thread's, then */
			p->ranks[i].mpi_wall_ns = p->ranks[i].mpi_ns;
	}
	if (rc == 0 && r.line_no == 0)
		rc = bad(&r, "an empty MPI profile");
	free(line);
	fclose(f);
	return rc;
}

void mpi_profile_free(struct mpi_profile *p)
{
	for (size_t i = 0; i < p->nranks; i++) {
		for (size_t j = 0; j < p->ranks[i].nsites; j++) {
			free(p->ranks[i].sites[j].function);
			free(p->ranks[i].sites[j].module);
		}
		free(p->ranks[i].sites);
	}
	free(p->ranks);
	p->ranks = NULL;
	p->nranks = 0;
}

int mpi_profile_append_beside(const char *profile, char **text, size_t *len, size_t *cap,
			      char *err, size_t errlen)
{
	char *path = companion_input_path(profile, GMON_MPI_PROFILE_KIND);
	const struct companion_file *cf;
	const struct companion_section *s = NULL;
	struct stat sb;
	int fd, rc = 0;
	ssize_t n;

	if (!path) {
		set_error(err, errlen, "out of memory");
		return -1;
	}
	rc = companion_member(path, &cf, &s, err, errlen);
	if (rc != 0) {
		/* the section "mpi" of profile's companion: its bytes, as the file's */
		char *grown = rc > 0 && s ? grow_array(*text, cap, *len + s->size, 1, 65536) : NULL;

		if (rc > 0 && s && !grown)
			set_error(err, errlen, "out of memory");
		if (grown) {
			*text = grown;
			memcpy(*text + *len, s->data, s->size);
			*len += s->size;
		}
		free(path);
		return rc < 0 || (s && !grown) ? -1 : !s;
	}
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		rc = errno == ENOENT ? 1 : -1;
		if (rc < 0)
			set_error(err, errlen, "%s: %s", path, strerror(errno));
		free(path);
		return rc;
	}
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		set_error(err, errlen, "%s: not a regular file", path);
		rc = -1;
	}
	while (rc == 0) {
		char *grown = grow_array(*text, cap, *len + 65536, 1, 65536);

		if (!grown) {
			set_error(err, errlen, "out of memory");
			rc = -1;
			break;
		}
		*text = grown;
		n = read(fd, *text + *len, *cap - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			set_error(err, errlen, "%s: %s", path, strerror(errno));
			rc = -1;
		}
		if (n <= 0)
			break;
		*len += (size_t)n;
	}
	close(fd);
	free(path);
	return rc;
}

int mpi_profile_write_sum(const char *output, const char *text, size_t len, char *err,
			  size_t errlen)
{
	char *path = companion_path(output, GMON_MPI_PROFILE_KIND);
	struct output_file out;
	int rc = 0;

	if (!path) {
		set_error(err, errlen, "out of memory");
		return -1;
	}
	if (len == 0) {
		unlink(path); /* an earlier sum's would pass for this one's */
	} else if (output_open(&out, path, err, errlen) != 0) {
		rc = -1;
	} else {
		fwrite(text, 1, len, out.stream);
		rc = output_commit(&out, err, errlen);
	}
	free(path);
	return rc;
}
