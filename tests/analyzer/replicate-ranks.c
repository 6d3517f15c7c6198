/*
 * replicate-ranks.c - many ranks' profiles from a few real ones, for the
 * scale benches (bench/sum-bench, issue 39).  Byte copies of one rank's
 * files are refused as copies (gprof-par/parallel/runs.c), as they should
 * be; so rank R's files here are real rank R mod NREAL's, each made a
 * rank of its own: its histogram perturbed (one bin that has samples,
 * chosen by R, one sample more), its companion's run section saying rank R of N ranks, a
 * pid of its own and the perturbed profile's size and checksum (its MPI
 * profile, where it has one, rank R of N too), the
 * container written anew by its one writer (common/companion-write.h).
 * Everything else (the call paths, the libraries) is the real rank's.
 *
 *   replicate-ranks SRC NREAL N DEST [SLOW[,SLOW...] [FAST[,FAST...] [STEP]]]
 *
 * reads SRC/gmon.out.K and SRC/gmon.out+gmon-mpi.K for K < NREAL and
 * writes DEST/gmon.out.R and DEST/gmon.out+gmon-mpi.R for R < N; the
 * SLOW ranks, when given, have every bin of their histogram tripled: an
 * outlier three times as slow in every function; the FAST ranks ("-" for
 * none) every bin a third (rounded up: a bin with samples keeps some);
 * with STEP, rank R has R mod STEP samples more besides, in the fullest
 * bin: a spread whose quartiles are known.  STEP "poisson" (or
 * "poisson:SEED") instead draws every bin of rank R anew, after the
 * tripling or the third, from a Poisson distribution with the bin's count
 * as its mean (a generator seeded by SEED, default 1, and R): ranks whose
 * samples differ as independent samplings of one rate's do, the noise the
 * tests of "beyond sampling noise" must not call an imbalance (issue 36).
 * (The tests' load balance and summary at scale and the benches:
 * bench/sum-bench, bench/scale-bench.)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "companion-write.h"
#include "gmon-companion.h"

static void die(const char *what, const char *path)
{
	fprintf(stderr, "replicate-ranks: %s: %s\n", path, what);
	exit(1);
}

static unsigned char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *data;
	long n;

	if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
		die("cannot read", path);
	data = malloc((size_t)n + 1);
	if (!data || fread(data, 1, (size_t)n, f) != (size_t)n)
		die("cannot read", path);
	fclose(f);
	*size = (size_t)n;
	return data;
}

static void spill(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		die("cannot write", path);
}

/* Whether rank is in list, ranks separated by commas (NULL: none). */
static int listed(const char *list, long rank)
{
	char *end;

	while (list && *list) {
		long r = strtol(list, &end, 10);

		if (end == list)
			return 0;
		if (r == rank)
			return 1;
		list = *end == ',' ? end + 1 : end;
	}
	return 0;
}

/* splitmix64: the next of *state's numbers. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* A uniform number in (0, 1). */
static double uniform(uint64_t *state)
{
	return ((double)(next_random(state) >> 11) + 0.5) / 9007199254740992.0;
}

/* A draw of a Poisson distribution of mean m: by inversion, the
 * probabilities one after the other (m up to 500: e^-m is a double),
 * else the normal's, rounded. */
static uint64_t poisson(double m, uint64_t *state)
{
	if (m <= 0)
		return 0;
	if (m <= 500) {
		double u = uniform(state), p = exp(-m), cum = p;
		uint64_t k = 0;

		while (u > cum && k < 100000) {
			p *= m / (double)++k;
			cum += p;
		}
		return k;
	}
	double u1 = uniform(state), u2 = uniform(state);
	double x = m + sqrt(m) * sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);

	return x > 0 ? (uint64_t)(x + 0.5) : 0;
}

/* Every bin with samples of the histogram at p (nbins of them) drawn anew
 * (poisson), seeded by seed and rank. */
static void redraw(unsigned char *p, uint32_t nbins, long rank, uint64_t seed)
{
	uint64_t state = seed * 0x100000001b3u + (uint64_t)rank;

	for (uint32_t k = 0; k < nbins; k++) {
		unsigned char *bin = p + 61 + 2 * (size_t)k;
		uint16_t count;
		uint64_t x;

		memcpy(&count, bin, 2);
		if (count == 0)
			continue;
		x = poisson(count, &state);
		count = x > UINT16_MAX ? UINT16_MAX : (uint16_t)x;
		memcpy(bin, &count, 2);
	}
}

