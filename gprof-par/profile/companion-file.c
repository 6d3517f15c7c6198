/* companion-file.c - see companion-file.h. */
#define _GNU_SOURCE
#include "companion-file.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "companions.h"
#include "grow.h"
#include "name-index.h"
#include "errors.h"
#include "gmon-calls.h"
#include "gmon-companion.h"
#include "gmon-mpi-profile.h"
#include "gmon-read.h"
#include "profile-internal.h"
#include "profile-write.h"

void companion_file_free(struct companion_file *cf)
{
	for (size_t i = 0; i < cf->nsections; i++)
		free(cf->sections[i].name);
	free(cf->sections);
	free(cf->bytes);
	free(cf->path);
	free(cf->pair_error);
	memset(cf, 0, sizeof *cf);
}

static int bad(struct companion_file *cf, const char *path, char *err, size_t errlen,
	       const char *what)
{
	set_error(err, errlen, "%s: %s", path, what);
	companion_file_free(cf);
	errno = EINVAL;
	return -1;
}

/* The table's n entries at table: cf's sections, each inside the file,
 * named once (the names found by hash: compared pairwise, 10^5 sections
 * took 16 s).  Returns 0, or -1 with the reason in why. */
static int read_table(struct companion_file *cf, uint64_t table, uint32_t n, char *why,
		      size_t whylen)
{
	const unsigned char *b = cf->bytes;
	struct name_index names;
	int rc = 0;

	name_index_init(&names);
	for (uint32_t i = 0; i < n; i++) {
		const unsigned char *e = b + table + (size_t)i * GMON_COMPANION_ENTRY_SIZE;
		struct companion_section *s = &cf->sections[i];
		uint32_t name_len = load_u32(e + 4);
		uint64_t off = load_u64(e + 8), len = load_u64(e + 16), want = off + name_len;

		rc = -1;
		if (name_len == 0 || name_len > GMON_COMPANION_MAX_NAME ||
		    off < GMON_COMPANION_HEADER_SIZE || off > table || want > table ||
		    len > table - want) {
			snprintf(why, whylen, "section %" PRIu32 " lies outside the file's sections",
				 i + 1);
			break;
		}
		s->name = strndup((const char *)b + off, name_len);
		if (!s->name) {
			snprintf(why, whylen, "out of memory");
			break;
		}
		cf->nsections++;
		if (strlen(s->name) != name_len || strchr(s->name, '/')) {
			snprintf(why, whylen, "section %" PRIu32 " has a bad name", i + 1);
			break;
		}
		if (name_index_find_string(&names, cf->sections, sizeof *cf->sections,
					   offsetof(struct companion_section, name), s->name) != SIZE_MAX) {
			snprintf(why, whylen, "two sections named %s", s->name);
			break;
		}
		if (name_index_add(&names, name_hash(s->name, NULL), i) != 0) {
			snprintf(why, whylen, "out of memory");
			break;
		}
		s->type = load_u32(e);
		s->data = b + want;
		s->size = (size_t)len;
		rc = 0;
	}
	name_index_free(&names);
	return rc;
}

