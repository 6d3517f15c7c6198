/* companion-name.c - see companion-name.h. */
#include "companion-name.h"

#include <string.h>

#include "gmon-modules.h"

size_t companion_stem(const char *profile)
{
	const char *slash = strrchr(profile, '/');
	const char *base = slash ? slash + 1 : profile;
	const char *dot = strrchr(base, '.');
	size_t len = strlen(profile);

	if (!dot || dot == base || dot[1] == '\0')
		return len;
	for (const char *s = dot + 1; *s; s++)
		if (*s < '0' || *s > '9')
			return len;
	return (size_t)(dot - profile);
}

/* Appends len bytes of s at *at, as far as size allows. */
static void put(char *buf, size_t size, size_t *at, const char *s, size_t len)
{
	if (*at < size) {
		size_t room = size - *at;

		memcpy(buf + *at, s, len < room ? len : room);
	}
	*at += len;
}

size_t companion_name(const char *profile, const char *kind, char *buf, size_t size)
{
	size_t stem = companion_stem(profile), at = 0;

	put(buf, size, &at, profile, stem);
	put(buf, size, &at, GMON_MODULE_SEPARATOR, sizeof GMON_MODULE_SEPARATOR - 1);
	put(buf, size, &at, kind, strlen(kind));
	put(buf, size, &at, profile + stem, strlen(profile + stem));
	if (size > 0)
		buf[at < size ? at : size - 1] = '\0';
	return at;
}
