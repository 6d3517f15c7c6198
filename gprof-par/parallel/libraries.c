/* libraries.c - the shared libraries' profiles beside the files summed,
 * found and summed in this process; see sum.h (struct sum_libraries). */
#include "sum.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "byte-pack.h"
#include "companions.h"
#include "companion-file.h"
#include "gmon-modules.h"
#include "grow.h"
#include "module-list.h"

void sum_libraries_init(struct sum_libraries *sl)
{
	memset(sl, 0, sizeof *sl);
}

static void library_free(struct sum_library *lib)
{
	for (size_t k = 0; lib->paths && k < lib->n; k++)
		free(lib->paths[k]);
	free(lib->paths);
	free(lib->base);
	free(lib->path);
	free(lib->build_id);
	free(lib->soname);
	free(lib->blocks);
	if (lib->sum) {
		sum_outcome_free(lib->sum);
		free(lib->sum);
	}
}

void sum_libraries_free(struct sum_libraries *sl)
{
	for (size_t i = 0; i < sl->n; i++)
		library_free(&sl->libs[i]);
	free(sl->libs);
	for (size_t i = 0; i < sl->nunread; i++)
		free(sl->unread[i]);
	free(sl->unread);
	name_index_free(&sl->index);
	sum_libraries_init(sl);
}

/* sl->index holding sl->libs (rebuilt after a sort or a removal). */
static int index_libraries(struct sum_libraries *sl)
{
	if (sl->index.n == sl->n)
		return 0;
	name_index_free(&sl->index);
	for (size_t i = 0; i < sl->n; i++)
		if (name_index_add(&sl->index, name_hash(sl->libs[i].base, NULL), i) != 0) {
			name_index_free(&sl->index);
			return -1;
		}
	return 0;
}

/* A library of the lists, as sum_libraries_find_or_add looks for it. */
struct library_key {
	const struct sum_libraries *sl;
	const char *base, *path, *build_id;
};

/* The same library: its base name, and its path or its build-id (two
 * plug-ins a/libplug.so and b/libplug.so are two libraries, issue 31 item
 * 3; one library loaded from two directories is one; one rebuilt in place
 * is one, whose files of another build-id the sum refuses). */
static int same_library(const void *ctx, size_t item)
{
	const struct library_key *k = ctx;
	const struct sum_library *lib = &k->sl->libs[item];

	return strcmp(lib->base, k->base) == 0 &&
	       (strcmp(lib->path, k->path) == 0 ||
		(lib->build_id && k->build_id && strcmp(lib->build_id, k->build_id) == 0));
}

struct sum_library *sum_libraries_find_or_add(struct sum_libraries *sl, const char *base,
					      const char *path, const char *build_id,
					      const char *soname, uint64_t low, uint64_t high)
{
	struct library_key key = { sl, base, path, build_id };
	struct sum_library *grown, *lib;
	size_t have;

	if (index_libraries(sl) != 0)
		return NULL;
	have = name_index_find(&sl->index, name_hash(base, NULL), same_library, &key);
	if (have != SIZE_MAX)
		return &sl->libs[have];
	if (name_index_add(&sl->index, name_hash(base, NULL), sl->n) != 0)
		return NULL;
	grown = grow_array(sl->libs, &sl->cap, sl->n + 1, sizeof *grown, 8);
	if (!grown)
		return NULL;
	sl->libs = grown;
	lib = &sl->libs[sl->n];
	memset(lib, 0, sizeof *lib);
	lib->base = strdup(base);
	lib->path = strdup(path);
	lib->build_id = build_id ? strdup(build_id) : NULL;
	lib->soname = soname ? strdup(soname) : NULL;
	lib->low = low;
	lib->high = high;
	sl->n++;   /* freed with the others if incomplete */
	if (!lib->base || !lib->path || (build_id && !lib->build_id) || (soname && !lib->soname))
		return NULL;
	return lib;
}

int sum_library_add_path(struct sum_library *lib, char *path)
{
	char **grown = grow_array(lib->paths, &lib->cap, lib->n + 1, sizeof *grown, 16);

	if (!grown)
		return -1;
	lib->paths = grown;
	lib->paths[lib->n++] = path;
	return 0;
}

static int add_unread(struct sum_libraries *sl, const char *why)
{
	char **grown = grow_array(sl->unread, &sl->unread_cap, sl->nunread + 1, sizeof *grown,
				  8);

	if (!grown)
		return -1;
	sl->unread = grown;
	sl->unread[sl->nunread] = strdup(why);
	if (!sl->unread[sl->nunread])
		return -1;
	sl->nunread++;
	return 0;
}

