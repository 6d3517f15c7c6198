/*
 * line-syms.c - GNU gprof 2.40's line symbols (-l; corefile.c
 * core_create_line_syms), built from the line tables and the DWARF
 * functions instead of GNU's walk of every byte of .text.
 *
 * GNU asks BFD, for each address of .text in turn, for its file, line and
 * function (bfd_find_nearest_line), skips addresses without all three, and
 * starts a symbol wherever the triple differs from the last symbol's.  The
 * triple can only change where a line-table row starts or ends or where a
 * DWARF function's address range starts or ends, so only those addresses
 * are looked at: the same symbols, in time linear in the rows.
 *
 * BFD's function at an address (dwarf2.c lookup_address_in_function_table)
 * is the subprogram or inlined subroutine whose range holding the address is
 * the shortest (on a tie, the later in the unit).  Its name is its linkage
 * name (its own, else that of its abstract origin or specification), else
 * its DW_AT_name; outside C-like languages a DW_AT_name is not a linkage
 * name and BFD names the address after the ELF symbol there instead, as it
 * does where no DWARF function holds it: the nearest at or below it in
 * .text, whatever its size, so an address just past a function's DWARF
 * range is named after a clone such as "f.constprop.0" that gprof's own
 * table leaves out.  A symbol's binding is that of the
 * previous line symbol when it has the same file and name, else that of the
 * function symbol holding its address.
 */
#include <dwarf.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "lines-internal.h"

/* BFD's best fit: the shorter range, then the later DIE. */
static int better(const struct func_range *a, const struct func_range *b)
{
	gmon_addr_t la = a->high - a->low, lb = b->high - b->low;

	return la != lb ? la < lb : a->order > b->order;
}

/* A binary heap of ranges, the best fit on top. */
struct heap {
	const struct func_range **h;
	size_t n;
};

static void heap_push(struct heap *hp, const struct func_range *r)
{
	size_t i = hp->n++;

	hp->h[i] = r;
	while (i > 0 && better(hp->h[i], hp->h[(i - 1) / 2])) {
		const struct func_range *t = hp->h[i];

		hp->h[i] = hp->h[(i - 1) / 2];
		hp->h[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

static void heap_pop(struct heap *hp)
{
	size_t i = 0;

	hp->h[0] = hp->h[--hp->n];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		const struct func_range *t;

		if (l < hp->n && better(hp->h[l], hp->h[m]))
			m = l;
		if (r < hp->n && better(hp->h[r], hp->h[m]))
			m = r;
		if (m == i)
			return;
		t = hp->h[i];
		hp->h[i] = hp->h[m];
		hp->h[m] = t;
		i = m;
	}
}

static int cmp_addr(const void *a, const void *b)
{
	gmon_addr_t l = *(const gmon_addr_t *)a, r = *(const gmon_addr_t *)b;

	return (l > r) - (l < r);
}

/* A symbol BFD's elf_find_function may name an address after: any but
 * an object, section, file or TLS symbol, in .text, its size at least 1. */
struct elf_func {
	gmon_addr_t addr;
	uint64_t size;
	const char *name;        /* in the symbol table's string data */
	size_t order;
};

static int cmp_elf_func(const void *a, const void *b)
{
	const struct elf_func *l = a, *r = b;

	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	if (l->size != r->size)
		return l->size > r->size ? -1 : 1;  /* the larger wins a tie */
	return l->order < r->order ? -1 : l->order > r->order;
}

static int read_elf_functions(Elf *elf, const struct symtab *st, struct elf_func **out,
			      size_t *nout)
{
	Elf_Scn *scn = NULL, *text = NULL;
	size_t text_index = 0, n = 0, cap = 0;
	struct elf_func *f = NULL;
	GElf_Shdr sh;

	*out = NULL;
	*nout = 0;
	while ((scn = elf_nextscn(elf, scn)) != NULL)
		if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_EXECINSTR) &&
		    sh.sh_addr == st->text_addr && sh.sh_size == st->text_size) {
			text = scn;
			text_index = elf_ndxscn(scn);
		}
	scn = NULL;
	while (text && (scn = elf_nextscn(elf, scn)) != NULL) {
		Elf_Data *d;
		size_t count;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0 ||
		    !(d = elf_getdata(scn, NULL)))
			continue;
		count = sh.sh_size / sh.sh_entsize;
		for (size_t i = 0; i < count; i++) {
			GElf_Sym sym;
			int type;
			const char *name;

			if (!gelf_getsym(d, (int)i, &sym) || sym.st_shndx != text_index)
				continue;
			type = GELF_ST_TYPE(sym.st_info);
			if (type == STT_OBJECT || type == STT_SECTION || type == STT_FILE ||
			    type == STT_TLS)
				continue;
			name = elf_strptr(elf, sh.sh_link, sym.st_name);
			if (!name)
				continue;
			if (n == cap) {
				size_t c = cap ? 2 * cap : 1024;
				struct elf_func *grown = realloc(f, c * sizeof(*grown));

				if (!grown) {
					free(f);
					return -1;
				}
				f = grown;
				cap = c;
			}
			f[n++] = (struct elf_func){ sym.st_value, sym.st_size ? sym.st_size : 1,
						    name, i };
		}
	}
	if (n > 1)
		qsort(f, n, sizeof(*f), cmp_elf_func);
	*out = f;
	*nout = n;
	return 0;
}

