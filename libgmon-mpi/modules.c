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
#include <limits.h>
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
#include "output-file.h"
#include "profile-name.h"
#include "settings.h"
#include "text-out.h"
#include "unloaded.h"

#define TABLE_BITS 16
#define TABLE_SIZE ((size_t)1 << TABLE_BITS)
#define MAX_PROBES 64

struct pc_count {
	uintptr_t pc;            /* rounded down to HISTOGRAM_BIN_BYTES; 0: free */
	uint64_t count;
};

static struct {
	struct pc_count *table;  /* NULL: libraries are not profiled */
	uint32_t *used;          /* 1 + the slots taken, in that order (0: being set) */
	size_t nused;
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
	mods.used = mmap(NULL, TABLE_SIZE * sizeof(uint32_t), PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (mods.used == MAP_FAILED) {
		int err = errno;

		munmap(t, TABLE_SIZE * sizeof(struct pc_count));
		mods.used = NULL;
		return err;
	}
	mods.selection = selection;
	__atomic_store_n(&mods.table, (struct pc_count *)t, __ATOMIC_RELEASE);
	histogram_set_outside_hook(modules_add_sample);
	return 0;
}

/* The passes over the table visit the slots in use only (a few hundred
 * PCs, not the 65,536 slots: a dlclose in MPI_Init takes its module's
 * samples with one), from mods.used.  A slot taken by a sample in flight
 * may not be listed yet. */
static size_t slots_in_use(void)
{
	size_t n = __atomic_load_n(&mods.nused, __ATOMIC_ACQUIRE);

	return n < TABLE_SIZE ? n : TABLE_SIZE;
}

static struct pc_count *slot_in_use(size_t k)
{
	uint32_t s = __atomic_load_n(&mods.used[k], __ATOMIC_ACQUIRE);

