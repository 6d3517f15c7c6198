/* stale-companions.c - see stale-companions.h. */
#include "stale-companions.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grow.h"

/* Notes dir/name (dirlen bytes of dir) if it is a regular file.  Returns
 * 0, or -1 when out of memory. */
static int note_file(struct stale_companions *s, const char *dir, size_t dirlen,
		     const char *name)
{
	struct stale_file *grown;
	struct stat st;
	char *path = malloc(dirlen + strlen(name) + 1);

	if (!path)
		return -1;
	memcpy(path, dir, dirlen);
	strcpy(path + dirlen, name);
	if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
		free(path);
		return 0;
	}
	grown = grow_array(s->files, &s->cap, s->n + 1, sizeof *s->files, 16);
	if (!grown) {
		free(path);
		return -1;
	}
	s->files = grown;
	s->files[s->n++] = (struct stale_file){ path, st.st_dev, st.st_ino };
	return 0;
}

int stale_companions_note(const char *output, struct stale_companions *s)
{
	const char *slash = strrchr(output, '/');
	size_t dirlen = slash ? (size_t)(slash - output) + 1 : 0;
	const char *base = output + dirlen;
	size_t baselen = strlen(base);
	char *dir = slash ? strndup(output, dirlen) : strdup(".");
	struct dirent *e;
	int failed = 0;
	DIR *d;

	memset(s, 0, sizeof *s);
	if (!dir || !(d = opendir(dir))) {
		free(dir);
		return -1;
	}
	while (!failed && (e = readdir(d)))
		if (strncmp(e->d_name, base, baselen) == 0 && e->d_name[baselen] == '+')
			failed = note_file(s, output, dirlen, e->d_name) != 0;
	closedir(d);
	free(dir);
	if (failed)
		stale_companions_free(s);
	return failed ? -1 : 0;
}

void stale_companions_remove(struct stale_companions *s, FILE *msgs, const char *program)
{
	size_t removed = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct stale_file *f = &s->files[i];
		struct stat st;

		if (lstat(f->path, &st) != 0 || st.st_dev != f->dev || st.st_ino != f->ino ||
		    unlink(f->path) != 0)
			continue;
		if (msgs && removed++ == 0)
			fprintf(msgs, "%s: removed the files of an earlier sum that this one does not "
				"have (they would have been read as its own):", program);
		if (msgs)
			fprintf(msgs, " %s", f->path);
	}
	if (removed && msgs)
		fputc('\n', msgs);
}

void stale_companions_free(struct stale_companions *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->files[i].path);
	free(s->files);
	memset(s, 0, sizeof *s);
}
