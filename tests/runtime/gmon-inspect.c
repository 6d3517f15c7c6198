/*
 * gmon-inspect.c - a tool of the runtime's end-to-end tests, reading gmon
 * files through gprof-par's reader:
 *   gmon-inspect samples FILE START END   histogram samples in the link-time
 *        address range [START, END) (hex), for functions GNU gprof does not
 *        list (OpenMP's main._omp_fn.N: it drops names with a '.' not
 *        followed by digits)
 *   gmon-inspect arcs FILE                every arc: from_pc self_pc count (hex
 *        addresses), as summed by the reader
 *   gmon-inspect unpack PROFILE...        each profile's one companion
 *        (PROFILE+gmon-mpi, include/gmon-companion.h) written out as the
 *        files earlier versions wrote beside it (companion_unpack), so
 *        that the tests read the formats inside it as they read those files
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "companion-file.h"
#include "gmon-read.h"

static int usage(void)
{
	fprintf(stderr, "usage: gmon-inspect samples FILE START END | arcs FILE | unpack PROFILE...\n");
	return 2;
}

static uint64_t samples_in_range(const struct profile *p, uint64_t start, uint64_t end)
{
	uint64_t samples = 0;

	for (size_t h = 0; h < p->nhists; h++) {
		const struct profile_histogram *hist = &p->hists[h];

		for (uint32_t i = 0; i < hist->nbins; i++) {
			uint64_t pc = hist->low_pc + (hist->high_pc - hist->low_pc) * i / hist->nbins;

			if (pc >= start && pc < end)
				samples += hist->bins[i];
		}
	}
	return samples;
}

int main(int argc, char **argv)
{
	struct profile p;
	char err[1024];

	if (argc < 3)
		return usage();
	if (strcmp(argv[1], "unpack") == 0) {
		int rc = 0;

		for (int i = 2; i < argc; i++)
			if (companion_unpack(argv[i], err, sizeof err) != 0) {
				fprintf(stderr, "gmon-inspect: %s\n", err);
				rc = 1;
			}
		return rc;
	}
	profile_init(&p);
	if (profile_add_file(&p, argv[2], err, sizeof err) != 0) {
		fprintf(stderr, "gmon-inspect: %s\n", err);
		return 1;
	}
	if (strcmp(argv[1], "samples") == 0 && argc == 5) {
		printf("%" PRIu64 "\n", samples_in_range(&p, strtoull(argv[3], NULL, 16),
							 strtoull(argv[4], NULL, 16)));
	} else if (strcmp(argv[1], "arcs") == 0 && argc == 3) {
		for (size_t i = 0; i < p.narcs; i++)
			printf("%" PRIx64 " %" PRIx64 " %" PRIu64 "\n", p.arcs[i].from_pc,
			       p.arcs[i].self_pc, p.arcs[i].count);
	} else {
		profile_free(&p);
		return usage();
	}
	profile_free(&p);
	return 0;
}
