/* rankfiles.c - gmon.out.<N> files of a directory; see rankfiles.h. */
#include "rankfiles.h"

#include "files.h"
#include "grow.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int64_t rankfiles_parse(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *s;
	int64_t v = 0;

	base = base ? base + 1 : path;
	if (strncmp(base, RANKFILES_PREFIX, strlen(RANKFILES_PREFIX)) != 0)
		return -1;
	s = base + strlen(RANKFILES_PREFIX);
	if (*s == '\0' || (s[0] == '0' && s[1] != '\0'))
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (INT64_MAX - 9) / 10)
			return -1;
		v = 10 * v + (*s - '0');
	}
	return v;
}

static int compare_ranks(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* Parses a canonical decimal number (as a rank) of len characters. */
static int canonical_number(const char *s, size_t len)
{
	if (len == 0 || len > 18 || (s[0] == '0' && len > 1))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

int rankfiles_classify(const char *name)
{
	const char *s, *dot;

	if (strncmp(name, RANKFILES_PREFIX, strlen(RANKFILES_PREFIX)) != 0)
		return -1;
	if (rankfiles_parse(name) >= 0)
		return -1;
	s = name + strlen(RANKFILES_PREFIX);
	/* a file beside a child's profile (gmon.out.2+paths.4711), or one
	 * of an earlier version's (gmon.out.2+paths); a rank's own are
	 * gmon.out+paths.2, not named gmon.out.* (companion-name.h) */
	{
		const char *plus = strchr(s, '+');

		if (plus && plus[1] != '\0' && canonical_number(s, (size_t)(plus - s)))
			return RANKFILE_MODULE;
	}
	dot = strchr(s, '.');
	if (dot && canonical_number(s, (size_t)(dot - s))) {
		if (canonical_number(dot + 1, strlen(dot + 1)))
			return RANKFILE_CHILD;
		if (strncmp(dot + 1, "tmp", 3) == 0)
			return RANKFILE_TEMPORARY;
	}
	return RANKFILE_NOT_A_RANK;
}

static int note_other(struct rankfiles_others *others, int kind, const char *name,
		      const char *detail)
{
	size_t k;

	if (!others)
		return 0;
	k = others->count[kind]++;
	if (k < RANKFILES_EXAMPLES) {
		size_t len = strlen(name) + (detail ? strlen(detail) + 3 : 0) + 1;

		others->examples[kind][k] = malloc(len);
		if (!others->examples[kind][k])
			return -1;
		snprintf(others->examples[kind][k], len, detail ? "%s (%s)" : "%s", name, detail);
	}
	return 0;
}

void rankfiles_others_free(struct rankfiles_others *others)
{
	for (int kind = 0; kind < RANKFILE_OTHER_KINDS; kind++)
		for (size_t i = 0; i < RANKFILES_EXAMPLES; i++)
			free(others->examples[kind][i]);
	memset(others, 0, sizeof *others);
}

/*
 * A rank file must be a regular file (or a link to one): a FIFO would
 * never end, a directory is not a profile.  The directory entry's type
 * answers for regular files without a stat: on 16,384 files, the stats
 * were a fifth of a 16-process sum, all on process 0 while the others
 * waited, and on Lustre each is a metadata server round trip.  Links,
 * other types and file systems that give no type are asked with a stat.
 */
static const char *not_regular(int dirfd, const struct dirent *e)
{
	struct stat st;

	if (e->d_type == DT_REG)
		return NULL;
	if (fstatat(dirfd, e->d_name, &st, 0) != 0)
		return NULL; /* gone, or unreadable: the reader says why */
	return S_ISREG(st.st_mode) ? NULL : file_kind(&st);
}

int rankfiles_list(const char *dir, int64_t **ranks, size_t *n, struct rankfiles_others *others,
		   char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int64_t *list = NULL;
	size_t count = 0, cap = 0;

	*ranks = NULL;
	*n = 0;
	if (others)
		memset(others, 0, sizeof *others);
	if (!d) {
		snprintf(err, errlen, "%s: cannot open the directory: %s", dir, strerror(errno));
		return -1;
	}
	for (errno = 0; (e = readdir(d)) != NULL; errno = 0) {
		int64_t r = rankfiles_parse(e->d_name);
		int kind = r < 0 ? rankfiles_classify(e->d_name) : -1;
		const char *kind_of_file = r >= 0 ? not_regular(dirfd(d), e) : NULL;

		if (kind_of_file)
			kind = RANKFILE_NOT_REGULAR;
		if (kind >= 0) {
			if (note_other(others, kind, e->d_name, kind_of_file) != 0)
				goto oom;
			continue;
		}
		if (r < 0)
			continue;
		int64_t *grown = grow_array(list, &cap, count + 1, sizeof *grown, 256);

		if (!grown)
			goto oom;
		list = grown;
		list[count++] = r;
	}
	if (errno != 0) {
		snprintf(err, errlen, "%s: cannot read the directory: %s", dir, strerror(errno));
		goto fail;
	}
	closedir(d);
	if (count > 1)
		qsort(list, count, sizeof *list, compare_ranks);
	*ranks = list;
	*n = count;
	return 0;
oom:
	snprintf(err, errlen, "%s: out of memory listing the directory", dir);
fail:
	free(list);
	if (others)
		rankfiles_others_free(others);
	closedir(d);
	return -1;
}

void rankfiles_print_others(FILE *out, const char *program, const char *dir,
			    const struct rankfiles_others *others)
{
	static const char *const what[RANKFILE_OTHER_KINDS][2] = {
		{"profile of a child process", "profiles of child processes"},
		{"temporary file", "temporary files"},
		{"file named like a rank file", "files named like rank files"},
		{"rank file that is not a regular file", "rank files that are not regular files"},
		{"shared-library file", "shared-library files"},  /* not printed */
	};
	static const char *const why[RANKFILE_OTHER_KINDS] = {
		"gmon.out.<rank>.<pid>, written by a program a rank started; sum them with -s "
		"if wanted",
		"left by a writer that did not finish: killed while writing?",
		"the suffix is not a rank: a decimal number without sign or leading zeros",
		"a rank's profile must be a regular file",
		"",
	};

	for (int kind = 0; kind < RANKFILE_OTHER_KINDS; kind++) {
		size_t n = others->count[kind];

		/* the libraries' files are summed on their own (library-sums.h) */
		if (n == 0 || kind == RANKFILE_MODULE)
			continue;
		fprintf(out, "%s: warning: %s: %zu %s not summed:", program, dir, n,
			what[kind][n != 1]);
		for (size_t i = 0; i < n && i < RANKFILES_EXAMPLES; i++)
			fprintf(out, " %s", others->examples[kind][i]);
		fprintf(out, "%s; %s\n", n > RANKFILES_EXAMPLES ? " ..." : "", why[kind]);
	}
}

char *rankfiles_path(const char *dir, int64_t rank)
{
	size_t len = strlen(dir) + sizeof RANKFILES_PREFIX + 24;
	char *path = malloc(len);

	if (path)
		snprintf(path, len, "%s%s" RANKFILES_PREFIX "%" PRId64, dir,
			 dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "", rank);
	return path;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static uint64_t stride_of(const int64_t *ranks, size_t n)
{
	uint64_t g = 0;

	for (size_t i = 1; i < n; i++)
		g = gcd(g, (uint64_t)(ranks[i] - ranks[0]));
	return g ? g : 1;
}

uint64_t rankfiles_missing(const int64_t *ranks, size_t n)
{
	uint64_t g;

	if (n < 2)
		return 0;
	g = stride_of(ranks, n);
	return (uint64_t)(ranks[n - 1] - ranks[0]) / g + 1 - n;
}

/* Appends to out, never past size. */
struct text {
	char *out;
	size_t size, len;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->len + 1 >= t->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->out + t->len, t->size - t->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len = t->len + (size_t)n < t->size ? t->len + (size_t)n : t->size - 1;
}

static const char *ordinal_suffix(uint64_t k)
{
	if (k % 100 >= 11 && k % 100 <= 13)
		return "th";
	switch (k % 10) {
	case 1: return "st";
	case 2: return "nd";
	case 3: return "rd";
	default: return "th";
	}
}

static void add_gaps(struct text *t, const int64_t *ranks, size_t n, uint64_t g,
		     size_t max_ranges)
{
	size_t listed = 0, more = 0;

	add(t, "; gaps: ");
	for (size_t i = 1; i < n; i++) {
		int64_t lo = ranks[i - 1] + (int64_t)g, hi = ranks[i] - (int64_t)g;

		if (lo > hi)
			continue;
		if (listed == max_ranges) {
			more++;
			continue;
		}
		if (lo == hi)
			add(t, "%s%" PRId64, listed ? ", " : "", lo);
		else
			add(t, "%s%" PRId64 "-%" PRId64, listed ? ", " : "", lo, hi);
		listed++;
	}
	if (more)
		add(t, ", ... (%zu more range%s)", more, more == 1 ? "" : "s");
}

char *rankfiles_describe(const int64_t *ranks, size_t n, size_t max_gap_ranges, char *out,
			 size_t size)
{
	struct text t = { out, size, 0 };
	uint64_t g, missing;

	if (size == 0)
		return out;
	out[0] = '\0';
	if (n == 0) {
		add(&t, "no ranks");
		return out;
	}
	if (n == 1) {
		add(&t, "rank %" PRId64, ranks[0]);
		return out;
	}
	g = stride_of(ranks, n);
	add(&t, "ranks %" PRId64 "-%" PRId64, ranks[0], ranks[n - 1]);
	if (g > 1)
		add(&t, ", every %" PRIu64 "%s", g, ordinal_suffix(g));
	missing = rankfiles_missing(ranks, n);
	if (missing == 0) {
		add(&t, "; no gaps");
		return out;
	}
	add_gaps(&t, ranks, n, g, max_gap_ranges);
	add(&t, " (%" PRIu64 " rank%s missing)", missing, missing == 1 ? "" : "s");
	return out;
}

/* A file's rank and its index among the files named. */
struct rank_at {
	int64_t rank;
	size_t index;
};

static int cmp_rank_at(const void *a, const void *b)
{
	const struct rank_at *l = a, *r = b;

	if (l->rank != r->rank)
		return l->rank < r->rank ? -1 : 1;
	return (l->index > r->index) - (l->index < r->index);
}

int rankfiles_places(const int64_t *ranks, size_t n, uint64_t *places)
{
	struct rank_at *order = malloc((n ? n : 1) * sizeof *order);

	if (!order)
		return -1;
	for (size_t i = 0; i < n; i++)
		order[i] = (struct rank_at){ ranks[i], i };
	qsort(order, n, sizeof *order, cmp_rank_at);
	for (size_t k = 0; k < n; k++)
		places[order[k].index] = k;
	free(order);
	return 0;
}
