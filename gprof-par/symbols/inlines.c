/*
 * inlines.c - the inlined functions at an address, from DWARF (see
 * inlines.h).
 */
#include "inlines.h"

#include <dwarf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <elfutils/libdw.h>

#include "demangle.h"
#include "lines-internal.h"

struct inlines {
	int fd;
	Elf *elf;
	Dwarf *dbg;
};

struct inlines *inlines_open(const char *path)
{
	struct inlines *in = calloc(1, sizeof *in);

	if (!in)
		return NULL;
	elf_version(EV_CURRENT);
	in->fd = open(path, O_RDONLY | O_CLOEXEC);
	in->elf = in->fd >= 0 ? elf_begin(in->fd, ELF_C_READ, NULL) : NULL;
	in->dbg = in->elf ? dwarf_begin_elf(in->elf, DWARF_C_READ, NULL) : NULL;
	if (!in->dbg) {
		inlines_close(in);
		return NULL;
	}
	return in;
}

/* The file DW_AT_call_file of an inlined subroutine names, in its unit's
 * file table; NULL if none. */
static const char *call_file(Dwarf_Die *die, Dwarf_Die *cudie)
{
	Dwarf_Attribute a;
	Dwarf_Word index;
	Dwarf_Files *files;
	size_t nfiles;

	if (dwarf_formudata(dwarf_attr(die, DW_AT_call_file, &a), &index) != 0 ||
	    dwarf_getsrcfiles(cudie, &files, &nfiles) != 0 || index >= nfiles)
		return NULL;
	return dwarf_filesrc(files, index, NULL, NULL);
}

size_t inlines_at(struct inlines *in, gmon_addr_t addr, struct inline_frame *out, size_t max)
{
	Dwarf_Die cudie, *scopes = NULL;
	int nscopes;
	size_t n = 0;

	if (!in || max == 0 || !dwarf_addrdie(in->dbg, addr, &cudie))
		return 0;
	/* innermost first: the inlined subroutines, lexical blocks, the
	 * subprogram, the unit */
	nscopes = dwarf_getscopes(&cudie, addr, &scopes);
	for (int i = nscopes; i-- > 0 && n < max;) {
		Dwarf_Attribute a;
		Dwarf_Word line;

		if (dwarf_tag(&scopes[i]) != DW_TAG_inlined_subroutine)
			continue;
		out[n].name = dwarf_function_name(&scopes[i], 1);
		if (!out[n].name)
			continue;   /* (no name to give it: its code is its caller's) */
		out[n].call_file = call_file(&scopes[i], &cudie);
		out[n].call_line = dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_line, &a),
						   &line) == 0 ? (unsigned)line : 0;
		n++;
	}
	free(scopes);
	return n;
}

char *inlines_label(const struct inline_frame *f, int demangle)
{
	char *demangled = NULL, *label;
	const char *name;
	size_t len;

	if (demangle && demangle_name(f->name, &demangled) != 0)
		return NULL;
	name = demangled ? demangled : f->name;
	len = strlen(name) + sizeof INLINES_MARK;
	label = malloc(len);
	if (label)
		snprintf(label, len, "%s%s", name, INLINES_MARK);
	free(demangled);
	return label;
}

struct wanted_inlined {
	int (*want)(const char *name, void *arg);
	void *arg;
};

/* The inlined subroutines of the functions wanted, named as inlines_at
 * names them. */
static int keep_wanted(Dwarf_Die *die, int tag, int c_names, const char **name, void *arg)
{
	const struct wanted_inlined *w = arg;

	(void)c_names;
	if (tag != DW_TAG_inlined_subroutine)
		return 0;
	*name = dwarf_function_name(die, 1);
	return *name ? w->want(*name, w->arg) : 0;
}

int inlines_ranges(struct inlines *in, int (*want)(const char *name, void *arg), void *arg,
		   struct inline_range **out, size_t *n)
{
	struct wanted_inlined w = { want, arg };
	struct ranges fr = { NULL, 0, 0, 0 };
	size_t k = 0;

	*out = NULL;
	*n = 0;
	if (!in)
		return 0;
	if (function_ranges_read(in->dbg, keep_wanted, &w, &fr) != 0) {
		free(fr.r);
		return -1;
	}
	if (fr.n == 0)
		return 0;
	*out = malloc(fr.n * sizeof **out);
	if (!*out) {
		free(fr.r);
		return -1;
	}
	for (size_t i = 0; i < fr.n; i++) {   /* (by low: merged as they come) */
		if (k > 0 && fr.r[i].low <= (*out)[k - 1].high) {
			if (fr.r[i].high > (*out)[k - 1].high)
				(*out)[k - 1].high = fr.r[i].high;
			continue;
		}
		(*out)[k++] = (struct inline_range){ fr.r[i].low, fr.r[i].high };
	}
	free(fr.r);
	*n = k;
	return 0;
}

int inline_ranges_hold(const struct inline_range *r, size_t n, gmon_addr_t addr)
{
	size_t lo = 0, hi = n;   /* the first range with high > addr */

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r[mid].high <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && r[lo].low <= addr;
}

void inlines_close(struct inlines *in)
{
	if (!in)
		return;
	if (in->dbg)
		dwarf_end(in->dbg);
	if (in->elf)
		elf_end(in->elf);
	if (in->fd >= 0)
		close(in->fd);
	free(in);
}
