/* pg-check.c - see pg-check.h. */
#include "pg-check.h"

#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "errors.h"

#define MAX_TARGETS 8
#define PLT_STUB_BYTES 16       /* where a PLT entry's jmp *GOT(%rip) is */

/* A section's bytes, at their link-time address. */
struct code_range {
	gmon_addr_t addr;
	size_t size;
	unsigned char *bytes;
};

struct pg_code {
	struct code_range text, plt, plt_sec;
	/* mcount's GOT slots (GLOB_DAT, JUMP_SLOT) and its own addresses (a
	 * static program's mcount) */
	gmon_addr_t slots[MAX_TARGETS], direct[MAX_TARGETS];
	size_t nslots, ndirect;
};

static int is_mcount(const char *name)
{
	return name && (strcmp(name, "mcount") == 0 || strcmp(name, "_mcount") == 0 ||
			strcmp(name, "__fentry__") == 0 || strcmp(name, "__mcount_internal") == 0);
}

static int copy_section(Elf_Scn *scn, const GElf_Shdr *sh, struct code_range *r)
{
	Elf_Data *d = elf_getdata(scn, NULL);

	if (!d || !d->d_buf || d->d_size == 0 || r->bytes)
		return 0;
	r->bytes = malloc(d->d_size);
	if (!r->bytes)
		return -1;
	memcpy(r->bytes, d->d_buf, d->d_size);
	r->addr = sh->sh_addr;
	r->size = d->d_size;
	return 0;
}

/* mcount's GOT slots from a relocation section's entries whose symbol is
 * mcount's, in the symbol table it links to. */
static void read_slots(Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh, struct pg_code *c)
{
	Elf_Scn *symscn = elf_getscn(elf, sh->sh_link);
	GElf_Shdr symsh;
	Elf_Data *d = elf_getdata(scn, NULL), *syms = symscn ? elf_getdata(symscn, NULL) : NULL;

	if (!d || !syms || !gelf_getshdr(symscn, &symsh) || sh->sh_entsize == 0)
		return;
	for (size_t i = 0; i < sh->sh_size / sh->sh_entsize && c->nslots < MAX_TARGETS; i++) {
		GElf_Rela rela;
		GElf_Sym sym;

		if (!gelf_getrela(d, (int)i, &rela) ||
		    !gelf_getsym(syms, (int)GELF_R_SYM(rela.r_info), &sym))
			continue;
		if (is_mcount(elf_strptr(elf, symsh.sh_link, sym.st_name)))
			c->slots[c->nslots++] = rela.r_offset;
	}
}

/* mcount's own addresses in a symbol table (a static program's). */
static void read_direct(Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh, struct pg_code *c)
{
	Elf_Data *d = elf_getdata(scn, NULL);

	for (size_t i = 0; d && sh->sh_entsize && i < sh->sh_size / sh->sh_entsize &&
			   c->ndirect < MAX_TARGETS; i++) {
		GElf_Sym sym;

		if (gelf_getsym(d, (int)i, &sym) && sym.st_value != 0 &&
		    sym.st_shndx != SHN_UNDEF && is_mcount(elf_strptr(elf, sh->sh_link, sym.st_name)))
			c->direct[c->ndirect++] = sym.st_value;
	}
}

static void free_code(struct pg_code *c)
{
	free(c->text.bytes);
	free(c->plt.bytes);
	free(c->plt_sec.bytes);
	free(c);
}

struct pg_code *pg_code_open(const char *path, char *err, size_t errlen)
{
	struct pg_code *c = calloc(1, sizeof *c);
	size_t shstrndx;
	Elf_Scn *scn = NULL;
	Elf *elf;
	int fd, failed = 0;