/* The header, the table and the checksum; fills cf's fields. */
static int check_file(struct companion_file *cf, const char *path, char *err, size_t errlen)
{
	const unsigned char *b = cf->bytes;
	uint64_t size, table, sum;
	uint32_t n;
	char why[256];

	if (cf->len < GMON_COMPANION_HEADER_SIZE ||
	    memcmp(b, GMON_COMPANION_MAGIC, GMON_COMPANION_MAGIC_LEN) != 0)
		return bad(cf, path, err, errlen, "not a gmon-mpi companion file (no \"gmon-mpi\" "
			   "header)");
	cf->version = load_u32(b + 8);
	if (cf->version != GMON_COMPANION_VERSION) {
		snprintf(why, sizeof why, "companion file of version %" PRIu32 "; this gprof-par "
			 "reads version %d", cf->version, GMON_COMPANION_VERSION);
		return bad(cf, path, err, errlen, why);
	}
	size = load_u64(b + 16);
	table = load_u64(b + 24);
	n = load_u32(b + 32);
	if (load_u32(b + 12) != GMON_COMPANION_HEADER_SIZE || size != cf->len) {
		snprintf(why, sizeof why, "cut short or grown: %zu bytes, its header says %" PRIu64,
			 cf->len, size);
		return bad(cf, path, err, errlen, why);
	}
	if (table < GMON_COMPANION_HEADER_SIZE || table > size ||
	    (size - table) / GMON_COMPANION_ENTRY_SIZE != n ||
	    (size - table) % GMON_COMPANION_ENTRY_SIZE != 0)
		return bad(cf, path, err, errlen, "its table of sections does not end the file");
	/* the checksum, its own 8 bytes as zeros */
	sum = gmon_companion_checksum(GMON_COMPANION_FNV_START, b, GMON_COMPANION_CHECKSUM_OFFSET);
	sum = gmon_companion_checksum(sum, (const unsigned char[8]){0}, 8);
	sum = gmon_companion_checksum(sum, b + GMON_COMPANION_HEADER_SIZE,
				      cf->len - GMON_COMPANION_HEADER_SIZE);
	cf->checksum = load_u64(b + GMON_COMPANION_CHECKSUM_OFFSET);
	if (sum != cf->checksum) {
		snprintf(why, sizeof why, "bad checksum (%016" PRIx64 ", its header says %016"
			 PRIx64 "): the file was changed or damaged", sum, cf->checksum);
		return bad(cf, path, err, errlen, why);
	}
	cf->sections = calloc(n ? n : 1, sizeof *cf->sections);
	if (!cf->sections)
		return bad(cf, path, err, errlen, "out of memory");
	if (read_table(cf, table, n, why, sizeof why) != 0)
		return bad(cf, path, err, errlen, why);
	return 0;
}

int companion_file_read(const char *path, struct companion_file *cf, char *err, size_t errlen)
{
	size_t len;
	char *bytes;

	memset(cf, 0, sizeof *cf);
	bytes = read_whole_file(path, "a companion file", &len, err, errlen);
	if (!bytes)
		return -1;      /* errno ENOENT when there is none */
	cf->bytes = (unsigned char *)bytes;
	cf->len = len;
	cf->path = strdup(path);
	if (!cf->path)
		return bad(cf, path, err, errlen, "out of memory");
	return check_file(cf, path, err, errlen);
}

const struct companion_section *companion_file_find(const struct companion_file *cf,
						    const char *name)
{
	for (size_t i = 0; i < cf->nsections; i++)
		if (strcmp(cf->sections[i].name, name) == 0)
			return &cf->sections[i];
	return NULL;
}

/* ---- The companions read, kept for their next sections. ------------ */

/*
 * A sum reads each rank's companion in several passes (the runs, the call
 * paths, the calls, the libraries), and a view over the ranks' files
 * several more (their runs, MPI profiles, libraries' lists): each one
 * read, checked and parsed once, and kept, up to a budget of 1/64 of the
 * machine's memory, at least CACHE_MIN and at most CACHE_MAX (384 MiB of
 * 24 GiB: 16,384 companions of 4.9 KB take 80 MB; a 32 MiB budget made
 * --load-balance read 12,000 of them again in each of its 3 passes after
 * the sum: 20x from 1,024 ranks); past it, only the last one read is
 * kept, so that memory stays bounded whatever the number of ranks, and a
 * sum goes in chunks that fit (parallel/sum.c).  A companion is taken to
 * stay as it was while gprof-par runs.
 */
#define CACHE_MIN ((size_t)32 << 20)
#define CACHE_MAX ((size_t)1 << 30)
#define CACHE_BYTES_ENV "GPROF_PAR_COMPANION_CACHE"

static const char *bad_budget_setting;  /* CACHE_BYTES_ENV, not a number */

static struct {
	struct companion_file **files; /* each its own allocation: pointers to
					* them stay valid as the array grows */
	size_t n, cap, bytes;
	struct name_index index;
	struct companion_file last;    /* past the budget: the last one */
} cache;

