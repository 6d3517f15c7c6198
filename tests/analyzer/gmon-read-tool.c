/*
 * gmon-read-tool.c - a test helper that drives gprof-par/profile/ from
 * the shell, to craft inputs for GNU gprof and compare with it:
 *
 *   gmon-read-tool sum OUT IN...                  sum the INs into OUT
 *   gmon-read-tool scale IN OUT MAXBIN MAXARC     scale bins so that the
 *        largest becomes MAXBIN, and arcs so that the largest becomes MAXARC
 *        (written as stacked records where they do not fit)
 *   gmon-read-tool split IN OUT                   write every histogram and
 *        arc as two records (halves) whose values add up
 *   gmon-read-tool drop hist|arcs|both IN OUT     write IN without its
 *        histograms, its arcs, or both (a file GNU gprof can still read)
 *   gmon-read-tool info FILE                      print what FILE holds
 *   gmon-read-tool bins FILE                      print "ADDRESS COUNT" (hex,
 *        decimal) for each non-empty histogram bin: the address where the bin
 *        starts
 *   gmon-read-tool place TEMPLATE OUT ADDRESS:COUNT...   write OUT with
 *        TEMPLATE's first histogram range, bins and rate, every bin empty
 *        but those of the ADDRESSes (hex), and no arcs
 *   gmon-read-tool ranges N OUT [overlap]         write N disjoint histogram
 *        records of 4 bins (16 bytes), in descending address order; with
 *        overlap, the last one overlaps the first partly
 *   gmon-read-tool unpack PROFILE...              write each PROFILE's one
 *        companion (PROFILE+gmon-mpi) out as the files it stands for
 *        (companion-file.h companion_unpack), for tests that read them
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "companion-file.h"
#include "gmon-read.h"
#include "profile-write.h"
#include "gmon-write.h"

static char err[1024];

static void die_on(int failed)
{
	if (failed) {
		fprintf(stderr, "gmon-read-tool: %s\n", err);
		exit(1);
	}
}

static void read_one(struct profile *p, const char *path)
{
	profile_init(p);
	die_on(profile_add_file(p, path, err, sizeof err) != 0);
}

static uint64_t max_bin(const struct profile *p)
{
	uint64_t max = 0;

	for (size_t h = 0; h < p->nhists; h++)
		for (uint32_t i = 0; i < p->hists[h].nbins; i++)
			if (p->hists[h].bins[i] > max)
				max = p->hists[h].bins[i];
	return max;
}

static uint64_t max_arc(const struct profile *p)
{
	uint64_t max = 0;

	for (size_t i = 0; i < p->narcs; i++)
		if (p->arcs[i].count > max)
			max = p->arcs[i].count;
	return max;
}

static uint64_t scaled(uint64_t v, uint64_t to, uint64_t from)
{
	return (uint64_t)((unsigned __int128)v * to / from);
}

static int cmd_sum(int argc, char **argv)
{
	struct profile p;

	profile_init(&p);
	for (int i = 1; i < argc; i++)
		die_on(profile_add_file(&p, argv[i], err, sizeof err) != 0);
	die_on(profile_write(&p, argv[0], err, sizeof err) != 0);
	profile_free(&p);
	return 0;
}

static int cmd_scale(char **argv)
{
	struct profile p;
	uint64_t to_bin = strtoull(argv[2], NULL, 0), to_arc = strtoull(argv[3], NULL, 0);
	uint64_t from_bin, from_arc;

	read_one(&p, argv[0]);
	from_bin = max_bin(&p);
	from_arc = max_arc(&p);
	if (from_bin == 0 || from_arc == 0) {
		fprintf(stderr, "gmon-read-tool: %s has no samples or no arcs to scale\n", argv[0]);
		return 1;
	}
	for (size_t h = 0; h < p.nhists; h++)
		for (uint32_t i = 0; i < p.hists[h].nbins; i++)
			p.hists[h].bins[i] = scaled(p.hists[h].bins[i], to_bin, from_bin);
	for (size_t i = 0; i < p.narcs; i++)
		p.arcs[i].count = scaled(p.arcs[i].count, to_arc, from_arc);
	die_on(profile_write(&p, argv[1], err, sizeof err) != 0);
	profile_free(&p);
	return 0;
}

/* Writes half of every value (the first or the second half). */
static void write_halves(struct gmon_writer *w, const struct profile *p, int second)
{
	for (size_t h = 0; h < p->nhists; h++) {
		const struct profile_histogram *hist = &p->hists[h];
		uint64_t *half = malloc(hist->nbins * sizeof *half);

		if (!half)
			abort();
		for (uint32_t i = 0; i < hist->nbins; i++)
			half[i] = second ? hist->bins[i] - hist->bins[i] / 2 : hist->bins[i] / 2;
		gmon_write_histogram(w, hist->low_pc, hist->high_pc, hist->rate, half,
				     sizeof *half, hist->nbins);
		free(half);
	}
	for (size_t i = 0; i < p->narcs; i++) {
		uint64_t c = p->arcs[i].count;

		gmon_write_arc(w, p->arcs[i].from_pc, p->arcs[i].self_pc,
			       second ? c - c / 2 : c / 2);
	}
}

static int cmd_split(char **argv)
{
	static unsigned char buf[65536];
	struct profile p;
	struct gmon_writer w;
	int fd;

	read_one(&p, argv[0]);
	fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	gmon_writer_init(&w, fd, buf, sizeof buf);
	gmon_write_file_header(&w, p.has_fingerprint ? p.fingerprint : NULL);
	write_halves(&w, &p, 0);
	write_halves(&w, &p, 1);
	if (gmon_writer_finish(&w) != 0 || close(fd) != 0) {
		perror(argv[1]);
		return 1;
	}
	profile_free(&p);
	return 0;
}

