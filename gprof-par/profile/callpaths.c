/*
 * callpaths.c - see callpaths.h.
 *
 * One job, kept in one file: a set of paths in the companion's text
 * format.  Its parts, the index of paths by their frames, reading a file
 * into the set, adding a set to another and writing it in canonical order,
 * all go through that private index and the module table (add_path,
 * companion_module_index): reading is adding, line by line, and a file
 * read on its own (unindexed) is what callpaths_add merges.  Split at the
 * reader, both halves would share add_path through an internal header and
 * neither would read alone; the runtime's writer of the same format is
 * libgmon-mpi/callpaths.c.
 */
#include "callpaths.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "companion-file.h"
#include "companion-text.h"
#include "companions.h"
#include "errors.h"
#include "files.h"
#include "gmon-callpaths.h"
#include "gmon-modules.h"
#include "grow.h"

void callpaths_init(struct callpaths *cp)
{
	memset(cp, 0, sizeof *cp);
}

void callpaths_free(struct callpaths *cp)
{
	companion_modules_free(cp->modules, cp->nmodules);
	name_index_free(&cp->module_index);
	free(cp->frames);
	free(cp->paths);
	free(cp->slots);
	callpaths_init(cp);
}

/* ---- the set's paths, indexed by their frames ---- */

/* Every bit of each frame's module and address reaches the low bits the
 * index uses: paths that differ only in the module index (the same offset
 * in 10^5 libraries) all fell in one run of slots when the module was
 * added above bit 48 (25 s to sum one file of 10^5 such paths). */
static uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

static uint64_t frames_hash(const struct callpath_frame *f, uint32_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (uint32_t i = 0; i < n; i++)
		h = mix((h ^ f[i].addr) * 0x9e3779b97f4a7c15ull + f[i].module);
	return h;
}

static int same_frames(const struct callpath_frame *a, const struct callpath_frame *b,
		       uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (a[i].module != b[i].module || a[i].addr != b[i].addr)
			return 0;
	return 1;
}

static int rebuild_index(struct callpaths *cp, size_t nslots)
{
	size_t *slots = malloc(nslots * sizeof *slots);

	if (!slots)
		return -1;
	for (size_t s = 0; s < nslots; s++)
		slots[s] = SIZE_MAX;
	for (size_t p = 0; p < cp->npaths; p++) {
		const struct callpath *cpth = &cp->paths[p];
		size_t s = frames_hash(&cp->frames[cpth->first], cpth->nframes) & (nslots - 1);

		while (slots[s] != SIZE_MAX)
			s = (s + 1) & (nslots - 1);
		slots[s] = p;
	}
	free(cp->slots);
	cp->slots = slots;
	cp->nslots = nslots;
	return 0;
}

/* Adds samples to the path of frames f[0..n) (copied if new), whose index
 * goes to *at.  -1: no memory. */
static int add_path(struct callpaths *cp, const struct callpath_frame *f, uint32_t n,
		    uint64_t samples, size_t *at)
{
	uint64_t h;
	size_t s = 0;
	struct callpath *paths;
	struct callpath_frame *frames;

	if (cp->unindexed)
		goto append;
	h = frames_hash(f, n);
	if ((cp->npaths + 1) * 2 > cp->nslots &&
	    rebuild_index(cp, cp->nslots ? 2 * cp->nslots : 1024) != 0)
		return -1;
	for (s = h & (cp->nslots - 1); cp->slots[s] != SIZE_MAX; s = (s + 1) & (cp->nslots - 1)) {
		struct callpath *p = &cp->paths[cp->slots[s]];

		if (p->nframes == n && same_frames(&cp->frames[p->first], f, n)) {
			p->samples += samples;
			cp->samples += samples;
			*at = cp->slots[s];
			return 0;
		}
	}
append:
	paths = grow_array(cp->paths, &cp->paths_cap, cp->npaths + 1, sizeof *paths, 256);
	if (!paths)
		return -1;
	cp->paths = paths;
	frames = grow_array(cp->frames, &cp->frames_cap, cp->nframes + n, sizeof *frames, 4096);
	if (!frames)
		return -1;
	cp->frames = frames;
	memcpy(&cp->frames[cp->nframes], f, n * sizeof *f);
	cp->paths[cp->npaths] = (struct callpath){ samples, cp->nframes, n };
	cp->nframes += n;
	if (!cp->unindexed)
		cp->slots[s] = cp->npaths;
	*at = cp->npaths++;
	cp->samples += samples;
	return 0;
}

