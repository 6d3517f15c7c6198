/* profile-name.c - see profile-name.h. */
#include "profile-name.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void profile_name(char *buf, size_t size, const struct gmon_config *c, int descendant)
{
	const char *prefix = getenv("GMON_OUT_PREFIX");
	int has_prefix = prefix && *prefix;
	long pid = (long)getpid();
	int n;

	if (has_prefix && c->is_mpi)
		n = snprintf(buf, size, "%s.%ld", prefix, c->rank);
	else if (has_prefix)
		n = snprintf(buf, size, "%s.%ld", prefix, pid);
	else if (c->is_mpi)
		n = snprintf(buf, size, "gmon.out.%ld", c->rank);
	else
		n = snprintf(buf, size, "gmon.out");
	if (descendant && (c->is_mpi || !has_prefix) && n > 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, ".%ld", pid);
}

int companion_remove(const char *profile, const char *kind)
{
	char path[4096];

	if (companion_name(profile, kind, path, sizeof path) >= sizeof path)
		return ENAMETOOLONG;
	return unlink(path) != 0 && errno != ENOENT ? errno : 0;
}
