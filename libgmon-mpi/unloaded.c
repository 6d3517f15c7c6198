/*
 * unloaded.c - see unloaded.h.
 *
 * dlclose takes no lock of ours around libc's dlclose: a module's
 * constructor or destructor may call dlclose while the dynamic linker's
 * lock is held, and our lock taken around libc's dlclose would then be
 * taken in the other order too.  Each call notes the loaded modules before
 * (in its thread's list: mmap'ed, kept for the thread's next dlclose),
 * calls libc's dlclose, lists them again, and only then takes the
 * records' lock to keep those gone, their samples taken in one pass
 * (unloaded_drain_fn).  Two threads closing
 * at once may both see a module go: the second finds its record (same
 * address, path and build-id) and adds the nothing left in the table.  A
 * dlclose run by a destructor inside another is left to the outer one,
 * whose list before holds every module the inner one can unload.
 */
#define _GNU_SOURCE
#include "unloaded.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>

#include "image.h"
#include "module-map.h"

static struct {
	pthread_mutex_t lock;            /* writers of the records */
	struct unloaded_module *records; /* UNLOADED_MAX, mmap'ed at the first */
	size_t count;                    /* published: release store */
	uint32_t generation;             /* unloaded_generation */
	int watching;
	unloaded_drain_fn *drain;
} un = { .lock = PTHREAD_MUTEX_INITIALIZER };

void unloaded_watch(int on, unloaded_drain_fn *drain)
{
	if (on)
		un.drain = drain;
	__atomic_store_n(&un.watching, on, __ATOMIC_RELEASE);
}

size_t unloaded_count(void)
{
	return __atomic_load_n(&un.count, __ATOMIC_ACQUIRE);
}

const struct unloaded_module *unloaded_get(size_t i)
{
	return &un.records[i];
}

uint32_t unloaded_generation(void)
{
	return __atomic_load_n(&un.generation, __ATOMIC_ACQUIRE);
}

unsigned unloaded_loads(const struct unloaded_module *u)
{
	return __atomic_load_n(&u->naddr, __ATOMIC_ACQUIRE);
}

void unloaded_phdr_info(const struct unloaded_module *u, unsigned load, struct dl_phdr_info *dl)
{
	*dl = (struct dl_phdr_info){ .dlpi_addr = u->addr[load], .dlpi_name = u->path,
				     .dlpi_phdr = u->phdr, .dlpi_phnum = (ElfW(Half))u->phnum };
}

int unloaded_same_file(const char *path_a, const unsigned char *id_a, size_t id_a_len,
		       const char *path_b, const unsigned char *id_b, size_t id_b_len)
{
	return strcmp(path_a, path_b) == 0 && id_a_len == id_b_len &&
	       memcmp(id_a, id_b, id_a_len) == 0;
}

/* the shared library's dlclose comes before libc's (not the audit library's) */
#if defined(PIC) && !defined(GMON_MPI_NO_DLCLOSE)

/* A loaded module as noted before a dlclose: its link map's program
 * headers (where they are in memory: the module's identity while it is
 * loaded) and what a record needs. */
struct noted {
	const ElfW(Phdr) *phdr_at;
	int gone;
	struct unloaded_module m;
};

struct noting {
	struct noted *list;
	size_t n, cap;
	size_t valid;            /* entries [0, valid) are the previous call's */
	size_t cursor;           /* mark_still_loaded's next place */
	int first;               /* the executable, which no dlclose unloads */
	int err;
};

static size_t bounded_copy(char *to, size_t size, const char *from)
{
	size_t n = from ? strnlen(from, size - 1) : 0;

	memcpy(to, from ? from : "", n);
	to[n] = '\0';
	return n;
}

/* Whether the entry a previous dlclose noted is the module dl describes:
 * the same program headers at the same place, the same path.  The list
 * is in load order, so a module keeps its place from one call to the
 * next, and its soname and build-id are not read again. */
