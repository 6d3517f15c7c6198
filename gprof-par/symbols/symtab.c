/*
 * symtab.c - read the functions of an ELF executable with libelf, keeping
 * the same symbols, names and address ranges as GNU gprof 2.40.
 * See symtab.h for the rules.
 *
 * Over 800 lines (827): GNU's symbol-table rules (which symbols, their
 * order, aliases, regions) kept together; splitting them would scatter
 * one contract over several files.
 */
#include "symtab.h"
#include "lines-internal.h"
#include "errors.h"
#include "files.h"
#include "function-map.h"
#include "lines.h"
#include "regions.h"
#include "symspec.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What GNU gprof calls the symbol's class: 0 (not a function), 'T', 't'. */
enum sym_class { CLASS_NONE = 0, CLASS_GLOBAL = 'T', CLASS_LOCAL = 't' };

/* A candidate function, before sorting and merging of aliases. */
struct candidate {
	struct sym sym;
	size_t order;            /* position in the ELF symbol table */
};


static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int has_prefix_longer(const char *s, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(end - s) > n && strncmp(s, prefix, n) == 0;
}

/*
 * GNU gprof's filter on the names of local functions: no '$', and each '.'
 * suffix made of digits (".clone." and ".constprop." may precede them).
 *
 * GNU's loop steps past the terminating NUL after a numeric suffix and goes
 * on checking the following string of the string table, so that "f.0" is
 * dropped when the string stored after it contains '$' or a non-numeric '.'
 * suffix.  Names point into the string table in both tools, so doing the
 * same (within the table's bounds) keeps exactly the same functions.
 */
static int local_name_acceptable(const char *strtab, size_t strsz, size_t offset)
{
	const char *end = strtab + strsz;
	const char *p = strtab + offset;

	if (p >= end || *p == '\0')
		return 0;
	for (; p < end && *p; ++p) {
		if (*p == '$')
			return 0;
		while (p < end && *p == '.') {
			int digit_seen = 0;
			const char *nul = memchr(p, '\0', (size_t)(end - p));
			const char *str_end = nul ? nul : end;

			if (has_prefix_longer(p, str_end, ".clone."))
				p += strlen(".clone.") - 1;
			else if (has_prefix_longer(p, str_end, ".constprop."))
				p += strlen(".constprop.") - 1;
			for (p++; p < end && *p; p++) {
				if (digit_seen && *p == '.')
					break;
				else if (is_digit(*p))
					digit_seen = 1;
				else
					return 0;
			}
		}
		if (p >= end)
			break;
	}
	if (strncmp(strtab + offset, "__gnu_compiled", 14) == 0 ||
	    strncmp(strtab + offset, "___gnu_compiled", 15) == 0)
		return 0;
	return 1;
}

/*
 * The class GNU gprof (through BFD's nm-style symbol class) gives an ELF
 * symbol.  exec_section tells whether its section is executable.
 */
static enum sym_class classify(const GElf_Sym *s, Elf32_Word shndx, int exec_section)
{
	int type = GELF_ST_TYPE(s->st_info);
	int bind = GELF_ST_BIND(s->st_info);

	if (type == STT_SECTION || type == STT_FILE)
		return CLASS_NONE;                  /* BFD: debugging symbols */
	if (shndx == SHN_UNDEF || shndx == SHN_COMMON)
		return CLASS_NONE;                  /* nm 'U', 'w', 'C' */
	if (type == STT_GNU_IFUNC)
		return CLASS_NONE;                  /* nm 'i' */
	if (bind == STB_WEAK)
		return type == STT_OBJECT ? CLASS_NONE : CLASS_GLOBAL; /* 'V' / 'W' */
	if (bind != STB_GLOBAL && bind != STB_LOCAL)
		return CLASS_NONE;                  /* 'u' (GNU unique) and unknown */
	if (shndx == SHN_ABS || !exec_section)
		return CLASS_NONE;
	return bind == STB_GLOBAL ? CLASS_GLOBAL : CLASS_LOCAL;
}

