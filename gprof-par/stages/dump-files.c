/*
 * dump-files.c - gprof-par --dump FILE...: every record of each gmon file,
 * its companion's sections, and the shared libraries' profiles its modules
 * list names, in the
 * text form of report/dump.h.  A file that is not a valid gmon file gets a
 * message naming it and the problem, the others are dumped, and the exit
 * status is 1.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "companion-file.h"
#include "companions.h"
#include "dump.h"
#include "dump-files.h"
#include "gmon-companion.h"
#include "gmon-records.h"
#include "module-list.h"
#include "options.h"

/* Dumps one gmon file; 0, or 1 after saying why it cannot be read. */
static int dump_one(FILE *out, const char *role, const char *path)
{
	struct dump_state d = { out, 0 };
	char err[1024];

	dump_file_begin(&d, role, path);
	if (gmon_visit_file(path, &dump_visitor, &d, err, sizeof err) != 0) {
		if (ferror(out))
			return 1;   /* the dump's writes failed (dump_files says so), not the file */
		fflush(out);
		fprintf(stderr, PROGRAM ": %s\n", err);
		return 1;
	}
	dump_file_end(&d, path);
	return 0;
}

/* The libraries' profiles that profile's +modules list names (none when
 * it has no list). */
static int dump_libraries(FILE *out, const char *profile)
{
	/* the one companion's section, or an older run's file */
	char *list_path = companion_input_path(profile, "modules");
	struct module_list list = { NULL, 0 };
	char err[1024];
	int status = 0;

	if (!list_path)
		die("out of memory");
	if (!companion_input_exists(list_path)) {
		free(list_path);
		return 0;
	}
	if (module_list_read(list_path, &list, err, sizeof err) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		free(list_path);
		return 1;
	}
	for (size_t i = 0; i < list.n; i++) {
		const struct module_entry *m = &list.entries[i];
		char *file;

		dump_module(out, m);
		if (!m->file)
			continue;
		/* beside the list: a file, or a section of its companion */
		file = companion_beside(list_path, m->file);
		if (!file)
			die("out of memory");
		status |= dump_one(out, "library", file);
		free(file);
	}
	module_list_free(&list);
	free(list_path);
	return status;
}

/* The profile's one companion, its sections in file order (none when it
 * has none: an older run's files, or glibc's profile). */
static int dump_companion_of(FILE *out, const char *profile)
{
	char *path = companion_file_path(profile);
	struct companion_file cf;
	char err[1024];
	int status = 0;

	if (!path)
		die("out of memory");
	memset(&cf, 0, sizeof cf);
	if (companion_file_read(path, &cf, err, sizeof err) == 0) {
		dump_companion(out, path, cf.version, cf.checksum, cf.nsections);
		for (size_t i = 0; i < cf.nsections; i++)
			dump_section(out, cf.sections[i].name, cf.sections[i].type,
				     cf.sections[i].data, cf.sections[i].size);
		companion_file_free(&cf);
		/* dumped all the same, and said: not the profile's (companions.h) */
		if (companion_pair_check(profile, NULL, 0, err, sizeof err) != 0) {
			fflush(out);
			fprintf(stderr, PROGRAM ": %s\n", err);
			status = 1;
		}
	} else if (errno != ENOENT) {
		fflush(out);
		fprintf(stderr, PROGRAM ": %s\n", err);
		status = 1;
	}
	free(path);
	return status;
}

int dump_files(FILE *out, char *const *paths, size_t n)
{
	int status = 0;

	dump_print_version(out);
	for (size_t i = 0; i < n && !ferror(out); i++) {
		status |= dump_one(out, "profile", paths[i]);
		status |= dump_companion_of(out, paths[i]);
		status |= dump_libraries(out, paths[i]);
	}
	if (fflush(out) != 0 || ferror(out)) {
		fprintf(stderr, PROGRAM ": error writing the dump to standard output\n");
		return 1;
	}
	return status;
}
