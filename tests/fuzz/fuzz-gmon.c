/*
 * fuzz-gmon.c - libFuzzer harness of the gmon reader and the sum
 * (gprof-par/profile/: gmon-check.c, gmon-read.c, profile.c) and of the
 * BSD reader (bsd-format.c): the input added twice to a profile as a
 * "gmon" file, then converted as a BSD file (-O b: the arc counts of
 * issue 31) and added to another.  See README.md.
 */
#include <stdint.h>
#include <stdlib.h>

#include "bsd-format.h"
#include "gmon-read.h"
#include "profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct profile p, q;
	unsigned char *converted;
	size_t converted_len;
	char err[1024];

	profile_init(&p);
	for (int k = 0; k < 2; k++)
		if (profile_add_buffer(&p, data, size, "fuzz", err, sizeof err) != 0)
			break;
	profile_free(&p);
	gmon_set_file_format(GMON_FORMAT_BSD);
	converted = gmon_bsd_convert(data, size, "fuzz", &converted_len, err, sizeof err);
	gmon_set_file_format(GMON_FORMAT_AUTO);
	if (converted) {
		profile_init(&q);
		profile_add_buffer(&q, converted, converted_len, "fuzz", err, sizeof err);
		profile_free(&q);
		free(converted);
	}
	return 0;
}