static int cmp_candidates(const void *lp, const void *rp)
{
	const struct candidate *l = lp, *r = rp;

	if (l->sym.addr != r->sym.addr)
		return l->sym.addr > r->sym.addr ? 1 : -1;
	/* What GNU keeps comes first; among it, GNU's order. */
	if (l->sym.gnu_hidden != r->sym.gnu_hidden)
		return (int)l->sym.gnu_hidden - (int)r->sym.gnu_hidden;
	if (l->sym.is_func != r->sym.is_func)
		return (int)r->sym.is_func - (int)l->sym.is_func;
	if (l->sym.is_static != r->sym.is_static)
		return (int)l->sym.is_static - (int)r->sym.is_static;
	/* GNU's qsort (glibc's merge sort) keeps symbol-table order. */
	return l->order > r->order ? 1 : (l->order < r->order ? -1 : 0);
}

/* GNU symtab_finalize: does src replace kept, an alias at the same address? */
static int alias_wins(const struct sym *src, const struct sym *kept)
{
	if (src->gnu_hidden != kept->gnu_hidden)
		return kept->gnu_hidden;        /* what GNU keeps always wins */
	if (!src->is_static && kept->is_static)
		return 1;
	if (src->is_static != kept->is_static)
		return 0;
	if (src->is_func && !kept->is_func)
		return 1;
	if (src->is_func != kept->is_func)
		return 0;
	if (src->name[0] != '_' && kept->name[0] == '_')
		return 1;
	return src->name[0] == '_' && kept->name[0] == '_' &&
	       src->name[1] != '_' && kept->name[1] == '_';
}

/* The tables GNU gprof puts its default exclusions in (symspec.h). */
#define DEFAULT_EXCLUDED_TABLES                                                    \
	(SYMSPEC_BIT(SYMSPEC_EXCL_FLAT) | SYMSPEC_BIT(SYMSPEC_EXCL_TIME) |         \
	 SYMSPEC_BIT(SYMSPEC_EXCL_GRAPH))

