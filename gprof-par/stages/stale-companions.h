/*
 * stale-companions.h - the files of an earlier sum beside the new one: a
 * second -S (or -s -o, or the in-job sum) into the same OUTPUT rewrites
 * OUTPUT and its one companion OUTPUT+gmon-mpi (sum-companion.h), but the
 * files an earlier version's sum wrote beside it (OUTPUT+calls,
 * OUTPUT+paths, OUTPUT+mpi, OUTPUT+LIBRARY) stayed, to be read as the new
 * sum's where its companion is missing.
 * So the OUTPUT+* files there before the sum are noted, and those the sum
 * did not replace (the same file, by device and inode) are removed once
 * it is written whole, and named.
 */
#ifndef GPROF_PAR_STALE_COMPANIONS_H
#define GPROF_PAR_STALE_COMPANIONS_H

#include <stdio.h>
#include <sys/types.h>

struct stale_file {
	char *path;
	dev_t dev;
	ino_t ino;
};

struct stale_companions {
	struct stale_file *files;
	size_t n, cap;
};

/* The regular files OUTPUT+* beside output now.  Returns 0, or -1 when
 * out of memory or the directory cannot be read (nothing noted). */
int stale_companions_note(const char *output, struct stale_companions *s);

/* After the sum is written: removes the noted files not replaced since,
 * and names them on msgs (program: the messages' prefix). */
void stale_companions_remove(struct stale_companions *s, FILE *msgs, const char *program);

void stale_companions_free(struct stale_companions *s);

#endif /* GPROF_PAR_STALE_COMPANIONS_H */
