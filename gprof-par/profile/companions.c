/* companions.c - see companions.h. */
#define _GNU_SOURCE
#include "companions.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "companion-name.h"
#include "errors.h"
#include "files.h"
#include "gmon-calls.h"
#include "gmon-companion.h"
#include "grow.h"
#include "name-index.h"

char *companion_path(const char *profile, const char *kind)
{
	size_t len = companion_name(profile, kind, NULL, 0) + 1;
	char *path = malloc(len);

	if (path)
		companion_name(profile, kind, path, len);
	return path;
}

char *companion_library_name(const char *base, const char *path, const char *build_id,
			     unsigned salt)
{
	const char *id = build_id ? build_id : "";
	uint64_t key = companion_library_key(path, (const unsigned char *)id, strlen(id));
	size_t len = companion_library_kind(base, key, salt, NULL, 0) + 1;
	char *kind = malloc(len);

	if (kind)
		companion_library_kind(base, key, salt, kind, len);
	return kind;
}

char *companion_library_path(const char *profile, const char *base, const char *path,
			     const char *build_id, unsigned salt)
{
	char *kind = companion_library_name(base, path, build_id, salt), *file;

	if (!kind)
		return NULL;
	file = companion_path(profile, kind);
	free(kind);
	return file;
}

char *companion_beside(const char *file, const char *name)
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

/* Whether the profile made of file's first plus bytes and suffix is one,
 * with file its companion of the kind between them. */
static int check(const char *file, size_t plus, const char *suffix,
		 int (*is_profile)(const char *name, void *ctx), void *ctx)
{
	size_t slen = strlen(suffix), klen = strlen(file) - plus - 1 - slen;
	char *profile = malloc(plus + slen + 1), *kind = malloc(klen + 1), *again = NULL;
	int yes = -1;

	if (profile && kind) {
		memcpy(profile, file, plus);
		strcpy(profile + plus, suffix);
		memcpy(kind, file + plus + 1, klen);
		kind[klen] = '\0';
		again = companion_path(profile, kind);
		if (again)
			yes = strcmp(again, file) == 0 && is_profile(profile, ctx) != 0;
	}
	free(again);
	free(profile);
	free(kind);
	return yes;
}

/* Whether file's first plus bytes name a profile. */
static int prefix_is_profile(const char *file, size_t plus,
			     int (*is_profile)(const char *name, void *ctx), void *ctx)
{
	char *profile = malloc(plus + 1);
	int yes;

	if (!profile)
		return -1;
	memcpy(profile, file, plus);
	profile[plus] = '\0';
	yes = is_profile(profile, ctx) != 0;
	free(profile);
	return yes;
}

int companion_of_named(const char *file, int (*is_profile)(const char *name, void *ctx),
		       void *ctx)
{
	size_t stem = companion_stem(file), len = strlen(file);

	for (const char *plus = file; (plus = strchr(plus + 1, '+')) != NULL;) {
		size_t at = (size_t)(plus - file);
		int rc = 0;

		/* NAME+KIND.N beside NAME.N (KIND not empty) */
		if (stem < len && at + 1 < stem)
			rc = check(file, at, file + stem, is_profile, ctx);
		/* NAME+KIND beside NAME, and an earlier version's NAME.N+KIND */
		if (rc == 0 && at + 1 < len)
			rc = prefix_is_profile(file, at, is_profile, ctx);
		if (rc != 0)
			return rc;
	}
	return 0;
}

char *companion_file_path(const char *profile)
{
	return companion_path(profile, GMON_COMPANION_KIND);
}