/* GNU gprof's default_excluded_list (gprof.c). */
static int default_excluded(const char *name)
{
	static const char *const names[] = {
		"_gprof_mcount", "mcount", "_mcount", "__mcount", "__mcount_internal",
		"__mcleanup", "<locore>", "<hicore>",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

/* Sorts, merges aliases and sets end addresses, into st->syms. */
static int finalize(struct symtab *st, struct candidate *c, size_t n)
{
	size_t i, kept = 0;
	gmon_addr_t prev_addr;

	qsort(c, n, sizeof(*c), cmp_candidates);
	st->syms = calloc(n, sizeof(*st->syms));
	if (!st->syms)
		return -1;
	prev_addr = c[0].sym.addr - 1;
	for (i = 0; i < n; i++) {
		const struct sym *src = &c[i].sym;

		if (kept > 0 && src->addr == prev_addr) {
			if (alias_wins(src, &st->syms[kept - 1]))
				st->syms[kept - 1] = *src;
			continue;
		}
		if (kept > 0 && st->syms[kept - 1].end_addr == 0)
			st->syms[kept - 1].end_addr = src->addr - 1;
		st->syms[kept++] = *src;
		prev_addr = src->addr;
	}
	if (st->syms[kept - 1].end_addr == 0)
		st->syms[kept - 1].end_addr = st->text_addr + st->text_size - 1;
	for (i = 0; i < kept; i++) {
		st->syms[i].index = i;
		st->syms[i].excluded = default_excluded(st->syms[i].name);
		if (st->syms[i].excluded) {
			st->syms[i].spec = DEFAULT_EXCLUDED_TABLES;
			st->spec_nonempty |= DEFAULT_EXCLUDED_TABLES;
		}
		st->syms[i].owner = &st->syms[i];
	}
	st->nsyms = kept;
	return 0;
}

int symtab_own(struct symtab *st, char *block)
{
	char **grown = realloc(st->strtabs, (st->nstrtabs + 1) * sizeof(*grown));

	if (!grown)
		return -1;
	st->strtabs = grown;
	st->strtabs[st->nstrtabs++] = block;
	return 0;
}

/* GNU's cmp_addr, made stable as glibc's merge sort is: by address, a
 * function before a line symbol, global before static, then input order
 * (the line symbols came first). */
static int line_sym_first(const struct sym *line, const struct sym *func)
{
	if (line->addr != func->addr)
		return line->addr < func->addr;
	if (line->is_func != func->is_func)
		return line->is_func > func->is_func;
	if (line->is_static != func->is_static)
		return line->is_static < func->is_static;
	return 1;
}

/*
 * GNU's core_create_line_syms: the line symbols, then the function
 * symbols, through symtab_finalize a second time: sorted (cmp_addr; both
 * lists already are, so they are merged), one symbol kept per address
 * (alias_wins), end addresses set only where still 0 (so a function keeps
 * its own end, past its line symbols), and a symbol whose end is below its
 * address dropped (GNU's "non-empty address range": a function after the
 * end of .text, such as the weak data_start, which the first finalize gave
 * .text's end).
 */
int symtab_merge_line_syms(struct symtab *st, const struct sym *lines, size_t n)
{
	size_t total = st->nsyms + n, kept = 0, i = 0, j = 0;
	struct sym *merged = malloc((total ? total : 1) * sizeof(*merged));
	gmon_addr_t prev_addr = 0;

	if (!merged)
		return -1;
	while (i < n || j < st->nsyms) {
		const struct sym *src = j == st->nsyms ||
			(i < n && line_sym_first(&lines[i], &st->syms[j])) ? &lines[i++]
									  : &st->syms[j++];

		if (kept > 0 && src->addr == prev_addr) {
			if (alias_wins(src, &merged[kept - 1]))
				merged[kept - 1] = *src;
			continue;
		}
		if (kept > 0 && merged[kept - 1].end_addr == 0)
			merged[kept - 1].end_addr = src->addr - 1;
		if (src->end_addr && src->addr > src->end_addr)
			continue;
		merged[kept++] = *src;
		prev_addr = src->addr;
	}
	if (kept > 0 && merged[kept - 1].end_addr == 0)
		merged[kept - 1].end_addr = st->text_addr + st->text_size - 1;
	for (i = 0; i < kept; i++) {
		merged[i].index = i;
		merged[i].owner = &merged[i];
		if (!merged[i].excluded && default_excluded(merged[i].name)) {
			merged[i].excluded = 1;
			merged[i].spec = DEFAULT_EXCLUDED_TABLES;
			st->spec_nonempty |= DEFAULT_EXCLUDED_TABLES;
		}
	}
	free(st->syms);
	st->syms = merged;
	st->nsyms = kept;
	return 0;
}

/* Keeps a copy of a string table; names point into it. */
static char *keep_strtab(struct symtab *st, const Elf_Data *d)
{
	char **grown = realloc(st->strtabs, (st->nstrtabs + 1) * sizeof(*grown));
	char *copy;

	if (!grown)
		return NULL;
	st->strtabs = grown;
	copy = malloc(d->d_size + 1);
	if (!copy)
		return NULL;
	memcpy(copy, d->d_buf, d->d_size);
	copy[d->d_size] = '\0';
	st->strtabs[st->nstrtabs++] = copy;
	return copy;
}

/* Looks for the NT_GNU_BUILD_ID note in a SHT_NOTE section. */
static int read_build_id(struct symtab *st, Elf_Scn *scn)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	size_t off = 0, name_off, desc_off;
	GElf_Nhdr nh;

	while (d && (off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    memcmp((char *)d->d_buf + name_off, "GNU", 4) == 0 && nh.n_descsz > 0) {
			st->build_id = malloc(nh.n_descsz);
			if (!st->build_id)
				return -1;
			memcpy(st->build_id, (char *)d->d_buf + desc_off, nh.n_descsz);
			st->build_id_len = nh.n_descsz;
			return 0;
		}
	}
	return 0;
}

struct elf_sections {
	Elf_Scn *symtab;
	GElf_Shdr symtab_hdr;
	Elf_Scn *dynsym;         /* a shared library's dynamic symbols */
	GElf_Shdr dynsym_hdr;
	int have_text;
	unsigned char *exec;     /* per section index: SHF_EXECINSTR */
	size_t nsections;
};

/* A copy of the .text section's bytes into st->text. */
static int keep_text(Elf_Scn *scn, const GElf_Shdr *sh, struct symtab *st, char *err,
		     size_t errlen)
{
	Elf_Data *d = NULL;

	if (sh->sh_type == SHT_NOBITS)
		return 0;
	st->text = calloc(sh->sh_size ? sh->sh_size : 1, 1);
	if (!st->text) {
		set_error(err, errlen, "%s: out of memory", st->path);
		return -1;
	}
	while ((d = elf_getdata(scn, d)) != NULL)
		if (d->d_buf && d->d_off >= 0 && (uint64_t)d->d_off <= sh->sh_size &&
		    d->d_size <= sh->sh_size - (uint64_t)d->d_off)
			memcpy(st->text + d->d_off, d->d_buf, d->d_size);
	return 0;
}

static int scan_sections(Elf *elf, struct symtab *st, struct elf_sections *secs,
			 unsigned flags, char *err, size_t errlen)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrnum(elf, &secs->nsections) != 0 ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0) {
		set_error(err, errlen, "%s: cannot read the ELF section headers: %s",
			  st->path, elf_errmsg(-1));
		return -1;
	}
	secs->exec = calloc(secs->nsections ? secs->nsections : 1, 1);
	if (!secs->exec) {
		set_error(err, errlen, "%s: out of memory", st->path);
		return -1;
	}
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;
		size_t idx = elf_ndxscn(scn);

		if (!gelf_getshdr(scn, &sh))
			continue;
		if (idx < secs->nsections)
			secs->exec[idx] = (sh.sh_flags & SHF_EXECINSTR) != 0;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (sh.sh_type == SHT_SYMTAB && !secs->symtab) {
			secs->symtab = scn;
			secs->symtab_hdr = sh;
		} else if (sh.sh_type == SHT_DYNSYM && !secs->dynsym) {
			secs->dynsym = scn;
			secs->dynsym_hdr = sh;
		} else if (sh.sh_type == SHT_NOTE && !st->build_id) {
			if (read_build_id(st, scn) != 0) {
				set_error(err, errlen, "%s: out of memory", st->path);
				return -1;
			}
		}
		if (name && (strcmp(name, ".debug_line") == 0 || strcmp(name, ".zdebug_line") == 0))
			st->has_line_info = 1;
		if (name && strcmp(name, ".text") == 0 && !secs->have_text) {
			secs->have_text = 1;
			st->text_addr = sh.sh_addr;
			st->text_size = sh.sh_size;
			if ((flags & SYMTAB_TEXT) && keep_text(scn, &sh, st, err, errlen) != 0)
				return -1;
		}
	}
	return 0;
}

