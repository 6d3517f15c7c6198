/*
 * module-calls.c - see module-calls.h.
 */
#include "module-calls.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "companion-file.h"
#include "companion-text.h"
#include "errors.h"
#include "files.h"
#include "gmon-calls.h"
#include "grow.h"

void module_calls_init(struct module_calls *mc)
{
	memset(mc, 0, sizeof *mc);
}

void module_calls_free(struct module_calls *mc)
{
	companion_modules_free(mc->modules, mc->nmodules);
	name_index_free(&mc->module_index);
	free(mc->calls);
	free(mc->slots);
	module_calls_init(mc);
}

static uint64_t call_hash(const struct module_call *c)
{
	uint64_t h = 0xcbf29ce484222325ull;
	uint64_t words[4] = { c->from, c->to, c->from_module, c->to_module };

	for (int i = 0; i < 4; i++) {
		h ^= words[i];
		h *= 0x100000001b3ull;
		h ^= h >> 29;
	}
	return h;
}

static int same_call(const struct module_call *a, const struct module_call *b)
{
	return a->from == b->from && a->to == b->to && a->from_module == b->from_module &&
	       a->to_module == b->to_module;
}

static int rebuild_index(struct module_calls *mc, size_t nslots)
{
	size_t *slots = malloc(nslots * sizeof *slots);

	if (!slots)
		return -1;
	for (size_t s = 0; s < nslots; s++)
		slots[s] = SIZE_MAX;
	for (size_t i = 0; i < mc->ncalls; i++) {
		size_t s = call_hash(&mc->calls[i]) & (nslots - 1);

		while (slots[s] != SIZE_MAX)
			s = (s + 1) & (nslots - 1);
		slots[s] = i;
	}
	free(mc->slots);
	mc->slots = slots;
	mc->nslots = nslots;
	return 0;
}

/* Adds c's count to its pair (appended if new).  -1: no memory or the
 * count overflows (*overflow set). */
static int add_call(struct module_calls *mc, const struct module_call *c, int *overflow)
{
	struct module_call *grown;
	size_t s;

	if ((mc->ncalls + 1) * 2 > mc->nslots &&
	    rebuild_index(mc, mc->nslots ? 2 * mc->nslots : 256) != 0)
		return -1;
	for (s = call_hash(c) & (mc->nslots - 1); mc->slots[s] != SIZE_MAX;
	     s = (s + 1) & (mc->nslots - 1)) {
		struct module_call *have = &mc->calls[mc->slots[s]];

		if (same_call(have, c)) {
			if (have->count > UINT64_MAX - c->count) {
				*overflow = 1;
				return -1;
			}
			have->count += c->count;
			return 0;
		}
	}
	grown = grow_array(mc->calls, &mc->calls_cap, mc->ncalls + 1, sizeof *grown, 64);
	if (!grown)
		return -1;
	mc->calls = grown;
	mc->calls[mc->ncalls] = *c;
	mc->slots[s] = mc->ncalls++;
	return 0;
}

/* ---- reading ---- */

struct reader {
	const char *path;
	size_t lineno;
	char *err;
	size_t errlen;
	uint64_t nmodules;       /* module lines read */
};

static int fail(struct reader *r, const char *what)
{
	set_error(r->err, r->errlen, "%s:%zu: %s", r->path, r->lineno, what);
	return -1;
}

/* "call<TAB>COUNT<TAB>FROM<TAB>TO" */
static int parse_call(struct module_calls *one, struct reader *r, char *fields)
{
	char *frames = strchr(fields, '\t');
	struct module_call c;
	uint64_t fm, tm;
	const char *f;
	int overflow = 0;

	if (!frames)
		return fail(r, "not a call line (call, count, from, to)");
	*frames++ = '\0';
	if (companion_parse_u64(fields, 10, &c.count) != 0)
		return fail(r, "a call's count must be a number");
	f = frames;
	if (companion_scan_frame(&f, '\t', r->nmodules, &fm, &c.from) != 0 || f[-1] != '\t' ||
	    companion_scan_frame(&f, '\0', r->nmodules, &tm, &c.to) != 0)
		return fail(r, "a call's FROM and TO must be MODULE:ADDRESS (a listed module's "
			    "index, or -, and hex), separated by a TAB");
	c.from_module = fm == COMPANION_NO_MODULE ? MODULE_CALLS_NO_MODULE : (uint32_t)fm;
	c.to_module = tm == COMPANION_NO_MODULE ? MODULE_CALLS_NO_MODULE : (uint32_t)tm;
	if (add_call(one, &c, &overflow) != 0)
		return fail(r, overflow ? "too many calls" : "out of memory");
	return 0;
}

