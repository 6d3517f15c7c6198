/* env-check.c - see env-check.h. */
#include "env-check.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "diag.h"

const char *const gmon_known_variables[] = {
	/* the runtime (settings.c, profile-name.c, gmon.c) */
	"BG_GMON_CALLSTACKS",
	"BG_GMON_CLOCK",
	"BG_GMON_COMPANIONS",
	"BG_GMON_COUNT_LIB_CALLS",
	"BG_GMON_FLUSH_SIGNALS",
	"BG_GMON_HZ",
	"BG_GMON_PROFILE_LIBS",
	"BG_GMON_RANK_SUBSET",
	"BG_GMON_START_THREAD_TIMERS",
	"BG_GMON_SUM_IN_JOB",
	"BG_GMON_VERBOSE",
	"GMON_OUT_PREFIX",
	"GMON_RUN_PID",
	"GMON_MPI_PROFILED_PID", /* lineage.h: set for the children */
	/* gmon-run */
	"GMON_MPI_LIBRARY",
	"GMON_MPI_AUDIT_LIBRARY",
	"GMON_MPI_PMPI_LIBRARY",
	/* the job scripts (scripts/gmon-job, jobs/) and gprof-par-sum */
	"GMON_APP",
	"GMON_APP_ARGS",
	"GMON_APP_SOURCE",
	"GMON_CFLAGS",
	"GMON_JOB",
	"GMON_LAUNCHER",
	"GMON_MPI_PROFILE",
	"GMON_NTASKS",
	"GMON_RESULTS",
	"GMON_RUN",
	"GMON_SKIP_BAD",
	"GMON_STOP_AFTER",
	"GMON_SUM_TASKS",
	NULL,
};

/* Names longer than this are compared on their first NAME_MAX_COMPARED
 * bytes: a misspelling of a known name is never that long. */
#define NAME_MAX_COMPARED 63

/* Levenshtein distance of a[0..alen) and b[0..blen), ignoring case, one row
 * at a time. */
static size_t edit_distance(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t row[NAME_MAX_COMPARED + 1];

	for (size_t j = 0; j <= blen; j++)
		row[j] = j;
	for (size_t i = 1; i <= alen; i++) {
		size_t diagonal = row[0];

		row[0] = i;
		for (size_t j = 1; j <= blen; j++) {
			size_t above = row[j];
			size_t cost = diagonal + (toupper((unsigned char)a[i - 1]) !=
						 toupper((unsigned char)b[j - 1]));

			if (above + 1 < cost)
				cost = above + 1;
			if (row[j - 1] + 1 < cost)
				cost = row[j - 1] + 1;
			row[j] = cost;
			diagonal = above;
		}
	}
	return row[blen];
}

static size_t bounded_length(const char *s)
{
	size_t n = strlen(s);

	return n < NAME_MAX_COMPARED ? n : NAME_MAX_COMPARED;
}

const char *env_nearest_known(const char *name, size_t *distance)
{
	const char *best = gmon_known_variables[0];
	size_t best_distance = (size_t)-1;
	size_t len = bounded_length(name);

	for (const char *const *known = gmon_known_variables; *known; known++) {
		size_t d = edit_distance(*known, strlen(*known), name, len);

		if (d < best_distance) {
			best_distance = d;
			best = *known;
		}
	}
	*distance = best_distance;
	return best;
}

static int holds_gmon(const char *name)
{
	for (const char *p = name; *p; p++)
		if (strncasecmp(p, "GMON", 4) == 0)
			return 1;
	return 0;
}

static int is_known(const char *name)
{
	for (const char *const *known = gmon_known_variables; *known; known++)
		if (strcmp(*known, name) == 0)
			return 1;
	return 0;
}

int env_looks_like_ours(const char *name)
{
	size_t distance;

	if (is_known(name))
		return 0;
	if (holds_gmon(name))
		return 1;
	env_nearest_known(name, &distance);
	return distance <= 2;
}

void env_report_unknown(char *const *envp)
{
	for (; envp && *envp; envp++) {
		const char *entry = *envp;
		const char *eq = strchr(entry, '=');
		char name[NAME_MAX_COMPARED + 1];
		size_t len = eq ? (size_t)(eq - entry) : strlen(entry);
		size_t distance;
		const char *nearest;

		if (len > NAME_MAX_COMPARED)
			len = NAME_MAX_COMPARED;
		memcpy(name, entry, len);
		name[len] = '\0';
		if (!env_looks_like_ours(name))
			continue;
		nearest = env_nearest_known(name, &distance);
		/* closer than half the name: a misspelling, worth naming */
		if (distance * 2 < len)
			diag("%s is set but gmon-mpi reads no such variable; did you mean %s? "
			     "(gmon-mpi(7) lists them all)", name, nearest);
		else
			diag("%s is set but gmon-mpi reads no such variable (gmon-mpi(7) lists "
			     "them all)", name);
	}
}