/* Collects the symbols GNU gprof keeps, in symbol-table order. */
static int collect(Elf *elf, struct symtab *st, const struct elf_sections *secs,
		   unsigned flags, struct candidate **out, size_t *nout, char *err,
		   size_t errlen)
{
	Elf_Data *syms = elf_getdata(secs->symtab, NULL);
	Elf_Data *xndx = NULL;
	Elf_Scn *strscn = elf_getscn(elf, secs->symtab_hdr.sh_link);
	Elf_Data *strdata = strscn ? elf_getdata(strscn, NULL) : NULL;
	Elf_Scn *scn = NULL;
	struct candidate *c;
	size_t i, n, count = 0;
	char *strtab;

	if (!syms || !strdata || secs->symtab_hdr.sh_entsize == 0) {
		set_error(err, errlen, "%s: cannot read the symbol table: %s", st->path,
			  elf_errmsg(-1));
		return -1;
	}
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB_SHNDX &&
		    elf_getscn(elf, sh.sh_link) == secs->symtab)
			xndx = elf_getdata(scn, NULL);
	}
	strtab = keep_strtab(st, strdata);
	n = secs->symtab_hdr.sh_size / secs->symtab_hdr.sh_entsize;
	c = calloc(n ? n : 1, sizeof(*c));
	if (!strtab || !c) {
		free(c);
		set_error(err, errlen, "%s: out of memory", st->path);
		return -1;
	}
	for (i = 1; i < n; i++) {             /* entry 0 is the null symbol */
		GElf_Sym s;
		Elf32_Word shndx;
		enum sym_class cls;
		int exec;

		if (!gelf_getsymshndx(syms, xndx, (int)i, &s, &shndx))
			continue;
		if (s.st_shndx != SHN_XINDEX)
			shndx = s.st_shndx;
		if (s.st_name >= strdata->d_size)
			continue;
		exec = shndx < secs->nsections && secs->exec[shndx];
		cls = classify(&s, shndx, exec);
		if (cls == CLASS_NONE)
			continue;
		if (cls == CLASS_LOCAL && (flags & SYMTAB_NO_STATIC))
			continue;
		/* GNU -D: a local text symbol must be a function */
		if (cls == CLASS_LOCAL && (flags & SYMTAB_FUNCTIONS_ONLY) &&
		    GELF_ST_TYPE(s.st_info) != STT_FUNC)
			continue;
		if (cls == CLASS_LOCAL &&
		    !local_name_acceptable(strtab, strdata->d_size, s.st_name)) {
			if (!(flags & SYMTAB_REGIONS) ||
			    !region_parse(strtab + s.st_name, NULL))
				continue;
			c[count].sym.gnu_hidden = 1;
		}
		c[count].sym.name = strtab + s.st_name;
		c[count].sym.addr = s.st_value;
		c[count].sym.size = s.st_size;
		c[count].sym.is_static = cls == CLASS_LOCAL;
		c[count].sym.is_func = GELF_ST_TYPE(s.st_info) == STT_FUNC;
		c[count].sym.elf_order = i;
		c[count].order = i;
		count++;
	}
	*out = c;
	*nout = count;
	return 0;
}

