/* fingerprint.c - see fingerprint.h. */
#include "fingerprint.h"

#include <stdio.h>
#include <string.h>

#include "errors.h"
#include "profile-internal.h"

void profile_format_fingerprint(const unsigned char fingerprint[GMON_FINGERPRINT_SIZE],
				char *out)
{
	for (size_t i = 0; i < GMON_FINGERPRINT_SIZE; i++)
		sprintf(out + 2 * i, "%02x", fingerprint[i]);
}


/* See profile-internal.h. */
int fingerprint_check_same(const struct profile *p, const unsigned char *fingerprint,
			     const char *name, char *err, size_t errlen)
{
	char mine[2 * GMON_FINGERPRINT_SIZE + 1], theirs[2 * GMON_FINGERPRINT_SIZE + 1];

	if (!p->has_fingerprint || memcmp(p->fingerprint, fingerprint, GMON_FINGERPRINT_SIZE) == 0)
		return 0;
	profile_format_fingerprint(fingerprint, mine);
	profile_format_fingerprint(p->fingerprint, theirs);
	set_error(err, errlen, "%s: build fingerprint %s differs from fingerprint %s of %s: the "
		  "profiles come from different executables (it seems to be a profile of another "
		  "program, or of another build)", name, mine, theirs,
		  name_or_unnamed(p->fingerprint_file));
	return -1;
}

int profile_check_build_id(const struct profile *p, const unsigned char *build_id, size_t len,
			   const char *exe_path, char *err, size_t errlen)
{
	unsigned char expected[GMON_FINGERPRINT_SIZE] = { 0 };
	char want[2 * GMON_FINGERPRINT_SIZE + 1], have[2 * GMON_FINGERPRINT_SIZE + 1];

	if (!p->has_fingerprint)
		return 0;
	profile_format_fingerprint(p->fingerprint, have);
	if (!build_id || len == 0) {
		set_error(err, errlen, "%s: has build fingerprint %s, but %s has no GNU build-id to "
			  "check it against (linked with --build-id=none?): make sure it is the "
			  "executable that wrote the profile",
			  name_or_unnamed(p->fingerprint_file), have, exe_path);
		return -1;
	}
	memcpy(expected, build_id, len < sizeof expected ? len : sizeof expected);
	if (memcmp(expected, p->fingerprint, sizeof expected) == 0)
		return 0;
	profile_format_fingerprint(expected, want);
	set_error(err, errlen, "%s: build fingerprint %s does not match the build-id of %s "
		  "(starts %s): the profile comes from a different executable",
		  name_or_unnamed(p->fingerprint_file), have, exe_path, want);
	return -1;
}

