/*
 * eh-frame.c - see eh-frame.h.
 *
 * The path from a PC to its rules (the formats: the LSB's "Exception
 * Frames" chapter and DWARF 4's section 6.4, Call Frame Information):
 *
 *   _dl_find_object(pc) gives the object's mapping and dlfo_eh_frame, its
 *   PT_GNU_EH_FRAME segment (.eh_frame_hdr): version 1, the encodings of
 *   the .eh_frame pointer, of the FDE count and of the table, then a table
 *   of (initial location, FDE address) pairs sorted by location, each an
 *   sdata4 relative to the header (GNU ld writes only this encoding; an
 *   object with another, or without a table, counts as having none).  A
 *   binary search gives the FDE of the last location <= pc; pc must lie in
 *   [pc_begin, pc_begin + pc_range).
 *
 *   The FDE points back to its CIE (augmentation string "zR", "zPLR",
 *   "zRS", ...: the FDE's pointer encoding, a personality to skip, 'S' for
 *   a signal frame), which holds the alignment factors and the initial
 *   instructions.  The CIE's and then the FDE's instructions are run up
 *   to pc: the rules of the CFA and of each register (DW_CFA_*).
 *
 * Every byte read lies in the object's mapping [dlfo_map_start,
 * dlfo_map_end) (struct cursor), so a damaged table ends in EH_BAD.
 */
#define _GNU_SOURCE
#include "eh-frame.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define REMEMBER_DEPTH 4       /* DW_CFA_remember_state nesting kept */

/* pointer encodings (DW_EH_PE_*) */
#define PE_OMIT 0xff
#define PE_ABSPTR 0x00
#define PE_ULEB128 0x01
#define PE_UDATA2 0x02
#define PE_UDATA4 0x03
#define PE_UDATA8 0x04
#define PE_SLEB128 0x09
#define PE_SDATA2 0x0a
#define PE_SDATA4 0x0b
#define PE_SDATA8 0x0c
#define PE_PCREL 0x10
#define PE_DATAREL 0x30
#define PE_INDIRECT 0x80

/* Bytes of an object's mapping read in order: a read past end (or a
 * pointer out of the mapping) sets bad and reads zeros. */
struct cursor {
	const uint8_t *p, *end;
	const uint8_t *low, *high;  /* the object's mapping */
	int bad;
};

static int take(struct cursor *c, size_t n)
{
	if (c->bad || c->p < c->low || c->p > c->end || c->end > c->high ||
	    (size_t)(c->end - c->p) < n) {
		c->bad = 1;
		return 0;
	}
	return 1;
}

static uint64_t read_le(struct cursor *c, size_t n)
{
	uint64_t v = 0;

	if (!take(c, n))
		return 0;
	for (size_t i = 0; i < n; i++)
		v |= (uint64_t)c->p[i] << (8 * i);
	c->p += n;
	return v;
}