static int cmd_drop(char **argv)
{
	struct profile p;
	const char *what = argv[0];
	int hists = strcmp(what, "hist") == 0 || strcmp(what, "both") == 0;
	int arcs = strcmp(what, "arcs") == 0 || strcmp(what, "both") == 0;

	if (!hists && !arcs) {
		fprintf(stderr, "gmon-read-tool: drop what? '%s' is not hist, arcs or both\n", what);
		return 2;
	}
	read_one(&p, argv[1]);
	if (hists) {
		for (size_t h = 0; h < p.nhists; h++)
			free(p.hists[h].bins);
		p.nhists = 0;
	}
	if (arcs)
		p.narcs = 0;
	die_on(profile_write(&p, argv[2], err, sizeof err) != 0);
	profile_free(&p);
	return 0;
}

static int cmd_info(char **argv)
{
	struct profile p;

	read_one(&p, argv[0]);
	printf("histograms %zu arcs %zu max_bin %" PRIu64 " max_arc %" PRIu64 "\n", p.nhists,
	       p.narcs, max_bin(&p), max_arc(&p));
	profile_free(&p);
	return 0;
}

static int cmd_bins(char **argv)
{
	struct profile p;

	read_one(&p, argv[0]);
	for (size_t h = 0; h < p.nhists; h++) {
		const struct profile_histogram *hist = &p.hists[h];

		for (uint32_t i = 0; i < hist->nbins; i++)
			if (hist->bins[i])
				printf("%" PRIx64 " %" PRIu64 "\n",
				       (uint64_t)(hist->low_pc +
						  (hist->high_pc - hist->low_pc) * i / hist->nbins),
				       (uint64_t)hist->bins[i]);
	}
	profile_free(&p);
	return 0;
}

static int cmd_place(int argc, char **argv)
{
	static unsigned char buf[1 << 16];
	struct profile p;
	struct gmon_writer w;
	uint64_t *bins;
	int fd;

	read_one(&p, argv[0]);
	die_on(p.nhists == 0);
	const struct profile_histogram *h = &p.hists[0];
	bins = calloc(h->nbins, sizeof(*bins));
	die_on(!bins);
	for (int i = 2; i < argc; i++) {
		char *colon;
		uint64_t addr = strtoull(argv[i], &colon, 16);

		die_on(*colon != ':' || addr < h->low_pc || addr >= h->high_pc);
		bins[(addr - h->low_pc) * h->nbins / (h->high_pc - h->low_pc)] +=
			strtoull(colon + 1, NULL, 10);
	}
	fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	die_on(fd < 0);
	gmon_writer_init(&w, fd, buf, sizeof buf);
	gmon_write_file_header(&w, NULL);
	gmon_write_histogram(&w, h->low_pc, h->high_pc, h->rate, bins, sizeof(*bins), h->nbins);
	die_on(gmon_writer_finish(&w) != 0);
	free(bins);
	profile_free(&p);
	return close(fd) == 0 ? 0 : 1;
}

static int cmd_ranges(char **argv, int overlap)
{
	static unsigned char buf[1 << 16];
	uint16_t bins[4] = { 1, 2, 3, 4 };
	long n = atol(argv[0]);
	struct gmon_writer w;
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || n < 1)
		return 2;
	gmon_writer_init(&w, fd, buf, sizeof buf);
	gmon_write_file_header(&w, NULL);
	for (long i = n; i > 0; i--)
		gmon_write_histogram(&w, 0x1000 + 16 * (gmon_addr_t)i, 0x1000 + 16 * (gmon_addr_t)i + 16,
				     100, bins, sizeof bins[0], 4);
	if (overlap)
		gmon_write_histogram(&w, 0x1000 + 16 * (gmon_addr_t)n + 8,
				     0x1000 + 16 * (gmon_addr_t)n + 24, 100, bins, sizeof bins[0], 4);
	die_on(gmon_writer_finish(&w) != 0);
	return close(fd) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && strcmp(argv[1], "sum") == 0)
		return cmd_sum(argc - 2, argv + 2);
	if (argc == 6 && strcmp(argv[1], "scale") == 0)
		return cmd_scale(argv + 2);
	if (argc == 4 && strcmp(argv[1], "split") == 0)
		return cmd_split(argv + 2);
	if (argc == 5 && strcmp(argv[1], "drop") == 0)
		return cmd_drop(argv + 2);
	if (argc == 3 && strcmp(argv[1], "info") == 0)
		return cmd_info(argv + 2);
	if (argc >= 4 && strcmp(argv[1], "place") == 0)
		return cmd_place(argc - 2, argv + 2);
	if (argc == 3 && strcmp(argv[1], "bins") == 0)
		return cmd_bins(argv + 2);
	if (argc >= 3 && strcmp(argv[1], "unpack") == 0) {
		int rc = 0;

		for (int i = 2; i < argc; i++)
			if (companion_unpack(argv[i], err, sizeof err) != 0) {
				fprintf(stderr, "gmon-read-tool: %s\n", err);
				rc = 1;
			}
		return rc;
	}
	if ((argc == 4 || argc == 5) && strcmp(argv[1], "ranges") == 0)
		return cmd_ranges(argv + 2, argc == 5 && strcmp(argv[4], "overlap") == 0);
	fprintf(stderr, "usage: gmon-read-tool sum OUT IN... | scale IN OUT MAXBIN MAXARC |\n"
			"       split IN OUT | drop hist|arcs|both IN OUT | info FILE | bins FILE |\n"
			"       place TEMPLATE OUT ADDRESS:COUNT... |\n"
			"       ranges N OUT [overlap] | unpack PROFILE...\n");
	return 2;
}