static size_t count_gnu_visible(const struct candidate *c, size_t n)
{
	size_t visible = 0;

	for (size_t i = 0; i < n; i++)
		visible += !c[i].sym.gnu_hidden;
	return visible;
}

/*
 * GNU's core_create_syms_from (--external-symbol-table=FILE): each line
 * "ADDRESS TYPE NAME" (as nm prints them; the first 1023 characters of a
 * field, ADDRESS in hex) whose TYPE is 't' (static) or 'T' is a function;
 * other lines are passed over.  No source lines are looked up.
 */
static int read_external_table(struct symtab *st, const char *table, struct candidate **out,
			       size_t *nout, char *err, size_t errlen)
{
	struct stat sb;
	int fd = open_input(table, "a symbol table", INPUT_REGULAR, &sb, err, errlen);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	struct candidate *c = NULL;
	size_t n = 0, cap = 0;
	char *line = NULL, *names = NULL;
	size_t linecap = 0, names_used = 0, names_cap = 0;
	ssize_t len;

	if (fd >= 0 && !f) {
		set_error(err, errlen, "%s: %s", table, strerror(errno));
		close(fd);
	}
	if (!f)
		return -1;
	while ((len = getline(&line, &linecap, f)) >= 0) {
		char address[1024], name[1024], type;
		unsigned long long addr;
		char *end;
		size_t need;

		if (sscanf(line, "%1023s %c %1023s", address, &type, name) != 3 ||
		    (type != 't' && type != 'T'))
			continue;
		addr = strtoull(address, &end, 16);
		if (end == address)
			continue;  /* not an address (GNU reads garbage) */
		if (n == cap) {
			size_t c2 = cap ? 2 * cap : 256;
			struct candidate *grown = realloc(c, c2 * sizeof(*grown));

			if (!grown)
				goto nomem;
			c = grown;
			cap = c2;
		}
		need = strlen(name) + 1;
		if (names_used + need > names_cap) {
			/* a new block: names already read point into the old ones */
			names_cap = need > 65536 ? need : 65536;
			names = malloc(names_cap);
			if (!names || symtab_own(st, names) != 0) {
				free(names);
				goto nomem;
			}
			names_used = 0;
		}
		memcpy(names + names_used, name, need);
		memset(&c[n], 0, sizeof(c[n]));
		c[n].sym.name = names + names_used;
		c[n].sym.addr = (gmon_addr_t)addr;
		c[n].sym.is_func = 1;
		c[n].sym.is_static = type == 't';
		c[n].sym.elf_order = n;
		c[n].order = n;
		names_used += need;
		n++;
	}
	if (ferror(f)) {
		set_error(err, errlen, "%s: cannot read: %s", table, strerror(errno));
		goto fail;
	}
	if (n == 0) {
		set_error(err, errlen, "file `%s' has no symbols", table);
		goto fail;
	}
	free(line);
	fclose(f);
	*out = c;
	*nout = n;
	return 0;
nomem:
	set_error(err, errlen, "%s: out of memory", table);
fail:
	free(line);
	free(c);
	fclose(f);
	return -1;
}

