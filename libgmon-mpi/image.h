/*
 * image.h - facts about the running executable: its load bias (runtime
 * address minus link-time address; nonzero for PIE) and its GNU build-id.
 */
#ifndef GMON_MPI_IMAGE_H
#define GMON_MPI_IMAGE_H

#include <stdint.h>

#include "gmon-format.h"

struct image_info {
	uintptr_t load_bias;
	int has_build_id;
	unsigned char build_id_prefix[GMON_FINGERPRINT_SIZE]; /* zero-padded */
};

/* Fills info for the main executable. */
void image_inspect(struct image_info *info);

#endif /* GMON_MPI_IMAGE_H */
