/* run-records.c - see run-records.h. */
#include "run-records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "runs.h"

struct out {
	unsigned char *b;
	size_t len, cap;
	int oom;
};

static void put(struct out *o, const void *p, size_t n)
{
	unsigned char *grown = o->oom ? NULL : grow_array(o->b, &o->cap, o->len + n, 1, 4096);

	if (!grown) {
		o->oom = 1;
		return;
	}
	o->b = grown;
	memcpy(o->b + o->len, p, n);
	o->len += n;
}

/* The n bytes at p, their runs of zeros shortened (run-records.h). */
static void put_squeezed(struct out *o, const unsigned char *p, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned char as_is = 0, zeros = 0;
		size_t from = i;

		while (i < n && as_is < UINT8_MAX && (p[i] != 0 || (i + 1 < n && p[i + 1] != 0 &&
								      i + 2 < n && p[i + 2] != 0))) {
			as_is++;
			i++;
		}
		put(o, &as_is, 1);
		put(o, p + from, as_is);
		while (i < n && zeros < UINT8_MAX && p[i] == 0) {
			zeros++;
			i++;
		}
		put(o, &zeros, 1);
	}
}

static void put_string(struct out *o, const char *s)
{
	unsigned char there = s != NULL;

	put(o, &there, 1);
	if (s)
		put(o, s, strlen(s) + 1);
}

int run_records_pack(char *const *paths, size_t n, void **buf, size_t *len)
{
	struct companion_run *runs = calloc(n ? n : 1, sizeof *runs);
	const struct companion_run **of = malloc((n ? n : 1) * sizeof *of);
	struct out o = { NULL, 0, 0, !runs || !of };
	uint64_t count = n;

	if (!o.oom)
		runs_read(paths, n, runs, of);
	put(&o, &count, sizeof count);
	for (size_t i = 0; i < n && !o.oom; i++) {
		unsigned char known = of[i] != NULL;
		struct companion_run bare;

		put(&o, &known, 1);
		if (!known)
			continue;
		bare = runs[i];
		bare.job = bare.build_id = bare.host = NULL;
		put_squeezed(&o, (const unsigned char *)&bare, sizeof bare);
		put_string(&o, runs[i].job);
		put_string(&o, runs[i].build_id);
		put_string(&o, runs[i].host);
	}
	for (size_t i = 0; runs && i < n; i++)
		companion_run_free(&runs[i]);
	free(runs);
	free(of);
	if (o.oom) {
		free(o.b);
		return -1;
	}
	*buf = o.b;
	*len = o.len;
	return 0;
}

struct in {
	const unsigned char *p, *end;
};

static int take(struct in *in, void *to, size_t n)
{
	if ((size_t)(in->end - in->p) < n)
		return -1;
	memcpy(to, in->p, n);
	in->p += n;
	return 0;
}

/* What put_squeezed put, into the n bytes at to.  Returns 0, or -1 cut
 * short (or not n bytes). */
static int take_squeezed(struct in *in, unsigned char *to, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned char as_is, zeros;

		if (take(in, &as_is, 1) != 0 || as_is > n - i || take(in, to + i, as_is) != 0)
			return -1;
		i += as_is;
		if (take(in, &zeros, 1) != 0 || zeros > n - i)
			return -1;
		memset(to + i, 0, zeros);
		i += zeros;
		if (as_is == 0 && zeros == 0)
			return -1;
	}
	return 0;
}

/* A string put_string put: *s into the buffer, or NULL.  Returns 0, or -1
 * cut short. */
static int take_string(struct in *in, char **s)
{
	unsigned char there;
	const unsigned char *nul;

	*s = NULL;
	if (take(in, &there, 1) != 0)
		return -1;
	if (!there)
		return 0;
	nul = memchr(in->p, '\0', (size_t)(in->end - in->p));
	if (!nul)
		return -1;
	*s = (char *)in->p;
	in->p = nul + 1;
	return 0;
}

int run_records_unpack(const void *buf, size_t len, size_t n, struct companion_run *runs,
		       const struct companion_run **of, size_t **per_process,
		       size_t *nprocesses, char *err, size_t errlen)
{
	struct in in = { buf, (const unsigned char *)buf + len };
	size_t done = 0, cap = 0;
	int rc = 0;

	*per_process = NULL;
	*nprocesses = 0;
	while (in.p < in.end && rc == 0) {
		uint64_t count;
		size_t *grown = grow_array(*per_process, &cap, *nprocesses + 1, sizeof *grown, 16);

		if (!grown) {
			rc = -2;
			break;
		}
		*per_process = grown;
		if (take(&in, &count, sizeof count) != 0 || count > n - done) {
			rc = -1;
			break;
		}
		(*per_process)[(*nprocesses)++] = (size_t)count;
		for (uint64_t k = 0; k < count && rc == 0; k++, done++) {
			unsigned char known;
			struct companion_run *r = &runs[done];

			of[done] = NULL;
			if (take(&in, &known, 1) != 0) {
				rc = -1;
			} else if (known) {
				rc = take_squeezed(&in, (unsigned char *)r, sizeof *r);
				if (rc == 0) {
					r->job = r->build_id = r->host = NULL;
					rc = take_string(&in, &r->job);
				}
				if (rc == 0)
					rc = take_string(&in, &r->build_id);
				if (rc == 0)
					rc = take_string(&in, &r->host);
				of[done] = rc == 0 ? r : NULL;
			}
		}
	}
	if (rc == 0 && done != n)
		rc = -1;
	if (rc != 0) {
		if (rc == -2)
			snprintf(err, errlen, "out of memory gathering the runs of the files");
		else
			snprintf(err, errlen, "the runs gathered from the processes are not "
				 "those of the %zu files listed (records of %zu)", n, done);
		free(*per_process);
		*per_process = NULL;
		return -1;
	}
	return 0;
}
