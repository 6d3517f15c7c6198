/*
 * summary-classify.c - the summary's categories (summary.h): which a
 * sampled frame is in, by its module's base name and its function's name.
 */
#include "summary.h"

#include <string.h>

/* (the categories', then the class of MPI's own threads' paths) */
static const char *const keys[SUMMARY_PATH_CLASSES] = {
	"program", "mpi", "openmp_waiting", "openmp_working", "other_libraries",
	"system_calls_io", "profiler", "mpi_thread",
};
static const char *const texts[SUMMARY_NCATEGORIES] = {
	"the program's own code", "MPI", "OpenMP runtime, waiting", "OpenMP runtime, working",
	"other libraries", "system calls, I/O, off the CPU", "the profiler itself",
};

const char *summary_category_key(enum summary_category c)
{
	return keys[c];
}

const char *const *summary_path_class_keys(void)
{
	return keys;
}

const char *summary_category_text(enum summary_category c)
{
	return texts[c];
}

static int starts(const char *s, const char *prefix)
{
	return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

static int starts_any(const char *s, const char *const *prefixes)
{
	for (; *prefixes; prefixes++)
		if (starts(s, *prefixes))
			return 1;
	return 0;
}

/* Library name prefixes, and module-as-a-whole names "[libmpi.so.40]". */
static const char *strip_bracket(const char *base)
{
	return base && base[0] == '[' ? base + 1 : base;
}

int summary_is_mpi_module(const char *base)
{
	static const char *const mpi[] = {
		"libmpi", "libopen-pal", "libopen-rte", "libpmix", "libprrte", "libucp", "libuct",
		"libucs", "libucm", "libfabric", "libpsm", "libmca_", "mca_", "libhcoll", "libmxm",
		"libevent", "libhwloc", NULL,
	};

	return starts_any(strip_bracket(base), mpi);
}

static int is_omp_module(const char *base)
{
	static const char *const omp[] = { "libgomp", "libomp", "libiomp", NULL };

	return starts_any(strip_bracket(base), omp);
}

/* The OpenMP runtime's functions that hand out work (starting a team,
 * work-sharing loops, sections, single, tasks, the API's queries): its
 * working time.  The rest of its time is waiting: barriers, locks, the
 * team idle between regions, which is where a thread spends its time in
 * the runtime (libgomp's barrier code is static: a stripped libgomp names
 * it "[libgomp.so.1]", which counts as waiting too). */
static int is_omp_work(const char *name)
{
	static const char *const work[] = {
		"GOMP_parallel", "GOMP_loop_", "GOMP_sections", "GOMP_single_start",
		"GOMP_task", "GOMP_taskloop", "GOMP_ordered_start", "omp_get_", "omp_set_",
		"omp_in_", "gomp_loop_", "gomp_iter_", "gomp_team_start", "gomp_new_team",
		"__kmpc_fork_call", "__kmpc_for_static", "__kmpc_dispatch_", "__kmpc_omp_task",
		"__kmpc_single", "__kmp_fork_call", "__kmp_dispatch_", NULL,
	};

	return starts_any(name, work);
}

static int is_profiler(const char *module, const char *name)
{
	static const char *const names[] = { "mcount", "_mcount", "__mcount_internal",
					     "__fentry__", "gmon_", NULL };

	return starts(strip_bracket(module), "libgmon-mpi") || starts_any(name, names);
}

static int is_system_module(const char *base)
{
	static const char *const sys[] = { "linux-vdso", "[vdso]", "vdso", NULL };

	return starts_any(base, sys) || (base && strcmp(base, "-") == 0);
}

/* libc's system call wrappers and I/O (GNU libc's names, with the
 * __libc_ and __GI_ aliases). */
static int is_system_call(const char *name)
{
	static const char *const calls[] = {
		"read", "write", "pread", "pwrite", "readv", "writev", "preadv", "pwritev",
		"open", "openat", "close", "lseek", "fsync", "fdatasync", "fstat", "stat",
		"lstat", "statx", "newfstatat", "poll", "ppoll", "epoll_wait", "epoll_pwait",
		"select", "pselect", "nanosleep", "clock_nanosleep", "usleep", "sleep",
		"sched_yield", "syscall", "ioctl", "recv", "recvfrom", "recvmsg", "send",
		"sendto", "sendmsg", "accept", "connect", "mmap", "munmap", "mprotect", "brk",
		"futex", "getdents", "unlink", "rename", "mkdir", "fcntl", "dup", "pipe",
		"wait", "waitpid", "kill", "getpid", "gettid", "clone", "fork", "execve",
		"_IO_", "__GI__IO_", "fread", "fwrite", "fflush", "fopen", "fclose", "fgets",
		"fputs", "vfprintf", "printf", "fprintf", "puts", "getline", "__read",
		"__write", "__open", "__close", "__poll", "__select", "__nanosleep",
		"__clock_nanosleep", "__libc_", "__GI___", "__futex", "__lll_lock_wait",
		"pthread_cond_wait", "pthread_cond_timedwait", "__pthread_cond_wait",
		"sem_wait", "__new_sem_wait", NULL,
	};
	const char *n = name;

	while (n && *n == '_' && starts(n, "__GI_"))
		n += 5;
	if (!n)
		return 0;
	for (const char *const *c = calls; *c; c++) {
		size_t len = strlen(*c);

		/* a name (a debug file's may carry its version,
		 * clock_nanosleep@GLIBC_2.2.5), or a prefix ending in '_' */
		if (strncmp(n, *c, len) == 0 &&
		    (n[len] == '\0' || n[len] == '6' || n[len] == '@' || (*c)[len - 1] == '_'))
			return 1;
	}
	return 0;
}

/* The names the lists above hold are C functions' (MPI's, the profiler's,
 * libc's, the OpenMP runtime's entry points): a C++ function's name,
 * mangled ("_Z7MPI_fooi") or demangled ("MPI_foo(int)"), is none of them,
 * whether or not the table it came from was demangled (NULL then).  So a
 * path is in the same category on every process of a parallel sum, where
 * the tables are demangled at different times. */
static const char *c_name(const char *name)
{
	return name && !starts(name, "_Z") && !strchr(name, '(') ? name : NULL;
}

int summary_is_omp_idle(const char *name)
{
	return name && strcmp(name, SUMMARY_OMP_IDLE) == 0;
}

enum summary_category summary_classify(const char *module, const char *name,
				       const char *exe_base, int under_mpi)
{
	name = c_name(name);
	/* the root of an OpenMP worker's idle time: a function of the
	 * runtime's that never runs, not the profiler's time */
	if (summary_is_omp_idle(name))
		return SUMMARY_OMP_WAITING;
	/* the profiler's own code, the PMPI wrappers' under an MPI call too
	 * (what profiling costs, issue 37) */
	if (is_profiler(module, name))
		return SUMMARY_PROFILER;
	/* time under an MPI call is MPI's */
	if (under_mpi || summary_is_mpi_module(module) || summary_is_mpi_name(name))
		return SUMMARY_MPI;
	if (module && exe_base && strcmp(module, exe_base) == 0)
		return SUMMARY_PROGRAM;
	if (is_omp_module(module))
		return is_omp_work(name) ? SUMMARY_OMP_WORKING : SUMMARY_OMP_WAITING;
	if (is_system_module(module) || is_system_call(name))
		return SUMMARY_SYSTEM;
	return SUMMARY_LIBRARIES;
}

int summary_is_mpi_name(const char *name)
{
	name = c_name(name);
	return starts(name, "MPI_") || starts(name, "PMPI_");
}
