/* mpi-table.c - see mpi-table.h. */
#define _GNU_SOURCE
#include "mpi-table.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "companion-name.h"
#include "gmon-mpi.h"
#include "gmon-mpi-profile.h"
#include "memory-image.h"
#include "rank.h"
#include "text-escape.h"
#include "write-all.h"

/* (function, call site) pairs: a power of two; a program has a few hundred */
#define TABLE_SIZE 8192
/* the slots a pair may take, from its hash on: a call of a pair that found
 * no room within them goes to its function's overflow entry, so that a
 * full table costs a call MAX_PROBES looks, not TABLE_SIZE (13.5 us) */
#define MAX_PROBES 32

struct site_entry {
	uint64_t key; /* the site's address with the function's id + 1 above bit 48 */
	/* the site's module (its path, as the dynamic linker keeps it) and load
	 * bias, found when the site is first seen (dladdr takes the loader's
	 * lock: never in the flush signal's handler); NULL until then */
	const char *module;
	uintptr_t bias;
	uint64_t calls;
	uint64_t ns;
	uint64_t sent;
	uint64_t received;
};

static struct site_entry table[TABLE_SIZE];
/* per function id: the calls from sites that found no room in the table
 * (key, module and bias unused) */
static struct site_entry overflow[PMPI_MAX_CALLS];
static __thread int depth __attribute__((tls_model("initial-exec")));
static uint64_t start_ns; /* the library's load, near the process's start */
static int my_rank = -1, world_size;
static int in_companion;   /* the runtime writes the profile as its companion's section */
static uint64_t final_ns;  /* MPI_Finalize's end (0: not yet): the profile is final */

/* the runtime's (gmon-mpi.h), when it is loaded: the wrappers work without it */
#pragma weak gmon_flush

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

__attribute__((constructor)) static void pmpi_loaded(void)
{
	start_ns = now_ns();
}

/*
 * The wall time during which some thread of the process is in an MPI call
 * (busy_ns): with several threads in MPI at once, their times added
 * (mpi_ns) exceed the wall time (4 threads: 347.9% of it).  busy_word
 * holds, without a lock, the threads in an outermost call (its low 16
 * bits) and when the first of them came in (the bits above: ns since
 * start_ns, modulo 2^48, so an interval of up to 78 hours is exact); the
 * last one out adds the interval.  One thread: busy_ns is mpi_ns exactly
 * (the same clock readings).
 */
#define BUSY_COUNT 0xffffu
static uint64_t busy_word, busy_ns;

static void busy_enter(struct pmpi_timing *t)
{
	uint64_t w = __atomic_load_n(&busy_word, __ATOMIC_RELAXED), n;

	do {
		if ((w & BUSY_COUNT) == BUSY_COUNT) {
			t->busy = 0; /* 65,535 threads in MPI: this one not counted */
			return;
		}
		n = (w & BUSY_COUNT) ? w + 1 : ((t->start_ns - start_ns) << 16) | 1;
	} while (!__atomic_compare_exchange_n(&busy_word, &w, n, 1, __ATOMIC_ACQ_REL,
					      __ATOMIC_RELAXED));
	t->busy = 1;
}

/* The end of an outermost call at end (a clock reading); added to busy_ns
 * if count, and the last thread out. */
static void busy_leave(const struct pmpi_timing *t, uint64_t end, int count)
{
	uint64_t w = __atomic_load_n(&busy_word, __ATOMIC_RELAXED), n;

	if (!t->busy)
		return;
	do
		n = (w & BUSY_COUNT) == 1 ? 0 : w - 1;
	while (!__atomic_compare_exchange_n(&busy_word, &w, n, 1, __ATOMIC_ACQ_REL,
					    __ATOMIC_RELAXED));
	if (n == 0 && count)
		__atomic_add_fetch(&busy_ns, ((end - start_ns) - (w >> 16)) & ((1ull << 48) - 1),
				   __ATOMIC_RELAXED);
}

int pmpi_enter(struct pmpi_timing *t)
{
	if (depth++ > 0)
		return 0;
	t->start_ns = now_ns();
	busy_enter(t);
	return 1;
}

