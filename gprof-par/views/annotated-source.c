/*
 * annotated-source.c - see annotated-source.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "annotated-source.h"
#include "files.h"
#include "source.h"

/* GNU appends "-ann" to the base name (source.c EXT_ANNO). */
#define ANNOTATION_SUFFIX "-ann"

struct source_access {
	struct source_path path;
	struct output_file out;  /* -y: the annotation being written */
};

char *source_read_or_say(const char *name, size_t *len, void *path)
{
	char err[1024];
	char *text = source_read(name, path, len, err, sizeof(err));

	if (!text)
		fprintf(stderr, PROGRAM ": %s\n", err);
	return text;
}

static char *read_source(const char *name, size_t *len, void *arg)
{
	struct source_access *a = arg;

	return source_read_or_say(name, len, &a->path);
}

void source_search_path(const struct options *o, struct source_path *path)
{
	const char *from_environment = getenv("GPROF_PATH");
	int rc = 0;

	/* GNU: the -I lists in order, then GPROF_PATH */
	for (size_t i = 0; i < o->nsource_dirs && rc == 0; i++)
		rc = source_path_add(path, o->source_dirs[i]);
	if (rc == 0 && from_environment)
		rc = source_path_add(path, from_environment);
	if (rc != 0)
		die("out of memory listing the source directories");
}

static FILE *open_annotation(const char *name, void *arg)
{
	struct source_access *a = arg;
	const char *slash = strrchr(name, '/');
	const char *base = slash ? slash + 1 : name;
	size_t n = strlen(base) + sizeof(ANNOTATION_SUFFIX);
	char *path = malloc(n);
	char err[1024];
	int rc;

	if (!path)
		die("out of memory");
	snprintf(path, n, "%s" ANNOTATION_SUFFIX, base);
	/* 0600: the text is a source file's that the DWARF names, any file
	 * (#line 1 "/etc/shadow"), which a world-readable copy would leak;
	 * never through a link at the name (output_open_mode) */
	rc = output_open_mode(&a->out, path, 0600, err, sizeof(err));
	free(path);
	if (rc != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		return NULL;
	}
	return a->out.stream;
}

static int close_annotation(FILE *f, void *arg)
{
	struct source_access *a = arg;
	char err[1024];

	(void)f;
	if (output_commit(&a->out, err, sizeof(err)) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		return -1;
	}
	return 0;
}

void print_annotated_source(const struct options *o, const struct symtab *st, int *printed)
{
	struct source_access access = { { NULL, 0 }, { NULL, NULL, NULL } };
	struct annotate_options ao = {
		.show_zeros = o->show_zeros,
		.min_calls = o->min_count,
		.table_length = o->table_length,
		.all_lines = o->all_lines,
		.files = { read_source, NULL, NULL, &access },
	};

	source_search_path(o, &access.path);
	if (o->separate_files) {
		ao.files.open_annotation = open_annotation;
		ao.files.close_annotation = close_annotation;
	}
	if (annotate_print(stdout, st, &ao, printed) != 0)
		die("out of memory annotating the source files");
	source_path_free(&access.path);
}
