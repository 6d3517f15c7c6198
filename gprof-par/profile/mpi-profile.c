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

#include "companion-name.h"
#include "errors.h"
#include "gmon-mpi-profile.h"
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
					     "dropped_calls"};
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
		default: k->dropped_calls = v; break;
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
	if (version != GMON_MPI_PROFILE_VERSION)
		return bad(r, "an MPI profile of another version than 1");
	struct mpi_rank *grown = grow_array(p->ranks, &r->cap_ranks, p->nranks + 1, sizeof *grown, 4);

	if (!grown)
		return bad(r, "out of memory");
	p->ranks = grown;
	p->ranks[p->nranks++] = (struct mpi_rank){.rank = -1, .size = -1};
	r->cap_sites = 0;
	return 0;
}

int mpi_profile_read(struct mpi_profile *p, const char *path, char *err, size_t errlen)
{
	struct reader r = {path, 0, err, errlen, p->nranks, 0};
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t size = 0;
	ssize_t len;
	int rc = 0;

	if (!f) {
		if (errno == ENOENT)
			return 1;
		set_error(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
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
	for (size_t i = 0; rc == 0 && i < p->nranks; i++)
		if (p->ranks[i].rank < 0 || p->ranks[i].size < 1 || p->ranks[i].rank >= p->ranks[i].size)
			rc = bad(&r, "a rank block without a valid rank and size");
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

static int copy_into(int out, const char *path, char *err, size_t errlen)
{
	char buf[65536];
	int in = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	struct stat sb;
	ssize_t n;

	if (in < 0) {
		if (errno == ENOENT)
			return 1;
		set_error(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(in, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		set_error(err, errlen, "%s: not a regular file", path);
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n) {
			set_error(err, errlen, "writing the sum's MPI profile: %s", strerror(errno));
			close(in);
			return -1;
		}
	close(in);
	if (n < 0) {
		set_error(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

long mpi_profile_concatenate(char *const *profiles, size_t n, const char *output, char *err,
			     size_t errlen)
{
	size_t len = companion_name(output, GMON_MPI_PROFILE_KIND, NULL, 0);
	char *target = malloc(len + 1), *tmp = malloc(len + 32), *in = NULL;
	long copied = 0;
	int fd = -1, rc = 0;

	if (!target || !tmp) {
		free(target);
		free(tmp);
		set_error(err, errlen, "out of memory");
		return -1;
	}
	companion_name(output, GMON_MPI_PROFILE_KIND, target, len + 1);
	snprintf(tmp, len + 32, "%s.tmp.%ld", target, (long)getpid());
	for (size_t i = 0; i < n && rc >= 0; i++) {
		size_t in_len = companion_name(profiles[i], GMON_MPI_PROFILE_KIND, NULL, 0);
		char *grown = realloc(in, in_len + 1);

		if (!grown) {
			set_error(err, errlen, "out of memory");
			rc = -1;
			break;
		}
		in = grown;
		companion_name(profiles[i], GMON_MPI_PROFILE_KIND, in, in_len + 1);
		if (access(in, F_OK) != 0)
			continue;
		if (fd < 0 && (fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
					 0644)) < 0) {
			set_error(err, errlen, "%s: %s", tmp, strerror(errno));
			rc = -1;
			break;
		}
		rc = copy_into(fd, in, err, errlen);
		if (rc == 0)
			copied++;
	}
	if (fd >= 0 && close(fd) != 0 && rc >= 0) {
		set_error(err, errlen, "%s: %s", tmp, strerror(errno));
		rc = -1;
	}
	if (rc >= 0 && copied > 0 && rename(tmp, target) != 0) {
		set_error(err, errlen, "%s: %s", target, strerror(errno));
		rc = -1;
	}
	if (rc < 0 || copied == 0)
		unlink(tmp);
	if (rc >= 0 && copied == 0)
		unlink(target); /* an earlier sum's would pass for this one's */
	free(in);
	free(target);
	free(tmp);
	return rc < 0 ? -1 : copied;
}
