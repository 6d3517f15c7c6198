/*
 * lines.c - functions' source files and lines from DWARF (see lines.h).
 */
#include "lines.h"
#include "lines-internal.h"

#include <dwarf.h>
#include <fcntl.h>
#include <unistd.h>
#include <elfutils/libdw.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The distinct file names, each stored once in st->files: a hash set of
 * indexes into it. */
struct file_set {
	size_t *slots;           /* index + 1; 0 = empty */
	size_t mask;
};

static uint64_t hash_name(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static int grow_set(struct file_set *set, const struct symtab *st)
{
	size_t n = set->mask ? 2 * (set->mask + 1) : 64;
	size_t *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return -1;
	for (size_t i = 0; i < st->nfiles; i++) {
		size_t k = hash_name(st->files[i]) & (n - 1);

		while (slots[k])
			k = (k + 1) & (n - 1);
		slots[k] = i + 1;
	}
	free(set->slots);
	set->slots = slots;
	set->mask = n - 1;
	return 0;
}

/* The stored copy of name: found, or added. */
static const char *intern(struct file_set *set, struct symtab *st, const char *name)
{
	size_t k;

	if (2 * (st->nfiles + 1) > set->mask + 1 && grow_set(set, st) != 0)
		return NULL;
	for (k = hash_name(name) & set->mask; set->slots[k]; k = (k + 1) & set->mask)
		if (strcmp(st->files[set->slots[k] - 1], name) == 0)
			return st->files[set->slots[k] - 1];
	{
		char **grown = realloc(st->files, (st->nfiles + 1) * sizeof(*grown));
		char *copy = strdup(name);

		if (grown)
			st->files = grown;
		if (!grown || !copy) {
			free(copy);
			return NULL;
		}
		st->files[st->nfiles] = copy;
		set->slots[k] = ++st->nfiles;
		return copy;
	}
}

/* A row of a line table, as the lookup needs it. */

/* By address; at one address an end of sequence first (the row after it
 * starts the next sequence), then in table order. */
static int cmp_row(const void *a, const void *b)
{
	const struct row *l = a, *r = b;

	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	if (l->end != r->end)
		return l->end ? -1 : 1;
	return l->order < r->order ? -1 : l->order > r->order;
}

/*
 * A line-table file name as BFD makes it (dwarf2.c concat_filename): a
 * relative name in a relative directory is also under the unit's
 * DW_AT_comp_dir ("/tmp/b" "src" "main.c": "/tmp/b/src/main.c").  libdw
 * joins the directory and the name only ("src/main.c"); its directory 0
 * is comp_dir itself, so a name that starts with it is left as it is.
 * Returns name, or the joined name in *buf; NULL when out of memory.
 */
static const char *bfd_file_name(const char *name, const char *comp_dir, char **buf,
				 size_t *cap)
{
	size_t dirlen, need;

	if (name[0] == '/' || !comp_dir || !comp_dir[0])
		return name;
	dirlen = strlen(comp_dir);
	if (strncmp(name, comp_dir, dirlen) == 0 && name[dirlen] == '/')
		return name;
	need = dirlen + strlen(name) + 2;
	if (need > *cap) {
		char *grown = realloc(*buf, need);

		if (!grown)
			return NULL;
		*buf = grown;
		*cap = need;
	}
	snprintf(*buf, *cap, "%s/%s", comp_dir, name);
	return *buf;
}

/*
 * The rows of one compilation unit's line table, appended to *rows.
 *
 * Where libdw and GNU gprof 2.40's BFD differ: in a DWARF 5 line table,
 * the rows at the start of a sequence, before its first DW_LNS_set_file
 * (the file register's initial 1), are named by BFD after file entry 0 (the
 * unit's primary file), not entry 1.  GCC numbers as 1 the file of the
 * first code in the unit, which differs from entry 0 when that code comes
 * from a header (a static function defined before the first function of
 * the .c file): BFD then names the header's code after the .c file.  An
 * explicit DW_LNS_set_file 1 later is entry 1 for both.  Matched here (a
 * set_file 1 is never needed at a sequence's start, so the rows with file
 * 1 up to the first other file are the initial register's).
 */
static int unit_rows(Dwarf_Die *cudie, Dwarf_Half version, struct file_set *set,
		     struct symtab *st, struct row **rows, size_t *n, size_t *cap)
{
	Dwarf_Lines *lines;
	size_t nlines;
	int initial = 1;         /* still before the sequence's first set_file */
	Dwarf_Attribute attr;
	const char *comp_dir = dwarf_formstring(dwarf_attr(cudie, DW_AT_comp_dir, &attr));
	char *joined = NULL;
	size_t joined_cap = 0;
	int rc = 0;

	if (dwarf_getsrclines(cudie, &lines, &nlines) != 0)
		return 0;
	for (size_t i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Files *files;
		Dwarf_Addr addr;
		size_t idx;
		int lineno;
		bool end;
		const char *name;

		if (!l || dwarf_lineaddr(l, &addr) != 0 || dwarf_lineno(l, &lineno) != 0 ||
		    dwarf_lineendsequence(l, &end) != 0 || dwarf_line_file(l, &files, &idx) != 0)
			continue;
		if (idx != 1)
			initial = 0;
		name = dwarf_filesrc(files, version >= 5 && initial && idx == 1 ? 0 : idx, NULL,
				     NULL);
		if (end)
			initial = 1;
		if (!name)
			continue;
		name = bfd_file_name(name, comp_dir, &joined, &joined_cap);
		if (!name) {
			rc = -1;
			break;
		}
		if (*n == *cap) {
			size_t c = *cap ? 2 * *cap : 1024;
			struct row *grown = realloc(*rows, c * sizeof(*grown));

			if (!grown) {
				rc = -1;
				break;
			}
			*rows = grown;
			*cap = c;
		}
		(*rows)[*n] = (struct row){ addr, intern(set, st, name),
					    lineno > 0 ? (unsigned)lineno : 0, end, *n };
		if (!(*rows)[*n].file) {
			rc = -1;
			break;
		}
		(*n)++;
	}
	free(joined);
	return rc;
}

const struct row *line_table_find(const struct line_table *t, gmon_addr_t addr)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->rows[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || t->rows[lo - 1].end)
		return NULL;
	return &t->rows[lo - 1];
}