/* Takes back the samples that list's entries [0, k) added to the
 * libraries at idx, and the libraries from new_from on (new with it). */
static void take_back(struct sum_libraries *sl, const struct module_list *list, size_t k,
		      const size_t *idx, size_t new_from)
{
	for (size_t j = 0; j < k; j++)
		sl->libs[idx[j]].samples -= list->entries[j].samples;
	for (size_t i = new_from; i < sl->n; i++)
		library_free(&sl->libs[i]);
	sl->n = new_from;
	name_index_free(&sl->index);   /* rebuilt at the next search */
}

/* The list beside profile, if any: a list that cannot be read, or whose
 * samples would add up past 2^64 - 1 with the earlier lists', is left out
 * (sl as it was) and named in sl->unread. */
static int read_list(struct sum_libraries *sl, const char *profile)
{
	struct module_list list;
	char err[1024], *lp = companion_input_path(profile, GMON_MODULE_LIST_NAME);
	size_t *idx = NULL, old_n = sl->n, k;
	int rc = 0;

	if (!lp)
		return -1;
	if (!companion_input_exists(lp)) {
		free(lp);
		return 0;
	}
	rc = module_list_read(lp, &list, err, sizeof err);
	if (rc != 0) {
		free(lp);
		return add_unread(sl, err);
	}
	idx = malloc((list.n ? list.n : 1) * sizeof *idx);
	if (!idx)
		rc = -1;
	/* the samples first, taken back if they overflow */
	for (k = 0; k < list.n && rc == 0; k++) {
		const struct module_entry *e = &list.entries[k];
		struct sum_library *lib = sum_libraries_find_or_add(sl, e->base, e->path,
								    e->build_id, e->soname, e->low,
								    e->high);

		if (!lib) {
			rc = -1;
		} else if (lib->samples > UINT64_MAX - e->samples) {
			snprintf(err, sizeof err, "%s: too many samples to add: those of %s would "
				 "add up past 2^64 - 1 with the earlier lists' (the list is left "
				 "out)", lp, e->base);
			take_back(sl, &list, k, idx, old_n);
			sl->overflow = 1;
			rc = add_unread(sl, err);
			goto out;
		} else {
			lib->samples += e->samples;
			idx[k] = (size_t)(lib - sl->libs);
		}
	}
	for (k = 0; k < list.n && rc == 0; k++) {
		const struct module_entry *e = &list.entries[k];
		struct sum_library *lib = &sl->libs[idx[k]];
		char *path;

		if (!e->file)
			continue;
		lib->profiled = 1;
		path = companion_beside(lp, e->file);   /* a file, or a section of lp's companion */
		if (!path || sum_library_add_path(lib, path) != 0) {
			free(path);
			rc = -1;
		}
	}
out:
	free(idx);
	free(lp);
	module_list_free(&list);
	return rc;
}

int sum_libraries_read(struct sum_libraries *sl, const struct sum_job *job, size_t lo,
		       size_t hi, const struct sum_bad_file *bad, size_t nbad)
{
	size_t b = 0;

	for (size_t i = lo; i < hi; i++) {
		while (b < nbad && bad[b].index < i)
			b++;
		if (b < nbad && bad[b].index == i)
			continue;   /* not in the sum: nor are its libraries */
		if (read_list(sl, job->paths[i]) != 0) {
			sl->oom = 1;
			return -1;
		}
	}
	return 0;
}

int sum_libraries_pack(const struct sum_libraries *sl, size_t nblocks, char **data,
		       size_t *len)
{
	FILE *f = open_memstream(data, len);

	if (!f)
		return -1;
	pack_u64(f, (uint64_t)sl->overflow);
	pack_u64(f, sl->nunread);
	for (size_t i = 0; i < sl->nunread; i++)
		pack_text(f, sl->unread[i]);
	pack_u64(f, sl->n);
	for (size_t i = 0; i < sl->n; i++) {
		const struct sum_library *lib = &sl->libs[i];

		pack_text(f, lib->base);
		pack_text(f, lib->path);
		pack_text(f, lib->build_id);
		pack_text(f, lib->soname);
		pack_u64(f, lib->low);
		pack_u64(f, lib->high);
		pack_u64(f, lib->samples);
		pack_u64(f, (uint64_t)lib->profiled);
		pack_u64(f, lib->n);
		pack_u64(f, lib->paths != NULL);
		for (size_t k = 0; lib->paths && k < lib->n; k++)
			pack_text(f, lib->paths[k]);
		for (size_t q = 0; q < nblocks; q++)
			pack_u64(f, lib->blocks[q]);
	}
	if (fclose(f) != 0) {
		free(*data);
		*data = NULL;
		return -1;
	}
	return 0;
}