static int same_module(const struct noted *e, const struct dl_phdr_info *dl)
{
	return e->phdr_at == dl->dlpi_phdr && e->m.addr[0] == dl->dlpi_addr &&
	       e->m.phnum == dl->dlpi_phnum &&
	       memcmp(e->m.phdr, dl->dlpi_phdr, (size_t)dl->dlpi_phnum * sizeof *dl->dlpi_phdr) == 0 &&
	       (*dl->dlpi_name != '/' ||
		strncmp(e->m.path, dl->dlpi_name, sizeof e->m.path - 1) == 0);
}

static int note_module(struct dl_phdr_info *dl, size_t size, void *ctx)
{
	struct noting *nt = ctx;
	struct noted *e;
	const unsigned char *id = NULL;

	(void)size;
	if (nt->first) {
		nt->first = 0;
		return 0;
	}
	if (dl->dlpi_phnum > UNLOADED_MAX_PHDRS || !dl->dlpi_name || !*dl->dlpi_name)
		return 0;       /* the vDSO (no file) stays; an odd module is not kept */
	if (nt->n == nt->cap) {
		if (module_map_grow(&nt->list, &nt->cap, nt->n, nt->n + 1, sizeof *nt->list) != 0) {
			nt->err = 1;
			return 1;
		}
		nt->valid = nt->n;      /* the entries after n were not copied */
	}
	e = &nt->list[nt->n++];
	if (nt->n <= nt->valid && same_module(e, dl)) {
		e->gone = 1;            /* noted by the previous call, in the same place */
		return 0;
	}
	e->phdr_at = dl->dlpi_phdr;
	e->gone = 1;
	e->m.addr[0] = dl->dlpi_addr;
	e->m.naddr = 1;
	e->m.phnum = dl->dlpi_phnum;
	memcpy(e->m.phdr, dl->dlpi_phdr, (size_t)dl->dlpi_phnum * sizeof *dl->dlpi_phdr);
	image_absolute_path(dl, e->m.path, sizeof e->m.path);   /* "./x.so": the file's */
	bounded_copy(e->m.soname, sizeof e->m.soname, image_soname(dl));
	e->m.build_id_len = image_build_id(dl, &id);
	if (e->m.build_id_len > sizeof e->m.build_id)
		e->m.build_id_len = sizeof e->m.build_id;
	memcpy(e->m.build_id, id, e->m.build_id_len);
	e->m.samples = (struct unloaded_samples){0};
	return 0;
}

/* Marks the module dl describes, if noted, as still loaded.  The modules
 * keep their order (a close removes some, an opening in another thread
 * adds at the end), so the search goes on from the last one found: one
 * pass over the list for the whole listing. */
static int mark_still_loaded(struct dl_phdr_info *dl, size_t size, void *ctx)
{
	struct noting *nt = ctx;

	(void)size;
	for (size_t k = 0; k < nt->n; k++) {
		size_t i = (nt->cursor + k) % nt->n;

		if (nt->list[i].phdr_at == dl->dlpi_phdr && nt->list[i].m.addr[0] == dl->dlpi_addr) {
			nt->list[i].gone = 0;
			nt->cursor = i + 1;
			return 0;
		}
	}
	return 0;
}

/* Adds a load at address, ended with generation closed, to record r: the
 * last load's, extended, if at its address; another if there is room,
 * else counted as dropped.  Under the lock. */
static void add_load(struct unloaded_module *r, uintptr_t addr, uint32_t closed)
{
	if (r->addr[r->naddr - 1] == addr) {
		__atomic_store_n(&r->closed[r->naddr - 1], closed, __ATOMIC_RELEASE);
		return;
	}
	if (r->naddr == UNLOADED_MAX_LOADS) {
		__atomic_fetch_add(&r->loads_dropped, 1, __ATOMIC_RELAXED);
		return;
	}
	r->addr[r->naddr] = addr;
	r->closed[r->naddr] = closed;
	__atomic_store_n(&r->naddr, r->naddr + 1, __ATOMIC_RELEASE);
}

/* The record of module m (loaded at m->addr[0], ended with generation
 * closed): its file's, or a new one (NULL: the array is full).  Under the
 * lock. */