/* Whether t's rows are in cmp_row's order already. */
static int sorted(const struct line_table *t)
{
	for (size_t i = 1; i < t->n; i++)
		if (cmp_row(&t->rows[i - 1], &t->rows[i]) > 0)
			return 0;
	return 1;
}

int line_table_read(Dwarf *dbg, struct symtab *st, struct line_table *t)
{
	struct file_set set = { NULL, 0 };
	size_t cap = 0;
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie;
	Dwarf_Half version;
	uint8_t unit_type;
	int rc = 0;

	t->rows = NULL;
	t->n = 0;
	while (rc == 0 &&
	       dwarf_get_units(dbg, cu, &cu, &version, &unit_type, &cudie, NULL) == 0)
		rc = unit_rows(&cudie, version, &set, st, &t->rows, &t->n, &cap);
	free(set.slots);
	if (rc == 0 && t->n > 1 && !sorted(t))   /* one unit's rows usually are */
		qsort(t->rows, t->n, sizeof(*t->rows), cmp_row);
	return rc;
}

int lines_read(Elf *elf, struct symtab *st, int line_symbols, char *err, size_t errlen)
{
	Dwarf *dbg = dwarf_begin_elf(elf, DWARF_C_READ, NULL);
	struct line_table t;
	int rc;

	if (!dbg) {
		/* no usable DWARF: no lines, as with GNU; -l still finalizes
		 * the table a second time (no line symbols to merge) */
		if (line_symbols && symtab_merge_line_syms(st, NULL, 0) != 0) {
			snprintf(err, errlen, "%s: out of memory", st->path);
			return -1;
		}
		return 0;
	}
	rc = line_table_read(dbg, st, &t);
	if (rc == 0) {
		for (size_t i = 0; i < st->nsyms; i++) {
			const struct row *r = line_table_find(&t, st->syms[i].addr);

			/* BFD's get_src_info wants a line: 0 is none */
			if (r && r->line) {
				st->syms[i].file = r->file;
				st->syms[i].line = r->line;
			}
		}
		if (line_symbols)
			rc = line_symbols_add(elf, dbg, st, &t);
	}
	if (rc == 0 && st->keep_lines && (st->line_cache = malloc(sizeof(t))) != NULL) {
		*st->line_cache = t;   /* for lines_at */
		t.rows = NULL;
	}
	if (rc != 0)
		snprintf(err, errlen, "%s: out of memory reading line tables", st->path);
	free(t.rows);
	dwarf_end(dbg);
	return rc;
}

int symtab_name_files(struct symtab *st, int print_path)
{
	for (size_t i = 0; i < st->nsyms; i++) {
		struct sym *s = &st->syms[i];
		const char *file, *slash;
		char at[32] = "";
		char *label;
		int len;

		if (!s->file)
			continue;
		slash = strrchr(s->file, '/');
		file = print_path || !slash ? s->file : slash + 1;
		if (st->line_symbols)
			snprintf(at, sizeof(at), " @ %llx", (unsigned long long)s->addr);
		len = snprintf(NULL, 0, "%s (%s:%u%s)", sym_print_name(s), file, s->line, at);
		if (len < 0 || !(label = malloc((size_t)len + 1)))
			return -1;
		snprintf(label, (size_t)len + 1, "%s (%s:%u%s)", sym_print_name(s), file, s->line,
			 at);
		free(s->label);
		s->label = label;
	}
	return 0;
}

/* The files and lines of addrs in t. */
static void look_up(const struct line_table *t, const gmon_addr_t *addrs, size_t n,
		    const char **files, unsigned *lines)
{
	for (size_t i = 0; i < n; i++) {
		const struct row *r = line_table_find(t, addrs[i]);

		files[i] = r && r->line ? r->file : NULL;
		lines[i] = r && r->line ? r->line : 0;
	}
}

int lines_at(struct symtab *st, const gmon_addr_t *addrs, size_t n, const char **files,
	     unsigned *lines)
{
	struct line_table t = { NULL, 0 };
	int fd, rc = 0;
	Elf *elf;
	Dwarf *dbg;

	if (st->line_cache) {   /* read with the functions' lines */
		look_up(st->line_cache, addrs, n, files, lines);
		return 0;
	}
	fd = open(st->path, O_RDONLY | O_CLOEXEC);
	elf = fd >= 0 ? elf_begin(fd, ELF_C_READ, NULL) : NULL;
	dbg = elf ? dwarf_begin_elf(elf, DWARF_C_READ, NULL) : NULL;
	if (dbg)
		rc = line_table_read(dbg, st, &t);
	look_up(&t, addrs, n, files, lines);
	free(t.rows);
	if (dbg)
		dwarf_end(dbg);
	if (elf)
		elf_end(elf);
	if (fd >= 0)
		close(fd);
	return rc;
}