/* The message of a pair that is not one (kept with the companion). */
static char *pair_message(const char *profile, const char *path, const struct companion_run *run,
			  size_t len, uint64_t sum, int of_sum)
{
	char *msg = NULL;

	if (asprintf(&msg, "%s and its companion %s are not one pair: the companion was written "
		     "with another profile (%" PRIu64 " bytes, checksum %" PRIx64 "; this one: %zu "
		     "bytes, checksum %" PRIx64 "), %s", profile, path,
		     run->profile_size, run->profile_checksum, len, sum,
		     of_sum ? "as when the sum was cut between writing the two, or another sum "
			      "wrote one of them: sum the rank files again (gprof-par -S)"
			    : "as when the rank was killed between writing the two, is still "
			      "writing them, or another run wrote one of them: run the program "
			      "again, or sum without this rank with --skip-bad") < 0)
		return NULL;
	return msg;
}

/* Checks cf (profile's companion at path, not checked yet): sets cf->pair. */
static int check_pair(struct companion_file *cf, const char *profile, const char *path,
		      const unsigned char *bytes, size_t len)
{
	const struct companion_section *s = companion_file_find(cf, GMON_RUN_NAME);
	int of_sum = !s && (s = companion_file_find(cf, GMON_SUM_NAME)) != NULL;
	struct companion_run run;
	char why[1024], *read = NULL;
	uint64_t sum;

	if (!s || companion_run_parse(s, path, &run, why, sizeof why) != 0) {
		cf->pair = 1;            /* its readers say what is wrong */
		return 0;
	}
	if (!run.has_profile) {
		cf->pair = 1;            /* an earlier companion: nothing to check */
		companion_run_free(&run);
		return 0;
	}
	if (!bytes) {
		read = read_whole_file(profile, "a gmon file", &len, why, sizeof why);
		if (!read) {
			companion_run_free(&run);
			return 0;        /* not checked: its reader says why */
		}
		bytes = (const unsigned char *)read;
	}
	sum = gmon_profile_checksum(bytes, len);
	cf->pair = len == run.profile_size && sum == run.profile_checksum ? 1 : -1;
	if (cf->pair < 0)
		cf->pair_error = pair_message(profile, path, &run, len, sum, of_sum);
	free(read);
	companion_run_free(&run);
	return cf->pair < 0 && !cf->pair_error ? -1 : 0;
}

/*
 * The pairs checked, by their companion's path and checksum: each view
 * reads a rank's companion again (its paths, libraries, calls, MPI
 * profile), and past the companions' cache (companion-file.c) it is read
 * anew; its pair was then checked anew too, reading and hashing the whole
 * profile each time (at 16,384 ranks of 310 KiB, five times 5 GB).
 */
struct pair_seen {
	char *path;
	uint64_t checksum;       /* the companion's, as checked */
	int pair;                /* 1 or -1 */
	char *error;             /* pair -1: why */
};

static struct {
	struct pair_seen *seen;
	size_t n, cap;
	struct name_index index;
} pairs;

static int same_pair_path(const void *ctx, size_t item)
{
	return strcmp(pairs.seen[item].path, ctx) == 0;
}

/* cf's pair as checked before, if its companion has not changed since. */
static int pair_seen_before(struct companion_file *cf)
{
	size_t i = name_index_find(&pairs.index, name_hash(cf->path, NULL), same_pair_path,
				   cf->path);

	if (i == SIZE_MAX || pairs.seen[i].checksum != cf->checksum)
		return 0;
	cf->pair = pairs.seen[i].pair;
	if (cf->pair < 0 && !cf->pair_error && pairs.seen[i].error)
		cf->pair_error = strdup(pairs.seen[i].error);
	return cf->pair > 0 || cf->pair_error != NULL;
}