static struct unloaded_module *record_for(const struct unloaded_module *m, uint32_t closed)
{
	size_t n = un.count;

	for (size_t i = 0; i < n; i++) {
		struct unloaded_module *r = &un.records[i];

		if (unloaded_same_file(r->path, r->build_id, r->build_id_len, m->path, m->build_id,
				       m->build_id_len)) {
			add_load(r, m->addr[0], closed);
			return r;
		}
	}
	if (!un.records) {
		void *p = mmap(NULL, UNLOADED_MAX * sizeof *un.records, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

		if (p == MAP_FAILED)
			return NULL;
		un.records = p;
	}
	if (n == UNLOADED_MAX)
		return NULL;
	un.records[n] = *m;
	un.records[n].closed[0] = closed;
	return &un.records[n];
}

/* Keeps the modules noted gone, and takes their samples (one pass over
 * the table for all: an MPI_Finalize closes dozens). */
static void keep_gone(const struct noting *nt)
{
	struct dl_phdr_info dl[UNLOADED_DRAIN_BATCH];
	struct unloaded_samples *into[UNLOADED_DRAIN_BATCH];
	size_t batch = 0, gone = 0;
	uint32_t closed;

	for (size_t i = 0; i < nt->n; i++)
		gone += nt->list[i].gone != 0;
	if (gone == 0)
		return;         /* a reference dropped, nothing unmapped */
	pthread_mutex_lock(&un.lock);
	/* the samples taken from now on are of the modules mapped now */
	closed = __atomic_add_fetch(&un.generation, 1, __ATOMIC_ACQ_REL);
	for (size_t i = 0; i < nt->n; i++) {
		const struct noted *e = &nt->list[i];
		struct unloaded_module *r;

		if (!e->gone)
			continue;
		r = record_for(&e->m, closed);
		if (!r)
			continue;       /* the array is full: outside every module */
		if (r == &un.records[un.count])
			__atomic_store_n(&un.count, un.count + 1, __ATOMIC_RELEASE);
		if (!un.drain)
			continue;
		unloaded_phdr_info(&e->m, 0, &dl[batch]);       /* where it was */
		into[batch++] = &r->samples;
		if (batch == UNLOADED_DRAIN_BATCH) {
			un.drain(dl, into, batch);
			batch = 0;
		}
	}
	if (batch > 0)
		un.drain(dl, into, batch);
	pthread_mutex_unlock(&un.lock);
}

typedef int dlclose_fn(void *);

static dlclose_fn *libc_dlclose(void)
{
	static dlclose_fn *real;
	dlclose_fn *f = __atomic_load_n(&real, __ATOMIC_ACQUIRE);

	if (!f) {
		f = (dlclose_fn *)dlsym(RTLD_NEXT, "dlclose");
		__atomic_store_n(&real, f, __ATOMIC_RELEASE);
	}
	return f;
}

static __thread int closing;     /* a dlclose of ours runs on this thread */
static __thread struct noting notes;   /* its list, kept (never unmapped) */

__attribute__((visibility("default"))) int dlclose(void *handle)
{
	dlclose_fn *real = libc_dlclose();
	struct noting *nt = &notes;
	int rc, saved_errno;

	if (!real)
		return -1;      /* cannot happen: libc defines it */
	if (!__atomic_load_n(&un.watching, __ATOMIC_ACQUIRE) || closing)
		return real(handle);
	closing = 1;
	saved_errno = errno;    /* the caller sees libc's dlclose only */
	nt->valid = nt->err ? 0 : nt->n;
	nt->n = 0;
	nt->first = 1;
	nt->err = 0;
	dl_iterate_phdr(note_module, nt);
	errno = saved_errno;
	rc = real(handle);
	saved_errno = errno;
	if (rc == 0 && nt->err == 0 && nt->n > 0) {
		nt->cursor = 0;
		dl_iterate_phdr(mark_still_loaded, nt);
		keep_gone(nt);
	}
	closing = 0;
	errno = saved_errno;
	return rc;
}

#endif /* PIC && !GMON_MPI_NO_DLCLOSE */
