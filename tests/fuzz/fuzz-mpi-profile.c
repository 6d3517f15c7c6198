/*
 * fuzz-mpi-profile.c - libFuzzer harness of the MPI profile's reader
 * (gprof-par/profile/mpi-profile.c, include/gmon-mpi-profile.h; issue 40):
 * the input read twice into one profile, as --mpi reads the ranks' files
 * one after another (the second time its ranks are duplicates, and its
 * counts add to the first's: the checks of 2^64 - 1), then freed.
 * See README.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "mpi-profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mpi_profile p = {0};
	char err[1024];

	if (mpi_profile_read_buffer(&p, "fuzz", (const char *)data, size, err, sizeof err) == 0)
		mpi_profile_read_buffer(&p, "fuzz", (const char *)data, size, err, sizeof err);
	mpi_profile_free(&p);
	return 0;
}
