/* call-paths.c - see call-paths.h. */
#include "call-paths.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "gmon-callpaths.h"

int call_paths_gather(struct callpaths *cp, char *const *profiles, size_t n, int skip_bad,
		      struct path_rows *rows, const int64_t *ranks, size_t *missing, FILE *msgs,
		      const char *program, char *err, size_t errlen)
{
	*missing = 0;
	for (size_t i = 0; i < n; i++) {
		int rc = rows ? path_rows_add_beside(rows, cp, i, ranks ? ranks[i] : (int64_t)i,
						     profiles[i], err, errlen)
			      : callpaths_add_beside(cp, profiles[i], err, errlen);

		if (rc == 1)
			(*missing)++;
		else if (rc != 0 && !skip_bad)
			return -1;
		else if (rc != 0)
			fprintf(msgs, "%s: warning: %s (its paths are left out: --skip-bad)\n",
				program, err);
	}
	return 0;
}

int call_paths_sum_section(const struct sum_paths *sp, struct sum_companion *sc,
			   const char *output, FILE *msgs, const char *program)
{
	char err[1024], *target = sum_companion_member(output, GMON_CALLPATHS_NAME);
	int status = 0;
	FILE *f;

	if (!target) {
		fprintf(msgs, "%s: out of memory\n", program);
		return 1;
	}
	for (size_t i = 0; i < sp->nwarnings; i++)
		fprintf(msgs, "%s: warning: %s (its paths are left out: --skip-bad)\n", program,
			sp->warnings[i]);
	if (sp->failed) {
		fprintf(msgs, "%s: %s (%s not written)\n", program, sp->message, target);
		status = 1;
	} else if (sp->set.nfiles > 0) {
		if (sp->missing > 0)
			fprintf(msgs, "%s: warning: %zu of the %zu profiles have no call paths "
				"(PROFILE+paths); %s holds the others'\n", program, sp->missing,
				sp->nprofiles, target);
		f = sum_companion_text_open(sc);
		if (!f) {
			fprintf(msgs, "%s: %s: out of memory\n", program, target);
			status = 1;
		} else if (sum_companion_text_close(sc, output, GMON_CALLPATHS_NAME,
						    callpaths_print(f, &sp->set) == 0, err,
						    sizeof err) != 0) {
			fprintf(msgs, "%s: %s\n", program, err);
			status = 1;
		}
	}
	free(target);
	return status;
}