size_t companion_cache_budget(void)
{
	static size_t bytes;

	if (bytes == 0) {
		const char *s = getenv(CACHE_BYTES_ENV);
		char *end = NULL;
		unsigned long long v = 0;
		long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
		uint64_t memory = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;

		if (s && *s) {
			errno = 0;
			if (isdigit((unsigned char)*s))   /* (strtoull takes "-1" and " 1") */
				v = strtoull(s, &end, 10);
			if (v == 0 || errno != 0 || *end != '\0' || v > SIZE_MAX) {
				bad_budget_setting = s;
				v = 0;
			}
		}
		if (v > 0)
			bytes = (size_t)v;
		else if (memory / 64 < CACHE_MIN)
			bytes = CACHE_MIN;
		else
			bytes = memory / 64 > CACHE_MAX ? CACHE_MAX : (size_t)(memory / 64);
	}
	return bytes;
}

const char *companion_cache_bad_setting(void)
{
	companion_cache_budget();
	return bad_budget_setting;
}

static int same_path(const void *ctx, size_t item)
{
	return strcmp(cache.files[item]->path, ctx) == 0;
}

/* The one found last first: a pass asks for a file's companion several
 * times in a row (its path, its pair, its section), and past a few
 * thousand companions the index's probes miss the CPU's caches. */
static struct companion_file *cached(const char *path)
{
	static size_t last_found;
	size_t i;

	if (last_found < cache.n && strcmp(cache.files[last_found]->path, path) == 0)
		return cache.files[last_found];
	i = name_index_find(&cache.index, name_hash(path, NULL), same_path, path);
	if (i != SIZE_MAX)
		return cache.files[last_found = i];
	return cache.last.path && strcmp(cache.last.path, path) == 0 ? &cache.last : NULL;
}

/* Keeps cf (read and checked), in the cache if there is room. */
static struct companion_file *keep(struct companion_file *cf)
{
	struct companion_file **grown, *copy;

	if (cache.bytes + cf->len <= companion_cache_budget() && (copy = malloc(sizeof *copy)) != NULL) {
		grown = grow_array(cache.files, &cache.cap, cache.n + 1, sizeof *grown, 64);
		if (grown)
			cache.files = grown;
		if (grown && name_index_add(&cache.index, name_hash(cf->path, NULL), cache.n) == 0) {
			*copy = *cf;
			cache.files[cache.n++] = copy;
			cache.bytes += cf->len;
			return copy;
		}
		free(copy);
	}
	companion_file_free(&cache.last);
	cache.last = *cf;
	return &cache.last;
}

int companion_load(const char *path, struct companion_file **cf, char *err, size_t errlen)
{
	struct companion_file read;
	struct stat st;

	if ((*cf = cached(path)) != NULL)
		return 1;
	if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	if (companion_file_read(path, &read, err, errlen) != 0)
		return -1;
	*cf = keep(&read);
	return 1;
}

int companion_prefetch(const char *path)
{
	struct companion_file *cf;
	char err[16];

	return companion_load(path, &cf, err, sizeof err) != 1 || cf != &cache.last;
}

void companion_cache_drop(void)
{
	struct name_index index;
	size_t kept = 0;

	companion_file_free(&cache.last);
	/* the adopted ones' index first: out of memory, all stay */
	name_index_init(&index);
	for (size_t i = 0; i < cache.n; i++)
		if (cache.files[i]->adopted &&
		    name_index_add(&index, name_hash(cache.files[i]->path, NULL), kept++) != 0) {
			name_index_free(&index);
			return;
		}
	name_index_free(&cache.index);
	cache.index = index;
	cache.bytes = 0;
	kept = 0;
	for (size_t i = 0; i < cache.n; i++) {
		struct companion_file *cf = cache.files[i];

		if (!cf->adopted) {
			companion_file_free(cf);
			free(cf);
			continue;
		}
		cache.files[kept++] = cf;
		cache.bytes += cf->len;
	}
	cache.n = kept;
}