/* ---- reading ---- */

struct reader {
	const char *path;
	size_t lineno;
	char *err;
	size_t errlen;
	uint32_t *module_map;    /* the file's module index -> the set's */
	size_t nmap, map_cap;
	uint64_t profiles;       /* its "# profiles summed" line's, when said */
	int profiles_said;       /* without the line: a rank's file, one */
	struct callpath_frame frames[GMON_CALLPATHS_MAX_DEPTH];
};

static int fail(struct reader *r, const char *what)
{
	set_error(r->err, r->errlen, "%s:%zu: %s", r->path, r->lineno, what);
	return -1;
}

/* "rate<TAB>N" */
static int parse_rate(struct callpaths *cp, struct reader *r, char *value)
{
	uint64_t rate;

	if (companion_parse_u64(value, 10, &rate) != 0 || rate == 0 || rate > UINT32_MAX)
		return fail(r, "not a sampling rate (rate, a TAB, samples per second)");
	if (cp->rate && cp->rate != rate) {
		set_error(r->err, r->errlen, "%s:%zu: sampled at %" PRIu64 " per second, the "
			  "other paths at %u: cannot be added", r->path, r->lineno, rate, cp->rate);
		return -1;
	}
	cp->rate = (unsigned)rate;
	return 0;
}

/* "module<TAB>INDEX<TAB>BUILD-ID<TAB>PATH" */
static int parse_module(struct callpaths *cp, struct reader *r, char *fields)
{
	const char *build_id, *path, *why;
	uint64_t i = r->nmap;
	int64_t to;

	if (companion_parse_module(fields, r->nmap, &build_id, &path, &why) != 0)
		return fail(r, why);
	to = companion_module_index(&cp->modules, &cp->nmodules, &cp->modules_cap,
				    &cp->module_index, path, build_id);
	if (to < 0)
		return fail(r, "out of memory");
	if ((i == 0) != (to == 0)) {
		set_error(r->err, r->errlen, "%s:%zu: the executable %s is not the one of the "
			  "other paths (%s%s%s)", r->path, r->lineno, path, cp->modules[0].path,
			  cp->modules[0].build_id ? ", build-id " : "",
			  cp->modules[0].build_id ? cp->modules[0].build_id : "");
		return -1;
	}
	r->module_map = grow_array(r->module_map, &r->map_cap, r->nmap + 1,
				   sizeof *r->module_map, 16);
	if (!r->module_map)
		return fail(r, "out of memory");
	r->module_map[r->nmap++] = (uint32_t)to;
	return 0;
}

/* One frame "MODULE:ADDRESS" at *text, ending at a space or the end of the
 * line; *text is left after it (companion-text.h scans it by hand). */
static int parse_frame(struct reader *r, const char **text, struct callpath_frame *f)
{
	uint64_t module;

	if (companion_scan_frame(text, ' ', r->nmap, &module, &f->addr) != 0)
		return -1;
	f->module = module == COMPANION_NO_MODULE ? CALLPATH_NO_MODULE : r->module_map[module];
	return 0;
}

/* "path<TAB>SAMPLES<TAB>FRAME FRAME ..." */
static int parse_path(struct callpaths *cp, struct reader *r, char *fields)
{
	char *frames = strchr(fields, '\t');
	uint64_t samples;
	uint32_t n = 0;
	size_t at;   /* (a path read is no path added: cp->added is not told) */

	if (!frames)
		return fail(r, "not a path line (path, samples, frames)");
	*frames++ = '\0';
	if (companion_parse_u64(fields, 10, &samples) != 0)
		return fail(r, "a path's samples must be a number");
	for (const char *f = frames; *f;) {
		if (n == GMON_CALLPATHS_MAX_DEPTH)
			return fail(r, "a path of more than 128 frames");
		if (parse_frame(r, &f, &r->frames[n++]) != 0)
			return fail(r, "a frame must be MODULE:ADDRESS (a listed module's index, or "
				    "-, and hex)");
	}
	if (n == 0)
		return fail(r, "a path without frames");
	if (samples > UINT64_MAX - cp->samples)
		return fail(r, "too many samples");
	if (add_path(cp, r->frames, n, samples, &at) != 0)
		return fail(r, "out of memory");
	return 0;
}