/* One packed library taken into sl (sum_libraries_take); its index in sl
 * into *at.  Returns 0, or -1 (r->bad set). */
static int take_library(struct sum_libraries *sl, struct unpacker *r, size_t nblocks,
			size_t *at)
{
	char *base = unpack_text(r), *path = unpack_text(r), *build_id = unpack_text(r);
	char *soname = unpack_text(r);
	uint64_t low = unpack_u64(r), high = unpack_u64(r), samples, profiled, npaths, named;
	struct sum_library *lib = NULL;

	if (!r->bad && (!base || !path))
		r->bad = 1;
	if (!r->bad && !(lib = sum_libraries_find_or_add(sl, base, path, build_id, soname, low,
							  high)))
		r->bad = 2;
	free(base);
	free(path);
	free(build_id);
	free(soname);
	samples = unpack_u64(r);
	profiled = unpack_u64(r);
	npaths = unpack_u64(r);
	named = unpack_u64(r);
	/* files named, or counted only (sum_libraries_drop_names): not both */
	if (!r->bad && lib->n > 0 && npaths > 0 && (named != 0) != (lib->paths != NULL))
		r->bad = 1;
	if (r->bad)
		return -1;
	if (!named)
		lib->n += (size_t)npaths;
	*at = (size_t)(lib - sl->libs);
	if (lib->samples > UINT64_MAX - samples)
		sl->overflow = 1;   /* the caller then reads the lists serially */
	else
		lib->samples += samples;
	lib->profiled |= profiled != 0;
	for (uint64_t k = 0; named && k < npaths; k++) {
		char *file = unpack_text(r);

		if (!file && !r->bad)
			r->bad = 1;
		if (r->bad)
			return -1;
		if (sum_library_add_path(lib, file) != 0) {
			free(file);
			r->bad = 2;
			return -1;
		}
	}
	if (nblocks > 0) {
		free(lib->blocks);
		lib->blocks = malloc(nblocks * sizeof *lib->blocks);
		if (!lib->blocks) {
			r->bad = 2;
			return -1;
		}
		for (size_t q = 0; q < nblocks; q++)
			lib->blocks[q] = (size_t)unpack_u64(r);
	}
	return r->bad ? -1 : 0;
}

int sum_libraries_take(struct sum_libraries *sl, const void *data, size_t len, size_t nblocks,
		       size_t **where, size_t *nwhere, char *err, size_t errlen)
{
	struct unpacker r;
	uint64_t n;
	size_t *at = NULL;

	unpacker_init(&r, data, len);
	sl->overflow |= unpack_u64(&r) != 0;
	n = unpack_u64(&r);
	for (uint64_t i = 0; i < n && !r.bad; i++) {
		char *why = unpack_text(&r);

		if (!why && !r.bad)
			r.bad = 1;
		if (!r.bad && add_unread(sl, why) != 0)
			r.bad = 2;
		free(why);
	}
	n = unpack_u64(&r);
	if (!r.bad && n > (uint64_t)(r.end - r.at))   /* each takes bytes */
		r.bad = 1;
	if (!r.bad && !(at = malloc((n ? (size_t)n : 1) * sizeof *at)))
		r.bad = 2;
	for (uint64_t i = 0; i < n && !r.bad; i++)
		take_library(sl, &r, nblocks, &at[i]);
	if (r.bad) {
		snprintf(err, errlen, "a list of libraries from another process: %s",
			 unpacker_error(&r));
		free(at);
		return -1;
	}
	if (where) {
		*where = at;
		*nwhere = (size_t)n;
	} else
		free(at);
	return 0;
}

void sum_libraries_drop_names(struct sum_libraries *sl)
{
	for (size_t i = 0; i < sl->n; i++) {
		struct sum_library *lib = &sl->libs[i];

		for (size_t k = 0; lib->paths && k < lib->n; k++)
			free(lib->paths[k]);
		free(lib->paths);
		lib->paths = NULL;
		lib->cap = 0;
	}
}

