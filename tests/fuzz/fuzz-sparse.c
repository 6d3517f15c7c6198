/*
 * fuzz-sparse.c - libFuzzer harness of a library's section of a companion
 * (gprof-par/profile/sparse-add.c, include/gmon-companion.h; issue 40): the
 * input as the section's bytes, added twice to one profile (the second
 * time onto the first's histogram), then, when its dense form is at most
 * 2^16 bins (layers x bins; it may be 1 GiB: the runs would crawl),
 * written as the dense gmon file --extract-module writes, to /dev/null.  An input of more
 * than 2^20 bins is not run: each would allocate up to 512 MiB (the bounds
 * on bins are tested by tests/analyzer/crafted-sections.sh).  See
 * README.md.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile.h"
#include "profile-write.h"
#include "sparse-add.h"

/* where a section's bin count is: after the gmon header, the tag and the
 * two addresses */
#define NBINS_AT (20 + 1 + 2 * 8)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The 16-bit bins its dense file has: its bins times its layers. */
static uint64_t dense_bins(const struct profile_histogram *h)
{
	uint64_t most = 0;

	for (uint32_t i = 0; i < h->nbins; i++)
		if (h->bins[i] > most)
			most = h->bins[i];
	return (uint64_t)h->nbins * (most / 65535 + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct profile p;
	char err[1024];
	int fd;

	if (size >= NBINS_AT + 4) {
		uint32_t nbins;

		memcpy(&nbins, data + NBINS_AT, 4);
		if (nbins > (1u << 20))
			return 0;
	}
	profile_init(&p);
	if (profile_add_sparse(&p, data, size, "fuzz", err, sizeof err) == 0 &&
	    profile_add_sparse(&p, data, size, "fuzz", err, sizeof err) == 0 &&
	    p.nhists == 1 && dense_bins(&p.hists[0]) <= (1u << 16)) {
		fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			abort();
		profile_write_fd(&p, fd);
		close(fd);
	}
	profile_free(&p);
	return 0;
}
