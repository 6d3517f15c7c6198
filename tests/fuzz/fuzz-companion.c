/*
 * fuzz-companion.c - libFuzzer harness of the companion container
 * (gprof-par/profile/companion-file.c, include/gmon-companion.h) and of the
 * readers of its sections (issue 40): the input, its header's file size
 * and checksum set right (else nearly every mutation stops at the
 * checksum), written as PROFILE+gmon-mpi and read; then each section given
 * to its reader: a LIBRARY section added twice to a profile (sparse-add.c),
 * "run" parsed (companion_run_parse), "mpi" read as an MPI profile
 * (mpi-profile.c).  The text sections "modules", "calls" and "paths" have
 * harnesses of their own.  See README.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "companion-file.h"
#include "gmon-companion.h"
#include "mpi-profile.h"
#include "profile.h"
#include "sparse-add.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void read_sections(const struct companion_file *cf)
{
	char err[1024];

	for (size_t i = 0; i < cf->nsections; i++) {
		const struct companion_section *s = &cf->sections[i];

		if (s->type == GMON_SECTION_LIBRARY) {
			struct profile p;

			profile_init(&p);
			if (profile_add_sparse(&p, s->data, s->size, s->name, err, sizeof err) == 0)
				profile_add_sparse(&p, s->data, s->size, s->name, err, sizeof err);
			profile_free(&p);
		} else if (strcmp(s->name, GMON_RUN_NAME) == 0) {
			struct companion_run run;

			if (companion_run_parse(s, s->name, &run, err, sizeof err) == 0)
				companion_run_free(&run);
		} else if (strcmp(s->name, "mpi") == 0) {
			mpi_profile_check(s->name, (const char *)s->data, s->size, err, sizeof err);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	struct companion_file cf;
	unsigned char *bytes = malloc(size ? size : 1);
	char err[1024];
	FILE *f;

	if (!bytes)
		abort();
	memcpy(bytes, data, size);
	if (size >= GMON_COMPANION_HEADER_SIZE) {
		uint64_t len = size, sum;

		memcpy(bytes + 16, &len, 8);
		memset(bytes + GMON_COMPANION_CHECKSUM_OFFSET, 0, 8);
		sum = gmon_companion_checksum(GMON_COMPANION_FNV_START, bytes, size);
		memcpy(bytes + GMON_COMPANION_CHECKSUM_OFFSET, &sum, 8);
	}
	if (!path[0])
		snprintf(path, sizeof path, "/tmp/fuzz-companion.%d", (int)getpid());
	f = fopen(path, "w");
	if (!f)
		abort();
	fwrite(bytes, 1, size, f);
	fclose(f);
	free(bytes);
	if (companion_file_read(path, &cf, err, sizeof err) == 0) {
		read_sections(&cf);
		companion_file_free(&cf);
	}
	unlink(path);
	return 0;
}