/* -R: GNU's core_create_function_syms keeps a function of the map only if
 * it is the first of its file's run, named after the file. */
static void apply_map(struct candidate *c, size_t *n, const struct function_map *map)
{
	size_t kept = 0;

	for (size_t i = 0; i < *n; i++) {
		const struct function_map_entry *e = function_map_find(map, c[i].sym.name);

		if (e && !e->is_first)
			continue;
		c[kept] = c[i];
		if (e) {
			c[kept].sym.name = e->file_name;
			c[kept].sym.mapped = 1;
		}
		kept++;
	}
	*n = kept;
}

/* A shared library, not a PIE executable: ET_DYN without a PT_INTERP, or
 * with a DT_SONAME (libc.so.6 has both: it runs as a program too). */
static int is_shared_library(Elf *elf)
{
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;
	size_t nph;
	int interp = 0;

	if (!gelf_getehdr(elf, &eh) || eh.e_type != ET_DYN)
		return 0;
	if (elf_getphdrnum(elf, &nph) == 0)
		for (size_t i = 0; i < nph; i++) {
			GElf_Phdr ph;

			if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_INTERP)
				interp = 1;
		}
	if (!interp)
		return 1;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC || sh.sh_entsize == 0 ||
		    !(d = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Dyn dyn;

			if (!gelf_getdyn(d, (int)i, &dyn) || dyn.d_tag == DT_NULL)
				break;
			if (dyn.d_tag == DT_SONAME)
				return 1;
		}
	}
	return 0;
}

static int read_elf(Elf *elf, struct symtab *st, unsigned flags,
		    const struct symtab_sources *src, char *err, size_t errlen)
{
	const char *external_table = src ? src->external_table : NULL;

	struct elf_sections secs;
	struct candidate *c = NULL;
	size_t n = 0;
	int rc = -1;

	memset(&secs, 0, sizeof(secs));
	if (scan_sections(elf, st, &secs, flags, err, errlen) != 0)
		goto out;
	if (!secs.have_text) {
		set_error(err, errlen, "%s: no .text section: not an executable with code",
			  st->path);
		goto out;
	}
	if (external_table) {
		if (read_external_table(st, external_table, &c, &n, err, errlen) != 0 ||
		    finalize(st, c, n) != 0) {
			if (c)
				set_error(err, errlen, "%s: out of memory", external_table);
			goto out;
		}
		rc = 0;
		goto out;
	}
	if (!secs.symtab && secs.dynsym && is_shared_library(elf)) {
		/* a stripped library (libmpi, libc): its exported functions */
		secs.symtab = secs.dynsym;
		secs.symtab_hdr = secs.dynsym_hdr;
		st->dynamic_symbols_only = 1;
	}
	if (!secs.symtab) {
		set_error(err, errlen,
			  "%s: no symbol table (the executable is stripped); "
			  "profile an unstripped build", st->path);
		goto out;
	}
	if (collect(elf, st, &secs, flags, &c, &n, err, errlen) != 0)
		goto out;
	if (src && src->map)
		apply_map(c, &n, src->map);
	if (count_gnu_visible(c, n) == 0) {
		set_error(err, errlen, "%s: the symbol table has no functions", st->path);
		rc = SYMTAB_NO_FUNCTIONS;
		goto out;
	}
	if (finalize(st, c, n) != 0) {
		set_error(err, errlen, "%s: out of memory", st->path);
		goto out;
	}
	if (!(flags & SYMTAB_NO_LINE_TABLE) && (st->has_line_info || st->line_symbols) &&
	    lines_read(elf, st, st->line_symbols, err, errlen) != 0)
		goto out;
	rc = 0;
out:
	free(c);
	free(secs.exec);
	return rc;
}