/* The runtime's summary comment: what it could not keep; a sum's: the
 * profiles it holds. */
static int parse_summary(struct callpaths *cp, struct reader *r, const char *line)
{
	unsigned long long kept, lost, cut, profiles;
	unsigned depth;

	if (sscanf(line, "# profiles summed: %llu", &profiles) == 1) {
		r->profiles = profiles;
		r->profiles_said = 1;
		return 0;
	}
	if (sscanf(line, "# samples with a path: %llu; lost (table full): %llu; cut at %u "
		   "frames: %llu", &kept, &lost, &depth, &cut) == 4) {
		if (lost > UINT64_MAX - cp->lost || cut > UINT64_MAX - cp->cut)
			return fail(r, "too many samples (lost or cut paths)");
		cp->lost += lost;
		cp->cut += cut;
	}
	return 0;
}

static int parse_line(struct callpaths *cp, struct reader *r, char *line)
{
	char *tab = strchr(line, '\t');

	if (line[0] == '#')
		return parse_summary(cp, r, line);
	if (!tab)
		return line[0] ? fail(r, "not a line of a paths file (no TAB)") : 0;
	*tab++ = '\0';
	if (strcmp(line, "rate") == 0)
		return parse_rate(cp, r, tab);
	if (strcmp(line, "module") == 0)
		return parse_module(cp, r, tab);
	if (strcmp(line, "path") == 0) {
		if (r->nmap == 0)
			return fail(r, "a path before the module lines");
		return parse_path(cp, r, tab);
	}
	return 0;   /* a keyword of a later minor version */
}

/* A reader of the file (or text) named path, for cp; NULL: out of memory. */
static struct reader *reader_new(const char *path, char *err, size_t errlen)
{
	struct reader *r = calloc(1, sizeof *r);

