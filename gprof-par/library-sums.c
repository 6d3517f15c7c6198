/*
 * library-sums.c - see library-sums.h.
 */
#include "library-sums.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "companions.h"
#include "files.h"
#include "gmon-calls.h"
#include "gmon-modules.h"
#include "module-calls.h"
#include "module-list.h"
#include "profile-write.h"
#include "sum.h"

/* One library: its files in the main sum's order, and what the lists say. */
struct library {
	char *base;
	char **paths;
	size_t n, cap;
	uint64_t samples;
	char *build_id, *path;   /* from the first list naming it */
	uint64_t low, high;
	size_t n_summed;         /* files in its sum */
	char *sum;               /* OUTPUT+BASENAME (companions.h), once written */
	int profiled;            /* a list names a profile of it */
};

static int cmp_library(const void *a, const void *b)
{
	return strcmp(((const struct library *)a)->base, ((const struct library *)b)->base);
}

/* dir of file (with its '/'), joined with name. */
static char *beside(const char *file, const char *name)
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

static struct library *find_or_add(struct library **libs, size_t *n, size_t *cap,
				   const struct module_entry *e)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*libs)[i].base, e->base) == 0)
			return &(*libs)[i];
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 8;
		struct library *grown = realloc(*libs, c * sizeof(*grown));

		if (!grown)
			return NULL;
		*libs = grown;
		*cap = c;
	}
	memset(&(*libs)[*n], 0, sizeof(**libs));
	(*libs)[*n].base = strdup(e->base);
	(*libs)[*n].path = strdup(e->path);
	(*libs)[*n].build_id = e->build_id ? strdup(e->build_id) : NULL;
	(*libs)[*n].low = e->low;
	(*libs)[*n].high = e->high;
	if (!(*libs)[*n].base || !(*libs)[*n].path)
		return NULL;
	return &(*libs)[(*n)++];
}

static int add_path(struct library *lib, char *path)
{
	if (lib->n == lib->cap) {
		size_t c = lib->cap ? 2 * lib->cap : 16;
		char **grown = realloc(lib->paths, c * sizeof(*grown));

		if (!grown)
			return -1;
		lib->paths = grown;
		lib->cap = c;
	}
	lib->paths[lib->n++] = path;
	return 0;
}

static void free_libraries(struct library *libs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < libs[i].n; k++)
			free(libs[i].paths[k]);
		free(libs[i].paths);
		free(libs[i].base);
		free(libs[i].build_id);
		free(libs[i].path);
		free(libs[i].sum);
	}
	free(libs);
}

/* The summed list: one line per library summed, written through a
 * temporary and a rename, replacing only a regular file (files.h). */
static int write_list(const char *output, const struct library *libs, size_t n,
		      const unsigned char *written, char *err, size_t errlen)
{
	struct output_file out;
	char *path = companion_path(output, GMON_MODULE_LIST_NAME);
	int rc;

	if (!path) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rc = output_open(&out, path, err, errlen);
	free(path);
	if (rc != 0)
		return -1;
	fprintf(out.stream, "%s %d\n%s\n", GMON_MODULE_LIST_MAGIC, GMON_MODULE_LIST_VERSION,
		GMON_MODULE_LIST_COLUMNS);
	for (size_t i = 0; i < n; i++) {
		/* a module sampled but not profiled (not chosen, the vDSO) stays
		 * listed with "-", for gprof-par -M's header */
		if (!written[i] && libs[i].profiled)
			continue;
		/* the sum's file, a name beside the list */
		if (written[i]) {
			const char *slash = strrchr(libs[i].sum, '/');

			fputs(slash ? slash + 1 : libs[i].sum, out.stream);
		} else {
			fputs("-", out.stream);
		}
		fprintf(out.stream, "\t%llu\t%s\t0x%llx\t0x%llx\t0x0\t%s\n",
			(unsigned long long)libs[i].samples,
			libs[i].build_id ? libs[i].build_id : "-",
			(unsigned long long)libs[i].low, (unsigned long long)libs[i].high,
			libs[i].path);
	}
	return output_commit(&out, err, errlen);
}

/* PROFILE+name of each file, added up into OUTPUT+name (companions.h;
 * none: nothing written).  Returns 0, or 1 when a file could not be added
 * (without --skip-bad: then nothing is written) or the sum not written. */