static int parse_line(struct module_calls *one, struct reader *r, char *line)
{
	char *tab = strchr(line, '\t');

	if (line[0] == '#' || !line[0])
		return 0;
	if (!tab)
		return fail(r, "not a line of a calls file (no TAB)");
	*tab++ = '\0';
	if (strcmp(line, "module") == 0) {
		const char *build_id, *path, *why;

		if (companion_parse_module(tab, r->nmodules, &build_id, &path, &why) != 0)
			return fail(r, why);
		if (companion_module_index(&one->modules, &one->nmodules, &one->modules_cap,
					   &one->module_index, path,
					   build_id) != (int64_t)r->nmodules)
			return fail(r, "a module listed twice, or out of memory");
		r->nmodules++;
		return 0;
	}
	if (strcmp(line, "call") == 0) {
		if (r->nmodules == 0)
			return fail(r, "a call before the module lines");
		return parse_call(one, r, tab);
	}
	return 0;   /* a keyword of a later minor version */
}

/* The text of a whole file into one (empty). */
static int parse_text(struct module_calls *one, struct reader *r, char *text, size_t len)
{
	char magic[64];
	char *end = text + len;

	snprintf(magic, sizeof magic, "%s %d", GMON_CALLS_MAGIC, GMON_CALLS_VERSION);
	if (len == 0) {
		set_error(r->err, r->errlen, "%s: empty, not a calls file", r->path);
		return -1;
	}
	for (char *line = text; line < end;) {
		char *nl = memchr(line, '\n', (size_t)(end - line));

		r->lineno++;
		if (!nl)
			return fail(r, "the last line is cut short (no newline)");
		*nl = '\0';
		if (strlen(line) != (size_t)(nl - line))
			return fail(r, "a NUL byte: not a text file");
		if (r->lineno == 1) {
			if (strcmp(line, magic) != 0)
				return fail(r, "not a calls file of version 1 (\"" GMON_CALLS_MAGIC
					    " 1\" expected)");
		} else if (parse_line(one, r, line) != 0) {
			return -1;
		}
		line = nl + 1;
	}
	return 0;
}

/* The pair of c in mc, or NULL. */
static const struct module_call *find_call(const struct module_calls *mc,
					   const struct module_call *c)
{
	if (mc->nslots == 0)
		return NULL;
	for (size_t s = call_hash(c) & (mc->nslots - 1); mc->slots[s] != SIZE_MAX;
	     s = (s + 1) & (mc->nslots - 1))
		if (same_call(&mc->calls[mc->slots[s]], c))
			return &mc->calls[mc->slots[s]];
	return NULL;
}

/* Whether a call of src (its pairs are distinct, and so are their images
 * in mc) would count past 2^64 - 1 in mc: checked before mc changes. */
static int would_overflow(struct module_calls *mc, const struct module_calls *src)
{
	int64_t *map = malloc((src->nmodules ? src->nmodules : 1) * sizeof *map);
	int over = 0;

	if (!map)
		return 0;   /* then add_set finds it, out of memory first */
	for (size_t m = 0; m < src->nmodules; m++)
		map[m] = companion_module_find(mc->modules, mc->nmodules, &mc->module_index,
					       src->modules[m].path, src->modules[m].build_id);
	for (size_t i = 0; i < src->ncalls && !over; i++) {
		struct module_call c = src->calls[i];
		const struct module_call *have;

		if ((c.from_module != MODULE_CALLS_NO_MODULE && map[c.from_module] < 0) ||
		    (c.to_module != MODULE_CALLS_NO_MODULE && map[c.to_module] < 0))
			continue;   /* a module new to mc: a new pair */
		if (c.from_module != MODULE_CALLS_NO_MODULE)
			c.from_module = (uint32_t)map[c.from_module];
		if (c.to_module != MODULE_CALLS_NO_MODULE)
			c.to_module = (uint32_t)map[c.to_module];
		have = find_call(mc, &c);
		over = have && have->count > UINT64_MAX - c.count;
	}
	free(map);
	return over;
}

/* Adds the set src to mc; a set of another executable, or one whose counts
 * would add up past 2^64 - 1 (-2), is refused first, leaving mc as it was. */
