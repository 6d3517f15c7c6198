/* node-load.c - see node-load.h. */
#define _GNU_SOURCE
#include "node-load.h"

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "proc-read.h"
#include "text-out.h"

/* the threads that ended: their time on a CPU, and waiting for one */
static uint64_t ended_cpu_ns, ended_waited_ns;
/* the node's clock ticks at sampling's start: all, and stolen */
static uint64_t start_ticks, start_steal;
static int started;

/* The decimal number at *p, *p moved past it and the blanks after. */
static uint64_t next_number(const char **p)
{
	uint64_t v = 0;

	while (**p == ' ')
		(*p)++;
	while (**p >= '0' && **p <= '9')
		v = v * 10 + (uint64_t)(*(*p)++ - '0');
	return v;
}

/* A schedstat file's time on a CPU and waiting for one, added to *cpu and
 * *waited; 0, or -1 if unreadable. */
static int add_schedstat(int dir, const char *path, uint64_t *cpu, uint64_t *waited)
{
	char buf[128];
	const char *p = buf;

	if (proc_read_file(dir, path, buf, sizeof buf) <= 0)
		return -1;
	*cpu += next_number(&p);
	*waited += next_number(&p);
	return 0;
}

/* The node's ticks: all of /proc/stat's "cpu" line, and its steal (the
 * eighth field); 0, or -1. */
static int node_ticks(uint64_t *all, uint64_t *steal)
{
	char buf[512];
	const char *p = buf + 3;

	if (proc_read_file(AT_FDCWD, "/proc/stat", buf, sizeof buf) <= 0 ||
	    buf[0] != 'c' || buf[1] != 'p' || buf[2] != 'u' || buf[3] != ' ')
		return -1;
	*all = *steal = 0;
	for (int field = 1; field <= 8; field++) {
		uint64_t v = next_number(&p);

		*all += v;
		if (field == 8)
			*steal = v;
	}
	return 0;
}

void node_load_start(void)
{
	if (node_ticks(&start_ticks, &start_steal) == 0)
		started = 1;
}

void node_load_thread_exiting(void)
{
	uint64_t cpu = 0, waited = 0;

	if (add_schedstat(AT_FDCWD, "/proc/thread-self/schedstat", &cpu, &waited) != 0)
		return;
	__atomic_fetch_add(&ended_cpu_ns, cpu, __ATOMIC_RELAXED);
	__atomic_fetch_add(&ended_waited_ns, waited, __ATOMIC_RELAXED);
}

/* The live threads' time on a CPU and waiting (/proc/self/task/TID/
 * schedstat, listed with getdents64: readdir may malloc), added. */
static int add_live_threads(uint64_t *cpu, uint64_t *waited)
{
	char entries[4096] __attribute__((aligned(8))), path[64];
	int dir = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC), seen = 0;
	long n;

	if (dir < 0)
		return -1;
	while ((n = syscall(SYS_getdents64, dir, entries, sizeof entries)) > 0)
		for (long at = 0; at < n;) {
			const struct dirent64 *d = (const struct dirent64 *)(entries + at);

			at += d->d_reclen;
			if (d->d_name[0] < '0' || d->d_name[0] > '9')
				continue;
			text_format(path, sizeof path, "%s/schedstat", d->d_name);
			seen += add_schedstat(dir, path, cpu, waited) == 0;
		}
	close(dir);
	return seen > 0 ? 0 : -1;
}

size_t node_load_format(char *buf, size_t size)
{
	uint64_t cpu = __atomic_load_n(&ended_cpu_ns, __ATOMIC_RELAXED),
		 waited = __atomic_load_n(&ended_waited_ns, __ATOMIC_RELAXED), ticks, steal;
	cpu_set_t cpus;
	size_t len = 0;

	if (size > 0)
		buf[0] = '\0';
	if (sched_getaffinity(0, sizeof cpus, &cpus) == 0)
		len += text_format(buf + len, size > len ? size - len : 0, "cpus\t%d\n",
				   CPU_COUNT(&cpus));
	if (add_live_threads(&cpu, &waited) == 0)
		len += text_format(buf + len, size > len ? size - len : 0,
				   "threads-cpu-ns\t%llu\nthreads-waited-ns\t%llu\n",
				   (unsigned long long)cpu, (unsigned long long)waited);
	if (started && node_ticks(&ticks, &steal) == 0 && ticks >= start_ticks &&
	    steal >= start_steal)
		len += text_format(buf + len, size > len ? size - len : 0,
				   "node-ticks\t%llu\nnode-steal-ticks\t%llu\n",
				   (unsigned long long)(ticks - start_ticks),
				   (unsigned long long)(steal - start_steal));
	return len;
}
