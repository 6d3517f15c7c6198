/*
 * modules.c - see modules.h.
 *
 * The signal handler only adds to a table of PCs (open addressing, keys
 * set once by compare-and-swap, counts by atomic add): no lock, no
 * allocation, bounded probing; a sample that finds no slot is counted as
 * lost.  Everything else (the modules, the histograms, the files) runs
 * at exit, or on a flush signal with the modules found from the PCs by
 * _dl_find_object instead of dl_iterate_phdr (modules_write).
 */
#define _GNU_SOURCE
#include "modules.h"

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arcs.h"
#include "gmon-modules.h"
#include "histogram.h"
#include "image.h"
#include "module-map.h"
#include "output.h"
#include "profile-name.h"
#include "settings.h"
#include "text-out.h"

#define TABLE_BITS 16
#define TABLE_SIZE ((size_t)1 << TABLE_BITS)
#define MAX_PROBES 64

struct pc_count {
	uintptr_t pc;            /* rounded down to HISTOGRAM_BIN_BYTES; 0: free */
	uint64_t count;
};

static struct {
	struct pc_count *table;  /* NULL: libraries are not profiled */
	uint64_t lost;           /* samples that found no slot */
	const char *selection;   /* BG_GMON_PROFILE_LIBS: "all" or a list */
} mods;

