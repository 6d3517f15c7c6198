/*
 * measured.c - see measured.h.
 */
#include "measured.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "demangle.h"
#include "errors.h"
#include "gmon-callpaths.h"
#include "grow.h"
#include "inlines.h"
#include "measured-sites.h"
#include "module-symbols.h"
#include "name-index.h"
#include "symtab.h"

/* A load module of the paths: the executable (index 0) or a shared library
 * with its own symbols, when its file could be read. */
struct library {
	struct symtab st;
	int loaded;
	size_t *ids;             /* symbol index -> fn id, SIZE_MAX: none yet */
	size_t module_id;        /* the module as a whole, SIZE_MAX: none yet */
	const char *base;        /* the module's base name, owned by m (the paths
				  * may be freed before m) */
	const char *build_id;    /* owned by m too; NULL: none */
};

/* Names frames; kept in the measured set that owns the names, so that
 * other profiles' paths (measured_resolve_part) get the same ids. */
struct resolver {
	struct measured *m;      /* where new names go */
	const struct symtab *exe;
	size_t *exe_ids;         /* executable symbol index -> fn id */
	size_t unknown_id;       /* frames in no module */
	struct library *libs;    /* [0]: the executable */
	size_t nlibs, libs_cap;
	struct name_index index; /* of libs[1 ..] by base name and build-id */
	struct inlines *inlines; /* MEASURED_INLINES: the executable's DWARF */
	struct name_index inlined; /* the inlined functions' fns, by name */
	int demangle;
	unsigned lib_flags;      /* the libraries' symtab flags */
	FILE *warnings;
	const char *program;
	const char **unnamed;    /* "LIBRARY (why)" of each library that could
				  * not be named, owned by m; warned at once */
	size_t nunnamed, unnamed_cap;
};

/* One paths set being named: its module indexes -> the resolver's libs. */
struct naming {
	struct resolver *r;
	const struct callpaths *cp;
	size_t *lib_of;
	struct measured *into;   /* where the named paths go */
};

static size_t add_fn(struct measured *m, struct measured_fn fn)
{
	struct measured_fn *grown = grow_array(m->fns, &m->fns_cap, m->nfns + 1, sizeof *grown, 64);

	if (!grown)
		return SIZE_MAX;
	m->fns = grown;
	m->fns[m->nfns] = fn;
	return m->nfns++;
}

/* s (malloc'ed, may be NULL) freed with m; NULL when out of memory. */
static const char *adopt_name(struct measured *m, char *s)
{
	char **grown;

	if (!s)
		return NULL;
	grown = grow_array(m->owned_names, &m->owned_cap, m->nowned + 1, sizeof *grown, 16);
	if (!grown) {
		free(s);
		return NULL;
	}
	m->owned_names = grown;
	m->owned_names[m->nowned++] = s;
	return s;
}

/* A name made here, freed with m. */
static const char *own_name(struct measured *m, const char *prefix, const char *name,
			    const char *suffix)
{
	size_t len = strlen(prefix) + strlen(name) + strlen(suffix) + 1;
	char *s = malloc(len);

	if (s)
		snprintf(s, len, "%s%s%s", prefix, name, suffix);
	return adopt_name(m, s);
}

static size_t module_fn(struct resolver *r, size_t module)
{
	struct library *lib = &r->libs[module];
	const char *base = lib->base;

	if (lib->module_id == SIZE_MAX) {
		const char *name = own_name(r->m, "[", base, "]");

		if (name)
			lib->module_id = add_fn(r->m, (struct measured_fn){ name, base, NULL, 0,
									   SIZE_MAX, 0, 0, 0 });
	}
	return lib->module_id;
}

/* Whether the library's table has the build-id the paths recorded. */
static int same_build_id(const struct symtab *st, const char *hex)
{
	if (!hex || !st->build_id)
		return !hex && !st->build_id;
	if (strlen(hex) < 2 * st->build_id_len)
		return 0;
	for (size_t i = 0; i < st->build_id_len; i++) {
		char two[3];

		snprintf(two, sizeof two, "%02x", st->build_id[i]);
		if (memcmp(two, hex + 2 * i, 2) != 0)
			return 0;
	}
	return hex[2 * st->build_id_len] == '\0';
}

/* Notes that lib's frames are named after it only, and why; a library
 * whose file has no function at all (stripped to its data: Open MPI's
 * plugins) is not noted: its frames' name, [LIBRARY], says all there is. */