/* more samples more in a nonzero bin of the first histogram record that
 * rank picks, after every bin tripled (slow) or cut to a third (fast)
 * (the gmon v1 layout: a 20-byte header, tag 0, a 40-byte record header
 * whose nbins is at +16, then nbins 16-bit counts). */
/* Adds more samples to the first bin from at on (round) that has some and
 * room for them. */
static void add_to_bin(unsigned char *p, uint32_t nbins, uint32_t at, long more)
{
	unsigned char *bin;
	uint16_t count;

	for (uint32_t k = 0; k < nbins; k++, at = at + 1 == nbins ? 0 : at + 1) {
		bin = p + 61 + 2 * (size_t)at;
		memcpy(&count, bin, 2);
		if (count > 0 && count <= UINT16_MAX - more) {
			count = (uint16_t)(count + more);
			memcpy(bin, &count, 2);
			return;
		}
	}
}

/* The bin with the most samples (the first of them). */
static uint32_t fullest_bin(const unsigned char *p, uint32_t nbins)
{
	uint32_t best = 0;
	uint16_t most = 0, count;

	for (uint32_t k = 0; k < nbins; k++) {
		memcpy(&count, p + 61 + 2 * (size_t)k, 2);
		if (count > most) {
			most = count;
			best = k;
		}
	}
	return best;
}

static void perturb(unsigned char *p, size_t size, long rank, int slow, int fast, long more,
		    uint64_t seed, const char *path)
{
	uint32_t nbins;
	unsigned char *bin;
	uint16_t count;

	if (size < 61 || p[20] != 0)
		die("not a gmon file starting with a histogram", path);
	memcpy(&nbins, p + 21 + 16, 4);
	if (nbins == 0 || 61 + 2 * (size_t)nbins > size)
		die("a histogram past the file's end", path);
	for (uint32_t k = 0; slow && k < nbins; k++) {
		bin = p + 61 + 2 * (size_t)k;
		memcpy(&count, bin, 2);
		count = count > UINT16_MAX / 3 ? UINT16_MAX : (uint16_t)(3 * count);
		memcpy(bin, &count, 2);
	}
	for (uint32_t k = 0; fast && k < nbins; k++) {
		bin = p + 61 + 2 * (size_t)k;
		memcpy(&count, bin, 2);
		count = (uint16_t)((count + 2) / 3);
		memcpy(bin, &count, 2);
	}
	if (seed)
		redraw(p, nbins, rank, seed);
	/* the one sample more in a bin that has samples, chosen by the rank
	 * (no function gains samples it never had); the spread's more in the
	 * fullest bin, within its noise (10 more in a bin of one sample, a
	 * small function's, made that function's rank an outlier beyond
	 * noise, as it was) */
	add_to_bin(p, nbins, (uint32_t)(((uint64_t)rank * 7919u) % nbins), 1);
	if (more > 1)
		add_to_bin(p, nbins, fullest_bin(p, nbins), more - 1);
}

/* A run section's text (or an MPI profile's: it has no pid or profile
 * line) with rank, size, pid and profile lines replaced; malloc'ed, its
 * length in *len. */
static char *new_run(const unsigned char *text, size_t len, long rank, long ranks,
		     size_t profile_size, uint64_t profile_sum, size_t *out_len)
{
	char *out = malloc(len + 256), *o = out;
	const unsigned char *line = text, *end = text + len;

	if (!out)
		die("out of memory", "run");
	while (line < end) {
		const unsigned char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) + 1 : (size_t)(end - line);

#define IS(key) (n > sizeof key && memcmp(line, key "\t", sizeof key) == 0)
		if (IS("rank"))
			o += sprintf(o, "rank\t%ld\n", rank);
		else if (IS("size"))
			o += sprintf(o, "size\t%ld\n", ranks);
		else if (IS("pid"))
			o += sprintf(o, "pid\t%ld\n", 1000000 + rank);
		else if (IS("profile"))
			o += sprintf(o, "profile\t%zu %016" PRIx64 "\n", profile_size, profile_sum);
		else {
			memcpy(o, line, n);
			o += n;
		}
#undef IS
		line += n;
	}
	*out_len = (size_t)(o - out);
	return out;
}

/* The companion c with its run section rewritten, into path, by the
 * container's one writer (common/companion-write.h). */