/* BFD's elf_find_function: the nearest symbol at or below addr, whatever
 * its size; NULL if none. */
static const char *elf_name_at(const struct elf_func *f, size_t n, gmon_addr_t addr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	/* the first of the entries at that address */
	while (lo > 1 && f[lo - 2].addr == f[lo - 1].addr)
		lo--;
	return f[lo - 1].name;
}

/* Names are copied into blocks the symbol table owns. */
struct name_pool {
	char *block;
	size_t used, size;
};

static const char *pool_copy(struct symtab *st, struct name_pool *p, const char *name)
{
	size_t len = strlen(name) + 1;

	if (p->used + len > p->size) {
		size_t size = len > 65536 ? len : 65536;

		p->block = malloc(size);
		if (!p->block || symtab_own(st, p->block) != 0) {
			free(p->block);
			p->block = NULL;
			return NULL;
		}
		p->used = 0;
		p->size = size;
	}
	memcpy(p->block + p->used, name, len);
	p->used += len;
	return p->block + p->used - len;
}

/* The addresses where the (file, line, function) triple may change, in
 * .text, sorted and distinct; *n of them. */
static gmon_addr_t *change_points(const struct symtab *st, const struct line_table *t,
				  const struct ranges *fr, size_t *n)
{
	gmon_addr_t lo = st->text_addr, hi = st->text_addr + st->text_size;
	size_t cap = 1 + t->n + 2 * fr->n, k = 0;
	gmon_addr_t *a = malloc(cap * sizeof(*a));

	if (!a)
		return NULL;
	a[k++] = lo;
	for (size_t i = 0; i < t->n; i++)
		if (t->rows[i].addr > lo && t->rows[i].addr < hi)
			a[k++] = t->rows[i].addr;
	for (size_t i = 0; i < fr->n; i++) {
		if (fr->r[i].low > lo && fr->r[i].low < hi)
			a[k++] = fr->r[i].low;
		if (fr->r[i].high > lo && fr->r[i].high < hi)
			a[k++] = fr->r[i].high;
	}
	qsort(a, k, sizeof(*a), cmp_addr);
	*n = 0;
	for (size_t i = 0; i < k; i++)
		if (*n == 0 || a[*n - 1] != a[i])
			a[(*n)++] = a[i];
	return a;
}

/* Every function, named as BFD names it. */
static int every_function(Dwarf_Die *die, int tag, int c_names, const char **name, void *arg)
{
	(void)tag;
	(void)arg;
	*name = dwarf_function_name(die, c_names);
	return 1;
}

int line_symbols_add(Elf *elf, Dwarf *dbg, struct symtab *st, const struct line_table *t)
{
	struct elf_func *elf_funcs = NULL;
	size_t nelf_funcs = 0;
	struct ranges fr = { NULL, 0, 0, 0 };
	struct heap heap = { NULL, 0 };
	struct name_pool pool = { NULL, 0, 0 };
	struct sym *lines = NULL;
	gmon_addr_t *points = NULL;
	size_t npoints = 0, nlines = 0, next = 0;
	const struct sym *prev = NULL;
	int rc = -1;

	if (function_ranges_read(dbg, every_function, NULL, &fr) != 0 ||
	    read_elf_functions(elf, st, &elf_funcs, &nelf_funcs) != 0)
		goto out;
	points = change_points(st, t, &fr, &npoints);
	heap.h = malloc((fr.n ? fr.n : 1) * sizeof(*heap.h));
	lines = calloc(npoints ? npoints : 1, sizeof(*lines));
	if (!points || !heap.h || !lines)
		goto out;
	for (size_t i = 0; i < npoints; i++) {
		gmon_addr_t a = points[i];
		const struct row *row = line_table_find(t, a);
		const struct sym *holder = symtab_lookup(st, a);
		const char *name = NULL;
		struct sym *s;

		while (next < fr.n && fr.r[next].low <= a)
			heap_push(&heap, &fr.r[next++]);
		while (heap.n > 0 && heap.h[0]->high <= a)
			heap_pop(&heap);
		if (!row || row->line == 0)   /* get_src_info: line 0 is none */
			continue;
		if (heap.n > 0)
			name = heap.h[0]->name;
		if (!name)
			name = elf_name_at(elf_funcs, nelf_funcs, a);
		if (!name)
			continue;
		if (prev && prev->line == row->line && prev->file == row->file &&
		    strcmp(prev->name, name) == 0)
			continue;
		s = &lines[nlines];
		/* a function's lines share one copy of its name: the reports'
		 * sorts find equal names by their address first */
		s->name = prev && strcmp(prev->name, name) == 0 ? prev->name
								: pool_copy(st, &pool, name);
		if (!s->name)
			goto out;
		s->addr = a;
		s->file = row->file;
		s->line = row->line;
		s->elf_order = (size_t)1 << 40 | nlines;  /* files after the functions' */
		if (prev && prev->file == s->file && prev->name == s->name)
			s->is_static = prev->is_static;
		else
			s->is_static = holder ? holder->is_static : 0;
		prev = s;
		nlines++;
	}
	rc = symtab_merge_line_syms(st, lines, nlines);
out:
	free(elf_funcs);
	free(fr.r);
	free(heap.h);
	free(points);
	free(lines);
	return rc;
}