int companion_file_adopt(const char *path, void *bytes, size_t len, char *err, size_t errlen)
{
	struct companion_file cf, *copy, **grown;

	memset(&cf, 0, sizeof cf);
	cf.bytes = bytes;
	cf.len = len;
	cf.path = strdup(path);
	if (!cf.path)
		return bad(&cf, path, err, errlen, "out of memory");
	if (cached(path))
		return bad(&cf, path, err, errlen, "read already: not replaced");
	if (check_file(&cf, path, err, errlen) != 0)
		return -1;
	cf.pair = 1;      /* handed over with its profile: no file to check */
	cf.adopted = 1;
	/* kept whatever the budget: it is nowhere else */
	copy = malloc(sizeof *copy);
	grown = copy ? grow_array(cache.files, &cache.cap, cache.n + 1, sizeof *grown, 64) : NULL;
	if (grown)
		cache.files = grown;
	if (!grown || name_index_add(&cache.index, name_hash(cf.path, NULL), cache.n) != 0) {
		free(copy);
		return bad(&cf, path, err, errlen, "out of memory");
	}
	*copy = cf;
	cache.files[cache.n++] = copy;
	cache.bytes += cf.len;
	return 0;
}

int companion_file_in_memory(const char *path)
{
	return cached(path) != NULL;
}

int companion_member_in_memory(const char *path)
{
	const char *slash = strrchr(path, '/');
	char file[PATH_MAX];

	if (!slash || slash == path || !slash[1] || (size_t)(slash - path) >= sizeof file)
		return 0;
	memcpy(file, path, (size_t)(slash - path));
	file[slash - path] = '\0';
	return cached(file) != NULL;
}

int companion_member(const char *path, const struct companion_file **cf,
		     const struct companion_section **section, char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	struct companion_file *loaded;
	char *file;
	int rc;

	if (!slash || slash == path || !slash[1])
		return 0;
	file = strndup(path, (size_t)(slash - path));
	if (!file) {
		set_error(err, errlen, "out of memory");
		return -1;
	}
	rc = companion_load(file, &loaded, err, errlen);
	free(file);
	if (rc == 1) {
		*cf = loaded;
		*section = companion_file_find(loaded, slash + 1);
	}
	return rc;
}

int companion_input_exists(const char *path)
{
	const struct companion_file *cf;
	const struct companion_section *s = NULL;
	struct stat st;
	char err[16];
	int rc = companion_member(path, &cf, &s, err, sizeof err);

	if (rc != 0)
		return rc < 0 || s != NULL;     /* a bad one: its reader says why */
	return lstat(path, &st) == 0;
}

/* The section of a member path: 1 with *s, 0 when path names no member
 * (a file, then), -1 with errno and err set (ENOENT: no such section;
 * else a bad companion). */
static int member_section(const char *path, const struct companion_section **s, char *err,
			  size_t errlen)
{
	const struct companion_file *cf;
	int rc = companion_member(path, &cf, s, err, errlen);

	if (rc == 0)
		return 0;
	if (rc < 0) {
		errno = EINVAL;
		return -1;
	}
	if (!*s) {
		set_error(err, errlen, "%s: no such section", path);
		errno = ENOENT;
		return -1;
	}
	return 1;
}