static int add_set(struct module_calls *mc, const struct module_calls *src, const char *name,
		   char *err, size_t errlen)
{
	uint32_t *map = malloc((src->nmodules ? src->nmodules : 1) * sizeof *map);
	int overflow = 0;

	if (!map)
		goto oom;
	if (mc->nmodules > 0 && src->nmodules > 0 &&
	    !companion_same_module(&mc->modules[0], src->modules[0].path, src->modules[0].build_id)) {
		set_error(err, errlen, "%s: the calls of %s cannot be added to those of %s: not "
			  "the same executable", name, src->modules[0].path, mc->modules[0].path);
		free(map);
		return -1;
	}
	if (would_overflow(mc, src)) {
		set_error(err, errlen, "%s: too many calls to add", name);
		free(map);
		return -2;
	}
	for (size_t m = 0; m < src->nmodules; m++) {
		int64_t to = companion_module_index(&mc->modules, &mc->nmodules, &mc->modules_cap,
						    &mc->module_index,
						    src->modules[m].path, src->modules[m].build_id);

		if (to < 0)
			goto oom;
		map[m] = (uint32_t)to;
	}
	for (size_t i = 0; i < src->ncalls; i++) {
		struct module_call c = src->calls[i];

		if (c.from_module != MODULE_CALLS_NO_MODULE)
			c.from_module = map[c.from_module];
		if (c.to_module != MODULE_CALLS_NO_MODULE)
			c.to_module = map[c.to_module];
		if (add_call(mc, &c, &overflow) != 0)
			goto oom;   /* (would_overflow found any overflow) */
	}
	mc->nfiles++;
	free(map);
	return 0;
oom:
	free(map);
	set_error(err, errlen, "%s: out of memory adding the calls", name);
	return -1;
}

int module_calls_add_text(struct module_calls *mc, char *text, size_t len, const char *name,
			  char *err, size_t errlen)
{
	struct module_calls one;
	struct reader r = { .path = name, .err = err, .errlen = errlen };
	int status;

	module_calls_init(&one);
	status = parse_text(&one, &r, text, len);
	if (status == 0)
		status = add_set(mc, &one, name, err, errlen);
	module_calls_free(&one);
	return status;
}

int module_calls_add_file(struct module_calls *mc, const char *path, char *err,
			  size_t errlen)
{
	size_t len;
	char *text = companion_read_whole(path, "a calls file", &len, err, errlen);
	int status;

	if (!text)
		return errno == ENOENT ? 1 : -1;
	status = module_calls_add_text(mc, text, len, path, err, errlen);
	free(text);
	return status;
}

/* ---- writing, in canonical order ---- */

static struct {
	const struct module_calls *mc;
	const uint32_t *rank;
} sorting;   /* qsort has no context argument */

static uint64_t rank_of(uint32_t module)
{
	return module == MODULE_CALLS_NO_MODULE ? UINT64_MAX : sorting.rank[module];
}

static int cmp_u64(uint64_t l, uint64_t r)
{
	return l < r ? -1 : l > r;
}

static int cmp_calls(const void *a, const void *b)
{
	const struct module_call *l = &sorting.mc->calls[*(const size_t *)a];
	const struct module_call *r = &sorting.mc->calls[*(const size_t *)b];
	int c = cmp_u64(rank_of(l->from_module), rank_of(r->from_module));

	if (!c)
		c = cmp_u64(l->from, r->from);
	if (!c)
		c = cmp_u64(rank_of(l->to_module), rank_of(r->to_module));
	return c ? c : cmp_u64(l->to, r->to);
}

static void print_frame(FILE *out, uint32_t module, uint64_t addr)
{
	if (module == MODULE_CALLS_NO_MODULE)
		fprintf(out, "-:%" PRIx64, addr);
	else
		fprintf(out, "%" PRIu64 ":%" PRIx64, rank_of(module), addr);
}

int module_calls_print(FILE *out, const struct module_calls *mc)
{
	struct companion_order co;

	if (companion_order_init(&co, mc->modules, mc->nmodules, mc->ncalls) != 0)
		return -1;
	sorting.mc = mc;
	sorting.rank = co.rank;
	qsort(co.items, mc->ncalls, sizeof *co.items, cmp_calls);
	fprintf(out, "%s %d\n", GMON_CALLS_MAGIC, GMON_CALLS_VERSION);
	companion_print_modules(out, mc->modules, mc->nmodules, co.by_name);
	for (size_t k = 0; k < mc->ncalls; k++) {
		const struct module_call *c = &mc->calls[co.items[k]];

		fprintf(out, "call\t%" PRIu64 "\t", c->count);
		print_frame(out, c->from_module, c->from);
		fputc('\t', out);
		print_frame(out, c->to_module, c->to);
		fputc('\n', out);
	}
	companion_order_free(&co);
	return ferror(out) ? -1 : 0;
}

int module_calls_print_state(FILE *out, const struct module_calls *mc)
{
	struct module_calls state = *mc;

	state.nmodules = mc->nmodules > 0;
	state.ncalls = 0;
	return module_calls_print(out, &state);
}