int symtab_read(struct symtab *st, const char *path, unsigned flags, char *err,
		size_t errlen)
{
	return symtab_read_with(st, path, NULL, flags, err, errlen);
}

int symtab_read_with(struct symtab *st, const char *path, const struct symtab_sources *src,
		     unsigned flags, char *err, size_t errlen)
{
	struct stat sb;
	Elf *elf;
	int fd, rc;

	memset(st, 0, sizeof(*st));
	st->line_symbols = (flags & SYMTAB_LINES) != 0;
	st->keep_lines = (flags & SYMTAB_KEEP_LINES) != 0;
	st->path = strdup(path);
	if (!st->path) {
		set_error(err, errlen, "%s: out of memory", path);
		return -1;
	}
	if (elf_version(EV_CURRENT) == EV_NONE) {
		set_error(err, errlen, "%s: libelf is out of date", path);
		symtab_free(st);
		return -1;
	}
	fd = open_input(path, "an executable", INPUT_REGULAR, &sb, err, errlen);
	if (fd < 0) {
		symtab_free(st);
		return -1;
	}
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		set_error(err, errlen, "%s: not an ELF executable", path);
		rc = -1;
	} else {
		rc = read_elf(elf, st, flags, src, err, errlen);
	}
	if (elf)
		elf_end(elf);
	close(fd);
	if (rc != 0)
		symtab_free(st);
	return rc;
}

void symtab_free(struct symtab *st)
{
	size_t i;

	for (i = 0; i < st->nstrtabs; i++)
		free(st->strtabs[i]);
	for (i = 0; i < st->nsyms; i++) {
		free(st->syms[i].demangled);
		free(st->syms[i].label);
	}
	free(st->strtabs);
	free(st->syms);
	free(st->all);
	free(st->path);
	free(st->build_id);
	free(st->text);
	for (i = 0; i < st->nfiles; i++)
		free(st->files[i]);
	free(st->files);
	if (st->line_cache)
		free(st->line_cache->rows);
	free(st->line_cache);
	symspec_free(st);
	memset(st, 0, sizeof(*st));
}

struct sym *symtab_lookup(const struct symtab *st, gmon_addr_t addr)
{
	size_t lo = 0, hi = st->nsyms;
	struct sym *s;

	/* Find the first function starting above addr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (st->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	s = &st->syms[lo - 1];
	return addr <= s->end_addr ? s : NULL;
}

int symtab_clone(struct symtab *dst, const struct symtab *src)
{
	const struct sym *from = src->all ? src->all : src->syms;
	size_t n = src->all ? src->nall : src->nsyms;

	memset(dst, 0, sizeof(*dst));
	dst->syms = malloc((n ? n : 1) * sizeof(*dst->syms));
	dst->path = strdup(src->path);
	if (!dst->syms || !dst->path) {
		symtab_free(dst);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		dst->syms[i] = from[i];
		dst->syms[i].demangled = NULL;
		dst->syms[i].label = NULL;
		dst->syms[i].owner = &dst->syms[i];
		dst->syms[i].index = i;
		dst->syms[i].ticks = dst->syms[i].child_ticks = 0.0;
		dst->syms[i].calls = dst->syms[i].self_calls = 0;
	}
	dst->nsyms = n;
	dst->text_addr = src->text_addr;
	dst->text_size = src->text_size;
	dst->line_symbols = src->line_symbols;
	dst->has_line_info = src->has_line_info;   /* lines_at reads them again */
	return 0;
}