static void note_unnamed(struct resolver *r, const struct library *lib, const char *why)
{
	const char **grown;
	const char *s;

	if (!r->warnings || !(s = own_name(r->m, lib->base, " (", why)))
		return;
	grown = grow_array(r->unnamed, &r->unnamed_cap, r->nunnamed + 1, sizeof *grown, 8);
	if (!grown)
		return;
	r->unnamed = grown;
	r->unnamed[r->nunnamed++] = s;
}

/* One warning for all the libraries noted, once per command: every view
 * that names the paths meets the same libraries. */
static void warn_unnamed(struct resolver *r)
{
	static int warned;

	if (!r->nunnamed || warned)
		return;
	warned = 1;
	fprintf(r->warnings, "%s: warning: the call paths' frames in %zu %s named after the "
		"library only, [LIBRARY]: ", r->program, r->nunnamed,
		r->nunnamed == 1 ? "library are" : "libraries are");
	for (size_t i = 0; i < r->nunnamed; i++)
		fprintf(r->warnings, "%s%s)", i ? "; " : "", r->unnamed[i]);
	fputc('\n', r->warnings);
}

static void load_library(struct resolver *r, struct library *lib, const char *path)
{
	enum module_symbols_source source;
	char err[1024], *debug_file;
	int rc;

	if (path[0] != '/')   /* the vDSO: no file */
		return;
	/* its functions as -M finds them: .symtab, else its debug file's (by
	 * build-id: libm's __sin_fma), else .dynsym */
	rc = module_symbols_read(&lib->st, path, module_symbols_debug_root(), r->lib_flags,
				 &source, &debug_file, err, sizeof err);
	free(debug_file);
	if (rc != 0) {
		if (rc != SYMTAB_NO_FUNCTIONS)
			note_unnamed(r, lib, err);
		return;
	}
	if (!same_build_id(&lib->st, lib->build_id)) {
		snprintf(err, sizeof err, "%s is not the file that ran: its build-id differs", path);
		note_unnamed(r, lib, err);
		symtab_free(&lib->st);
		return;
	}
	if ((r->demangle && demangle_symtab(&lib->st) != 0) ||
	    !(lib->ids = malloc((lib->st.nsyms ? lib->st.nsyms : 1) * sizeof *lib->ids))) {
		symtab_free(&lib->st);
		return;
	}
	for (size_t i = 0; i < lib->st.nsyms; i++)
		lib->ids[i] = SIZE_MAX;
	lib->loaded = 1;
}

struct library_key {
	const struct library *libs;
	const struct companion_module *mod;
};

/* Whether libs[item] is mod: its base name and build-id. */
static int same_library(const void *ctx, size_t item)
{
	const struct library_key *k = ctx;
	const struct library *lib = &k->libs[item];

	return strcmp(lib->base, k->mod->base) == 0 &&
	       (lib->build_id && k->mod->build_id ? strcmp(lib->build_id, k->mod->build_id) == 0
						  : !lib->build_id && !k->mod->build_id);
}

/* The resolver's library for module k of a paths set (the same base name
 * and build-id), read when first met; SIZE_MAX when out of memory. */
static size_t library_of(struct resolver *r, const struct callpaths *cp, size_t k)
{
	const struct companion_module *mod = &cp->modules[k];
	struct library *lib, *grown;
	struct library_key key = { r->libs, mod };
	uint64_t h = name_hash(mod->base, mod->build_id);
	size_t have;

	if (k == 0)
		return 0;
	/* (10^5 modules searched one by one took minutes) */
	have = name_index_find(&r->index, h, same_library, &key);
	if (have != SIZE_MAX)
		return have;
	grown = grow_array(r->libs, &r->libs_cap, r->nlibs + 1, sizeof *grown, 8);
	if (!grown)
		return SIZE_MAX;
	r->libs = grown;
	lib = &r->libs[r->nlibs];
	memset(lib, 0, sizeof *lib);
	lib->module_id = SIZE_MAX;
	lib->base = own_name(r->m, "", mod->base, "");
	lib->build_id = mod->build_id ? own_name(r->m, "", mod->build_id, "") : NULL;
	if (!lib->base || (mod->build_id && !lib->build_id) ||
	    name_index_add(&r->index, h, r->nlibs) != 0)
		return SIZE_MAX;
	load_library(r, lib, mod->path);
	return r->nlibs++;
}

