/*
 * extract-module.c - see extract-module.h.
 *
 * NAME chooses the library as BG_GMON_PROFILE_LIBS does (its file's base
 * name, with or without the version suffix, or its soname), or by its
 * path.  Every profile's list of modules (companion-file.h: the "modules"
 * section, or the earlier PROFILE+modules) names the library's data; they
 * are added as -s adds profiles (the same range, rate and build-id, else
 * the file is named and nothing is written), and written with
 * profile_write.  Where NAME matches two libraries (a/libplug.so and
 * b/libplug.so), both paths are named and nothing is written.
 */
#include "extract-module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "companion-file.h"
#include "companions.h"
#include "gmon-modules.h"
#include "gmon-read.h"
#include "module-list.h"
#include "profile-write.h"
#include "rankfiles.h"
#include "runs.h"

#define PROGRAM "gprof-par"
#define DEFAULT_PROFILE "gmon.out"
#define SUM_NAME "gmon.sum"

/* base is name, or name and a version suffix, as BG_GMON_PROFILE_LIBS
 * chooses (libmpi.so and libmpi choose libmpi.so.40) */
static int base_matches(const char *base, const char *name)
{
	size_t len = strlen(name);
	const char *rest = base + len;

	if (strncmp(base, name, len) != 0)
		return 0;
	if (strncmp(rest, ".so", 3) == 0 && (rest[3] == '\0' || rest[3] == '.'))
		rest += 3;
	while (rest[0] == '.' && rest[1] >= '0' && rest[1] <= '9') {
		rest++;
		while (*rest >= '0' && *rest <= '9')
			rest++;
	}
	return *rest == '\0';
}

static int matches(const struct module_entry *e, const char *name)
{
	return strcmp(e->path, name) == 0 || base_matches(e->base, name) ||
	       (e->soname && base_matches(e->soname, name));
}

struct extraction {
	const char *name;
	struct profile p;
	char *path, *build_id, *base;   /* the library found first */
	size_t added, not_profiled, without_list, unpaired;
	int skip_bad;
};

/* The library's data beside profile, if its list names it.  Returns 0, or
 * 1 after saying why it cannot be added. */
static int add_profile(struct extraction *x, const char *profile)
{
	char *lp, err[1024];
	struct module_list list;
	int status = 0;

	/* the profile's companion, not another run's (companions.h) */
	if (companion_pair_check(profile, NULL, 0, err, sizeof err) != 0) {
		fprintf(stderr, PROGRAM ": %s%s\n", x->skip_bad ? "skipped " : "", err);
		x->unpaired++;
		return !x->skip_bad;
	}
	lp = companion_input_path(profile, GMON_MODULE_LIST_NAME);
	if (!lp) {
		fprintf(stderr, PROGRAM ": out of memory\n");
		return 1;
	}
	if (!companion_input_exists(lp)) {
		x->without_list++;
		free(lp);
		return 0;
	}
	if (module_list_read(lp, &list, err, sizeof err) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		free(lp);
		return 1;
	}
	for (size_t k = 0; k < list.n && status == 0; k++) {
		const struct module_entry *e = &list.entries[k];
		char *file;

		if (!matches(e, x->name))
			continue;
		if (!x->path) {
			x->path = strdup(e->path);
			x->base = strdup(e->base);
			x->build_id = e->build_id ? strdup(e->build_id) : NULL;
		} else if (strcmp(x->path, e->path) != 0 &&
			   !(x->build_id && e->build_id && strcmp(x->build_id, e->build_id) == 0)) {
			fprintf(stderr, PROGRAM ": %s names two libraries, %s and %s (in %s): name "
				"one by its path\n", x->name, x->path, e->path, lp);
			status = 1;
			break;
		}
		if (!e->file) {
			x->not_profiled++;
			continue;
		}
		file = companion_beside(lp, e->file);
		if (!file || profile_add_file(&x->p, file, err, sizeof err) != 0) {
			fprintf(stderr, PROGRAM ": %s\n", file ? err : "out of memory");
			status = 1;
		} else {
			x->added++;
		}
		free(file);
	}
	module_list_free(&list);
	free(lp);
	return status;
}

