/*
 * samples-in-range.c - a test tool: prints how many histogram samples of a
 * gmon file fall in the link-time address range [START, END).  The tests
 * use it for functions GNU gprof does not list (OpenMP's outlined
 * main._omp_fn.N: gprof drops names with a '.' not followed by digits).
 *   samples-in-range GMON-FILE START END      (addresses in hex)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmon-format.h"

static int fail(const char *file, const char *what)
{
	fprintf(stderr, "samples-in-range: %s: %s\n", file, what);
	return 2;
}

int main(int argc, char **argv)
{
	unsigned char header[GMON_HEADER_SIZE];
	uint64_t start, end, samples = 0;
	FILE *f;
	int tag;

	if (argc != 4)
		return fail("usage", "samples-in-range GMON-FILE START END");
	start = strtoull(argv[2], NULL, 16);
	end = strtoull(argv[3], NULL, 16);
	f = fopen(argv[1], "rb");
	if (!f || fread(header, sizeof header, 1, f) != 1 || memcmp(header, GMON_MAGIC, 4) != 0)
		return fail(argv[1], "not a gmon file");
	while ((tag = fgetc(f)) != EOF) {
		if (tag == GMON_TAG_TIME_HIST) {
			unsigned char h[GMON_HIST_HEADER_SIZE];
			uint64_t low, high;
			uint32_t nbins;

			if (fread(h, sizeof h, 1, f) != 1)
				return fail(argv[1], "truncated histogram");
			memcpy(&low, h, 8);
			memcpy(&high, h + 8, 8);
			memcpy(&nbins, h + 16, 4);
			for (uint32_t i = 0; i < nbins; i++) {
				uint16_t bin;
				uint64_t pc = low + (high - low) * i / nbins;

				if (fread(&bin, 2, 1, f) != 1)
					return fail(argv[1], "truncated bins");
				if (pc >= start && pc < end)
					samples += bin;
			}
		} else if (tag == GMON_TAG_CG_ARC) {
			if (fseek(f, GMON_ARC_SIZE, SEEK_CUR) != 0)
				return fail(argv[1], "truncated arc");
		} else {
			return fail(argv[1], "unexpected record tag");
		}
	}
	printf("%llu\n", (unsigned long long)samples);
	fclose(f);
	return 0;
}