FILE *companion_fopen(const char *path, const char *what, off_t *size, char *err, size_t errlen)
{
	const struct companion_section *s = NULL;
	struct stat st;
	int rc = member_section(path, &s, err, errlen), fd;
	FILE *f;

	if (rc < 0)
		return NULL;
	if (rc == 1) {
		/* (glibc reads a buffer of 0 bytes as an empty stream) */
		f = fmemopen((void *)s->data, s->size, "r");
		if (!f)
			set_error(err, errlen, "%s: %s", path, strerror(errno));
		else if (size)
			*size = (off_t)s->size;
		return f;
	}
	fd = open_input(path, what, INPUT_REGULAR, &st, err, errlen);
	if (fd < 0)
		return NULL;
	f = fdopen(fd, "r");
	if (!f) {
		set_error(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		return NULL;
	}
	if (size)
		*size = st.st_size;
	return f;
}

char *companion_read_whole(const char *path, const char *what, size_t *len, char *err,
			   size_t errlen)
{
	const struct companion_section *s = NULL;
	int rc = member_section(path, &s, err, errlen);
	char *text;

	if (rc < 0)
		return NULL;
	if (rc == 0)
		return read_whole_file(path, what, len, err, errlen);
	text = malloc(s->size + 1);
	if (!text) {
		set_error(err, errlen, "%s: out of memory", path);
		errno = ENOMEM;
		return NULL;
	}
	memcpy(text, s->data, s->size);
	text[s->size] = '\0';
	*len = s->size;
	return text;
}

/* ---- The run. -------------------------------------------------------- */

void companion_run_free(struct companion_run *run)
{
	free(run->job);
	free(run->build_id);
	free(run->host);
	memset(run, 0, sizeof *run);
}

/* Each control byte of text (a tab, an escape, DEL) as '?': the run
 * section's text fields reach the terminal (the summary's engine), and
 * none of them holds one when the runtime wrote it. */
static void text_without_controls(char *text)
{
	for (; *text; text++)
		if (iscntrl((unsigned char)*text))
			*text = '?';
}

int companion_run_parse(const struct companion_section *s, const char *name,
			struct companion_run *run, char *err, size_t errlen)
{
	char *text = strndup((const char *)s->data, s->size), *line, *save = NULL;
	char magic[64];
	int lineno = 0;

	memset(run, 0, sizeof *run);
	run->rank = -1;
	if (!text) {
		set_error(err, errlen, "%s: out of memory", name);
		return -1;
	}
	/* a sum's section says only which profile it was written with */
	if (s->name && strcmp(s->name, GMON_SUM_NAME) == 0)
		snprintf(magic, sizeof magic, "%s %d", GMON_SUM_MAGIC, GMON_SUM_VERSION);
	else
		snprintf(magic, sizeof magic, "%s %d", GMON_RUN_MAGIC, GMON_RUN_VERSION);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *tab = strchr(line, '\t'), **field = NULL;

		if (++lineno == 1) {
			if (strcmp(line, magic) != 0) {
				set_error(err, errlen, "%s: not a %s of version 1 (\"%s\" expected)",
					  name, s->name && strcmp(s->name, GMON_SUM_NAME) == 0 ? "sum"
											   : "run", magic);
				goto fail;
			}
			continue;
		}
		if (!tab || line[0] == '#')
			continue;
		*tab++ = '\0';
		text_without_controls(tab);
		if (strcmp(line, "job") == 0)
			field = &run->job;
		else if (strcmp(line, "build-id") == 0)
			field = &run->build_id;
		else if (strcmp(line, "host") == 0)
			field = &run->host;
		else if (strcmp(line, "size") == 0)
			run->size = strtol(tab, NULL, 10);
		else if (strcmp(line, "rank") == 0)
			run->rank = strtol(tab, NULL, 10);
		else if (strcmp(line, "pid") == 0)
			run->pid = strtol(tab, NULL, 10);
		else if (strcmp(line, "threads") == 0)
			run->threads = strtol(tab, NULL, 10);
		else if (strcmp(line, "signals") == 0) {
			run->signals = strtoull(tab, NULL, 10);
			run->has_signals = 1;
		} else if (strcmp(line, "signal-samples") == 0) {
			run->signal_samples = strtoull(tab, NULL, 10);
			run->has_signals = 1;
		} else if (strcmp(line, "profiler-signals-ns") == 0) {
			run->profiler_signals_ns = strtoull(tab, NULL, 10);
			run->has_profiler = 1;
		} else if (strcmp(line, "profiler-start-ns") == 0) {
			run->profiler_start_ns = strtoull(tab, NULL, 10);
		} else if (strcmp(line, "profiler-writes-ns") == 0) {
			run->profiler_writes_ns = strtoull(tab, NULL, 10);
			run->has_profiler = 1;
		}
		else if (strcmp(line, "start") == 0) {
			char *dot;

			run->start_s = strtoll(tab, &dot, 10);
			if (*dot == '.')
				run->start_ns = (uint32_t)strtoul(dot + 1, NULL, 10);
		}
		else if (strcmp(line, "profile") == 0) {
			char *space;

			run->profile_size = strtoull(tab, &space, 10);
			run->profile_checksum = strtoull(space, &space, 16);
			run->has_profile = space != tab && *space == '\0';
		}
		else if (strcmp(line, "engine") == 0)
			snprintf(run->engine, sizeof run->engine, "%s", tab);
		else if (strcmp(line, "task-clock-cpu-ns") == 0) {
			run->task_clock_cpu_ns = strtoull(tab, NULL, 10);
			run->has_task_clock = 1;
		} else if (strcmp(line, "task-clock-samples") == 0) {
			run->task_clock_samples = strtoull(tab, NULL, 10);
			run->has_task_clock = 1;
		} else if (strcmp(line, "wall-unplaced-samples") == 0)
			run->wall_unplaced_samples = strtoull(tab, NULL, 10);
		else if (strcmp(line, "cpus") == 0)
			run->cpus = strtol(tab, NULL, 10);
		else if (strcmp(line, "threads-cpu-ns") == 0) {
			run->threads_cpu_ns = strtoull(tab, NULL, 10);
			run->has_load = 1;
		} else if (strcmp(line, "threads-waited-ns") == 0) {
			run->threads_waited_ns = strtoull(tab, NULL, 10);
			run->has_load = 1;
		} else if (strcmp(line, "node-ticks") == 0) {
			run->node_ticks = strtoull(tab, NULL, 10);
			run->has_steal = 1;
		} else if (strcmp(line, "node-steal-ticks") == 0) {
			run->node_steal_ticks = strtoull(tab, NULL, 10);
			run->has_steal = 1;
		}
		else if (strcmp(line, "sample-cost-ns") == 0)
			run->sample_cost_ns = strtoull(tab, NULL, 10);
		else if (strcmp(line, "engine-refused") == 0)
			snprintf(run->engine_refused, sizeof run->engine_refused, "%s", tab);
		else if (strcmp(line, "mpi-world") == 0)
			snprintf(run->mpi_world, sizeof run->mpi_world, "%s", tab);
		if (field && !*field && !(*field = strdup(tab))) {
			set_error(err, errlen, "%s: out of memory", name);
			goto fail;
		}
	}
	if (lineno == 0) {
		set_error(err, errlen, "%s: empty run section", name);
		goto fail;
	}
	if ((!run->job && !(run->job = strdup("-"))) ||
	    (!run->build_id && !(run->build_id = strdup("-"))) ||
	    (!run->host && !(run->host = strdup("-")))) {
		set_error(err, errlen, "%s: out of memory", name);
		goto fail;
	}
	free(text);
	return 0;
fail:
	free(text);
	companion_run_free(run);
	return -1;
}

