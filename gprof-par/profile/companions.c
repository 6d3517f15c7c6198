/* companions.c - see companions.h. */
#include "companions.h"

#include <stdlib.h>
#include <string.h>

#include "companion-name.h"

char *companion_path(const char *profile, const char *kind)
{
	size_t len = companion_name(profile, kind, NULL, 0) + 1;
	char *path = malloc(len);

	if (path)
		companion_name(profile, kind, path, len);
	return path;
}

char *companion_library_path(const char *profile, const char *base, const char *path,
			     const char *build_id, unsigned salt)
{
	const char *id = build_id ? build_id : "";
	uint64_t key = companion_library_key(path, (const unsigned char *)id, strlen(id));
	size_t len = companion_library_kind(base, key, salt, NULL, 0) + 1;
	char *kind = malloc(len), *file;

	if (!kind)
		return NULL;
	companion_library_kind(base, key, salt, kind, len);
	file = companion_path(profile, kind);
	free(kind);
	return file;
}

char *companion_beside(const char *file, const char *name)
{
	const char *slash = strrchr(file, '/');
	size_t dirlen = slash ? (size_t)(slash - file) + 1 : 0;
	char *s = malloc(dirlen + strlen(name) + 1);

	if (s) {
		memcpy(s, file, dirlen);
		strcpy(s + dirlen, name);
	}
	return s;
}

/* Whether the profile made of file's first plus bytes and suffix is one,
 * with file its companion of the kind between them. */
static int check(const char *file, size_t plus, const char *suffix,
		 int (*is_profile)(const char *name, void *ctx), void *ctx)
{
	size_t slen = strlen(suffix), klen = strlen(file) - plus - 1 - slen;
	char *profile = malloc(plus + slen + 1), *kind = malloc(klen + 1), *again = NULL;
	int yes = -1;

	if (profile && kind) {
		memcpy(profile, file, plus);
		strcpy(profile + plus, suffix);
		memcpy(kind, file + plus + 1, klen);
		kind[klen] = '\0';
		again = companion_path(profile, kind);
		if (again)
			yes = strcmp(again, file) == 0 && is_profile(profile, ctx) != 0;
	}
	free(again);
	free(profile);
	free(kind);
	return yes;
}

/* Whether file's first plus bytes name a profile. */
static int prefix_is_profile(const char *file, size_t plus,
			     int (*is_profile)(const char *name, void *ctx), void *ctx)
{
	char *profile = malloc(plus + 1);
	int yes;

	if (!profile)
		return -1;
	memcpy(profile, file, plus);
	profile[plus] = '\0';
	yes = is_profile(profile, ctx) != 0;
	free(profile);
	return yes;
}

int companion_of_named(const char *file, int (*is_profile)(const char *name, void *ctx),
		       void *ctx)
{
	size_t stem = companion_stem(file), len = strlen(file);

	for (const char *plus = file; (plus = strchr(plus + 1, '+')) != NULL;) {
		size_t at = (size_t)(plus - file);
		int rc = 0;

		/* NAME+KIND.N beside NAME.N (KIND not empty) */
		if (stem < len && at + 1 < stem)
			rc = check(file, at, file + stem, is_profile, ctx);
		/* NAME+KIND beside NAME, and an earlier version's NAME.N+KIND */
		if (rc == 0 && at + 1 < len)
			rc = prefix_is_profile(file, at, is_profile, ctx);
		if (rc != 0)
			return rc;
	}
	return 0;
}