/* Remembers cf's pair (checked); out of memory, it is checked again. */
static void pair_remember(const struct companion_file *cf)
{
	size_t i = name_index_find(&pairs.index, name_hash(cf->path, NULL), same_pair_path,
				   cf->path);
	struct pair_seen *grown, seen = { NULL, cf->checksum, cf->pair, NULL };

	if (i != SIZE_MAX) {            /* the companion changed since */
		free(pairs.seen[i].error);
		pairs.seen[i].checksum = cf->checksum;
		pairs.seen[i].pair = cf->pair;
		pairs.seen[i].error = cf->pair_error ? strdup(cf->pair_error) : NULL;
		return;
	}
	seen.path = strdup(cf->path);
	seen.error = cf->pair_error ? strdup(cf->pair_error) : NULL;
	grown = grow_array(pairs.seen, &pairs.cap, pairs.n + 1, sizeof *grown, 256);
	if (!seen.path || (cf->pair_error && !seen.error) || !grown ||
	    name_index_add(&pairs.index, name_hash(cf->path, NULL), pairs.n) != 0) {
		if (grown)
			pairs.seen = grown;
		free(seen.path);
		free(seen.error);
		return;
	}
	pairs.seen = grown;
	pairs.seen[pairs.n++] = seen;
}

int companion_pair_check(const char *profile, const unsigned char *bytes, size_t len, char *err,
			 size_t errlen)
{
	char *path = companion_file_path(profile), why[1024];
	struct companion_file *cf;
	int rc = 0;

	if (!path) {
		set_error(err, errlen, "%s: out of memory", profile);
		return -1;
	}
	if (companion_load(path, &cf, why, sizeof why) == 1) {
		if (cf->pair == 0 && !pair_seen_before(cf)) {
			if (check_pair(cf, profile, path, bytes, len) != 0) {
				set_error(err, errlen, "%s: out of memory", profile);
				rc = -1;
			} else if (cf->pair != 0) {
				pair_remember(cf);
			}
		}
		if (rc == 0 && cf->pair < 0) {
			set_error(err, errlen, "%s", cf->pair_error);
			rc = -1;
		}
	}
	free(path);
	return rc;
}

/* Whether the companion at path has a section of that name. */
static int has_section(const char *path, const char *name)
{
	struct companion_file *cf;
	char err[16];

	return companion_load(path, &cf, err, sizeof err) == 1 &&
	       companion_file_find(cf, name) != NULL;
}

char *companion_input_path(const char *profile, const char *kind)
{
	struct stat st;
	char *c, *member, err[16];

	/* (a companion without the PLT counts' section is answered before
	 * its pair is checked: checking it reads the whole profile, and -S's
	 * process 0 asks for every file's until one has them, most often
	 * none, the others' blocks too: 0.9 s of 4,096 files at 2 processes) */
	c = companion_file_path(profile);
	if (!c || (!companion_file_in_memory(c) && (lstat(c, &st) != 0 || !S_ISREG(st.st_mode))) ||
	    (strcmp(kind, GMON_PLT_CALLS_NAME) == 0 && !has_section(c, kind)) ||
	    companion_pair_check(profile, NULL, 0, err, sizeof err) != 0) {
		free(c);
		return companion_path(profile, kind);
	}
	member = malloc(strlen(c) + 1 + strlen(kind) + 1);
	if (member)
		sprintf(member, "%s/%s", c, kind);
	free(c);
	return member;
}

int companion_is_sum(const char *profile)
{
	char *path = companion_file_path(profile), err[1024];
	struct companion_file *cf;
	int sum = path && companion_load(path, &cf, err, sizeof err) == 1 &&
		  companion_file_find(cf, GMON_SUM_NAME) != NULL;

	free(path);
	return sum;
}

int companion_run_of(const char *profile, struct companion_run *run, char *err, size_t errlen)
{
	char *path = companion_file_path(profile), *name;
	struct companion_file *cf;
	const struct companion_section *s;
	int rc;

	if (!path) {
		set_error(err, errlen, "out of memory");
		return -1;
	}
	rc = companion_load(path, &cf, err, errlen);
	if (rc == 1 && (s = companion_file_find(cf, GMON_RUN_NAME)) != NULL) {
		name = malloc(strlen(path) + sizeof "/" GMON_RUN_NAME);
		if (name)
			sprintf(name, "%s/%s", path, GMON_RUN_NAME);
		rc = name && companion_run_parse(s, name, run, err, errlen) == 0 ? 1 : -1;
		free(name);
	} else if (rc == 1) {
		rc = 0;
	}
	free(path);
	return rc;
}
