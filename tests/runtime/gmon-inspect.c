/*
 * gmon-inspect.c - a tool of the runtime's end-to-end tests, reading gmon
 * files through gprof-par's reader:
 *   gmon-inspect samples FILE START END   histogram samples in the link-time
 *        address range [START, END) (hex), for functions GNU gprof does not
 *        list (OpenMP's main._omp_fn.N: it drops names with a '.' not
 *        followed by digits)
 *   gmon-inspect arcs FILE                every arc: from_pc self_pc count (hex
 *        addresses), as summed by the reader
 *   gmon-inspect unpack PROFILE...        each profile's one companion
 *        (PROFILE+gmon-mpi, include/gmon-companion.h) written out as the
 *        files earlier versions wrote beside it: each text section as
 *        PROFILE+NAME, each library's as its dense gmon file PROFILE+NAME
 *        (gprof-par's profile layer reads and writes them), so that the
 *        tests read the formats inside it as they read those files
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "companion-file.h"
#include "companions.h"
#include "gmon-companion.h"
#include "gmon-read.h"
#include "profile-write.h"

static int usage(void)
{
	fprintf(stderr, "usage: gmon-inspect samples FILE START END | arcs FILE | unpack PROFILE...\n");
	return 2;
}

static uint64_t samples_in_range(const struct profile *p, uint64_t start, uint64_t end)
{
	uint64_t samples = 0;

	for (size_t h = 0; h < p->nhists; h++) {
		const struct profile_histogram *hist = &p->hists[h];

		for (uint32_t i = 0; i < hist->nbins; i++) {
			uint64_t pc = hist->low_pc + (hist->high_pc - hist->low_pc) * i / hist->nbins;

			if (pc >= start && pc < end)
				samples += hist->bins[i];
		}
	}
	return samples;
}

/* A section's text; in the list of modules, the file column names the
 * library's file as unpacked (gmon.out+libc.so.6.3), not its section. */
static int write_section(FILE *f, const char *profile, const struct companion_section *s)
{
	const char *at = (const char *)s->data, *end = at + s->size;

	if (strcmp(s->name, "modules") != 0)
		return fwrite(s->data, 1, s->size, f) == s->size ? 0 : -1;
	while (at < end) {
		const char *nl = memchr(at, '\n', (size_t)(end - at));
		const char *tab = memchr(at, '\t', (size_t)((nl ? nl : end) - at));
		size_t len = (size_t)((nl ? nl + 1 : end) - at);

		if (*at != '#' && tab && !(tab - at == 1 && *at == '-')) {
			char *kind = strndup(at, (size_t)(tab - at)), *file = NULL;
			const char *slash;

			if (kind)
				file = companion_path(profile, kind);
			if (!file)
				return -1;
			slash = strrchr(file, '/');
			fputs(slash ? slash + 1 : file, f);
			free(kind);
			free(file);
			len -= (size_t)(tab - at);
			at = tab;
		}
		fwrite(at, 1, len, f);
		at += len;
	}
	return ferror(f) ? -1 : 0;
}

static int unpack(const char *profile)
{
	char *path = companion_path(profile, GMON_COMPANION_KIND), err[1024];
	struct companion_file cf;
	int rc = 0;

	if (!path || companion_file_read(path, &cf, err, sizeof err) != 0) {
		fprintf(stderr, "gmon-inspect: %s\n", path ? err : "out of memory");
		free(path);
		return 1;
	}
	for (size_t i = 0; i < cf.nsections && rc == 0; i++) {
		const struct companion_section *s = &cf.sections[i];
		char *out = companion_path(profile, s->name);
		char *member = malloc(strlen(path) + strlen(s->name) + 2);
		struct profile p;
		FILE *f;

		if (!out || !member) {
			rc = 1;
		} else if (s->type == GMON_SECTION_LIBRARY) {
			sprintf(member, "%s/%s", path, s->name);
			profile_init(&p);
			if (profile_add_file(&p, member, err, sizeof err) != 0 ||
			    profile_write(&p, out, err, sizeof err) != 0) {
				fprintf(stderr, "gmon-inspect: %s\n", err);
				rc = 1;
			}
			profile_free(&p);
		} else if (strcmp(s->name, GMON_RUN_NAME) != 0) {
			f = fopen(out, "w");
			if (!f || write_section(f, profile, s) != 0 || fclose(f) != 0) {
				perror(out);
				rc = 1;
			}
		}
		free(out);
		free(member);
	}
	companion_file_free(&cf);
	free(path);
	return rc;
}

int main(int argc, char **argv)
{
	struct profile p;
	char err[1024];

	if (argc < 3)
		return usage();
	if (strcmp(argv[1], "unpack") == 0) {
		int rc = 0;

		for (int i = 2; i < argc; i++)
			rc |= unpack(argv[i]);
		return rc;
	}
	profile_init(&p);
	if (profile_add_file(&p, argv[2], err, sizeof err) != 0) {
		fprintf(stderr, "gmon-inspect: %s\n", err);
		return 1;
	}
	if (strcmp(argv[1], "samples") == 0 && argc == 5) {
		printf("%" PRIu64 "\n", samples_in_range(&p, strtoull(argv[3], NULL, 16),
							 strtoull(argv[4], NULL, 16)));
	} else if (strcmp(argv[1], "arcs") == 0 && argc == 3) {
		for (size_t i = 0; i < p.narcs; i++)
			printf("%" PRIx64 " %" PRIx64 " %" PRIu64 "\n", p.arcs[i].from_pc,
			       p.arcs[i].self_pc, p.arcs[i].count);
	} else {
		profile_free(&p);
		return usage();
	}
	profile_free(&p);
	return 0;
}