static void write_companion(const unsigned char *c, size_t size, long rank, long ranks,
			    size_t profile_size, uint64_t profile_sum, const char *path)
{
	uint64_t table_offset;
	uint32_t n;
	struct gmon_companion_entry *table;
	uint64_t *hashes;
	struct companion_writer w;
	int fd, err;

	if (size < GMON_COMPANION_HEADER_SIZE || memcmp(c, GMON_COMPANION_MAGIC, 8) != 0)
		die("not a companion", path);
	memcpy(&table_offset, c + 24, 8);
	memcpy(&n, c + 32, 4);
	if (table_offset > size || (size - table_offset) / GMON_COMPANION_ENTRY_SIZE < n)
		die("a table past the file's end", path);
	table = malloc((n ? n : 1) * sizeof *table);
	hashes = malloc((n ? n : 1) * sizeof *hashes);
	if (!table || !hashes)
		die("out of memory", path);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0 || (err = companion_writer_begin(&w, fd, table, hashes, n)) != 0)
		die("cannot write", path);
	for (uint32_t i = 0; i < n; i++) {
		const unsigned char *e = c + table_offset + (size_t)i * GMON_COMPANION_ENTRY_SIZE;
		struct gmon_companion_entry old;
		const unsigned char *data;
		char *run = NULL, name[GMON_COMPANION_MAX_NAME + 1];
		size_t len;

		memcpy(&old, e, sizeof old);
		if (old.offset > table_offset || table_offset - old.offset < old.name_len + old.size ||
		    old.name_len == 0 || old.name_len > GMON_COMPANION_MAX_NAME)
			die("a section past the table", path);
		memcpy(name, c + old.offset, old.name_len);
		name[old.name_len] = '\0';
		data = c + old.offset + old.name_len;
		len = (size_t)old.size;
		if (old.type == GMON_SECTION_TEXT &&
		    (strcmp(name, GMON_RUN_NAME) == 0 || strcmp(name, "mpi") == 0)) {
			run = new_run(data, len, rank, ranks, profile_size, profile_sum, &len);
			data = (const unsigned char *)run;
		}
		if (companion_writer_add(&w, old.type, name, data, len) != 0)
			die("cannot write", path);
		free(run);
	}
	if (companion_writer_finish(&w, 0) != 0 || close(fd) != 0)
		die("cannot write", path);
	free(table);
	free(hashes);
}

int main(int argc, char **argv)
{
	long nreal, ranks, step = 0;
	const char *slow = argc > 5 ? argv[5] : NULL, *fast = argc > 6 ? argv[6] : NULL;
	uint64_t seed = 0;
	char path[4096];

	if (argc == 8 && strncmp(argv[7], "poisson", 7) == 0) {
		seed = argv[7][7] == ':' ? strtoull(argv[7] + 8, NULL, 10) : 1;
		step = seed ? 1 : 0;   /* (seed 0: none given) */
	} else if (argc == 8) {
		step = atol(argv[7]);
	}
	if (argc < 5 || argc > 8 || (nreal = atol(argv[2])) <= 0 || (ranks = atol(argv[3])) <= 0 ||
	    (argc == 8 && step <= 0)) {
		fprintf(stderr, "usage: replicate-ranks SRC NREAL N DEST [SLOW[,SLOW...] "
			"[FAST[,FAST...] [STEP|poisson[:SEED]]]]\n");
		return 2;
	}
	for (long r = 0; r < ranks; r++) {
		size_t psize, csize;
		unsigned char *profile, *companion;

		snprintf(path, sizeof path, "%s/gmon.out.%ld", argv[1], r % nreal);
		profile = slurp(path, &psize);
		perturb(profile, psize, r, listed(slow, r), listed(fast, r), 1 + (step ? r % step : 0),
			seed, path);
		snprintf(path, sizeof path, "%s/gmon.out+gmon-mpi.%ld", argv[1], r % nreal);
		companion = slurp(path, &csize);
		snprintf(path, sizeof path, "%s/gmon.out+gmon-mpi.%ld", argv[4], r);
		write_companion(companion, csize, r, ranks, psize,
				gmon_profile_checksum(profile, psize), path);
		snprintf(path, sizeof path, "%s/gmon.out.%ld", argv[4], r);
		spill(path, profile, psize);
		free(profile);
		free(companion);
	}
	return 0;
}
