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
#include "gmon-mpi-profile.h"
#include "rank.h"

/* (function, call site) pairs: a power of two; a program has a few hundred */
#define TABLE_SIZE 8192

struct site_entry {
	uint64_t key; /* the site's address with the function's id + 1 above bit 48 */
	uint64_t calls;
	uint64_t ns;
	uint64_t sent;
	uint64_t received;
};

static struct site_entry table[TABLE_SIZE];
static uint64_t dropped_calls; /* the table was full */
static __thread int depth __attribute__((tls_model("initial-exec")));
static uint64_t start_ns; /* the library's load, near the process's start */
static int my_rank = -1, world_size;

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

int pmpi_enter(struct pmpi_timing *t)
{
	if (depth++ > 0)
		return 0;
	t->start_ns = now_ns();
	return 1;
}

static struct site_entry *entry_of(uint64_t key)
{
	uint64_t h = key * 0x9e3779b97f4a7c15u;

	for (size_t probe = 0; probe < TABLE_SIZE; probe++) {
		struct site_entry *e = &table[((h >> 51) + probe) & (TABLE_SIZE - 1)];
		uint64_t found = __atomic_load_n(&e->key, __ATOMIC_ACQUIRE);
		uint64_t empty = 0;

		if (found == key)
			return e;
		if (found == 0 && (__atomic_compare_exchange_n(&e->key, &empty, key, 0,
							       __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) ||
				   empty == key))
			return e;
	}
	return NULL;
}

void pmpi_leave(const struct pmpi_timing *t, unsigned id, const void *site, uint64_t sent,
		uint64_t received)
{
	uint64_t elapsed = now_ns() - t->start_ns;
	uint64_t key = ((uint64_t)(id + 1) << 48) | ((uintptr_t)site & ((1ull << 48) - 1));
	struct site_entry *e = entry_of(key);

	depth--;
	if (!e) {
		__atomic_add_fetch(&dropped_calls, 1, __ATOMIC_RELAXED);
		return;
	}
	__atomic_add_fetch(&e->calls, 1, __ATOMIC_RELAXED);
	__atomic_add_fetch(&e->ns, elapsed, __ATOMIC_RELAXED);
	__atomic_add_fetch(&e->sent, sent, __ATOMIC_RELAXED);
	__atomic_add_fetch(&e->received, received, __ATOMIC_RELAXED);
}

void pmpi_started(int rank, int size)
{
	my_rank = rank;
	world_size = size;
}

/* The profile this rank writes (as the runtime names it: GMON_OUT_PREFIX or
 * gmon.out, then .<rank>), or 0 if the rank is not in BG_GMON_RANK_SUBSET. */
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

/* The module holding addr and addr's link-time address in it. */
static const char *site_module(const void *addr, uintptr_t *link_address, char *exe,
			       size_t exe_size)
{
	Dl_info info;
	struct link_map *map = NULL;

	if (!dladdr1(addr, &info, (void **)&map, RTLD_DL_LINKMAP) || !map) {
		*link_address = (uintptr_t)addr;
		return "?";
	}
	*link_address = (uintptr_t)addr - map->l_addr;
	if (map->l_name && map->l_name[0])
		return map->l_name;
	if (!exe[0]) {
		ssize_t n = readlink("/proc/self/exe", exe, exe_size - 1);

		exe[n > 0 ? n : 0] = '\0';
	}
	return exe[0] ? exe : "?";
}

/* A path with its tabs, newlines and backslashes escaped (\t \n \\), so a
 * line of the file is one record whatever the path holds. */
static void put_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\t')
			fputs("\\t", f);
		else if (*s == '\n')
			fputs("\\n", f);
		else if (*s == '\\')
			fputs("\\\\", f);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\x%02x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
}

static int write_table(FILE *f, const char *const *names)
{
	char exe[PATH_MAX] = "";
	uint64_t total = 0;

	for (size_t i = 0; i < TABLE_SIZE; i++)
		total += table[i].ns;
	fprintf(f, "%s %d\n", GMON_MPI_PROFILE_MAGIC, GMON_MPI_PROFILE_VERSION);
	fprintf(f, "rank\t%d\nsize\t%d\nelapsed_ns\t%llu\nmpi_ns\t%llu\ndropped_calls\t%llu\n",
		my_rank, world_size, (unsigned long long)(now_ns() - start_ns),
		(unsigned long long)total,
		(unsigned long long)__atomic_load_n(&dropped_calls, __ATOMIC_RELAXED));
	fprintf(f, "# function\tmodule\tsite\tcalls\tns\tbytes_sent\tbytes_received\n");
	for (size_t i = 0; i < TABLE_SIZE; i++) {
		const struct site_entry *e = &table[i];
		uintptr_t link_address;
		const char *module;

		if (e->key == 0 || e->calls == 0)
			continue;
		module = site_module((const void *)(uintptr_t)(e->key & ((1ull << 48) - 1)),
				     &link_address, exe, sizeof exe);
		fprintf(f, "%s\t", names[(e->key >> 48) - 1]);
		put_escaped(f, module);
		fprintf(f, "\t0x%llx\t%llu\t%llu\t%llu\t%llu\n", (unsigned long long)link_address,
			(unsigned long long)e->calls, (unsigned long long)e->ns,
			(unsigned long long)e->sent, (unsigned long long)e->received);
	}
	return ferror(f) ? EIO : 0;
}

void pmpi_write(const char *const *names)
{
	char profile[PATH_MAX], path[PATH_MAX], tmp[PATH_MAX + 32];
	FILE *f;
	int fd, err;

	if (!rank_profile(profile, sizeof profile) ||
	    companion_name(profile, GMON_MPI_PROFILE_KIND, path, sizeof path) >= sizeof path)
		return;
	snprintf(tmp, sizeof tmp, "%s.tmp.%d", path, (int)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		fprintf(stderr, "gmon-mpi: cannot write %s: %s\n", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		return;
	}
	err = write_table(f, names);
	if (fclose(f) != 0 && err == 0)
		err = errno;
	if (err == 0 && rename(tmp, path) != 0)
		err = errno;
	if (err != 0) {
		fprintf(stderr, "gmon-mpi: cannot write %s: %s\n", path, strerror(err));
		unlink(tmp);
	}
}
