/* companion-name.c - see companion-name.h. */
#include "companion-name.h"
#include "gmon-companion.h"
#include "gmon-mpi-profile.h"

#include <string.h>

#include "gmon-callpaths.h"
#include "gmon-calls.h"
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

int companion_kind_reserved(const char *kind)
{
	return strcmp(kind, GMON_CALLPATHS_NAME) == 0 || strcmp(kind, GMON_CALLS_NAME) == 0 ||
	       strcmp(kind, GMON_PLT_CALLS_NAME) == 0 || strcmp(kind, GMON_MODULE_LIST_NAME) == 0 ||
	       strcmp(kind, GMON_COMPANION_KIND) == 0 || strcmp(kind, GMON_RUN_NAME) == 0 ||
	       strcmp(kind, GMON_MPI_PROFILE_KIND) == 0;
}

uint64_t companion_library_key(const char *path, const unsigned char *id, size_t id_len)
{
	uint64_t h = 0xcbf29ce484222325ull;     /* FNV-1a */

	for (; *path; path++)
		h = (h ^ (unsigned char)*path) * 0x100000001b3ull;
	h = (h ^ 0xff) * 0x100000001b3ull;      /* between the two */
	for (size_t k = 0; k < id_len; k++)
		h = (h ^ id[k]) * 0x100000001b3ull;
	return h;
}

size_t companion_library_kind(const char *base, uint64_t key, unsigned salt, char *buf,
			      size_t size)
{
	static const char digits[] = "0123456789abcdef";
	char tag[1 + 8];
	size_t at = 0;
	uint64_t h = key;

	if (salt == 0 && !companion_kind_reserved(base)) {
		put(buf, size, &at, base, strlen(base));
	} else {
		h ^= (uint64_t)salt * 0x9e3779b97f4a7c15ull;
		h ^= h >> 32;
		tag[0] = '~';
		for (int k = 0; k < 8; k++)
			tag[1 + k] = digits[(h >> (28 - 4 * k)) & 15];
		put(buf, size, &at, base, strlen(base));
		put(buf, size, &at, tag, sizeof tag);
	}
	if (size > 0)
		buf[at < size ? at : size - 1] = '\0';
	return at;
}