/* The fn id of frame f, in the resolver's library lib (library_of; any
 * for a frame in no module), return addresses looked up at the call, one
 * byte before; SIZE_MAX when out of memory.  *whole: a module as a whole;
 * *charged: a region or clone named after the function that owns it. */
static size_t frame_fn(struct resolver *r, size_t lib_index, const struct callpath_frame *f,
		       int is_return, int *whole, int *charged)
{
	uint64_t addr = f->addr - (is_return && f->addr > 0 ? 1 : 0);
	struct sym *s;

	*whole = 0;
	*charged = 0;
	if (f->module == CALLPATH_NO_MODULE) {
		*whole = 1;
		if (r->unknown_id == SIZE_MAX)
			r->unknown_id = add_fn(r->m, (struct measured_fn){ "[unknown]", "-", NULL, 0,
									  SIZE_MAX, 0, 0, 0 });
		return r->unknown_id;
	}
	if (f->module == 0) {
		s = symtab_lookup(r->exe, addr);
		if (!s) {
			*whole = 1;
			return module_fn(r, 0);
		}
		*charged = sym_owner(s) != s;
		s = sym_owner(s);
		if (r->exe_ids[s->index] == SIZE_MAX)
			r->exe_ids[s->index] = add_fn(r->m, (struct measured_fn){
				sym_print_name(s), r->libs[0].base, s->file, s->line, s->index,
				0, 0, 0 });
		return r->exe_ids[s->index];
	}
	if (r->libs[lib_index].loaded) {
		struct library *lib = &r->libs[lib_index];

		s = symtab_lookup(&lib->st, addr);
		/* from .dynsym, the static functions are missing: code past an
		 * exported function's size is one of them, not that function */
		if (s && lib->st.dynamic_symbols_only && s->size > 0 && addr - s->addr >= s->size)
			s = NULL;
		if (s) {
			*charged = sym_owner(s) != s;
			s = sym_owner(s);
			if (lib->ids[s->index] == SIZE_MAX)
				lib->ids[s->index] = add_fn(r->m, (struct measured_fn){
					sym_print_name(s), lib->base, s->file,
					s->line, SIZE_MAX, 0, 0, 0 });
			return lib->ids[s->index];
		}
	}
	*whole = 1;
	return module_fn(r, lib_index);
}

/* The fn of an inlined function (one per name), made when first met:
 * its file and line that first call's; SIZE_MAX when out of memory. */
static size_t inlined_fn(struct resolver *r, const struct inline_frame *f)
{
	char *label = inlines_label(f, r->demangle);
	size_t id;

	if (!label)
		return SIZE_MAX;
	id = name_index_find_string(&r->inlined, r->m->fns, sizeof *r->m->fns,
				    offsetof(struct measured_fn, name), label);
	if (id != SIZE_MAX) {
		free(label);
		return id;
	}
	if (!adopt_name(r->m, label))
		return SIZE_MAX;
	id = add_fn(r->m, (struct measured_fn){ label, r->libs[0].base, f->call_file,
					       f->call_line, SIZE_MAX, 0, 0, 1 });
	if (id != SIZE_MAX && name_index_add(&r->inlined, name_hash(label, NULL), id) != 0)
		return SIZE_MAX;
	return id;
}

/* The inlined functions at frame f of the executable (is_return: looked
 * up at the call), the outermost first, into ids[*n ..], at most room of
 * them.  Returns 0, or -1 when out of memory. */
static int add_inlined(struct resolver *r, const struct callpath_frame *f, int is_return,
		       uint32_t *ids, uint32_t *n, size_t room)
{
	struct inline_frame frames[INLINES_MAX_DEPTH];
	size_t k = inlines_at(r->inlines, f->addr - (is_return && f->addr > 0 ? 1 : 0), frames,
			      room < INLINES_MAX_DEPTH ? room : INLINES_MAX_DEPTH);

	for (size_t i = 0; i < k; i++) {
		size_t id = inlined_fn(r, &frames[i]);

		if (id == SIZE_MAX)
			return -1;
		ids[(*n)++] = (uint32_t)id;
	}
	return 0;
}

/* ---- paths of names, merged ---- */

static uint64_t ids_hash(const uint32_t *ids, uint32_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ull;

	for (uint32_t i = 0; i < n; i++)
		h = (h ^ ids[i]) * 0xff51afd7ed558ccdull;
	return h ^ (h >> 31);
}

