/*
 * source.c - source files for annotated source (see source.h).
 */
#include "source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"

static char *join(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *s = malloc(n);

	if (s)
		snprintf(s, n, "%s/%s", dir, name);
	return s;
}

char *source_read(const char *name, const struct source_path *path, size_t *len, char *err,
		  size_t errlen)
{
	const char *slash = strrchr(name, '/');
	char why[512] = "";
	char *text;

	/* the name itself; for a relative one, each directory + the name;
	 * then, for a name with a directory, each directory + its base name */
	for (int pass = 0; pass < 3; pass++) {
		size_t n = pass == 0 ? 1 : path->ndirs;

		if ((pass == 1 && name[0] == '/') || (pass == 2 && !slash))
			continue;
		for (size_t i = 0; i < n; i++) {
			char *candidate = pass == 0 ? NULL
				: join(path->dirs[i], pass == 1 ? name : slash + 1);

			if (pass > 0 && !candidate) {
				snprintf(err, errlen, "%s: out of memory", name);
				return NULL;
			}
			errno = 0;
			text = read_whole_file(candidate ? candidate : name, "a source file", len, err,
					       errlen);
			/* the first candidate that exists but cannot be read says
			 * why, if none can be */
			if (!text && errno != ENOENT && !why[0])
				snprintf(why, sizeof(why), "%s", err);
			free(candidate);
			if (text)
				return text;
		}
	}
	if (why[0])
		snprintf(err, errlen, "%s", why);
	else
		snprintf(err, errlen, "could not locate `%s'", name);
	return NULL;
}

int source_path_add(struct source_path *path, const char *list)
{
	const char *p = list;

	for (;;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);
		const char **grown;
		char *dir;

		if (n > 0) {
			grown = realloc(path->dirs, (path->ndirs + 1) * sizeof(*grown));
			dir = strndup(p, n);
			if (grown)
				path->dirs = grown;
			if (!grown || !dir) {
				free(dir);
				return -1;
			}
			path->dirs[path->ndirs++] = dir;
		}
		if (!colon)
			return 0;
		p = colon + 1;
	}
}

void source_path_free(struct source_path *path)
{
	for (size_t i = 0; i < path->ndirs; i++)
		free((char *)path->dirs[i]);
	free(path->dirs);
	path->dirs = NULL;
	path->ndirs = 0;
}