int modules_init(const char *selection)
{
	void *t;

	if (!selection || strcmp(selection, "none") == 0)
		return 0;
	t = mmap(NULL, TABLE_SIZE * sizeof(struct pc_count), PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (t == MAP_FAILED)
		return errno;
	mods.selection = selection;
	__atomic_store_n(&mods.table, (struct pc_count *)t, __ATOMIC_RELEASE);
	histogram_set_outside_hook(modules_add_sample);
	return 0;
}

int modules_add_sample(uintptr_t pc, uint32_t weight)
{
	struct pc_count *t = __atomic_load_n(&mods.table, __ATOMIC_ACQUIRE);
	uintptr_t key = pc & ~(uintptr_t)(HISTOGRAM_BIN_BYTES - 1);
	size_t slot;

	if (!t || key == 0)
		return 0;
	slot = (size_t)((key >> 2) * 0x9e3779b97f4a7c15ull >> (64 - TABLE_BITS));
	for (int probe = 0; probe < MAX_PROBES; probe++, slot = (slot + 1) & (TABLE_SIZE - 1)) {
		uintptr_t seen = __atomic_load_n(&t[slot].pc, __ATOMIC_ACQUIRE);

		if (seen == 0) {
			uintptr_t expected = 0;

			if (__atomic_compare_exchange_n(&t[slot].pc, &expected, key, 0,
							__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
				seen = key;
			else
				seen = expected;  /* another thread took the slot */
		}
		if (seen == key) {
			__atomic_fetch_add(&t[slot].count, weight, __ATOMIC_RELAXED);
			return 1;
		}
	}
	__atomic_fetch_add(&mods.lost, weight, __ATOMIC_RELAXED);
	return 1;
}

int modules_enabled(void)
{
	return __atomic_load_n(&mods.table, __ATOMIC_ACQUIRE) != NULL;
}

/* ---- Writing: at exit, or from a flush signal. --------------------- */

/* BG_GMON_PROFILE_LIBS chooses the module (settings.h): by its soname, as
 * HP-UX's LD_PROFILE did, or by its file's base name. */
static int selected(const char *soname, const char *base)
{
	return (soname && lib_list_selects(mods.selection, soname)) ||
	       lib_list_selects(mods.selection, base);
}

struct module_pass {
	const char *profile_path;
	unsigned rate;
	struct modules_summary *summary;
	struct text_out *list;
	int first;               /* the main program comes first */
	int err;
	/* from a signal handler: the modules of the sampled PCs and the arcs'
	 * ends (module-map.h, _dl_find_object), not dl_iterate_phdr's */
	struct module_map *found;
};


/* The module's GNU build-id (image.h's reader): the file header's
 * fingerprint (zero-padded) and the list's hex. */
static int build_id(const struct dl_phdr_info *dl, unsigned char out[GMON_FINGERPRINT_SIZE],
		    char *hex, size_t hexsize)
{
	const unsigned char *id = NULL;
	size_t n = image_build_id(dl, &id);

	image_build_id_hex(id, n, hex, hexsize);
	if (n == 0)
		return 0;
	memset(out, 0, GMON_FINGERPRINT_SIZE);
	memcpy(out, id, n < GMON_FINGERPRINT_SIZE ? n : GMON_FINGERPRINT_SIZE);
	return 1;
}

struct arc_probe {
	uintptr_t low, high;     /* runtime range */
	int found;
};

static void probe_arc(uintptr_t from_pc, uintptr_t self_pc, uint64_t count, void *ctx)
{
	struct arc_probe *p = ctx;

	if (count && from_pc >= p->low && from_pc < p->high && self_pc >= p->low &&
	    self_pc < p->high)
		p->found = 1;
}

/* Whether a call inside the module's [low, high) (link-time) was counted. */
static int has_arcs(uintptr_t load, uintptr_t low, uintptr_t high)
{
	struct arc_probe p = { load + low, load + high, 0 };

	arcs_for_each(probe_arc, &p);
	return p.found;
}

static int visit_module(struct dl_phdr_info *dl, size_t size, void *ctx)
{
	struct module_pass *mp = ctx;
	struct pc_count *t = mods.table;
	uintptr_t low = UINTPTR_MAX, high = 0;
	const char *path = dl->dlpi_name, *slash, *base, *soname;
	unsigned char fingerprint[GMON_FINGERPRINT_SIZE];
	char hex[2 * 64 + 1], file[4096];
	struct output_summary arcs;
	uint64_t samples = 0;
	uint32_t *bins, nbins;
	int has_id, err;

	(void)size;
	if (mp->first) {             /* the executable: its own profile */
		mp->first = 0;
		return 0;
	}
	for (int i = 0; i < dl->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &dl->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		if (ph->p_vaddr < low)
			low = ph->p_vaddr;
		if (ph->p_vaddr + ph->p_memsz > high)
			high = ph->p_vaddr + ph->p_memsz;
	}
	if (low >= high)
		return 0;
	low &= ~(uintptr_t)(HISTOGRAM_BIN_BYTES - 1);
	high = (high + HISTOGRAM_BIN_BYTES - 1) & ~(uintptr_t)(HISTOGRAM_BIN_BYTES - 1);
	for (size_t s = 0; s < TABLE_SIZE; s++) {
		uintptr_t pc = t[s].pc;

		if (pc && pc - dl->dlpi_addr >= low && pc - dl->dlpi_addr < high)
			samples += t[s].count;
	}
	mp->summary->attributed += samples;
	slash = strrchr(path, '/');
	base = slash ? slash + 1 : path;
	soname = image_soname(dl);
	/* a name with a tab or newline would break the list's line */
	if (soname && (!*soname || strpbrk(soname, "\t\n")))
		soname = NULL;
	has_id = build_id(dl, fingerprint, hex, sizeof hex);
	/* a -pg library may have calls without samples */
	if (samples == 0 &&
	    !(*path == '/' && selected(soname, base) && has_arcs(dl->dlpi_addr, low, high)))
		return 0;
	mp->summary->modules_sampled++;
	/* a module without a file (the vDSO) or not chosen: listed, no profile */
	if (!*path || path[0] != '/' || !selected(soname, base)) {
		text_out_printf(mp->list, "-\t%llu\t%s\t0x%lx\t0x%lx\t0x%lx\t%s\t%s\n",
			  (unsigned long long)samples, hex, (unsigned long)low, (unsigned long)high,
			  (unsigned long)dl->dlpi_addr, soname ? soname : "-", *path ? path : base);
		return 0;
	}
	/* PROFILE+BASENAME, "+BASENAME" before a rank's ".N" (companion_name) */
	if (companion_name(mp->profile_path, base, file, sizeof file) >= sizeof file) {
		if (mp->err == 0)
			mp->err = ENAMETOOLONG;
		return 0;
	}
	nbins = (uint32_t)((high - low) / HISTOGRAM_BIN_BYTES);
	bins = mmap(NULL, (size_t)nbins * sizeof(*bins), PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (bins == MAP_FAILED) {
		if (mp->err == 0)
			mp->err = errno;
		return 0;
	}
	for (size_t s = 0; s < TABLE_SIZE; s++) {
		uintptr_t pc = t[s].pc;

		if (pc && pc - dl->dlpi_addr >= low && pc - dl->dlpi_addr < high) {
			uint64_t c = t[s].count;
			uint32_t *bin = &bins[(pc - dl->dlpi_addr - low) / HISTOGRAM_BIN_BYTES];

			*bin = *bin + c > UINT32_MAX ? UINT32_MAX : (uint32_t)(*bin + c);
		}
	}
	err = output_write_module(file, mp->rate, low, high, dl->dlpi_addr, bins, nbins,
				  has_id ? fingerprint : NULL,
				  mp->found ? OUTPUT_FAST : OUTPUT_DURABLE, &arcs);
	mp->summary->calls_written += arcs.calls_written;
	munmap(bins, (size_t)nbins * sizeof(*bins));
	if (err != 0) {
		if (mp->err == 0)
			mp->err = err;
		return 0;
	}
	mp->summary->modules_written++;
	text_out_printf(mp->list, "%s\t%llu\t%s\t0x%lx\t0x%lx\t0x%lx\t%s\t%s\n", strrchr(file, '/') ?
		  strrchr(file, '/') + 1 : file, (unsigned long long)samples, hex,
		  (unsigned long)low, (unsigned long)high, (unsigned long)dl->dlpi_addr,
		  soname ? soname : "-", path);
	return 0;
}

/* The list, written through output.c's unpredictable temporary; the
 * libraries' profiles are written on the way. */
static int fill_list(int fd, void *ctx)
{
	struct module_pass *mp = ctx;

	int err;

	mp->list = text_out_open(fd);
	if (!mp->list)
		return ENOMEM;
	text_out_printf(mp->list, "%s %d\n%s\n", GMON_MODULE_LIST_MAGIC,
			GMON_MODULE_LIST_VERSION, GMON_MODULE_LIST_COLUMNS);
	if (mp->found) {
		for (size_t i = 0; i < mp->found->n; i++) {
			struct dl_phdr_info dl;

			module_map_phdr_info(&mp->found->m[i], &dl);
			visit_module(&dl, sizeof dl, mp);
		}
	} else {
		dl_iterate_phdr(visit_module, mp);
	}
	text_out_printf(mp->list, "# samples outside every module: %llu; lost (table full): %llu\n",
			(unsigned long long)(mp->summary->outside - mp->summary->attributed),
			(unsigned long long)mp->summary->lost);
	err = text_out_close(mp->list);
	mp->list = NULL;
	return mp->err ? mp->err : err;
}

static void find_arc_ends(uintptr_t from_pc, uintptr_t self_pc, uint64_t count, void *ctx)
{
	struct module_pass *mp = ctx;

	if (count && (module_map_add_pc(mp->found, from_pc - 1) != 0 ||
		      module_map_add_pc(mp->found, self_pc) != 0) && mp->err == 0)
		mp->err = ENOMEM;
}

/* The modules of the sampled PCs and of the arcs' ends, the executable's
 * first (a signal handler's map: module-map.h). */
static int find_modules(struct module_pass *mp, uintptr_t executable_pc)
{
	const struct pc_count *t = mods.table;

	if (module_map_add_pc(mp->found, executable_pc) != 0)
		return ENOMEM;
	if (mp->found->n == 0)
		return ENOENT;
	for (size_t s = 0; s < TABLE_SIZE; s++) {
		uintptr_t pc = __atomic_load_n(&t[s].pc, __ATOMIC_ACQUIRE);

		if (pc && module_map_add_pc(mp->found, pc) != 0)
			return ENOMEM;
	}
	arcs_for_each(find_arc_ends, mp);
	return mp->err;
}

int modules_write(const char *profile_path, unsigned rate, uintptr_t from_signal,
		  struct modules_summary *summary)
{
	struct module_map found = {0};
	struct module_pass mp = { profile_path, rate, summary, NULL, 1, 0, NULL };
	char list[4096];
	struct pc_count *t = mods.table;
	int err;

	*summary = (struct modules_summary){0};
	if (!t)   /* no list: an earlier run's would name its libraries' files */
		return companion_remove(profile_path, GMON_MODULE_LIST_NAME);
	summary->enabled = 1;
	for (size_t s = 0; s < TABLE_SIZE; s++)
		summary->outside += t[s].pc ? t[s].count : 0;
	summary->lost = __atomic_load_n(&mods.lost, __ATOMIC_RELAXED);
	if (companion_name(profile_path, GMON_MODULE_LIST_NAME, list, sizeof list) >= sizeof list)
		return ENAMETOOLONG;
	if (from_signal) {
		mp.found = &found;
		err = find_modules(&mp, from_signal);
		mp.err = 0;
		if (err == 0)
			err = output_write_with(list, fill_list, &mp);
		module_map_free(&found);
		return err;
	}
	return output_write_with(list, fill_list, &mp);
}