static int reindex(struct measured *m, size_t nslots)
{
	size_t *slots = malloc(nslots * sizeof *slots);

	if (!slots)
		return -1;
	for (size_t s = 0; s < nslots; s++)
		slots[s] = SIZE_MAX;
	for (size_t p = 0; p < m->npaths; p++) {
		size_t s = ids_hash(&m->ids[m->paths[p].first], m->paths[p].n) & (nslots - 1);

		while (slots[s] != SIZE_MAX)
			s = (s + 1) & (nslots - 1);
		slots[s] = p;
	}
	free(m->slots);
	m->slots = slots;
	m->nslots = nslots;
	return 0;
}

static int add_named_path(struct measured *m, const uint32_t *ids, uint32_t n, uint64_t samples)
{
	size_t s;
	struct measured_path *paths;
	uint32_t *grown;

	if ((m->npaths + 1) * 2 > m->nslots && reindex(m, m->nslots ? 2 * m->nslots : 1024) != 0)
		return -1;
	for (s = ids_hash(ids, n) & (m->nslots - 1); m->slots[s] != SIZE_MAX;
	     s = (s + 1) & (m->nslots - 1)) {
		struct measured_path *p = &m->paths[m->slots[s]];

		if (p->n == n && memcmp(&m->ids[p->first], ids, n * sizeof *ids) == 0) {
			p->samples += samples;
			return 0;
		}
	}
	paths = grow_array(m->paths, &m->paths_cap, m->npaths + 1, sizeof *paths, 256);
	if (!paths)
		return -1;
	m->paths = paths;
	grown = grow_array(m->ids, &m->ids_cap, m->npaths ? m->paths[m->npaths - 1].first +
			   m->paths[m->npaths - 1].n + n : n, sizeof *grown, 4096);
	if (!grown)
		return -1;
	m->ids = grown;
	m->paths[m->npaths].first = m->npaths ? m->paths[m->npaths - 1].first +
						m->paths[m->npaths - 1].n : 0;
	m->paths[m->npaths].n = n;
	m->paths[m->npaths].samples = samples;
	memcpy(&m->ids[m->paths[m->npaths].first], ids, n * sizeof *ids);
	m->slots[s] = m->npaths++;
	return 0;
}

/* One sampled path, named, root first. */
static int name_path(struct naming *nm, const struct callpath *p)
{
	uint32_t ids[GMON_CALLPATHS_MAX_DEPTH];
	uint32_t n = 0;
	size_t last = SIZE_MAX;  /* the last frame's function (not inlined) */
	int last_whole = 0;
	const struct callpath_frame *leaf = &nm->cp->frames[p->first];

	for (uint32_t i = p->nframes; i-- > 0;) {
		const struct callpath_frame *f = &nm->cp->frames[p->first + i];
		int whole, charged;
		size_t id = frame_fn(nm->r, f->module == CALLPATH_NO_MODULE ? 0 : nm->lib_of[f->module],
				     f, i > 0, &whole, &charged);

		if (id == SIZE_MAX)
			return -1;
		if (whole && last_whole && id == last)
			continue;  /* frames inside one unnamed module */
		/* an OpenMP region charged to the function that opened it,
		 * right under it: that function's own time, not a call of
		 * itself (main;stencil, not main;stencil;stencil) */
		if (!(charged && !whole && !last_whole && id == last))
			ids[n++] = (uint32_t)id;
		last = id;
		last_whole = whole;
		/* then the functions inlined there, leaving room for the
		 * frames below */
		if (nm->r->inlines && f->module == 0 && !whole &&
		    add_inlined(nm->r, f, i > 0, ids, &n, GMON_CALLPATHS_MAX_DEPTH - n - i) != 0)
			return -1;
	}
	/* the leaf is the PC itself, not a return address */
	if (leaf->module == 0 && !last_whole &&
	    measured_sites_add(nm->into, ids[n - 1], leaf->addr, p->samples) != 0)
		return -1;
	return add_named_path(nm->into, ids, n, p->samples);
}

/* A function by its name, then its id: how the paths' frames compare. */
struct fn_key {
	const char *name;
	uint32_t id;
};

static int cmp_fn_keys(const void *a, const void *b)
{
	const struct fn_key *l = a, *r = b;
	int c = strcmp(l->name, r->name);

	if (c)
		return c;
	return l->id < r->id ? -1 : l->id > r->id;
}