/* -S DIR: the directory's rank files, of one run (runs.h) */
static char **dir_profiles(const struct options *o, size_t *n)
{
	int64_t *ranks = NULL;
	size_t nranks = 0;
	char **paths, err[1024];

	if (rankfiles_list(o->dir, &ranks, &nranks, NULL, err, sizeof err) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		return NULL;
	}
	if (runs_select_ranks(o->dir, ranks, &nranks, NULL, o->skip_bad, stderr, PROGRAM, NULL) != 0) {
		free(ranks);
		return NULL;
	}
	paths = calloc(nranks ? nranks : 1, sizeof *paths);
	for (size_t i = 0; paths && i < nranks; i++)
		if (!(paths[i] = rankfiles_path(o->dir, ranks[i])))
			fprintf(stderr, PROGRAM ": out of memory\n");
	free(ranks);
	*n = nranks;
	return paths;
}

int extract_module_main(const struct options *o)
{
	static const char *default_profiles[] = { DEFAULT_PROFILE };
	struct extraction x = { .name = o->extract_module, .skip_bad = o->skip_bad };
	char **owned = NULL, *out = NULL, err[1024];
	const char *const *profiles = o->ngmon_files ? o->gmon_files : default_profiles;
	size_t n = o->ngmon_files ? (size_t)o->ngmon_files : 1;
	int status = 0;

	if (o->sum_dir) {
		owned = dir_profiles(o, &n);
		if (!owned)
			return 1;
		profiles = (const char *const *)owned;
	}
	profile_init(&x.p);
	for (size_t i = 0; i < n && status == 0; i++)
		status = add_profile(&x, profiles[i]);
	if (status == 0 && x.added == 0) {
		fprintf(stderr, PROGRAM ": %s: no profile of it beside the %zu profile%s (%s)\n",
			x.name, n, n == 1 ? "" : "s",
			x.not_profiled ? "sampled, not chosen by BG_GMON_PROFILE_LIBS"
			: x.path ? "listed without a profile" : "no list of modules names it");
		status = 1;
	}
	if (status == 0) {
		/* -o, or the name earlier versions gave it: PROFILE+KIND beside a
		 * single profile (gmon.out+libwork.so.3 beside gmon.out.3), else
		 * beside the sum (DIR/gmon.sum+KIND); KIND the base name, or
		 * where that is a companion's own (a library named gmon-mpi
		 * overwrote the rank's companion) the name -S gives its sum */
		if (o->output)
			out = strdup(o->output);
		else if (o->sum_dir || n > 1) {
			char *sum = o->sum_dir ? companion_beside(profiles[0], SUM_NAME) : strdup(SUM_NAME);

			out = sum ? companion_library_path(sum, x.base, x.path, x.build_id, 0) : NULL;
			free(sum);
		} else {
			out = companion_library_path(profiles[0], x.base, x.path, x.build_id, 0);
		}
		if (!out) {
			fprintf(stderr, PROGRAM ": out of memory\n");
			status = 1;
		} else if (profile_write(&x.p, out, err, sizeof err) != 0) {
			fprintf(stderr, PROGRAM ": %s\n", err);
			status = 1;
		} else if (!o->brief) {
			fprintf(stderr, PROGRAM ": wrote %s: %s's profile from %zu of the %zu "
				"profile%s (read it with: gprof %s %s)\n", out, x.base, x.added, n,
				n == 1 ? "" : "s", x.path, out);
		}
	}
	for (size_t i = 0; owned && i < n; i++)
		free(owned[i]);
	free(owned);
	free(out);
	free(x.path);
	free(x.base);
	free(x.build_id);
	profile_free(&x.p);
	return status;
}
