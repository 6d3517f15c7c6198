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
#include "sum-companion.h"
#include "sum.h"

/* The summed list: one line per library summed, its file column the
 * library's section of the sum's companion. */
static void print_list(FILE *out, const struct sum_library *libs, size_t n, char *const *sums)
{
	fprintf(out, "%s %d\n%s\n", GMON_MODULE_LIST_MAGIC, GMON_MODULE_LIST_VERSION,
		GMON_MODULE_LIST_COLUMNS);
	for (size_t i = 0; i < n; i++) {
		/* a module sampled but not profiled (not chosen, the vDSO) stays
		 * listed with "-", for gprof-par -M's header */
		if (!sums[i] && libs[i].profiled)
			continue;
		companion_put_name(out, sums[i] ? sums[i] : "-");
		/* the names escaped, as the runtime writes them */
		fprintf(out, "\t%llu\t%s\t0x%llx\t0x%llx\t0x0\t",
			(unsigned long long)libs[i].samples,
			libs[i].build_id ? libs[i].build_id : "-",
			(unsigned long long)libs[i].low, (unsigned long long)libs[i].high);
		companion_put_name(out, libs[i].soname ? libs[i].soname : "-");
		fputc('\t', out);
		companion_put_name(out, libs[i].path);
		fputc('\n', out);
	}
}

/* The section of the sum of libs[i]: its base name, with a hash after it
 * where that is a companion's own kind (a library file named "paths") or
 * an earlier library's of the sum has it (a/libplug.so, b/libplug.so:
 * libs are sorted by base name, so those are just before), as the runtime
 * names them (companion-name.h).  NULL: out of memory. */
static char *library_sum_name(const struct sum_library *libs, size_t i)
{
	const struct sum_library *lib = &libs[i];
	unsigned salt = 0;

	while (salt < i && strcmp(libs[i - 1 - salt].base, lib->base) == 0)
		salt++;
	return companion_library_name(lib->base, lib->path, lib->build_id, salt);
}

/* The calls of that kind the sum added up (sum.h, struct sum_calls), as
 * the section name of the sum's companion (none: no section), after the
 * messages of the files not added.  Returns 0, or 1 when a file could not
 * be added (without --skip-bad: then there is no section) or out of
 * memory. */
static int sum_calls(FILE *msg, const char *program, const struct sum_calls *sc,
		     const char *output, const char *name, int skip_bad, struct sum_companion *comp)
{
	char err[1024], *member;
	int status = 0;
	FILE *f;

	if (sc->oom) {
		fprintf(msg, "%s: out of memory summing the calls between modules\n", program);
		return 1;
	}
	for (size_t i = 0; i < sc->nmessages; i++) {
		fprintf(msg, "%s: %s%s\n", program, skip_bad ? "warning: " : "", sc->messages[i]);
		status |= !skip_bad;
	}
	if (sc->set.nfiles == 0 && status == 0)
		return 0;
	member = sum_companion_member(output, name);
	if (!member) {
		fprintf(msg, "%s: out of memory summing the calls between modules\n", program);
		return 1;
	}
	if (status != 0) {
		fprintf(msg, "%s: %s is not written\n", program, member);
	} else if (!(f = sum_companion_text_open(comp)) ||
		   sum_companion_text_close(comp, output, name, module_calls_print(f, &sc->set) == 0,
					    err, sizeof err) != 0) {
		fprintf(msg, "%s: %s\n", program, f ? err : "out of memory");
		status = 1;
	} else {
		fprintf(msg, "%s: summed the calls between modules (%zu file%s) into %s\n", program,
			sc->set.nfiles, sc->set.nfiles == 1 ? "" : "s", member);
	}
	free(member);
	return status;
}

static int sum_libraries(FILE *msg, const char *program, const struct sum_libraries *sl,
			 const char *output, int skip_bad, struct sum_companion *comp)
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
		path = library_sum_name(libs, i);
		if (!path)
			goto nomem;
		sum_print_skipped(msg, &job, out);
		if (out->failed) {
			fprintf(msg, "%s: %s: %s (its sum is not written)\n", program, libs[i].base,
				out->message);
			status = 1;
		} else if (sum_companion_add_library(comp, output, path, &out->prof, err,
						     sizeof(err)) != 0) {
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
			char *member = sum_companion_member(output, sums[i]);

			fprintf(msg, "%s%s (%zu file%s) into %s", sep, libs[i].base, summed[i],
				summed[i] == 1 ? "" : "s", member ? member : sums[i]);
			free(member);
			sep = ", ";
		}
		fputc('\n', msg);
	}
	if (any || any_listed) {
		FILE *f = sum_companion_text_open(comp);

		if (f)
			print_list(f, libs, n, sums);
		if (!f || sum_companion_text_close(comp, output, GMON_MODULE_LIST_NAME, 1, err,
						   sizeof(err)) != 0) {
			fprintf(msg, "%s: %s\n", program, f ? err : "out of memory");
			status = 1;
		}
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

int library_sums_sections(FILE *msg, const char *program, const struct sum_outcome *out,
			  const char *output, int skip_bad, struct sum_companion *comp)
{
	int status = sum_libraries(msg, program, &out->libraries, output, skip_bad, comp);

	for (int k = 0; k < SUM_NCALLS; k++)
		status |= sum_calls(msg, program, &out->calls[k], output, sum_calls_names[k],
				    skip_bad, comp);
	return status;
}