/* A path to sort: its frames' ranks in that order, root first. */
struct path_key {
	const uint32_t *ranks;
	struct measured_path path;
};

static int cmp_path_keys(const void *a, const void *b)
{
	const struct path_key *l = a, *r = b;
	uint32_t n = l->path.n < r->path.n ? l->path.n : r->path.n;

	for (uint32_t i = 0; i < n; i++)
		if (l->ranks[i] != r->ranks[i])
			return l->ranks[i] < r->ranks[i] ? -1 : 1;
	return l->path.n < r->path.n ? -1 : l->path.n > r->path.n;
}

/* m's paths in order of their frames' names (a name shared by two
 * functions: the first made first), a prefix first: each function ranked
 * once, then the paths sorted by their ranks.  Returns 0, or -1 when out
 * of memory. */
static int sort_paths(struct measured *m)
{
	size_t nids = m->npaths ? m->paths[m->npaths - 1].first + m->paths[m->npaths - 1].n : 0;
	struct fn_key *fns = malloc((m->nfns ? m->nfns : 1) * sizeof *fns);
	uint32_t *rank = malloc((m->nfns ? m->nfns : 1) * sizeof *rank);
	uint32_t *ranks = malloc((nids ? nids : 1) * sizeof *ranks);
	struct path_key *keys = malloc(m->npaths * sizeof *keys);
	int rc = -1;

	if (!fns || !rank || !ranks || !keys)
		goto out;
	for (size_t f = 0; f < m->nfns; f++)
		fns[f] = (struct fn_key){ m->fns[f].name, (uint32_t)f };
	qsort(fns, m->nfns, sizeof *fns, cmp_fn_keys);
	for (size_t f = 0; f < m->nfns; f++)
		rank[fns[f].id] = (uint32_t)f;
	for (size_t i = 0; i < nids; i++)
		ranks[i] = rank[m->ids[i]];
	for (size_t p = 0; p < m->npaths; p++)
		keys[p] = (struct path_key){ &ranks[m->paths[p].first], m->paths[p] };
	qsort(keys, m->npaths, sizeof *keys, cmp_path_keys);
	for (size_t p = 0; p < m->npaths; p++)
		m->paths[p] = keys[p].path;
	rc = 0;
out:
	free(fns);
	free(rank);
	free(ranks);
	free(keys);
	return rc;
}

/* Each function's self and total samples (once per path it is on). */
static void count_functions(struct measured *m)
{
	for (size_t p = 0; p < m->npaths; p++) {
		const struct measured_path *path = &m->paths[p];
		const uint32_t *ids = &m->ids[path->first];

		m->samples += path->samples;
		m->fns[ids[path->n - 1]].self += path->samples;
		for (uint32_t i = 0; i < path->n; i++) {
			uint32_t k;

			for (k = 0; k < i && ids[k] != ids[i]; k++)
				;
			if (k == i)
				m->fns[ids[i]].total += path->samples;
		}
	}
}

/* Names the paths of cp into nm->into, sorted, and counts its functions. */
static int name_paths(struct resolver *r, const struct callpaths *cp, struct measured *into)
{
	struct naming nm = { r, cp, malloc((cp->nmodules ? cp->nmodules : 1) * sizeof(size_t)),
			     into };
	int status = -1;

	if (!nm.lib_of)
		return -1;
	for (size_t k = 0; k < cp->nmodules; k++)
		if ((nm.lib_of[k] = library_of(r, cp, k)) == SIZE_MAX)
			goto out;
	for (size_t p = 0; p < cp->npaths; p++)
		if (name_path(&nm, &cp->paths[p]) != 0)
			goto out;
	warn_unnamed(r);
	status = 0;
out:
	free(nm.lib_of);
	return status;
}

/* into's paths in order of their names, its functions counted.  Returns
 * 0, or -1 when out of memory. */
static int finish(struct measured *into)
{
	/* (none: paths may be NULL, which qsort must not get) */
	if (into->npaths > 1 && sort_paths(into) != 0)
		return -1;
	free(into->slots);           /* the order changed: the index is stale */
	into->slots = NULL;
	into->nslots = 0;
	count_functions(into);
	measured_sites_merge(into);
	return 0;
}

/* m, empty, with a resolver of st's names; exe_base: the executable's
 * module name.  Returns 0, or -1 when out of memory (m then holds what
 * measured_free frees). */
