/* thread-hook.c - see thread-hook.h. */
#define _GNU_SOURCE
#include "thread-hook.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "node-load.h"
#include "settings.h"
#include "sampling.h"

#define PUBLIC __attribute__((visibility("default")))

static int time_all_new_threads;
static struct thread_hook_stats stats;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * Shared objects whose threads are the MPI stack's own: Open MPI (libmpi,
 * libopen-pal with its embedded libevent, libopen-rte, its mca_*
 * components), PMIx and PMI, libevent, UCX (libucs/ucp/uct/ucm), libfabric
 * and PSM, verbs and rdmacm, MPICH and MVAPICH, hwloc.
 */
static const char *const communication_prefixes[] = {
	"libmpi", "libopen-pal", "libopen-rte", "libompitrace", "mca_", "libmca_",
	"libpmix", "libpmi", "libevent", "libucs", "libucp", "libuct", "libucm",
	"libfabric", "libpsm", "libibverbs", "librdmacm", "libmlx", "libmpich",
	"libmpl", "libmvapich", "libhwloc", "libprrte", "libhcoll", "libxpmem",
};

int is_communication_library(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	for (size_t i = 0; i < sizeof communication_prefixes / sizeof communication_prefixes[0]; i++)
		if (strncmp(base, communication_prefixes[i], strlen(communication_prefixes[i])) == 0)
			return 1;
	return 0;
}

void thread_hook_time_all_new_threads(void)
{
	__atomic_store_n(&time_all_new_threads, 1, __ATOMIC_RELEASE);
}

void thread_hook_get_stats(struct thread_hook_stats *out)
{
	pthread_mutex_lock(&stats_lock);
	*out = stats;
	pthread_mutex_unlock(&stats_lock);
}

#ifdef PIC /* the shared library */

typedef int (*pthread_create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

struct timed_start {
	void *(*routine)(void *);
	void *arg;
};

/* The shared object that holds code address pc, if it is the MPI stack's. */
static const char *communication_library_at(const void *pc)
{
	Dl_info info;

	if (pc && dladdr(pc, &info) && info.dli_fname && is_communication_library(info.dli_fname))
		return info.dli_fname;
	return NULL;
}

static void note_comm_thread(const char *library)
{
	const char *base = strrchr(library, '/');
	size_t i, n = sizeof stats.comm_libraries / sizeof stats.comm_libraries[0];

	base = base ? base + 1 : library;
	pthread_mutex_lock(&stats_lock);
	stats.comm_skipped++;
	for (i = 0; i < n && stats.comm_libraries[i][0]; i++)
		if (strcmp(stats.comm_libraries[i], base) == 0)
			break;
	if (i < n && !stats.comm_libraries[i][0])
		snprintf(stats.comm_libraries[i], sizeof stats.comm_libraries[i], "%s", base);
	pthread_mutex_unlock(&stats_lock);
}

static void thread_ends(void *unused)
{
	(void)unused;
	sampling_thread_exiting();
	node_load_thread_exiting();
}

static void *start_timed_thread(void *p)
{
	struct timed_start start = *(struct timed_start *)p;
	void *result;

	free(p);
	sampling_start_thread_timer();
	pthread_cleanup_push(thread_ends, NULL);
	result = start.routine(start.arg);
	pthread_cleanup_pop(1);
	return result;
}

/* Whether a thread about to start wants a timer. */
static int wants_timer(void *(*routine)(void *), const void *creator)
{
	enum timer_policy policy = config_get()->timers;
	const char *library;

	if (policy == TIMERS_PROCESS) /* one timer samples every thread already */
		return 0;
	if (__atomic_load_n(&time_all_new_threads, __ATOMIC_ACQUIRE) || policy == TIMERS_ALL)
		return 1;
	if (policy != TIMERS_NOCOMM)
		return 0;
	library = communication_library_at((const void *)routine);
	if (!library)
		library = communication_library_at(creator);
	if (!library)
		return 1;
	note_comm_thread(library);
	return 0;
}

PUBLIC int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
			  void *(*routine)(void *), void *arg)
{
	static pthread_create_fn real_create;
	struct timed_start *start;
	int err;

	if (!real_create)
		real_create = (pthread_create_fn)dlsym(RTLD_NEXT, "pthread_create");
	if (!wants_timer(routine, __builtin_return_address(0)))
		return real_create(thread, attr, routine, arg);
	start = malloc(sizeof *start);
	if (!start)
		return real_create(thread, attr, routine, arg);
	start->routine = routine;
	start->arg = arg;
	err = real_create(thread, attr, start_timed_thread, start);
	if (err != 0)
		free(start);
	return err;
}

#endif /* PIC */