static int sum_calls(FILE *msg, const char *program, char *const *files, size_t nfiles,
		     const char *output, const char *name, int skip_bad)
{
	struct module_calls mc;
	char err[1024];
	char *path = NULL;
	int status = 0;

	module_calls_init(&mc);
	for (size_t i = 0; i < nfiles; i++) {
		char *in = companion_path(files[i], name);

		if (!in)
			goto nomem;
		if (module_calls_add_file(&mc, in, err, sizeof(err)) < 0) {
			fprintf(msg, "%s: %s%s\n", program, skip_bad ? "warning: " : "", err);
			status |= !skip_bad;
		}
		free(in);
	}
	if (mc.nfiles > 0 || status != 0) {
		path = companion_path(output, name);
		if (!path)
			goto nomem;
	}
	if (mc.nfiles > 0 && status == 0) {
		if (module_calls_write(&mc, path, err, sizeof(err)) != 0) {
			fprintf(msg, "%s: %s\n", program, err);
			status = 1;
		} else {
			fprintf(msg, "%s: summed the calls between modules (%zu file%s) into %s\n",
				program, mc.nfiles, mc.nfiles == 1 ? "" : "s", path);
		}
	} else if (status != 0) {
		fprintf(msg, "%s: %s is not written\n", program, path);
	}
	free(path);
	module_calls_free(&mc);
	return status;
nomem:
	fprintf(msg, "%s: out of memory summing the calls between modules\n", program);
	module_calls_free(&mc);
	return 1;
}

static int sum_libraries(FILE *msg, const char *program, char *const *files, size_t nfiles,
			 const char *output, int skip_bad)
{
	struct library *libs = NULL;
	size_t n = 0, cap = 0;
	unsigned char *written = NULL;
	char err[1024];
	int status = 0, any = 0, any_listed = 0;

	for (size_t i = 0; i < nfiles; i++) {
		struct module_list list;
		struct stat sb;
		char *lp = companion_path(files[i], GMON_MODULE_LIST_NAME);

		if (!lp)
			goto nomem;
		if (lstat(lp, &sb) != 0) {
			free(lp);
			continue;
		}
		if (module_list_read(lp, &list, err, sizeof(err)) != 0) {
			fprintf(msg, "%s: %s%s\n", program, skip_bad ? "warning: " : "", err);
			status |= !skip_bad;
			free(lp);
			continue;
		}
		free(lp);
		for (size_t k = 0; k < list.n; k++) {
			const struct module_entry *e = &list.entries[k];
			struct library *lib;
			char *path;

			lib = find_or_add(&libs, &n, &cap, e);
			if (!lib) {
				module_list_free(&list);
				goto nomem;
			}
			lib->samples += e->samples;
			if (!e->file)
				continue;
			lib->profiled = 1;
			path = beside(files[i], e->file);
			if (!path || add_path(lib, path) != 0) {
				free(path);
				module_list_free(&list);
				goto nomem;
			}
		}
		module_list_free(&list);
	}
	if (n == 0) {
		free(libs);
		return status;
	}
	qsort(libs, n, sizeof(*libs), cmp_library);
	written = calloc(n, 1);
	if (!written)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		struct sum_job job = { .paths = libs[i].paths, .n = libs[i].n, .skip_bad = skip_bad };
		struct sum_outcome out;
		char *path;

		if (!libs[i].profiled) {
			any_listed = 1;
			continue;
		}
		path = companion_path(output, libs[i].base);
		if (!path)
			goto nomem;
		sum_outcome_init(&out);
		sum_serial(&job, &out);
		sum_print_skipped(msg, &job, &out);
		if (out.failed) {
			fprintf(msg, "%s: %s: %s (its sum is not written)\n", program, libs[i].base,
				out.message);
			status = 1;
		} else if (profile_write(&out.prof, path, err, sizeof(err)) != 0) {
			fprintf(msg, "%s: %s\n", program, err);
			status = 1;
		} else {
			written[i] = 1;
			libs[i].n_summed = libs[i].n - out.nbad;
			libs[i].sum = path;
			path = NULL;
			any = 1;
		}
		sum_outcome_free(&out);
		free(path);
	}
	if (any) {
		const char *sep = ": ";

		fprintf(msg, "%s: summed the shared libraries' profiles", program);
		for (size_t i = 0; i < n; i++) {
			if (!written[i])
				continue;
			fprintf(msg, "%s%s (%zu file%s) into %s", sep, libs[i].base,
				libs[i].n_summed, libs[i].n_summed == 1 ? "" : "s", libs[i].sum);
			sep = ", ";
		}
		fputc('\n', msg);
	}
	if ((any || any_listed) && write_list(output, libs, n, written, err, sizeof(err)) != 0) {
		fprintf(msg, "%s: %s\n", program, err);
		status = 1;
	}
	free(written);
	free_libraries(libs, n);
	return status;
nomem:
	fprintf(msg, "%s: out of memory summing the shared libraries' profiles\n", program);
	free(written);
	free_libraries(libs, n);
	return 1;
}

int library_sums_write(FILE *msg, const char *program, char *const *files, size_t nfiles,
		       const char *output, int skip_bad)
{
	int status = sum_libraries(msg, program, files, nfiles, output, skip_bad);

	status |= sum_calls(msg, program, files, nfiles, output, GMON_CALLS_NAME, skip_bad);
	status |= sum_calls(msg, program, files, nfiles, output, GMON_PLT_CALLS_NAME, skip_bad);
	return status;
}