static int start_resolver(struct measured *m, const struct symtab *st, const char *exe_base,
			  unsigned flags, FILE *warnings, const char *program)
{
	struct resolver *r;

	memset(m, 0, sizeof *m);
	r = calloc(1, sizeof *r);
	if (!r)
		return -1;
	m->resolver = r;
	*r = (struct resolver){ .m = m, .exe = st, .unknown_id = SIZE_MAX,
				.demangle = !!(flags & MEASURED_DEMANGLE), .warnings = warnings,
				.program = program };
	if ((flags & MEASURED_INLINES) && st->path)
		r->inlines = inlines_open(st->path);   /* (none: no frame is inlined) */
	r->exe_ids = malloc((st->nsyms ? st->nsyms : 1) * sizeof *r->exe_ids);
	r->libs = calloc(1, sizeof *r->libs);
	if (!r->exe_ids || !r->libs)
		return -1;
	r->nlibs = r->libs_cap = 1;
	for (size_t i = 0; i < st->nsyms; i++)
		r->exe_ids[i] = SIZE_MAX;
	r->libs[0].module_id = SIZE_MAX;
	r->libs[0].base = own_name(m, "", exe_base, "");
	return r->libs[0].base ? 0 : -1;
}

int measured_resolve(struct measured *m, const struct symtab *st, const struct callpaths *cp,
		     unsigned flags, FILE *warnings, const char *program, char *err,
		     size_t errlen)
{
	if (start_resolver(m, st, cp->nmodules ? cp->modules[0].base : "-", flags, warnings,
			   program) == 0 &&
	    name_paths(m->resolver, cp, m) == 0) {
		m->rate = cp->rate;
		m->profiles = cp->profiles;
		if (finish(m) == 0)
			return 0;
	}
	set_error(err, errlen, "out of memory naming the call paths");
	return -1;
}

int measured_namer_init(struct measured *m, const struct symtab *st, const char *exe_base)
{
	int rc = start_resolver(m, st, exe_base, 0, NULL, NULL);

	/* (names only: no frame it names is given a source line) */
	if (m->resolver)
		m->resolver->lib_flags = SYMTAB_NO_LINE_TABLE;
	return rc;
}

const struct measured_fn *measured_name_frame(struct measured *m, const struct callpaths *cp,
					      const struct callpath_frame *f, int is_return)
{
	size_t lib = 0, id;
	int whole, charged;

	if (f->module != CALLPATH_NO_MODULE &&
	    (f->module >= cp->nmodules || (lib = library_of(m->resolver, cp, f->module)) == SIZE_MAX))
		return NULL;
	id = frame_fn(m->resolver, lib, f, is_return, &whole, &charged);
	return id == SIZE_MAX ? NULL : &m->fns[id];
}

int measured_resolve_part(struct measured *base, const struct callpaths *cp,
			  struct measured *part, char *err, size_t errlen)
{
	memset(part, 0, sizeof *part);
	part->rate = cp->rate;
	if (!base->resolver || name_paths(base->resolver, cp, part) != 0)
		goto oom;
	/* the names are base's (and those this set added to it) */
	part->fns = malloc((base->nfns ? base->nfns : 1) * sizeof *part->fns);
	if (!part->fns)
		goto oom;
	part->nfns = part->fns_cap = base->nfns;
	for (size_t f = 0; f < base->nfns; f++) {
		part->fns[f] = base->fns[f];
		part->fns[f].self = part->fns[f].total = 0;
	}
	if (finish(part) != 0)
		goto oom;
	return 0;
oom:
	set_error(err, errlen, "out of memory naming the call paths");
	return -1;
}

struct inlines *measured_inlines(const struct measured *m)
{
	return m->resolver ? m->resolver->inlines : NULL;
}

void measured_free(struct measured *m)
{
	struct resolver *r = m->resolver;

	if (r) {
		for (size_t k = 0; k < r->nlibs; k++) {
			if (r->libs[k].loaded)
				symtab_free(&r->libs[k].st);
			free(r->libs[k].ids);
		}
		free(r->libs);
		free(r->unnamed);
		name_index_free(&r->index);
		name_index_free(&r->inlined);
		inlines_close(r->inlines);
		free(r->exe_ids);
		free(r);
	}
	for (size_t i = 0; i < m->nowned; i++)
		free(m->owned_names[i]);
	free(m->owned_names);
	free(m->fns);
	free(m->ids);
	free(m->paths);
	free(m->slots);
	free(m->sites);
	memset(m, 0, sizeof *m);
}