/* By base name, then path and build-id: libraries of one base name in the
 * same order whatever the number of processes (their sums' names follow
 * it: library-sums.c). */
static int cmp_library(const void *a, const void *b)
{
	const struct sum_library *x = a, *y = b;
	int c = strcmp(x->base, y->base);

	if (!c)
		c = strcmp(x->path, y->path);
	if (!c)
		c = strcmp(x->build_id ? x->build_id : "", y->build_id ? y->build_id : "");
	return c;
}

void sum_libraries_sort(struct sum_libraries *sl)
{
	if (sl->n > 1)
		qsort(sl->libs, sl->n, sizeof *sl->libs, cmp_library);
	name_index_free(&sl->index);   /* the positions changed */
}

struct sum_outcome *sum_library_outcome(void)
{
	struct sum_outcome *o = malloc(sizeof *o);

	if (o)
		sum_outcome_init(o);
	return o;
}

struct sum_job sum_library_job(const struct sum_job *job, const struct sum_library *lib)
{
	struct sum_job j;

	memset(&j, 0, sizeof j);
	j.paths = lib->paths;
	j.n = lib->n;
	j.skip_bad = job->skip_bad;
	j.blocks = lib->blocks;
	return j;
}

/* A library's sum while the serial sum's chunks go. */
struct sum_library_run {
	struct sum_run run;
	size_t added;          /* of its files: those after were not seen yet */
	int rc;                /* sum_run_files's last */
	int stopped;           /* at a bad file (not skip_bad), or out of memory */
};

void sum_libraries_chunk(const struct sum_job *job, struct sum_outcome *o,
			 struct sum_library_runs *lr, size_t lo, size_t hi,
			 const struct sum_bad_file *bad, size_t nbad)
{
	struct sum_libraries *sl = &o->libraries;
	struct sum_library_run *grown;

	if (sl->oom || sum_libraries_read(sl, job, lo, hi, bad, nbad) != 0)
		return;
	if (sl->n > lr->n) {
		grown = grow_array(lr->libs, &lr->cap, sl->n, sizeof *grown, 16);
		if (!grown) {
			sl->oom = 1;
			return;
		}
		lr->libs = grown;
	}
	for (; lr->n < sl->n; lr->n++) {
		memset(&lr->libs[lr->n], 0, sizeof lr->libs[lr->n]);
		sum_run_init(&lr->libs[lr->n].run);
	}
	for (size_t i = 0; i < sl->n; i++) {
		struct sum_library *lib = &sl->libs[i];
		struct sum_library_run *r = &lr->libs[i];
		struct sum_job lj = sum_library_job(job, lib);

		if (!lib->profiled || r->added == lib->n)
			continue;
		if (!lib->sum && !(lib->sum = sum_library_outcome())) {
			sl->oom = 1;
			return;
		}
		if (!r->stopped) {
			r->rc = sum_run_files(&r->run, &lj, r->added, lib->n, NULL, lib->sum->message,
					      sizeof lib->sum->message);
			r->stopped = r->rc != 0 || (r->run.nbad > 0 && !job->skip_bad);
		}
		r->added = lib->n;
	}
}

void sum_libraries_finish(const struct sum_job *job, struct sum_outcome *o,
			  struct sum_library_runs *lr)
{
	struct sum_libraries *sl = &o->libraries;

	if (sl->oom)
		return;
	for (size_t i = 0; i < sl->n && i < lr->n; i++) {
		struct sum_job lj = sum_library_job(job, &sl->libs[i]);

		if (sl->libs[i].sum)
			sum_run_outcome(&lj, &lr->libs[i].run, lr->libs[i].rc, sl->libs[i].sum);
		sum_run_init(&lr->libs[i].run);   /* handed over */
	}
	sum_libraries_sort(sl);
}

void sum_library_runs_free(struct sum_library_runs *lr)
{
	for (size_t i = 0; i < lr->n; i++)
		sum_run_free(&lr->libs[i].run);
	free(lr->libs);
	memset(lr, 0, sizeof *lr);
}

void sum_libraries_serial(const struct sum_job *job, struct sum_outcome *o)
{
	struct sum_library_runs lr = { NULL, 0, 0 };

	sum_libraries_chunk(job, o, &lr, 0, job->n, o->bad, o->nbad);
	sum_libraries_finish(job, o, &lr);
	sum_library_runs_free(&lr);
}