uint64_t eh_leb128(const uint8_t **p, const uint8_t *end, int is_signed, int *bad)
{
	uint64_t v = 0, b = 0;
	unsigned shift = 0;

	do {
		if (*p >= end) {
			*bad = 1;
			return 0;
		}
		b = *(*p)++;
		if (shift < 64)
			v |= (b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	if (is_signed && shift < 64 && (b & 0x40))
		v |= ~(uint64_t)0 << shift;
	return v;
}

static uint64_t read_uleb(struct cursor *c)
{
	return take(c, 1) ? eh_leb128(&c->p, c->end, 0, &c->bad) : 0;
}

static int64_t read_sleb(struct cursor *c)
{
	return take(c, 1) ? (int64_t)eh_leb128(&c->p, c->end, 1, &c->bad) : 0;
}

/* A pointer in encoding enc (datarel: from data_base); the indirect
 * flag is not followed (only a personality has it, which is skipped). */
static uintptr_t read_encoded(struct cursor *c, uint8_t enc, uintptr_t data_base)
{
	uintptr_t at = (uintptr_t)c->p, v;

	switch (enc & 0x0f) {
	case PE_ABSPTR: case PE_UDATA8: case PE_SDATA8: v = (uintptr_t)read_le(c, 8); break;
	case PE_ULEB128: v = (uintptr_t)read_uleb(c); break;
	case PE_UDATA2: v = (uintptr_t)read_le(c, 2); break;
	case PE_UDATA4: v = (uintptr_t)read_le(c, 4); break;
	case PE_SLEB128: v = (uintptr_t)read_sleb(c); break;
	case PE_SDATA2: v = (uintptr_t)(int64_t)(int16_t)read_le(c, 2); break;
	case PE_SDATA4: v = (uintptr_t)(int64_t)(int32_t)read_le(c, 4); break;
	default: c->bad = 1; return 0;
	}
	switch (enc & 0x70) {
	case 0: return v;
	case PE_PCREL: return v + at;
	case PE_DATAREL: return v + data_base;
	default: c->bad = 1; return 0;
	}
}

/* ---- .eh_frame_hdr ---- */

/* The FDE covering pc in the object's search table, or NULL. */
static const uint8_t *find_fde(uintptr_t pc, const uint8_t *hdr, struct cursor *c)
{
	uint8_t version, frame_enc, count_enc, table_enc;
	uintptr_t count, lo, hi;
	const uint8_t *table;

	c->p = hdr;
	version = (uint8_t)read_le(c, 1);
	frame_enc = (uint8_t)read_le(c, 1);
	count_enc = (uint8_t)read_le(c, 1);
	table_enc = (uint8_t)read_le(c, 1);
	if (c->bad || version != 1 || frame_enc == PE_OMIT || count_enc == PE_OMIT ||
	    table_enc != (PE_DATAREL | PE_SDATA4))
		return NULL;
	(void)read_encoded(c, frame_enc, (uintptr_t)hdr);
	count = read_encoded(c, count_enc, (uintptr_t)hdr);
	table = c->p;
	if (c->bad || count == 0 || count > (uintptr_t)(c->high - table) / 8)
		return NULL;
	/* the last entry whose location is <= pc */
	lo = 0;
	hi = count;
	while (hi - lo > 1) {
		uintptr_t mid = lo + (hi - lo) / 2;
		int32_t loc;

		memcpy(&loc, table + 8 * mid, 4);
		if ((uintptr_t)hdr + (intptr_t)loc <= pc)
			lo = mid;
		else
			hi = mid;
	}
	{
		int32_t loc, fde;

		memcpy(&loc, table + 8 * lo, 4);
		memcpy(&fde, table + 8 * lo + 4, 4);
		if ((uintptr_t)hdr + (intptr_t)loc > pc)
			return NULL;
		return hdr + fde;
	}
}

/* ---- CIE and FDE ---- */

struct cie {
	uint64_t code_align;
	int64_t data_align;
	uint64_t ra_reg;
	uint8_t fde_enc;
	uint8_t augmented;       /* 'z': FDEs have an augmentation length */
	uint8_t signal_frame;
	const uint8_t *insns, *insns_end;
};

/* A CIE or FDE record at c->p: sets *body to after its length, *end to
 * its end; 0 on a terminator or a bad length. */
static int record(struct cursor *c, const uint8_t **body, const uint8_t **end)
{
	uint64_t len = read_le(c, 4);

	if (len == 0xffffffffu)
		len = read_le(c, 8);
	if (c->bad || len == 0 || len > (uint64_t)(c->high - c->p))
		return 0;
	*body = c->p;
	*end = c->p + len;
	return 1;
}

static int parse_cie(struct cursor *c, const uint8_t *at, struct cie *cie)
{
	const uint8_t *body, *end, *aug_end = NULL;
	const char *aug;
	uint8_t version;
	size_t aug_len;
	uint64_t len;

	c->p = at;
	c->end = c->high;
	if (!record(c, &body, &end))
		return 0;
	c->end = end;
	if (read_le(c, 4) != 0)         /* a CIE's id in .eh_frame */
		return 0;
	version = (uint8_t)read_le(c, 1);
	if (c->bad || (version != 1 && version != 3))
		return 0;
	aug = (const char *)c->p;
	aug_len = strnlen(aug, (size_t)(end - c->p));
	if (!take(c, aug_len + 1))
		return 0;
	c->p += aug_len + 1;
	if (aug_len >= 2 && aug[0] == 'e' && aug[1] == 'h')
		(void)read_le(c, 8);    /* the old GNU "eh" data pointer */
	*cie = (struct cie){ .fde_enc = PE_ABSPTR };
	cie->code_align = read_uleb(c);
	cie->data_align = read_sleb(c);
	cie->ra_reg = version == 1 ? read_le(c, 1) : read_uleb(c);
	for (size_t i = 0; i < aug_len && !c->bad; i++) {
		switch (aug[i]) {
		case 'z':
			cie->augmented = 1;
			len = read_uleb(c);
			if (len > (uint64_t)(end - c->p))
				return 0;
			aug_end = c->p + len;
			break;
		case 'R': cie->fde_enc = (uint8_t)read_le(c, 1); break;
		case 'L': (void)read_le(c, 1); break;
		case 'P': {
			uint8_t enc = (uint8_t)read_le(c, 1);

			(void)read_encoded(c, enc & ~PE_INDIRECT, 0);
			break;
		}
		case 'S': cie->signal_frame = 1; break;
		case 'e': case 'h': break;
		default:
			/* an augmentation not known here: its data is skipped
			 * by 'z''s length, or the CIE cannot be read */
			if (!cie->augmented)
				return 0;
			c->p = aug_end;
			i = aug_len;
		}
	}
	if (aug_end)
		c->p = aug_end;
	if (c->bad || cie->ra_reg != EH_REG_RA)
		return 0;
	cie->insns = c->p;
	cie->insns_end = end;
	return cie->insns <= end;
}

/* ---- the CFA program ---- */

struct program {
	const struct cie *cie;
	struct eh_rules initial;        /* after the CIE's instructions */
	struct eh_rules saved[REMEMBER_DEPTH];
	unsigned nsaved;
	uintptr_t data_base;
};

static void set_rule(struct eh_rules *r, uint64_t reg, uint8_t kind, int64_t offset)
{
	if (reg >= EH_REGS)
		return;                 /* a vector register: not needed */
	r->reg[reg] = (struct eh_rule){ .kind = kind, .offset = (int32_t)offset };
}

/*
 * Runs the instructions [c->p, c->end) from location loc while loc <= pc
 * (stop_at_pc; the CIE's run everything).  0: an instruction not known or
 * not readable.
 */
static int run(struct program *pg, struct cursor *c, struct eh_rules *r, uintptr_t loc,
	       uintptr_t pc, int stop_at_pc)
{
	const struct cie *cie = pg->cie;

	while (c->p < c->end && !c->bad) {
		uint8_t op = (uint8_t)read_le(c, 1), low = op & 0x3f;
		uint64_t reg, delta = 0, len;
		int advance = 0;

		switch (op >> 6) {
		case 1:                                 /* DW_CFA_advance_loc */
			delta = low;
			advance = 1;
			break;
		case 2:                                 /* DW_CFA_offset */
			set_rule(r, low, EH_OFFSET, (int64_t)read_uleb(c) * cie->data_align);
			break;
		case 3:                                 /* DW_CFA_restore */
			if (low < EH_REGS)
				r->reg[low] = pg->initial.reg[low];
			break;
		default:
			switch (op) {
			case 0x00: break;               /* nop */
			case 0x01:                      /* set_loc */
				loc = read_encoded(c, cie->fde_enc, pg->data_base);
				if (stop_at_pc && loc > pc)
					return !c->bad;
				break;
			case 0x02: delta = read_le(c, 1); advance = 1; break;
			case 0x03: delta = read_le(c, 2); advance = 1; break;
			case 0x04: delta = read_le(c, 4); advance = 1; break;
			case 0x05:                      /* offset_extended */
				reg = read_uleb(c);
				set_rule(r, reg, EH_OFFSET, (int64_t)read_uleb(c) * cie->data_align);
				break;
			case 0x06:                      /* restore_extended */
				reg = read_uleb(c);
				if (reg < EH_REGS)
					r->reg[reg] = pg->initial.reg[reg];
				break;
			case 0x07: set_rule(r, read_uleb(c), EH_UNDEFINED, 0); break;
			case 0x08: set_rule(r, read_uleb(c), EH_SAME, 0); break;
			case 0x09:                      /* register */
				reg = read_uleb(c);
				len = read_uleb(c);
				set_rule(r, reg, EH_REGISTER, 0);
				if (reg < EH_REGS) {
					if (len >= EH_REGS)
						r->reg[reg].kind = EH_UNDEFINED;
					r->reg[reg].reg = (uint8_t)len;
				}
				break;
			case 0x0a:                      /* remember_state */
				if (pg->nsaved == REMEMBER_DEPTH)
					return 0;
				pg->saved[pg->nsaved++] = *r;
				break;
			case 0x0b:                      /* restore_state, the CFA's too (as GCC's epilogues expect) */
				if (pg->nsaved == 0)
					return 0;
				pg->nsaved--;
				memcpy(r->reg, pg->saved[pg->nsaved].reg, sizeof r->reg);
				r->cfa_reg = pg->saved[pg->nsaved].cfa_reg;
				r->cfa_offset = pg->saved[pg->nsaved].cfa_offset;
				r->cfa_expr = pg->saved[pg->nsaved].cfa_expr;
				r->cfa_len = pg->saved[pg->nsaved].cfa_len;
				break;
			case 0x0c:                      /* def_cfa */
				r->cfa_reg = (uint8_t)read_uleb(c);
				r->cfa_offset = (int32_t)read_uleb(c);
				r->cfa_expr = NULL;
				break;
			case 0x0d:                      /* def_cfa_register */
				r->cfa_reg = (uint8_t)read_uleb(c);
				r->cfa_expr = NULL;
				break;
			case 0x0e:                      /* def_cfa_offset */
				r->cfa_offset = (int32_t)read_uleb(c);
				break;
			case 0x0f:                      /* def_cfa_expression */
				len = read_uleb(c);
				if (!take(c, len))
					return 0;
				r->cfa_expr = c->p;
				r->cfa_len = (uint32_t)len;
				c->p += len;
				break;
			case 0x10:                      /* expression */
			case 0x16:                      /* val_expression */
				reg = read_uleb(c);
				len = read_uleb(c);
				if (!take(c, len))
					return 0;
				set_rule(r, reg, op == 0x10 ? EH_EXPRESSION : EH_VAL_EXPRESSION, 0);
				if (reg < EH_REGS) {
					r->reg[reg].expr = c->p;
					r->reg[reg].len = (uint32_t)len;
				}
				c->p += len;
				break;
			case 0x11:                      /* offset_extended_sf */
				reg = read_uleb(c);
				set_rule(r, reg, EH_OFFSET, read_sleb(c) * cie->data_align);
				break;
			case 0x12:                      /* def_cfa_sf */
				r->cfa_reg = (uint8_t)read_uleb(c);
				r->cfa_offset = (int32_t)(read_sleb(c) * cie->data_align);
				r->cfa_expr = NULL;
				break;
			case 0x13:                      /* def_cfa_offset_sf */
				r->cfa_offset = (int32_t)(read_sleb(c) * cie->data_align);
				break;
			case 0x14:                      /* val_offset */
				reg = read_uleb(c);
				set_rule(r, reg, EH_VAL_OFFSET, (int64_t)read_uleb(c) * cie->data_align);
				break;
			case 0x15:                      /* val_offset_sf */
				reg = read_uleb(c);
				set_rule(r, reg, EH_VAL_OFFSET, read_sleb(c) * cie->data_align);
				break;
			case 0x2e:                      /* GNU_args_size */
				(void)read_uleb(c);
				break;
			case 0x2f:                      /* GNU_negative_offset_extended */
				reg = read_uleb(c);
				set_rule(r, reg, EH_OFFSET, -(int64_t)read_uleb(c) * cie->data_align);
				break;
			default:
				return 0;
			}
		}
		if (advance && stop_at_pc) {
			loc += delta * cie->code_align;
			if (loc > pc)
				break;
		}
	}
	return !c->bad;
}

/* ---- an executable without .eh_frame_hdr (a static link) ---- */

struct index_entry {
	uintptr_t begin;             /* the FDE's first PC */
	const uint8_t *fde;
};

static struct {
	struct index_entry *entries; /* sorted by begin, mmap'ed */
	size_t n;
	uintptr_t low, high;         /* the executable's mapping */
	int ready;                   /* published last (release) */
} exe_index;

/* The FDE of the last entry whose first PC is <= pc, or NULL. */
static const uint8_t *index_find(uintptr_t pc)
{
	size_t lo = 0, hi = exe_index.n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (exe_index.entries[mid].begin <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? exe_index.entries[lo - 1].fde : NULL;
}

static int by_begin(const void *a, const void *b)
{
	const struct index_entry *x = a, *y = b;

	return x->begin < y->begin ? -1 : x->begin > y->begin;
}

/* The FDEs of .eh_frame [start, end), each with its first PC, into
 * entries (room for max; NULL: only counted); returns how many. */
static size_t list_fdes(struct cursor *c, const uint8_t *start, const uint8_t *end,
			struct index_entry *entries, size_t max)
{
	const uint8_t *at = start, *body, *next, *last_cie = NULL;
	struct cie cie;
	size_t n = 0;

	while (at < end && n < max) {
		uint32_t id;

		c->p = at;
		c->end = end;
		c->bad = 0;
		if (!record(c, &body, &next))
			break;
		c->end = next;
		id = (uint32_t)read_le(c, 4);
		if (!c->bad && id != 0) {
			if (body - id != last_cie && !parse_cie(c, body - id, &cie))
				last_cie = NULL;
			else
				last_cie = body - id;
			c->p = body + 4;
			c->end = next;
			if (last_cie) {
				uintptr_t begin = read_encoded(c, cie.fde_enc, 0);

				if (!c->bad && entries)
					entries[n] = (struct index_entry){ begin, at };
				n += !c->bad;
			}
		}
		at = next;
	}
	return n;
}

/* The executable's .eh_frame, from /proc/self/exe's section headers, at
 * load bias bias: [*start, *end); 0 if it has none. */
static int exe_eh_frame(uintptr_t bias, const uint8_t **start, const uint8_t **end)
{
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *sh;
	struct stat st;
	void *image;
	int fd, found = 0;

	fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof *eh ||
	    (image = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)) == MAP_FAILED) {
		close(fd);
		return 0;
	}
	close(fd);
	eh = image;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 && eh->e_shstrndx < eh->e_shnum &&
	    eh->e_shoff + (uint64_t)eh->e_shnum * sizeof *sh <= (uint64_t)st.st_size) {
		const char *names;

		sh = (const Elf64_Shdr *)((const char *)image + eh->e_shoff);
		names = (const char *)image + sh[eh->e_shstrndx].sh_offset;
		for (int i = 0; i < eh->e_shnum && !found; i++)
			if (sh[eh->e_shstrndx].sh_offset + sh[i].sh_name < (uint64_t)st.st_size &&
			    strcmp(names + sh[i].sh_name, ".eh_frame") == 0 && sh[i].sh_addr) {
				*start = (const uint8_t *)(bias + sh[i].sh_addr);
				*end = *start + sh[i].sh_size;
				found = 1;
			}
	}
	munmap(image, (size_t)st.st_size);
	return found;
}

