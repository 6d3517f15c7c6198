/* call-paths.c - see call-paths.h. */
#include "call-paths.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errors.h"
#include "gmon-callpaths.h"
#include "gmon-modules.h"

/* PROFILE+paths, malloc'ed. */
static char *paths_beside(const char *profile)
{
	size_t len = strlen(profile) + sizeof(GMON_MODULE_SEPARATOR GMON_CALLPATHS_NAME);
	char *path = malloc(len);

	if (path)
		snprintf(path, len, "%s" GMON_MODULE_SEPARATOR GMON_CALLPATHS_NAME, profile);
	return path;
}

int call_paths_gather(struct callpaths *cp, char *const *profiles, size_t n, int skip_bad,
		      size_t *missing, FILE *msgs, const char *program, char *err,
		      size_t errlen)
{
	*missing = 0;
	for (size_t i = 0; i < n; i++) {
		char *path = paths_beside(profiles[i]);
		struct callpaths one;
		struct stat sb;
		char why[1024];

		if (!path) {
			set_error(err, errlen, "out of memory");
			return -1;
		}
		if (lstat(path, &sb) != 0 && errno == ENOENT) {
			(*missing)++;
			free(path);
			continue;
		}
		/* each file on its own first: a bad one leaves the sum as it was */
		if (callpaths_read_file(&one, path, err, errlen) != 0 ||
		    callpaths_add(cp, &one, why, sizeof why) != 0) {
			if (one.nfiles > 0)   /* read, but not added: name the file */
				set_error(err, errlen, "%s: %s", path, why);
			callpaths_free(&one);
			free(path);
			if (!skip_bad)
				return -1;
			fprintf(msgs, "%s: warning: %s (its paths are left out: --skip-bad)\n",
				program, err);
			continue;
		}
		callpaths_free(&one);
		free(path);
	}
	return 0;
}

int call_paths_sum(char *const *profiles, size_t n, const char *output, int skip_bad,
		   FILE *msgs, const char *program)
{
	struct callpaths cp;
	char err[1024], *target = paths_beside(output);
	size_t missing;
	int status = 0;

	if (!target) {
		fprintf(msgs, "%s: out of memory\n", program);
		return 1;
	}
	callpaths_init(&cp);
	if (call_paths_gather(&cp, profiles, n, skip_bad, &missing, msgs, program, err,
			      sizeof err) != 0) {
		fprintf(msgs, "%s: %s (%s not written)\n", program, err, target);
		status = 1;
	} else if (cp.nfiles == 0) {
		/* no paths: an old sum's must not pass for this one's */
		struct stat sb;

		if (lstat(target, &sb) == 0 && S_ISREG(sb.st_mode))
			unlink(target);
	} else {
		if (missing > 0)
			fprintf(msgs, "%s: warning: %zu of the %zu profiles have no call paths "
				"(PROFILE+paths); %s holds the others'\n", program, missing, n,
				target);
		if (callpaths_write(&cp, target, err, sizeof err) != 0) {
			fprintf(msgs, "%s: %s\n", program, err);
			status = 1;
		}
	}
	callpaths_free(&cp);
	free(target);
	return status;
}