/* ---- Unpacking: the earlier files. ----------------------------------- */

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

int companion_unpack(const char *profile, char *err, size_t errlen)
{
	char *path = companion_file_path(profile);
	struct companion_file cf;
	int rc = 0;

	if (!path) {
		set_error(err, errlen, "out of memory");
		return -1;
	}
	if (companion_file_read(path, &cf, err, errlen) != 0) {
		free(path);
		return -1;
	}
	for (size_t i = 0; i < cf.nsections && rc == 0; i++) {
		const struct companion_section *s = &cf.sections[i];
		char *out = companion_path(profile, s->name);
		char *member = malloc(strlen(path) + strlen(s->name) + 2);
		struct profile p;
		FILE *f;

		if (!out || !member) {
			set_error(err, errlen, "out of memory");
			rc = -1;
		} else if (s->type == GMON_SECTION_LIBRARY) {
			sprintf(member, "%s/%s", path, s->name);
			profile_init(&p);
			if (profile_add_file(&p, member, err, errlen) != 0 ||
			    profile_write(&p, out, err, errlen) != 0)
				rc = -1;
			profile_free(&p);
		} else if (strcmp(s->name, GMON_RUN_NAME) != 0 && strcmp(s->name, GMON_SUM_NAME) != 0) {
			f = fopen(out, "w");
			if (!f || write_section(f, profile, s) != 0) {
				set_error(err, errlen, "%s: %s", out, strerror(errno));
				rc = -1;
			}
			if (f && fclose(f) != 0 && rc == 0) {
				set_error(err, errlen, "%s: %s", out, strerror(errno));
				rc = -1;
			}
		}
		free(out);
		free(member);
	}
	companion_file_free(&cf);
	free(path);
	return rc;
}

