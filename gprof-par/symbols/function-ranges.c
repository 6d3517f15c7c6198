/*
 * function-ranges.c - the address ranges of the program's DWARF functions
 * (see lines-internal.h): one walk of every unit's DIEs, shared by the
 * line symbols (line-syms.c, every function) and the inlined functions'
 * code (inlines.c: those asked for, or, one unit at a time, every one).
 */
#include <dwarf.h>
#include <stdlib.h>

#include "lines-internal.h"

/* BFD's mangle_style(lang) == 0: a DW_AT_name is the linkage name. */
static int c_like(Dwarf_Die *cudie)
{
	switch (dwarf_srclang(cudie)) {
	case DW_LANG_C89: case DW_LANG_C: case DW_LANG_C99: case DW_LANG_C11:
	case DW_LANG_Cobol74: case DW_LANG_Cobol85: case DW_LANG_Fortran77:
	case DW_LANG_Pascal83: case DW_LANG_PLI: case DW_LANG_UPC:
	case DW_LANG_Mips_Assembler:
		return 1;
	default:
		return 0;
	}
}

const char *dwarf_function_name(Dwarf_Die *die, int c_names)
{
	Dwarf_Attribute a;
	const char *name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &a));

	if (!name)
		name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &a));
	if (!name && c_names)
		name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &a));
	return name;
}

static int add_ranges(Dwarf_Die *die, const char *name, struct ranges *out)
{
	Dwarf_Addr base, start, end;
	size_t order = out->dies++;
	ptrdiff_t offset = 0;

	while ((offset = dwarf_ranges(die, offset, &base, &start, &end)) > 0) {
		if (end <= start)
			continue;
		if (out->n == out->cap) {
			size_t cap = out->cap ? 2 * out->cap : 1024;
			struct func_range *grown = realloc(out->r, cap * sizeof(*grown));

			if (!grown)
				return -1;
			out->r = grown;
			out->cap = cap;
		}
		out->r[out->n++] = (struct func_range){ start, end, name, order };
	}
	return 0;
}

struct scan {
	function_ranges_keep keep;
	void *arg;
	struct ranges *out;
};

/* Every subprogram and inlined subroutine under die, in DIE order. */
static int scan_dies(Dwarf_Die *die, int c_names, const struct scan *s)
{
	Dwarf_Die child;
	int rc;

	if (dwarf_child(die, &child) != 0)
		return 0;
	do {
		int tag = dwarf_tag(&child);
		const char *name = NULL;

		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine ||
		    tag == DW_TAG_entry_point) {
			rc = s->keep(&child, tag, c_names, &name, s->arg);
			if (rc < 0 || (rc > 0 && add_ranges(&child, name, s->out) != 0))
				return -1;
		}
		rc = scan_dies(&child, c_names, s);
		if (rc != 0)
			return rc;
	} while (dwarf_siblingof(&child, &child) == 0);
	return 0;
}

static int cmp_low(const void *a, const void *b)
{
	const struct func_range *l = a, *r = b;

	if (l->low != r->low)
		return l->low < r->low ? -1 : 1;
	return l->order < r->order ? -1 : l->order > r->order;
}

static void sort_ranges(struct ranges *fr)
{
	if (fr->n > 1)
		qsort(fr->r, fr->n, sizeof(*fr->r), cmp_low);
}

int function_ranges_read(Dwarf *dbg, function_ranges_keep keep, void *arg, struct ranges *fr)
{
	struct scan s = { keep, arg, fr };
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie;
	Dwarf_Half version;
	uint8_t unit_type;

	while (dwarf_get_units(dbg, cu, &cu, &version, &unit_type, &cudie, NULL) == 0)
		if (scan_dies(&cudie, c_like(&cudie), &s) != 0)
			return -1;
	sort_ranges(fr);
	return 0;
}

int function_ranges_read_unit(Dwarf_Die *cudie, function_ranges_keep keep, void *arg,
			      struct ranges *fr)
{
	struct scan s = { keep, arg, fr };

	if (scan_dies(cudie, c_like(cudie), &s) != 0)
		return -1;
	sort_ranges(fr);
	return 0;
}