	return s ? &mods.table[s - 1] : NULL;
}

/* The link-time range of a module's executable segments, in whole bins:
 * its histogram.  Returns 0 if it has none. */
static int exec_range(const struct dl_phdr_info *dl, uintptr_t *low_out, uintptr_t *high_out)
{
	uintptr_t low = UINTPTR_MAX, high = 0;

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
	*low_out = low & ~(uintptr_t)(HISTOGRAM_BIN_BYTES - 1);
	*high_out = (high + HISTOGRAM_BIN_BYTES - 1) & ~(uintptr_t)(HISTOGRAM_BIN_BYTES - 1);
	return 1;
}

static void add_to_bin(uint32_t *bin, uint64_t c)
{
	uint64_t sum = __atomic_load_n(bin, __ATOMIC_RELAXED) + c;

	__atomic_store_n(bin, sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum, __ATOMIC_RELAXED);
}

/* A module's histogram for its samples, mapped at the first. */
static int samples_ready(struct unloaded_samples *into, uintptr_t low, uint32_t nbins)
{
	if (!into->bins) {
		void *bins = mmap(NULL, (size_t)nbins * sizeof(uint32_t), PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (bins == MAP_FAILED)
			return 0;       /* left in the table: outside every module */
		into->low = low;
		into->nbins = nbins;
		__atomic_store_n(&into->bins, (uint32_t *)bins, __ATOMIC_RELEASE);
	}
	return into->low == low && into->nbins == nbins;
}

/* unloaded.h's drain: the samples of modules dlclose unmapped move from
 * the table to their records, so that a module loaded there later does
 * not get them (their memory is gone: dl's program headers are copies). */
static void take_samples(const struct dl_phdr_info *dl, struct unloaded_samples **into, size_t n)
{
	struct pc_count *t = __atomic_load_n(&mods.table, __ATOMIC_ACQUIRE);
	uintptr_t low[UNLOADED_DRAIN_BATCH], high[UNLOADED_DRAIN_BATCH];
	int ready[UNLOADED_DRAIN_BATCH];

	if (!t || n > UNLOADED_DRAIN_BATCH)
		return;
	for (size_t m = 0; m < n; m++)
		ready[m] = exec_range(&dl[m], &low[m], &high[m]) &&
			   samples_ready(into[m], low[m],
					 (uint32_t)((high[m] - low[m]) / HISTOGRAM_BIN_BYTES));
	for (size_t k = 0, used = slots_in_use(); k < used; k++) {
		struct pc_count *e = slot_in_use(k);
		uintptr_t pc = e ? __atomic_load_n(&e->pc, __ATOMIC_ACQUIRE) : 0;

		if (!pc)
			continue;
		for (size_t m = 0; m < n; m++) {
			uintptr_t at = pc - dl[m].dlpi_addr;
			uint64_t c;

			if (!ready[m] || at < low[m] || at >= high[m])
				continue;
			c = __atomic_exchange_n(&e->count, 0, __ATOMIC_RELAXED);
			add_to_bin(&into[m]->bins[(at - low[m]) / HISTOGRAM_BIN_BYTES], c);
			__atomic_fetch_add(&into[m]->total, c, __ATOMIC_RELAXED);
			break;
		}
	}
}

void modules_watch_unloaded(int on)
{
	unloaded_watch(on, take_samples);
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
							__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
				size_t k = __atomic_fetch_add(&mods.nused, 1, __ATOMIC_RELAXED);

				__atomic_store_n(&mods.used[k], (uint32_t)slot + 1, __ATOMIC_RELEASE);
				seen = key;
			} else
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
	/* the modules listed, not dl_iterate_phdr's when set: from a signal
	 * handler the modules of the sampled PCs and the arcs' ends
	 * (module-map.h, _dl_find_object; being built in finding), at exit
	 * the map the other writers share (companion-sections.h) */
	const struct module_map *found;
	struct module_map *finding;
	int fast;                /* from a signal handler: OUTPUT_FAST */
	/* the unloaded records written (unloaded.h) */
	unsigned char taken[UNLOADED_MAX / 8];
	/* the table's PCs with samples, as they were when the write began */
	const struct pc_count *snap;
	size_t nsnap;
	char path[PATH_MAX];     /* visit_module's module's */
	/* the libraries' companion kinds written so far (unique_kind) */
	struct taken_kind *kinds;
	size_t nkinds, kinds_cap;
};

struct taken_kind {
	uint64_t key;            /* companion_library_key of its path and build-id */
	char kind[NAME_MAX + 16];
};

/* The kind of the companion of the library path (base name base,
 * build-id id) in this write: its base name, or with a hash after it
 * where that is a companion's own kind or another library's of this write
 * (companion-name.h); *again: the same file's was written in this write
 * already.  Returns 0, or an errno value. */
static int unique_kind(struct module_pass *mp, const char *base, const char *path,
		       const unsigned char *id, size_t id_len, char *kind, size_t size, int *again)
{
	uint64_t key = companion_library_key(path, id, id_len);

	*again = 0;
	for (unsigned salt = 0; salt < 64; salt++) {
		size_t k;

		if (companion_library_kind(base, key, salt, kind, size) >= size)
			return ENAMETOOLONG;
		for (k = 0; k < mp->nkinds && strcmp(mp->kinds[k].kind, kind) != 0; k++)
			;
		if (k < mp->nkinds && mp->kinds[k].key == key) {
			*again = 1;     /* the same file's again */
			return 0;
		}
		if (k < mp->nkinds)
			continue;       /* another library's */
		if (strlen(kind) >= sizeof mp->kinds->kind ||
		    module_map_grow(&mp->kinds, &mp->kinds_cap, mp->nkinds, mp->nkinds + 1,
				    sizeof *mp->kinds) != 0)
			return ENOMEM;
		mp->kinds[mp->nkinds].key = key;
		strcpy(mp->kinds[mp->nkinds++].kind, kind);
		return 0;
	}
	return EEXIST;
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

/* The samples of unloaded records [0, n) of the same file as the module
 * being written, with its histogram's range, not written yet: marked in
 * mine and taken. */
static uint64_t unloaded_of_file(struct module_pass *mp, size_t n, const char *path,
				 const unsigned char *id, size_t id_len, uintptr_t low,
				 uint32_t nbins, unsigned char mine[UNLOADED_MAX / 8])
{
	uint64_t samples = 0;

	for (size_t i = 0; i < n; i++) {
		const struct unloaded_module *u = unloaded_get(i);
		const uint32_t *bins = __atomic_load_n(&u->samples.bins, __ATOMIC_ACQUIRE);

		if ((mp->taken[i / 8] >> (i % 8)) & 1 ||
		    !unloaded_same_file(path, id, id_len, u->path, u->build_id, u->build_id_len) ||
		    (bins && (u->samples.low != low || u->samples.nbins != nbins)))
			continue;
		mp->taken[i / 8] |= (unsigned char)(1u << (i % 8));
		if (bins) {
			mine[i / 8] |= (unsigned char)(1u << (i % 8));
			samples += __atomic_load_n(&u->samples.total, __ATOMIC_RELAXED);
		}
	}
	return samples;
}

/* A line of the list (gmon-modules.h), its names escaped (text-escape.h:
 * a path may hold a newline or a tab). */
static void list_line(struct text_out *list, const char *file, uint64_t samples,
		      const char *hex, uintptr_t low, uintptr_t high, uintptr_t load,
		      const char *soname, const char *path)
{
	text_out_escaped(list, file);
	text_out_printf(list, "\t%llu\t%s\t0x%lx\t0x%lx\t0x%lx\t", (unsigned long long)samples,
			hex, (unsigned long)low, (unsigned long)high, (unsigned long)load);
	text_out_escaped(list, soname ? soname : "-");
	text_out_printf(list, "\t");
	text_out_escaped(list, path);
	text_out_printf(list, "\n");
}

/*
 * One module's line in the list and, if chosen, its profile: a loaded
 * module (in_table: its samples are in the table; its memory may be read
 * through dl) or an unloaded one (dl describes its record), with the
 * samples of the records of the same file (unloaded_of_file) added.
 */
static void write_module(struct module_pass *mp, const struct dl_phdr_info *dl,
			 const char *soname, const unsigned char *id, size_t id_len, int in_table)
{
	const char *path = dl->dlpi_name, *slash, *base;
	unsigned char fingerprint[GMON_FINGERPRINT_SIZE], mine[UNLOADED_MAX / 8] = {0};
	char hex[2 * 64 + 1], file[4096], kind[NAME_MAX + 16];
	uintptr_t biases[4 * UNLOADED_MAX_LOADS];
	unsigned nbiases = 0;
	struct output_summary arcs;
	uintptr_t low, high;
	uint64_t samples = 0;
	uint32_t *bins, nbins;
	size_t unloaded = unloaded_count();
	int err, in_companion, again;

	if (!mp->fast) {     /* at exit: which names of the list were of a module */
		slash = strrchr(path, '/');
		mp->summary->names_matched |= lib_list_matches(mods.selection, slash ? slash + 1 : path);
		if (soname && *soname)
			mp->summary->names_matched |= lib_list_matches(mods.selection, soname);
	}
	if (!exec_range(dl, &low, &high))
		return;
	nbins = (uint32_t)((high - low) / HISTOGRAM_BIN_BYTES);
	for (size_t k = 0; in_table && k < mp->nsnap; k++) {
		const struct pc_count *e = &mp->snap[k];

		if (e->pc - dl->dlpi_addr >= low && e->pc - dl->dlpi_addr < high)
			samples += e->count;
	}
	samples += unloaded_of_file(mp, unloaded, path, id, id_len, low, nbins, mine);
	mp->summary->attributed += samples;
	slash = strrchr(path, '/');
	base = slash ? slash + 1 : path;
	if (soname && !*soname)
		soname = NULL;
	image_build_id_hex(id, id_len, hex, sizeof hex);
	if (id_len > 0) {
		memset(fingerprint, 0, sizeof fingerprint);
		memcpy(fingerprint, id, id_len < sizeof fingerprint ? id_len : sizeof fingerprint);
	}
	/* a -pg library may have calls without samples */
	if (samples == 0 &&
	    !(*path == '/' && selected(soname, base) && has_arcs(dl->dlpi_addr, low, high)))
		return;
	mp->summary->modules_sampled++;
	/* a module without a file (the vDSO) or not chosen: listed, no profile */
	if (!*path || path[0] != '/' || !selected(soname, base)) {
		list_line(mp->list, "-", samples, hex, low, high, dl->dlpi_addr, soname,
			  *path ? path : base);
		return;
	}
	/* PROFILE+BASENAME, "+BASENAME" before a rank's ".N" (companion_name),
	 * the base name made unique (unique_kind) */
	err = unique_kind(mp, base, path, id, id_len, kind, sizeof kind, &again);
	if (err == 0 && again && !in_table)
		/* a record of a library closed for the first time while this
		 * write went on (a flush signal's, another thread closing it),
		 * after its loaded module was written: its samples, taken from
		 * the table at the close, are those written with the loaded
		 * module (the write's snapshot) and the next write's.  Written
		 * again, its section's name was the loaded one's: EEXIST, and
		 * no library profile nor list at all (flush-dlclose.c) */
		return;
	if (err == 0 && companion_name(mp->profile_path, kind, file, sizeof file) >= sizeof file)
		err = ENAMETOOLONG;
	if (err != 0) {
		if (mp->err == 0)
			mp->err = err;
		return;
	}
	bins = mmap(NULL, (size_t)nbins * sizeof(*bins), PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (bins == MAP_FAILED) {
		if (mp->err == 0)
			mp->err = errno;
		return;
	}
	for (size_t k = 0; in_table && k < mp->nsnap; k++) {
		const struct pc_count *e = &mp->snap[k];

		if (e->pc - dl->dlpi_addr >= low && e->pc - dl->dlpi_addr < high)
			add_to_bin(&bins[(e->pc - dl->dlpi_addr - low) / HISTOGRAM_BIN_BYTES],
				   e->count);
	}
	for (size_t i = 0; i < unloaded; i++) {
		const struct unloaded_module *u = unloaded_get(i);

		if ((mine[i / 8] >> (i % 8)) & 1)
			for (uint32_t b = 0; b < nbins; b++)
				add_to_bin(&bins[b], __atomic_load_n(&u->samples.bins[b],
								     __ATOMIC_RELAXED));
	}
	/* its loads' biases: the calls of each (a library closed and opened
	 * again elsewhere), the current one's first */
	biases[nbiases++] = dl->dlpi_addr;
	for (size_t i = 0; i < unloaded; i++) {
		const struct unloaded_module *u = unloaded_get(i);

		if (!((mine[i / 8] >> (i % 8)) & 1))
			continue;
		for (unsigned k = 0, loads = unloaded_loads(u); k < loads; k++) {
			unsigned b = 0;

			while (b < nbiases && biases[b] != u->addr[k])
				b++;
			if (b == nbiases && nbiases < sizeof biases / sizeof biases[0])
				biases[nbiases++] = u->addr[k];
		}
	}
	/* in the one companion: the section named kind (output-file.h) */
	in_companion = output_companion_holds(file);
	err = output_write_module(file, mp->rate, low, high, biases, nbiases, bins, nbins,
				  id_len > 0 ? fingerprint : NULL,
				  mp->fast ? OUTPUT_FAST : OUTPUT_DURABLE, &arcs);
	mp->summary->calls_written += arcs.calls_written;
	munmap(bins, (size_t)nbins * sizeof(*bins));
	if (err != 0) {
		if (mp->err == 0)
			mp->err = err;
		return;
	}
	mp->summary->modules_written++;
	list_line(mp->list, in_companion ? kind : strrchr(file, '/') ? strrchr(file, '/') + 1 : file,
		  samples, hex, low, high, dl->dlpi_addr, soname, path);
}

/* A loaded module (dl_iterate_phdr's, or a signal handler's map). */
static int visit_module(struct dl_phdr_info *dl, size_t size, void *ctx)
{
	struct module_pass *mp = ctx;
	struct dl_phdr_info absolute;
	const unsigned char *id = NULL;
	size_t id_len;

	(void)size;
	if (mp->first) {             /* the executable: its own profile */
		mp->first = 0;
		return 0;
	}
	id_len = image_build_id(dl, &id);
	/* a relative name ("./x.so"): the file's absolute path */
	image_absolute_path(dl, mp->path, sizeof mp->path);
	absolute = *dl;
	absolute.dlpi_name = mp->path;
	write_module(mp, &absolute, image_soname(dl), id, id_len, 1);
	return 0;
}

/* The unloaded modules whose file is not loaded any more (those loaded
 * again went with it). */
static void visit_unloaded(struct module_pass *mp)
{
	size_t n = unloaded_count();

	for (size_t i = 0; i < n; i++) {
		const struct unloaded_module *u = unloaded_get(i);
		struct dl_phdr_info dl;

		if ((mp->taken[i / 8] >> (i % 8)) & 1)
			continue;
		unloaded_phdr_info(u, 0, &dl);
		write_module(mp, &dl, u->soname[0] ? u->soname : NULL, u->build_id,
			     u->build_id_len, 0);
	}
}

/* The list, written through output.c's unpredictable temporary; the
 * libraries' profiles are written on the way. */
static int fill_list(int fd, void *ctx)
{
	struct module_pass *mp = ctx;
	uint64_t dropped = 0;
	int err;

	mp->list = text_out_open(fd);
	if (!mp->list)
		return ENOMEM;
	text_out_printf(mp->list, "%s %d\n%s\n", GMON_MODULE_LIST_MAGIC,
			GMON_MODULE_LIST_VERSION, GMON_MODULE_LIST_COLUMNS);
	if (mp->found) {
		/* the executable first, its own profile; the copies of what
		 * module-map.c read of each module (one that another thread
		 * unmaps meanwhile is read no more: issue 31, item 11) */
		for (size_t i = 1; i < mp->found->n; i++) {
			const struct module *m = &mp->found->m[i];
			struct dl_phdr_info dl;

			if (m->unloaded)
				continue;       /* visit_unloaded's: its memory is gone */
			module_map_phdr_info(m, &dl);
			write_module(mp, &dl, m->soname[0] ? m->soname : NULL, m->id, m->id_len, 1);
		}
	} else {
		dl_iterate_phdr(visit_module, mp);
	}
	visit_unloaded(mp);
	text_out_printf(mp->list, "# samples outside every module: %llu; lost (table full): %llu\n",
			(unsigned long long)(mp->summary->outside - mp->summary->attributed),
			(unsigned long long)mp->summary->lost);
	for (size_t i = 0, n = unloaded_count(); i < n; i++)
		dropped += __atomic_load_n(&unloaded_get(i)->loads_dropped, __ATOMIC_RELAXED);
	if (dropped > 0)
		/* their samples are kept (taken at each dlclose), not their calls */
		text_out_printf(mp->list, "# loads of closed libraries not kept (more than %d "
				"addresses for a file): %llu; their calls and call-path frames are "
				"not attributed\n", UNLOADED_MAX_LOADS, (unsigned long long)dropped);
	err = text_out_close(mp->list);
	mp->list = NULL;
	return mp->err ? mp->err : err;
}

static void find_arc_ends(uintptr_t from_pc, uintptr_t self_pc, uint64_t count, void *ctx)
{
	struct module_pass *mp = ctx;

	if (count && (module_map_add_pc(mp->finding, from_pc - 1) != 0 ||
		      module_map_add_pc(mp->finding, self_pc) != 0) && mp->err == 0)
		mp->err = ENOMEM;
}

/* The modules of the sampled PCs and of the arcs' ends, the executable's
 * first (a signal handler's map: module-map.h). */
static int find_modules(struct module_pass *mp, uintptr_t executable_pc)
{
	if (module_map_add_pc(mp->finding, executable_pc) != 0)
		return ENOMEM;
	if (mp->finding->n == 0)
		return ENOENT;
	for (size_t k = 0; k < mp->nsnap; k++)
		if (module_map_add_pc(mp->finding, mp->snap[k].pc) != 0)
			return ENOMEM;
	arcs_for_each(find_arc_ends, mp);
	return mp->err;
}

/* The table's PCs with samples, as they are now: the whole write uses
 * them, so that the samples taken meanwhile (a flush signal's write is
 * sampled too) are neither in a module nor outside every one, but the
 * next write's.  Returns 0 or ENOMEM. */
static int snapshot_table(struct pc_count **snap, size_t *n, size_t *cap)
{
	size_t used = slots_in_use();

	*n = 0;
	if (module_map_grow(snap, cap, 0, used ? used : 1, sizeof **snap) != 0)
		return ENOMEM;
	for (size_t k = 0; k < used; k++) {
		const struct pc_count *e = slot_in_use(k);
		uint64_t c = e ? __atomic_load_n(&e->count, __ATOMIC_RELAXED) : 0;

		if (c)
			(*snap)[(*n)++] = (struct pc_count){ __atomic_load_n(&e->pc, __ATOMIC_ACQUIRE), c };
	}
	return 0;
}

int modules_write(const char *profile_path, unsigned rate, uintptr_t from_signal,
		  const struct module_map *shared, struct modules_summary *summary)
{
	struct module_map found = {0};
	struct module_pass mp = { .profile_path = profile_path, .rate = rate, .summary = summary,
				  .first = 1 };
	struct pc_count *snap = NULL;
	size_t snap_cap = 0;
	char list[4096];
	int err;

	*summary = (struct modules_summary){0};
	if (!__atomic_load_n(&mods.table, __ATOMIC_ACQUIRE))
		/* no list: an earlier run's would name its libraries' files */
		return companion_remove(profile_path, GMON_MODULE_LIST_NAME);
	summary->enabled = 1;
	if (companion_name(profile_path, GMON_MODULE_LIST_NAME, list, sizeof list) >= sizeof list)
		return ENAMETOOLONG;
	if (snapshot_table(&snap, &mp.nsnap, &snap_cap) != 0)
		return ENOMEM;
	mp.snap = snap;
	for (size_t k = 0; k < mp.nsnap; k++)
		summary->outside += snap[k].count;
	for (size_t i = 0; i < unloaded_count(); i++)   /* taken from the table */
		summary->outside += __atomic_load_n(&unloaded_get(i)->samples.total,
						    __ATOMIC_RELAXED);
	summary->lost = __atomic_load_n(&mods.lost, __ATOMIC_RELAXED);
	if (from_signal) {
		mp.found = mp.finding = &found;
		mp.fast = 1;
		err = find_modules(&mp, from_signal);
		mp.err = 0;
		if (err == 0)
			err = output_write_with(list, fill_list, &mp);
		module_map_free(&found);
	} else {
		mp.found = shared;   /* NULL: dl_iterate_phdr's, visited */
		err = output_write_with(list, fill_list, &mp);
	}
	module_map_unmap(snap, snap_cap, sizeof *snap);
	module_map_unmap(mp.kinds, mp.kinds_cap, sizeof *mp.kinds);
	return err;
}
