/*
 * library-sums.c - see library-sums.h.
 */
#include "library-sums.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "companion-name.h"
#include "companion-text.h"
#include "companions.h"
#include "files.h"
#include "gmon-calls.h"
#include "gmon-modules.h"
#include "module-calls.h"
#include "profile-write.h"
#include "sum.h"

/* The summed list: one line per library summed, written through a
 * temporary and a rename, replacing only a regular file (files.h). */
static int write_list(const char *output, const struct sum_library *libs, size_t n,
		      char *const *sums, char *err, size_t errlen)
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
		if (!sums[i] && libs[i].profiled)
			continue;
		/* the sum's file, a name beside the list */
		if (sums[i]) {
			const char *slash = strrchr(sums[i], '/');

			companion_put_name(out.stream, slash ? slash + 1 : sums[i]);
		} else {
			fputs("-", out.stream);
		}
		/* the names escaped, as the runtime writes them */
		fprintf(out.stream, "\t%llu\t%s\t0x%llx\t0x%llx\t0x0\t",
			(unsigned long long)libs[i].samples,
			libs[i].build_id ? libs[i].build_id : "-",
			(unsigned long long)libs[i].low, (unsigned long long)libs[i].high);
		companion_put_name(out.stream, libs[i].soname ? libs[i].soname : "-");
		fputc('\t', out.stream);
		companion_put_name(out.stream, libs[i].path);
		fputc('\n', out.stream);
	}
	return output_commit(&out, err, errlen);
}

/* OUTPUT+KIND for the sum of libs[i]: its base name, with a hash after it
 * where that is a companion's own kind (a library file named "paths") or
 * an earlier library's of the sum has it (a/libplug.so, b/libplug.so:
 * libs are sorted by base name, so those are just before), as the runtime
 * names them (companion-name.h).  NULL: out of memory. */
static char *library_sum_path(const char *output, const struct sum_library *libs, size_t i)
{
	const struct sum_library *lib = &libs[i];
	unsigned salt = 0;

	while (salt < i && strcmp(libs[i - 1 - salt].base, lib->base) == 0)
		salt++;
	return companion_library_path(output, lib->base, lib->path, lib->build_id, salt);
}

/* The calls of that kind the sum added up (sum.h, struct sum_calls), into
 * OUTPUT+name (none: nothing written), after the messages of the files
 * not added.  Returns 0, or 1 when a file could not be added (without
 * --skip-bad: then nothing is written) or the sum not written. */
static int sum_calls(FILE *msg, const char *program, const struct sum_calls *sc,
		     const char *output, const char *name, int skip_bad)
{
	char err[1024];
	char *path = NULL;
	int status = 0;

	if (sc->oom) {
		fprintf(msg, "%s: out of memory summing the calls between modules\n", program);
		return 1;
	}
	for (size_t i = 0; i < sc->nmessages; i++) {
		fprintf(msg, "%s: %s%s\n", program, skip_bad ? "warning: " : "", sc->messages[i]);
		status |= !skip_bad;
	}
	if (sc->set.nfiles > 0 || status != 0) {
		path = companion_path(output, name);
		if (!path) {
			fprintf(msg, "%s: out of memory summing the calls between modules\n",
				program);
			return 1;
		}
	}
	if (sc->set.nfiles > 0 && status == 0) {
		if (module_calls_write(&sc->set, path, err, sizeof(err)) != 0) {
			fprintf(msg, "%s: %s\n", program, err);
			status = 1;
		} else {
			fprintf(msg, "%s: summed the calls between modules (%zu file%s) into %s\n",
				program, sc->set.nfiles, sc->set.nfiles == 1 ? "" : "s", path);
		}
	} else if (status != 0) {
		fprintf(msg, "%s: %s is not written\n", program, path);
	}
	free(path);
	return status;
}

static int sum_libraries(FILE *msg, const char *program, const struct sum_libraries *sl,
			 const char *output, int skip_bad)
{
	const struct sum_library *libs = sl->libs;
	size_t n = sl->n, *summed = NULL;
	char **sums = NULL;
	char err[1024];
	int status = 0, any = 0, any_listed = 0;

	if (sl->oom)
		goto nomem;
	for (size_t i = 0; i < sl->nunread; i++) {
		fprintf(msg, "%s: %s%s\n", program, skip_bad ? "warning: " : "", sl->unread[i]);
		status |= !skip_bad;
	}
	if (n == 0)
		return status;
	sums = calloc(n, sizeof(*sums));
	summed = calloc(n, sizeof(*summed));
	if (!sums || !summed)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		const struct sum_outcome *out = libs[i].sum;
		struct sum_job job = { .paths = libs[i].paths, .n = libs[i].n, .skip_bad = skip_bad };
		char *path;

		if (!libs[i].profiled) {
			any_listed = 1;
			continue;
		}
		path = library_sum_path(output, libs, i);
		if (!path)
			goto nomem;
		sum_print_skipped(msg, &job, out);
		if (out->failed) {
			fprintf(msg, "%s: %s: %s (its sum is not written)\n", program, libs[i].base,
				out->message);
			status = 1;
		} else if (profile_write(&out->prof, path, err, sizeof(err)) != 0) {
			fprintf(msg, "%s: %s\n", program, err);
			status = 1;
		} else {
			summed[i] = libs[i].n - out->nbad;
			sums[i] = path;
			path = NULL;
			any = 1;
		}
		free(path);
	}
	if (any) {
		const char *sep = ": ";

		fprintf(msg, "%s: summed the shared libraries' profiles", program);
		for (size_t i = 0; i < n; i++) {
			if (!sums[i])
				continue;
			fprintf(msg, "%s%s (%zu file%s) into %s", sep, libs[i].base, summed[i],
				summed[i] == 1 ? "" : "s", sums[i]);
			sep = ", ";
		}
		fputc('\n', msg);
	}
	if ((any || any_listed) && write_list(output, libs, n, sums, err, sizeof(err)) != 0) {
		fprintf(msg, "%s: %s\n", program, err);
		status = 1;
	}
	for (size_t i = 0; i < n; i++)
		free(sums[i]);
	free(sums);
	free(summed);
	return status;
nomem:
	fprintf(msg, "%s: out of memory summing the shared libraries' profiles\n", program);
	if (sums)
		for (size_t i = 0; i < n; i++)
			free(sums[i]);
	free(sums);
	free(summed);
	return 1;
}

int library_sums_write(FILE *msg, const char *program, const struct sum_outcome *out,
		       const char *output, int skip_bad)
{
	int status = sum_libraries(msg, program, &out->libraries, output, skip_bad);

	for (int k = 0; k < SUM_NCALLS; k++)
		status |= sum_calls(msg, program, &out->calls[k], output, sum_calls_names[k],
				    skip_bad);
	return status;
}