struct exe_map {
	uintptr_t bias, low, high;
	int has_hdr;
};

static int first_object(struct dl_phdr_info *info, size_t size, void *ctx)
{
	struct exe_map *m = ctx;

	(void)size;
	m->bias = info->dlpi_addr;
	m->low = UINTPTR_MAX;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];

		if (p->p_type == PT_GNU_EH_FRAME)
			m->has_hdr = 1;
		if (p->p_type == PT_LOAD && info->dlpi_addr + p->p_vaddr < m->low)
			m->low = info->dlpi_addr + p->p_vaddr;
		if (p->p_type == PT_LOAD && info->dlpi_addr + p->p_vaddr + p->p_memsz > m->high)
			m->high = info->dlpi_addr + p->p_vaddr + p->p_memsz;
	}
	return 1;       /* the executable only */
}

void eh_frame_index_executable(void)
{
	struct exe_map m = {0};
	const uint8_t *start, *end;
	struct cursor c;
	size_t n;
	void *entries;

	if (__atomic_load_n(&exe_index.ready, __ATOMIC_ACQUIRE))
		return;
	dl_iterate_phdr(first_object, &m);
	if (m.has_hdr || m.high <= m.low || !exe_eh_frame(m.bias, &start, &end) ||
	    (uintptr_t)start < m.low || (uintptr_t)end > m.high)
		return;
	c = (struct cursor){ .low = start, .high = end };
	n = list_fdes(&c, start, end, NULL, SIZE_MAX);
	if (n == 0)
		return;
	entries = mmap(NULL, n * sizeof(struct index_entry), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (entries == MAP_FAILED)
		return;
	n = list_fdes(&c, start, end, entries, n);
	qsort(entries, n, sizeof(struct index_entry), by_begin);
	exe_index.entries = entries;
	exe_index.n = n;
	exe_index.low = m.low;
	exe_index.high = m.high;
	__atomic_store_n(&exe_index.ready, 1, __ATOMIC_RELEASE);
}

enum eh_status eh_frame_rules(uintptr_t pc, struct eh_rules *rules)
{
	struct dl_find_object found;
	struct cursor c;
	struct cie cie;
	struct program pg;
	const uint8_t *fde, *body, *end, *cie_at;
	uintptr_t begin, range;

	if (_dl_find_object((void *)pc, &found) == 0 && found.dlfo_eh_frame) {
		c = (struct cursor){ .low = found.dlfo_map_start, .high = found.dlfo_map_end };
		c.end = c.high;
		fde = find_fde(pc, found.dlfo_eh_frame, &c);
	} else if (__atomic_load_n(&exe_index.ready, __ATOMIC_ACQUIRE) && pc >= exe_index.low &&
		   pc < exe_index.high) {
		c = (struct cursor){ .low = (const uint8_t *)exe_index.low,
				     .high = (const uint8_t *)exe_index.high };
		c.end = c.high;
		fde = index_find(pc);
	} else
		return EH_NO_TABLE;
	if (!fde)
		return c.bad ? EH_BAD : EH_NO_TABLE;
	c.p = fde;
	c.end = c.high;
	if (!record(&c, &body, &end))
		return EH_BAD;
	c.end = end;
	{
		uint32_t cie_pointer = (uint32_t)read_le(&c, 4);

		if (c.bad || cie_pointer == 0)
			return EH_BAD;
		cie_at = body - cie_pointer;
	}
	if (!parse_cie(&c, cie_at, &cie))
		return EH_BAD;
	c.p = body + 4;
	c.end = end;
	begin = read_encoded(&c, cie.fde_enc, 0);
	range = read_encoded(&c, cie.fde_enc & 0x0f, 0);
	if (c.bad)
		return EH_BAD;
	if (pc < begin || pc - begin >= range)
		return EH_NO_TABLE;
	if (cie.augmented) {
		uint64_t aug = read_uleb(&c);

		if (!take(&c, aug))
			return EH_BAD;
		c.p += aug;
	}
	memset(&pg, 0, sizeof pg);
	pg.cie = &cie;
	memset(rules, 0, sizeof *rules);
	rules->cfa_reg = EH_REG_RSP;
	rules->signal_frame = cie.signal_frame;
	{
		struct cursor ci = c;

		ci.p = cie.insns;
		ci.end = cie.insns_end;
		if (!run(&pg, &ci, rules, begin, pc, 0))
			return EH_BAD;
	}
	pg.initial = *rules;
	pg.nsaved = 0;
	if (!run(&pg, &c, rules, begin, pc, 1))
		return EH_BAD;
	return EH_FOUND;
}