	if (!c || elf_version(EV_CURRENT) == EV_NONE) {
		set_error(err, errlen, "out of memory");
		free(c);
		return NULL;
	}
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		set_error(err, errlen, "%s: cannot open: %m", path);
		free(c);
		return NULL;
	}
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_getshdrstrndx(elf, &shstrndx) != 0) {
		set_error(err, errlen, "%s: not an ELF file", path);
		failed = 1;
	}
	while (!failed && (scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(elf, shstrndx, sh.sh_name)))
			continue;
		if (sh.sh_type == SHT_RELA)
			read_slots(elf, scn, &sh, c);
		else if (sh.sh_type == SHT_SYMTAB)
			read_direct(elf, scn, &sh, c);
		else if (sh.sh_type == SHT_PROGBITS && strcmp(name, ".text") == 0)
			failed = copy_section(scn, &sh, &c->text) != 0;
		else if (sh.sh_type == SHT_PROGBITS && strcmp(name, ".plt") == 0)
			failed = copy_section(scn, &sh, &c->plt) != 0;
		else if (sh.sh_type == SHT_PROGBITS && strcmp(name, ".plt.sec") == 0)
			failed = copy_section(scn, &sh, &c->plt_sec) != 0;
	}
	if (elf)
		elf_end(elf);
	close(fd);
	if (!failed && (!c->text.bytes || (c->nslots == 0 && c->ndirect == 0))) {
		set_error(err, errlen, "%s: no call of mcount to look for", path);
		failed = 1;
	}
	if (failed) {
		free_code(c);
		return NULL;
	}
	return c;
}

void pg_code_close(struct pg_code *c)
{
	if (c)
		free_code(c);
}

/* The 32-bit little-endian displacement at p. */
static int32_t disp32(const unsigned char *p)
{
	return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
			 (uint32_t)p[3] << 24);
}

static int is_slot(const struct pg_code *c, gmon_addr_t a)
{
	for (size_t i = 0; i < c->nslots; i++)
		if (c->slots[i] == a)
			return 1;
	return 0;
}

/* Whether addr is mcount, or a PLT entry whose jmp *GOT(%rip) reads one of
 * mcount's slots. */
static int is_mcount_target(const struct pg_code *c, gmon_addr_t addr)
{
	const struct code_range *plts[] = { &c->plt_sec, &c->plt };

	for (size_t i = 0; i < c->ndirect; i++)
		if (c->direct[i] == addr)
			return 1;
	for (size_t k = 0; k < 2; k++) {
		const struct code_range *r = plts[k];

		if (!r->bytes || addr < r->addr || addr >= r->addr + r->size)
			continue;
		for (size_t o = addr - r->addr; o + 6 <= r->size && o < addr - r->addr + PLT_STUB_BYTES;
		     o++)
			if (r->bytes[o] == 0xff && r->bytes[o + 1] == 0x25 &&
			    is_slot(c, r->addr + o + 6 + (gmon_addr_t)(int64_t)disp32(&r->bytes[o + 2])))
				return 1;
	}
	return 0;
}

int pg_code_calls_mcount(const struct pg_code *c, gmon_addr_t addr)
{
	const struct code_range *t = &c->text;
	size_t start, end;

	if (addr < t->addr || addr >= t->addr + t->size)
		return -1;
	start = addr - t->addr;
	end = start + PG_CHECK_BYTES < t->size ? start + PG_CHECK_BYTES : t->size;
	for (size_t o = start; o + 5 <= end; o++) {
		gmon_addr_t next;

		/* call *disp32(%rip) */
		if (t->bytes[o] == 0xff && t->bytes[o + 1] == 0x15 && o + 6 <= t->size) {
			next = t->addr + o + 6;
			if (is_slot(c, next + (gmon_addr_t)(int64_t)disp32(&t->bytes[o + 2])))
				return 1;
		}
		/* call rel32 */
		if (t->bytes[o] == 0xe8) {
			next = t->addr + o + 5;
			if (is_mcount_target(c, next + (gmon_addr_t)(int64_t)disp32(&t->bytes[o + 1])))
				return 1;
		}
	}
	return 0;
}