	if (!r) {
		set_error(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	*r = (struct reader){ .path = path, .err = err, .errlen = errlen };
	return r;
}

/*
 * One line: the next line's len characters, its newline already replaced
 * by a NUL (the readers check that there was one).  The first line must be
 * the magic; the others are parsed into cp.
 */
static int take_line(struct callpaths *cp, struct reader *r, char *line, size_t len)
{
	char magic[64];

	if (strlen(line) != len)
		return fail(r, "a NUL byte: not a text file");
	if (r->lineno > 1)
		return parse_line(cp, r, line);
	snprintf(magic, sizeof magic, "%s %d", GMON_CALLPATHS_MAGIC, GMON_CALLPATHS_VERSION);
	if (strcmp(line, magic) != 0)
		return fail(r, "not a paths file of version 1 (\"# gmon-mpi paths 1\" expected)");
	return 0;
}

/* After the last line: an empty input is no paths file; a good one counts. */
static int reader_end(struct callpaths *cp, struct reader *r, int status)
{
	if (status == 0 && r->lineno == 0) {
		set_error(r->err, r->errlen, "%s: empty, not a paths file", r->path);
		status = -1;
	}
	if (status == 0) {
		cp->nfiles++;
		cp->profiles += r->profiles_said ? r->profiles : 1;
	}
	free(r->module_map);
	free(r);
	return status;
}

/* Adds the paths file at path to cp.  Returns 0, or -1 with a message
 * naming the file (and line) in err; after a failure cp may hold part of
 * the file: free it, do not use it. */
static int add_file(struct callpaths *cp, const char *path, char *err, size_t errlen)
{
	off_t size = 0;
	FILE *f = companion_fopen(path, "a paths file", &size, err, errlen);
	struct reader *r;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int status = 0;

	if (!f)
		return -1;
	r = reader_new(path, err, errlen);
	if (!r) {
		fclose(f);
		return -1;
	}
	while (status == 0 && (len = getline(&line, &cap, f)) >= 0) {
		r->lineno++;
		if (len == 0 || line[len - 1] != '\n') {
			status = fail(r, "the last line is cut short (no newline)");
		} else {
			line[--len] = '\0';
			status = take_line(cp, r, line, (size_t)len);
		}
	}
	if (status == 0 && ferror(f))
		status = fail(r, strerror(errno));
	free(line);
	fclose(f);
	if (status == 0)
		cp->bytes += (uint64_t)size;
	return reader_end(cp, r, status);
}

int callpaths_add_text(struct callpaths *cp, char *text, size_t len, const char *name,
		       char *err, size_t errlen)
{
	struct reader *r = reader_new(name, err, errlen);
	char *end = text + len;
	int status = 0;

	if (!r)
		return -1;
	for (char *line = text; status == 0 && line < end;) {
		char *nl = memchr(line, '\n', (size_t)(end - line));

		r->lineno++;
		if (!nl) {
			status = fail(r, "the last line is cut short (no newline)");
			break;
		}
		*nl = '\0';
		status = take_line(cp, r, line, (size_t)(nl - line));
		line = nl + 1;
	}
	return reader_end(cp, r, status);
}

/* The file at path into an empty cp that only collects its lines (a path
 * on several lines stays several entries): the cheapest way to check a
 * file before callpaths_add() merges it into a sum.  cp is for that only. */
static int read_file(struct callpaths *cp, const char *path, char *err, size_t errlen)
{
	callpaths_init(cp);
	cp->unindexed = 1;
	return add_file(cp, path, err, errlen);
}

int callpaths_add(struct callpaths *cp, const struct callpaths *src, char *err, size_t errlen)
{
	uint32_t *map = malloc((src->nmodules ? src->nmodules : 1) * sizeof *map);
	struct callpath_frame frames[GMON_CALLPATHS_MAX_DEPTH];

	if (!map)
		goto oom;
	if (src->samples > UINT64_MAX - cp->samples || src->lost > UINT64_MAX - cp->lost ||
	    src->cut > UINT64_MAX - cp->cut) {
		/* (a path's samples are at most the set's: none overflows) */
		set_error(err, errlen, "too many samples to add: the sum's would pass 2^64 - 1");
		free(map);
		return -2;
	}
	if (src->rate && cp->rate && src->rate != cp->rate) {
		set_error(err, errlen, "paths sampled at %u and %u per second cannot be added",
			  src->rate, cp->rate);
		free(map);
		return -1;
	}
	/* Checked before cp changes: a set that cannot be added leaves it as
	 * it was (no module of its own left behind). */
	for (size_t m = 0; m < src->nmodules; m++) {
		const struct companion_module *exe = cp->nmodules ? &cp->modules[0] : &src->modules[0];

		if ((m == 0) != companion_same_module(exe, src->modules[m].path,
						      src->modules[m].build_id)) {
			set_error(err, errlen, "paths of %s and of %s cannot be added: not the same "
				  "executable", src->modules[0].path, exe->path);
			free(map);
			return -1;
		}
	}
	for (size_t m = 0; m < src->nmodules; m++) {
		int64_t to = companion_module_index(&cp->modules, &cp->nmodules, &cp->modules_cap,
						    &cp->module_index,
						    src->modules[m].path, src->modules[m].build_id);

		if (to < 0)
			goto oom;
		map[m] = (uint32_t)to;
	}
	for (size_t p = 0; p < src->npaths; p++) {
		const struct callpath *sp = &src->paths[p];
		size_t at;

		for (uint32_t i = 0; i < sp->nframes; i++) {
			frames[i] = src->frames[sp->first + i];
			if (frames[i].module != CALLPATH_NO_MODULE)
				frames[i].module = map[frames[i].module];
		}
		if (add_path(cp, frames, sp->nframes, sp->samples, &at) != 0)
			goto oom;
		if (cp->added)
			cp->added(cp->added_ctx, cp, at, sp->samples);
	}
	if (src->rate)
		cp->rate = src->rate;
	cp->lost += src->lost;
	cp->cut += src->cut;
	cp->nfiles += src->nfiles;
	cp->profiles += src->profiles;
	cp->bytes += src->bytes;
	free(map);
	return 0;
oom:
	free(map);
	set_error(err, errlen, "out of memory adding call paths");
	return -1;
}

/* ---- writing, in canonical order ---- */

struct order {
	const struct callpaths *cp;
	const uint32_t *rank;    /* module index -> its position in the file */
};

static struct order sorting; /* qsort has no context argument */

static int cmp_frame(const struct callpath_frame *l, const struct callpath_frame *r)
{
	uint64_t lm = l->module == CALLPATH_NO_MODULE ? UINT64_MAX : sorting.rank[l->module];
	uint64_t rm = r->module == CALLPATH_NO_MODULE ? UINT64_MAX : sorting.rank[r->module];

	if (lm != rm)
		return lm < rm ? -1 : 1;
	return l->addr < r->addr ? -1 : l->addr > r->addr;
}

static int cmp_paths(const void *a, const void *b)
{
	const struct callpath *l = &sorting.cp->paths[*(const size_t *)a];
	const struct callpath *r = &sorting.cp->paths[*(const size_t *)b];
	uint32_t n = l->nframes < r->nframes ? l->nframes : r->nframes;

	for (uint32_t i = 0; i < n; i++) {
		int c = cmp_frame(&sorting.cp->frames[l->first + i],
				  &sorting.cp->frames[r->first + i]);

		if (c)
			return c;
	}
	return l->nframes < r->nframes ? -1 : l->nframes > r->nframes;
}

int callpaths_print(FILE *out, const struct callpaths *cp)
{
	struct companion_order co;
	const uint32_t *rank;

	if (companion_order_init(&co, cp->modules, cp->nmodules, cp->npaths) != 0)
		return -1;
	rank = co.rank;
	sorting = (struct order){ cp, rank };
	qsort(co.items, cp->npaths, sizeof *co.items, cmp_paths);

	fprintf(out, "%s %d\n", GMON_CALLPATHS_MAGIC, GMON_CALLPATHS_VERSION);
	if (cp->rate)   /* none of the files said (a reader refuses "rate 0") */
		fprintf(out, "rate\t%u\n", cp->rate);
	companion_print_modules(out, cp->modules, cp->nmodules, co.by_name);
	for (size_t k = 0; k < cp->npaths; k++) {
		const struct callpath *p = &cp->paths[co.items[k]];

		fprintf(out, "path\t%" PRIu64 "\t", p->samples);
		for (uint32_t i = 0; i < p->nframes; i++) {
			const struct callpath_frame *f = &cp->frames[p->first + i];

			if (f->module == CALLPATH_NO_MODULE)
				fprintf(out, "%s-:%" PRIx64, i ? " " : "", f->addr);
			else
				fprintf(out, "%s%u:%" PRIx64, i ? " " : "", rank[f->module], f->addr);
		}
		fputc('\n', out);
	}
	/* a sum's, and the state's 0 (a reader counts a file without it as 1) */
	if (cp->profiles != 1)
		fprintf(out, "# profiles summed: %" PRIu64 "\n", cp->profiles);
	fprintf(out, "# samples with a path: %" PRIu64 "; lost (table full): %" PRIu64
		"; cut at %d frames: %" PRIu64 "\n", cp->samples, cp->lost,
		GMON_CALLPATHS_MAX_DEPTH, cp->cut);
	companion_order_free(&co);
	return ferror(out) ? -1 : 0;
}

int callpaths_print_state(FILE *out, const struct callpaths *cp)
{
	struct callpaths state;

	callpaths_init(&state);
	state.rate = cp->rate;
	state.modules = cp->modules;
	state.nmodules = cp->nmodules ? 1 : 0;
	return callpaths_print(out, &state);
}

/* ---- the paths beside a profile ---- */

char *callpaths_beside(const char *profile)
{
	return companion_path(profile, GMON_CALLPATHS_NAME);
}

int callpaths_add_beside(struct callpaths *cp, const char *profile, char *err, size_t errlen)
{
	char *path = companion_input_path(profile, GMON_CALLPATHS_NAME);
	struct callpaths one;
	char why[1024];
	int status = 0;

	if (!path) {
		set_error(err, errlen, "out of memory");
		return -1;
	}
	if (!companion_input_exists(path)) {
		free(path);
		return 1;
	}
	/* the file on its own first: a bad one leaves cp as it was */
	if (read_file(&one, path, err, errlen) != 0) {
		status = -1;
	} else if ((status = callpaths_add(cp, &one, why, sizeof why)) != 0) {
		set_error(err, errlen, "%s: %s", path, why);   /* read, not added */
		status = status == -2 ? -2 : -1;
	}
	callpaths_free(&one);
	free(path);
	return status;
}
