/*
 * gmon-to-bsd.c - a test helper: rewrites a glibc gmon file (one
 * histogram record, arc records) in a BSD gmon format, the input of GNU
 * gprof's -O b / -O 4 (and of its default, auto, for a file without the
 * "gmon" magic).
 *
 *   gmon-to-bsd old|4.4 IN OUT [ARC-COUNT-MULTIPLIER]
 *
 * old: low_pc, high_pc, ncnt (20 bytes), then the 16-bit bins; 4.4: the
 * same with version 0x00051879, the rate and 12 bytes of padding (40
 * bytes).  Then each arc as from_pc, self_pc and a 64-bit count, times
 * the multiplier (to make counts above 2^32).  Host byte order.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			cap = cap ? 2 * cap : 65536;
			buf = realloc(buf, cap);
			if (!buf)
				exit(2);
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	size_t len, pos = 20, nbins = 0;
	unsigned char *in;
	const unsigned char *bins = NULL;
	uint64_t low = 0, high = 0, mult = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
	uint32_t rate = 0, ncnt, header;
	int bsd44;
	FILE *out;

	if (argc < 4 || (strcmp(argv[1], "old") != 0 && strcmp(argv[1], "4.4") != 0)) {
		fprintf(stderr, "usage: gmon-to-bsd old|4.4 IN OUT [ARC-COUNT-MULTIPLIER]\n");
		return 2;
	}
	bsd44 = strcmp(argv[1], "4.4") == 0;
	in = slurp(argv[2], &len);
	if (!in || len < 20 || memcmp(in, "gmon", 4) != 0) {
		fprintf(stderr, "gmon-to-bsd: %s: not a gmon file\n", argv[2]);
		return 1;
	}
	out = fopen(argv[3], "wb");
	if (!out)
		return 1;
	/* the histogram first (a BSD file has one, before its arcs) */
	while (pos < len) {
		unsigned char tag = in[pos++];

		if (tag == 0) {
			uint32_t n;

			memcpy(&low, in + pos, 8);
			memcpy(&high, in + pos + 8, 8);
			memcpy(&n, in + pos + 16, 4);
			memcpy(&rate, in + pos + 20, 4);
			nbins = n;
			bins = in + pos + 40;
			pos += 40 + 2 * (size_t)n;
		} else if (tag == 1) {
			pos += 20;
		} else {
			fprintf(stderr, "gmon-to-bsd: record tag %u not handled\n", tag);
			free(in);
			return 1;
		}
	}
	header = bsd44 ? 40 : 20;
	ncnt = header + 2 * (uint32_t)nbins;
	fwrite(&low, 8, 1, out);
	fwrite(&high, 8, 1, out);
	fwrite(&ncnt, 4, 1, out);
	if (bsd44) {
		uint32_t version = 0x00051879;
		unsigned char pad[12] = { 0 };

		fwrite(&version, 4, 1, out);
		fwrite(&rate, 4, 1, out);
		fwrite(pad, 1, sizeof pad, out);
	}
	if (nbins)
		fwrite(bins, 2, nbins, out);
	for (pos = 20; pos < len;) {
		unsigned char tag = in[pos++];

		if (tag == 0) {
			uint32_t n;

			memcpy(&n, in + pos + 16, 4);
			pos += 40 + 2 * (size_t)n;
		} else {
			uint64_t from, self, count = 0;

			memcpy(&from, in + pos, 8);
			memcpy(&self, in + pos + 8, 8);
			memcpy(&count, in + pos + 16, 4);
			count *= mult;
			fwrite(&from, 8, 1, out);
			fwrite(&self, 8, 1, out);
			fwrite(&count, 8, 1, out);
			pos += 20;
		}
	}
	free(in);
	return fclose(out) == 0 ? 0 : 1;
}
