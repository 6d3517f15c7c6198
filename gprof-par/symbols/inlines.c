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

#include "bisect.h"
#include "demangle.h"
#include "grow.h"
#include "lines-internal.h"

/* A run of a unit's addresses with the same inlined frames: frame
 * chains[first .. first + n) of the inlines, the outermost first. */
struct frame_run {
	struct inline_range range;   /* first: bisected as an inline_range */
	size_t first, n;
};

/* A unit's inlined frames, read from its DIEs when one of its addresses is
 * first asked about (one walk, not one per address: dwarf_getscopes walked
 * the unit's top-level DIEs at each, seconds for a large profile of a
 * large unit); runs NULL: none, or out of memory. */
struct unit_frames {
	Dwarf_Off unit;          /* its DIE's offset */
	struct frame_run *runs;  /* disjoint, by address */
	size_t nruns;
};

struct inlines {
	int fd;
	Elf *elf;
	Dwarf *dbg;
	struct unit_frames *units;   /* the units read, by offset */
	size_t nunits, units_cap;
	struct inline_frame *frames; /* every inlined subroutine read, DIE order */
	size_t nframes, frames_cap;
	size_t *chains;          /* the runs' frames, indexes into frames */
	size_t nchains, chains_cap;
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

/* function_ranges' keep: the inlined subroutines with a name (one without
 * has no frame: its code is its caller's), each noted in in->frames, in
 * the order the walk numbers them. */
static int keep_frame(Dwarf_Die *die, int tag, int c_names, const char **name, void *arg)
{
	struct inlines *in = arg;
	struct inline_frame *grown;
	Dwarf_Die cudie;
	Dwarf_Attribute a;
	Dwarf_Word line;

	(void)c_names;
	if (tag != DW_TAG_inlined_subroutine || !(*name = dwarf_function_name(die, 1)))
		return 0;
	grown = grow_array(in->frames, &in->frames_cap, in->nframes + 1, sizeof *grown, 256);
	if (!grown)
		return -1;
	in->frames = grown;
	in->frames[in->nframes++] = (struct inline_frame){
		*name, dwarf_diecu(die, &cudie, NULL, NULL) ? call_file(die, &cudie) : NULL,
		dwarf_formudata(dwarf_attr(die, DW_AT_call_line, &a), &line) == 0 ? (unsigned)line
										  : 0 };
	return 1;
}

/* A range that holds the address a sweep is at: where it ends, and its
 * DIE's order in the walk. */
struct open_range {
	gmon_addr_t high;
	size_t order;
};

/* Adds the run [low, high) whose frames are those of open[0 .. n) that hold
 * it all (those ending at or past high; a range that outlived its
 * enclosing one is the innermost), frames[base + their order].  None:
 * no run. */
static int add_run(struct inlines *in, struct unit_frames *u, size_t *cap, gmon_addr_t low,
		   gmon_addr_t high, const struct open_range *open, size_t n, size_t base)
{
	size_t first = in->nchains, k = 0;
	struct frame_run *runs;
	size_t *chains;

	if (low >= high)
		return 0;
	for (size_t i = 0; i < n; i++)
		k += open[i].high >= high;
	if (k == 0)
		return 0;
	runs = grow_array(u->runs, cap, u->nruns + 1, sizeof *runs, 64);
	chains = runs ? grow_array(in->chains, &in->chains_cap, first + k, sizeof *chains, 256)
		      : NULL;
	if (runs)
		u->runs = runs;
	if (!chains)
		return -1;
	in->chains = chains;
	for (size_t i = 0; i < n; i++)
		if (open[i].high >= high)
			in->chains[in->nchains++] = base + open[i].order;
	u->runs[u->nruns++] = (struct frame_run){ { low, high }, first, k };
	return 0;
}

/* Cuts the unit's ranges (by address, the enclosing one first: nested as
 * its DIEs are) into runs of the same frames: a sweep with the ranges that
 * hold the address, outermost first, open.  Returns 0, or -1 when out of
 * memory. */
static int cut_runs(struct inlines *in, struct unit_frames *u, const struct ranges *fr,
		    size_t base)
{
	struct open_range *open = NULL, *grown;
	size_t nopen = 0, open_cap = 0, runs_cap = 0;
	gmon_addr_t at = 0;
	int rc = -1;

	for (size_t i = 0; i <= fr->n; i++) {
		/* close the ranges ending before this one starts (all, at the end) */
		while (nopen > 0 && (i == fr->n || open[nopen - 1].high <= fr->r[i].low)) {
			gmon_addr_t high = open[nopen - 1].high;

			if (high > at) {
				if (add_run(in, u, &runs_cap, at, high, open, nopen, base) != 0)
					goto out;
				at = high;
			}
			nopen--;
		}
		if (i == fr->n)
			break;
		if (add_run(in, u, &runs_cap, at, fr->r[i].low, open, nopen, base) != 0)
			goto out;
		at = fr->r[i].low;
		grown = grow_array(open, &open_cap, nopen + 1, sizeof *grown, 16);
		if (!grown)
			goto out;
		open = grown;
		open[nopen++] = (struct open_range){ fr->r[i].high, fr->r[i].order };
	}
	rc = 0;
out:
	free(open);
	return rc;
}

static int unit_before(const void *element, const void *key)
{
	return ((const struct unit_frames *)element)->unit < *(const Dwarf_Off *)key;
}

/* The frames of the unit at cudie, read when first asked for; NULL when
 * out of memory. */
static const struct unit_frames *unit_frames(struct inlines *in, Dwarf_Die *cudie)
{
	Dwarf_Off off = dwarf_dieoffset(cudie);
	size_t k = bisect_first(in->units, in->nunits, sizeof *in->units, &off, unit_before);
	struct ranges fr = { NULL, 0, 0, 0 };
	struct unit_frames *grown, *u;
	size_t base = in->nframes;

	if (k < in->nunits && in->units[k].unit == off)
		return &in->units[k];
	grown = grow_array(in->units, &in->units_cap, in->nunits + 1, sizeof *grown, 16);
	if (!grown)
		return NULL;
	in->units = grown;
	u = &in->units[k];
	memmove(u + 1, u, (in->nunits - k) * sizeof *u);
	in->nunits++;
	*u = (struct unit_frames){ off, NULL, 0 };
	if (function_ranges_read_unit(cudie, keep_frame, in, &fr) != 0 ||
	    cut_runs(in, u, &fr, base) != 0) {
		free(u->runs);   /* (tried once: no frames for it) */
		u->runs = NULL;
		u->nruns = 0;
	}
	free(fr.r);
	return u;
}

/* Whether a range ends at or before the address *key. */
static int ends_before(const void *element, const void *key)
{
	return ((const struct inline_range *)element)->high <= *(const gmon_addr_t *)key;
}

size_t inlines_at(struct inlines *in, gmon_addr_t addr, struct inline_frame *out, size_t max)
{
	const struct unit_frames *u;
	const struct frame_run *run;
	Dwarf_Die cudie;
	size_t k, n;

	if (!in || max == 0 || !dwarf_addrdie(in->dbg, addr, &cudie) ||
	    !(u = unit_frames(in, &cudie)))
		return 0;
	k = bisect_first(u->runs, u->nruns, sizeof *u->runs, &addr, ends_before);
	if (k == u->nruns || u->runs[k].range.low > addr)
		return 0;
	run = &u->runs[k];
	n = run->n < max ? run->n : max;
	for (size_t i = 0; i < n; i++)
		out[i] = in->frames[in->chains[run->first + i]];
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
	size_t k = bisect_first(r, n, sizeof *r, &addr, ends_before);

	return k < n && r[k].low <= addr;
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
	for (size_t k = 0; k < in->nunits; k++)
		free(in->units[k].runs);
	free(in->units);
	free(in->frames);
	free(in->chains);
	free(in);
}
