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
#include "sum-companion.h"
#include "text-escape.h"

struct reader {
	const char *path;
	size_t line_no, block_line;    /* block_line: the last magic line's */
	char *err;
	size_t errlen;
	size_t cap_ranks, cap_sites;
	size_t first;                  /* p's first rank of this file */
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

/* Adds s's counts into p's totals, refusing what would pass 2^64 - 1
 * (p as it was then). */
static int add_totals(struct reader *r, struct mpi_profile *p, const struct mpi_site *s)
{
	uint64_t calls, ns, bytes;

	if (__builtin_add_overflow(p->calls, s->calls, &calls))
		return bad(r, "too many calls to add: the MPI profiles' calls add up past 2^64 - 1");
	if (__builtin_add_overflow(p->ns, s->ns, &ns))
		return bad(r, "too much time to add: the MPI profiles' nanoseconds add up past "
			   "2^64 - 1");
	if (__builtin_add_overflow(p->bytes, s->bytes_sent, &bytes) ||
	    __builtin_add_overflow(bytes, s->bytes_received, &bytes))
		return bad(r, "too many bytes to add: the MPI profiles' bytes add up past 2^64 - 1");
	p->calls = calls;
	p->ns = ns;
	p->bytes = bytes;
	return 0;
}

static int read_site(struct reader *r, struct mpi_profile *p, char **f, size_t n)
{
	struct mpi_rank *k = &p->ranks[p->nranks - 1];
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
	if (add_totals(r, p, &s) != 0)
		return -1;
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

static int same_rank(const void *ctx, size_t item)
{
	const struct mpi_profile *p = ctx;

	return p->ranks[item].rank == p->ranks[p->nranks - 1].rank;
}

/* The block just read (the last of p): a valid rank and size, a rank not
 * read before; a version 1 block's mpi_wall_ns is its mpi_ns (one
 * thread's). */
static int end_rank(struct reader *r, struct mpi_profile *p)
{
	struct mpi_rank *k = &p->ranks[p->nranks - 1];
	char key[32];
	uint64_t hash;
	size_t at = r->line_no;
	int rc = 0;

	snprintf(key, sizeof key, "%" PRId64, k->rank);
	hash = name_hash(key, NULL);
	r->line_no = r->block_line;
	if (k->mpi_wall_ns == UINT64_MAX)   /* version 1: one thread's, then */
		k->mpi_wall_ns = k->mpi_ns;
	if (k->rank < 0 || k->size < 1 || k->rank >= k->size)
		rc = bad(r, "a rank block without a valid rank and size");
	else if (name_index_find(&p->by_rank, hash, same_rank, p) != SIZE_MAX)
		rc = bad(r, "a second block of one rank (a rank's profile in two files, or a "
			 "forged one)");
	else if (name_index_add(&p->by_rank, hash, p->nranks - 1) != 0)
		rc = bad(r, "out of memory");
	r->line_no = at;
	return rc;
}

static int start_rank(struct reader *r, struct mpi_profile *p, const char *line)
{
	char magic[64];
	int version;

	if (p->nranks > r->first && end_rank(r, p) != 0)
		return -1;
	r->block_line = r->line_no;

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
 * companion_input_path, companions.h): 0 with *f; 1 if there is none; -1 with a
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

/* Reads the rank blocks of f, named path in messages, into *p. */
static int read_stream(struct mpi_profile *p, const char *path, FILE *f, char *err,
		       size_t errlen)
{
	struct reader r = {.path = path, .err = err, .errlen = errlen, .cap_ranks = p->nranks,
			   .first = p->nranks};
	char *line = NULL;
	size_t size = 0;
	ssize_t len;
	int rc = 0;

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
			rc = read_site(&r, p, fields, n);
	}
	if (rc == 0 && ferror(f))
		rc = bad(&r, strerror(errno));
	if (rc == 0 && p->nranks > r.first)
		rc = end_rank(&r, p);
	if (rc == 0 && r.line_no == 0)
		rc = bad(&r, "an empty MPI profile");
	free(line);
	return rc;
}

int mpi_profile_read(struct mpi_profile *p, const char *path, char *err, size_t errlen)
{
	FILE *f = NULL;
	int rc = open_profile(path, &f, err, errlen);

	if (rc != 0)
		return rc;
	rc = read_stream(p, path, f, err, errlen);
	fclose(f);
	return rc;
}

int mpi_profile_read_buffer(struct mpi_profile *p, const char *path, const char *text,
			    size_t len, char *err, size_t errlen)
{
	/* (fmemopen of 0 bytes: an empty stream, which read_stream refuses) */
	FILE *f = fmemopen((void *)(len ? text : ""), len, "r");
	int rc;

	if (!f) {
		set_error(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = read_stream(p, path, f, err, errlen);
	fclose(f);
	return rc;
}

int mpi_profile_check(const char *path, const char *text, size_t len, char *err, size_t errlen)
{
	struct mpi_profile p = {0};
	int rc = mpi_profile_read_buffer(&p, path, text, len, err, errlen);

	mpi_profile_free(&p);
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
	name_index_free(&p->by_rank);
	memset(p, 0, sizeof *p);
}

/* Appends the bytes of fd (path) to *text. */
static int append_file(int fd, const char *path, char **text, size_t *len, size_t *cap,
		       char *err, size_t errlen)
{
	for (;;) {
		char *grown = grow_array(*text, cap, *len + 65536, 1, 65536);
		ssize_t n;

		if (!grown) {
			set_error(err, errlen, "out of memory");
			return -1;
		}
		*text = grown;
		n = read(fd, *text + *len, *cap - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			set_error(err, errlen, "%s: %s", path, strerror(errno));
			return -1;
		}
		if (n == 0)
			return 0;
		*len += (size_t)n;
	}
}

/* Appends path's bytes (a companion's section or a file) to *text:
 * 0, 1 if there are none, -1 with a message. */
static int append_bytes(const char *path, char **text, size_t *len, size_t *cap, char *err,
			size_t errlen)
{
	const struct companion_file *cf;
	const struct companion_section *s = NULL;
	struct stat sb;
	int fd, rc = companion_member(path, &cf, &s, err, errlen);

	if (rc != 0) {
		/* the section "mpi" of profile's companion: its bytes, as the file's */
		char *grown = rc > 0 && s ? grow_array(*text, cap, *len + s->size + 1, 1, 65536)
					  : NULL;

		if (rc < 0 || !s)
			return rc < 0 ? -1 : 1;
		if (!grown) {
			set_error(err, errlen, "out of memory");
			return -1;
		}
		*text = grown;
		memcpy(*text + *len, s->data, s->size);
		*len += s->size;
		return 0;
	}
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			return 1;
		set_error(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		set_error(err, errlen, "%s: not a regular file", path);
		rc = -1;
	} else {
		rc = append_file(fd, path, text, len, cap, err, errlen);
	}
	close(fd);
	return rc;
}

int mpi_profile_append_beside(const char *profile, char **text, size_t *len, size_t *cap,
			      char *err, size_t errlen)
{
	char *path = companion_input_path(profile, GMON_MPI_PROFILE_KIND), *grown;
	size_t start = *len;
	int rc;

	if (!path) {
		set_error(err, errlen, "out of memory");
		return -1;
	}
	rc = append_bytes(path, text, len, cap, err, errlen);
	/* what the reader of the sum would refuse is refused here, naming the
	 * file; a last line without its newline gets one, so that the next
	 * profile starts on a line of its own */
	if (rc == 0 && mpi_profile_check(path, *text + start, *len - start, err, errlen) != 0)
		rc = -1;
	if (rc == 0 && (*text)[*len - 1] != '\n') {
		grown = grow_array(*text, cap, *len + 1, 1, 65536);
		if (!grown) {
			set_error(err, errlen, "out of memory");
			rc = -1;
		} else {
			*text = grown;
			(*text)[(*len)++] = '\n';
		}
	}
	if (rc != 0)
		*len = start;
	free(path);
	return rc;
}

int mpi_profile_sum_section(struct sum_companion *sc, const char *output, const char *text,
			    size_t len, char *err, size_t errlen)
{
	char *name, why[1024];
	int rc = 0;

	if (len == 0)
		return 0;
	name = sum_companion_member(output, GMON_MPI_PROFILE_KIND);
	if (!name) {
		set_error(err, errlen, "%s: out of memory", output);
		return -1;
	}
	/* what --mpi would refuse (a rank in two files, counts past 2^64 - 1
	 * in all) is not written */
	if (mpi_profile_check(name, text, len, why, sizeof why) != 0) {
		set_error(err, errlen, "%s (%s is not written)", why, name);
		rc = -1;
	} else {
		rc = sum_companion_add_text(sc, output, GMON_MPI_PROFILE_KIND, text, len, err,
					    errlen);
	}
	free(name);
	return rc;
}
