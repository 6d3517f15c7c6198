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

/* The whole file at candidate, or NULL (errno ENOENT: it does not exist). */
static char *read_whole(const char *candidate, size_t *len, char *err, size_t errlen)
{
	struct stat st;
	char *text;
	size_t have = 0;
	int fd = open_input(candidate, "a source file", INPUT_REGULAR, &st, err, errlen);

	if (fd < 0)
		return NULL;
	text = malloc((size_t)st.st_size + 1);
	if (!text) {
		close(fd);
		snprintf(err, errlen, "%s: out of memory", candidate);
		errno = ENOMEM;
		return NULL;
	}
	for (;;) {
		ssize_t n;

		if (have == (size_t)st.st_size) {
			/* grown since fstat: read on */
			char *grown = realloc(text, 2 * have + 4096);

			if (!grown) {
				free(text);
				close(fd);
				snprintf(err, errlen, "%s: out of memory", candidate);
				return NULL;
			}
			text = grown;
			st.st_size = (off_t)(2 * have + 4095);
		}
		n = read(fd, text + have, (size_t)st.st_size - have);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, errlen, "%s: cannot read: %s", candidate, strerror(errno));
			free(text);
			close(fd);
			return NULL;
		}
		if (n == 0)
			break;
		have += (size_t)n;
	}
	close(fd);
	text[have] = '\0';   /* the buffer always has a byte more */
	*len = have;
	return text;
}

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
			text = read_whole(candidate ? candidate : name, len, err, errlen);
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