#define SITE_MASK ((1ull << 48) - 1)

/* /proc/self/exe, read when the library is loaded: MPI_Init's own call
 * site is located before MPI_Init returns (it was named "?+0x1311") */
static char exe_path[PATH_MAX];

__attribute__((constructor)) static void read_exe_path(void)
{
	ssize_t n = readlink("/proc/self/exe", exe_path, sizeof exe_path - 1);

	exe_path[n > 0 ? n : 0] = '\0';
}

/* The module of a new site, and its load bias. */
static void locate_site(struct site_entry *e, const void *addr)
{
	Dl_info info;
	struct link_map *map = NULL;
	const char *module = "?";

	if (dladdr1(addr, &info, (void **)&map, RTLD_DL_LINKMAP) && map) {
		e->bias = map->l_addr;
		module = map->l_name && map->l_name[0] ? map->l_name
			 : exe_path[0]                 ? exe_path
						       : "?";
	}
	__atomic_store_n(&e->module, module, __ATOMIC_RELEASE);
}

static struct site_entry *entry_of(uint64_t key)
{
	uint64_t h = key * 0x9e3779b97f4a7c15u;

	for (size_t probe = 0; probe < MAX_PROBES; probe++) {
		struct site_entry *e = &table[((h >> 51) + probe) & (TABLE_SIZE - 1)];
		uint64_t found = __atomic_load_n(&e->key, __ATOMIC_ACQUIRE);
		uint64_t empty = 0;

		if (found == key)
			return e;
		if (found == 0 && __atomic_compare_exchange_n(&e->key, &empty, key, 0,
							      __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
			locate_site(e, (const void *)(uintptr_t)(key & SITE_MASK));
			return e;
		}
		if (found == 0 && empty == key)
			return e;
	}
	return NULL;
}

void pmpi_leave(void)
{
	depth--;
}

void pmpi_record(const struct pmpi_timing *t, unsigned id, const void *site, uint64_t sent,
		 uint64_t received)
{
	uint64_t end = now_ns(), elapsed = end - t->start_ns;
	uint64_t key = ((uint64_t)(id + 1) << 48) | ((uintptr_t)site & SITE_MASK);
	int final = __atomic_load_n(&final_ns, __ATOMIC_RELAXED) != 0;
	struct site_entry *e;

	busy_leave(t, end, !final);
	if (final)
		return; /* after MPI_Finalize: the profile is final */
	e = entry_of(key);
	if (!e)
		e = &overflow[id];
	__atomic_add_fetch(&e->calls, 1, __ATOMIC_RELAXED);
	__atomic_add_fetch(&e->ns, elapsed, __ATOMIC_RELAXED);
	__atomic_add_fetch(&e->sent, sent, __ATOMIC_RELAXED);
	__atomic_add_fetch(&e->received, received, __ATOMIC_RELAXED);
}

static char profile_path[PATH_MAX]; /* PROFILE+mpi.<rank>, or "" if not written */
static const char *const *call_names;

static int rank_profile(char *buf, size_t size);
static int fill_section(int fd, void *ctx);

void pmpi_started(int rank, int size, const char *const *names)
{
	char profile[PATH_MAX];

	my_rank = rank;
	world_size = size;
	call_names = names;
	/* named by the runtime's rules when it is there (a descendant's pid,
	 * a rank it does not profile); else by the same environment */
	if (gmon_mpi_companion_path) {
		if (gmon_mpi_companion_path(GMON_MPI_PROFILE_KIND, profile_path,
					    sizeof profile_path) != 0)
			profile_path[0] = '\0';
	} else if (!rank_profile(profile, sizeof profile) ||
		   companion_name(profile, GMON_MPI_PROFILE_KIND, profile_path,
				  sizeof profile_path) >= sizeof profile_path) {
		profile_path[0] = '\0';
	}
	if (!profile_path[0])
		return;
	/* a section of the runtime's companion, when the runtime writes one:
	 * at its exit write, on its flush signals and in gmon_flush */
	if (gmon_mpi_companion_section &&
	    gmon_mpi_companion_section(GMON_MPI_PROFILE_KIND, fill_section, NULL) == 0) {
		in_companion = 1;
		unlink(profile_path); /* an earlier run's file would pass for this run's */
		return;
	}
	/* else a file, written on the runtime's flush signals too, when it is there */
	if (gmon_mpi_at_flush)
		gmon_mpi_at_flush(pmpi_write);
}

/* Without the runtime: the profile this rank would write (as the runtime
 * names it: GMON_OUT_PREFIX or gmon.out, then .<rank>), or 0 if the rank is
 * not in BG_GMON_RANK_SUBSET. */
static int rank_profile(char *buf, size_t size)
{
	struct rank_subset subset = RANK_SUBSET_DEFAULT;
	const char *text = getenv("BG_GMON_RANK_SUBSET");
	const char *prefix = getenv("GMON_OUT_PREFIX");

	if (text)
		rank_subset_parse(text, &subset); /* malformed: the default, as the runtime */
	if (my_rank < 0 || !rank_subset_contains(&subset, my_rank))
		return 0;
	return snprintf(buf, size, "%s.%d", prefix && *prefix ? prefix : "gmon.out", my_rank) <
	       (int)size;
}

/* A line of the file, built in a buffer without stdio or malloc: the
 * file is written from the flush signal's handler too. */
struct line {
	char text[PATH_MAX * 2 + 256];
	size_t len;
};

static void put(struct line *l, const char *s)
{
	while (*s && l->len < sizeof l->text)
		l->text[l->len++] = *s++;
}

static void put_u64(struct line *l, uint64_t v, unsigned base)
{
	char digits[24];
	size_t n = 0;

	do
		digits[n++] = "0123456789abcdef"[v % base];
	while ((v /= base) != 0);
	while (n > 0 && l->len < sizeof l->text)
		l->text[l->len++] = digits[--n];
}

/* A path escaped (text-escape.h), so a line of the file is one record
 * whatever the path holds. */
static void put_escaped(struct line *l, const char *s)
{
	size_t room = sizeof l->text - l->len;
	size_t n = text_escape(l->text + l->len, room, s);

	l->len += n < room ? n : room - 1;
}

static int flush_line(int fd, struct line *l)
{
	int err = write_all(fd, l->text, l->len);

	if (err == 0)
		l->len = 0;
	return err;
}

static int header_field(int fd, struct line *l, const char *name, uint64_t v)
{
	put(l, name);
	put(l, "\t");
	put_u64(l, v, 10);
	put(l, "\n");
	return flush_line(fd, l);
}

/* A site line: e's function, module (escaped: "" for an overflow
 * entry), site and counts. */
static int site_line(int fd, struct line *l, const struct site_entry *e, unsigned id,
		     const char *module, uint64_t site)
{
	put(l, call_names[id]);
	put(l, "\t");
	put_escaped(l, module);
	put(l, "\t0x");
	put_u64(l, site, 16);
	put(l, "\t");
	put_u64(l, __atomic_load_n(&e->calls, __ATOMIC_RELAXED), 10);
	put(l, "\t");
	put_u64(l, __atomic_load_n(&e->ns, __ATOMIC_RELAXED), 10);
	put(l, "\t");
	put_u64(l, __atomic_load_n(&e->sent, __ATOMIC_RELAXED), 10);
	put(l, "\t");
	put_u64(l, __atomic_load_n(&e->received, __ATOMIC_RELAXED), 10);
	put(l, "\n");
	return flush_line(fd, l);
}

static int write_table(int fd)
{
	struct line l = {.len = 0};
	uint64_t total = 0;
	int err;

	for (size_t i = 0; i < TABLE_SIZE; i++)
		total += __atomic_load_n(&table[i].ns, __ATOMIC_RELAXED);
	for (size_t i = 0; i < PMPI_MAX_CALLS; i++)
		total += __atomic_load_n(&overflow[i].ns, __ATOMIC_RELAXED);
	put(&l, GMON_MPI_PROFILE_MAGIC " ");
	put_u64(&l, GMON_MPI_PROFILE_VERSION, 10);
	put(&l, "\n");
	if ((err = flush_line(fd, &l)) != 0 || (err = header_field(fd, &l, "rank", (uint64_t)my_rank)) ||
	    (err = header_field(fd, &l, "size", (uint64_t)world_size)) ||
	    (err = header_field(fd, &l, "elapsed_ns", (final_ns ? final_ns : now_ns()) - start_ns)) ||
	    (err = header_field(fd, &l, "mpi_ns", total)) ||
	    (err = header_field(fd, &l, "mpi_wall_ns", __atomic_load_n(&busy_ns, __ATOMIC_RELAXED))) ||
	    (err = header_field(fd, &l, "dropped_calls", 0)))
		return err;
	put(&l, "# function\tmodule\tsite\tcalls\tns\tbytes_sent\tbytes_received\n");
	if ((err = flush_line(fd, &l)) != 0)
		return err;
	for (size_t i = 0; i < TABLE_SIZE; i++) {
		const struct site_entry *e = &table[i];
		uint64_t key = __atomic_load_n(&e->key, __ATOMIC_ACQUIRE);
		const char *module = __atomic_load_n(&e->module, __ATOMIC_ACQUIRE);
		uint64_t calls = __atomic_load_n(&e->calls, __ATOMIC_RELAXED);

		if (key == 0 || calls == 0 || !module)
			continue;
		if ((err = site_line(fd, &l, e, (unsigned)(key >> 48) - 1, module,
				     (key & SITE_MASK) - e->bias)) != 0)
			return err;
	}
	for (unsigned id = 0; id < PMPI_MAX_CALLS; id++)
		if (__atomic_load_n(&overflow[id].calls, __ATOMIC_RELAXED) != 0 &&
		    (err = site_line(fd, &l, &overflow[id], id, "", 0)) != 0)
			return err;
	return 0;
}

static void say(const char *what, const char *path, int err)
{
	struct line l = {.len = 0};

	put(&l, "gmon-mpi: cannot write ");
	put(&l, path);
	put(&l, what);
	put(&l, strerrorname_np(err) ? strerrorname_np(err) : "an error"); /* a table's string */
	put(&l, "\n");
	flush_line(STDERR_FILENO, &l);
}

/* The section's bytes, written by the runtime (gmon_mpi_companion_section). */
static int fill_section(int fd, void *ctx)
{
	(void)ctx;
	return write_table(fd);
}

/* Ends the profile now, unless it has ended (the in-job sum ends it at
 * MPI_Finalize's start). */
static void end_profile(void)
{
	uint64_t none = 0;

	__atomic_compare_exchange_n(&final_ns, &none, now_ns(), 0, __ATOMIC_RELAXED,
				    __ATOMIC_RELAXED);
}

int pmpi_end_profile(void **text, size_t *len)
{
	end_profile();
	*text = NULL;
	*len = 0;
	return call_names ? memory_image(fill_section, NULL, text, len) : 0;
}

void pmpi_finalized(void)
{
	end_profile();
	pmpi_write();
	/* the rank's files as they are now, the profile and its companion
	 * (this section in it) written together: a rank that ends without the
	 * runtime's exit write (_exit, a kill) keeps them, and the exit write
	 * replaces them together */
	if (gmon_flush)
		gmon_flush();
}

void pmpi_write(void)
{
	char tmp[PATH_MAX + 32];
	struct line l = {.len = 0};
	int fd, err, saved_errno = errno;

	if (!profile_path[0] || in_companion)
		return; /* the runtime writes the section */
	put(&l, profile_path);
	put(&l, ".tmp.");
	put_u64(&l, (uint64_t)getpid(), 10);
	memcpy(tmp, l.text, l.len < sizeof tmp - 1 ? l.len : sizeof tmp - 1);
	tmp[l.len < sizeof tmp - 1 ? l.len : sizeof tmp - 1] = '\0';
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0) {
		say(": ", tmp, errno);
		errno = saved_errno;
		return;
	}
	err = write_table(fd);
	if (close(fd) != 0 && err == 0)
		err = errno;
	if (err == 0 && rename(tmp, profile_path) != 0)
		err = errno;
	if (err != 0) {
		say(": ", profile_path, err);
		unlink(tmp);
	}
	errno = saved_errno;
}
