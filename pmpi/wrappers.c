/*
 * wrappers.c - the PMPI wrappers, one per entry of mpi-calls.h, for the
 * MPI whose mpi.h this file is compiled with (built once per MPI found by
 * configure: Open MPI's and MPICH's ABIs differ).  Each calls the PMPI_
 * entry point and records its time, bytes and call site (mpi-table.h).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "gmon-mpi-profile.h"
#include "job-sum.h"
#include "mpi-table.h"

/* the wrappers, in a section of their own: registered with the runtime
 * (gmon_mpi_interposers), its call paths leave their frames out */
#define EXPORT __attribute__((visibility("default"), section("gmon_mpi_wrappers")))

static uint64_t bytes(int count, MPI_Datatype type)
{
	int size = 0;

	if (count <= 0 || PMPI_Type_size(type, &size) != MPI_SUCCESS || size < 0)
		return 0;
	return (uint64_t)count * (uint64_t)size;
}

/* A receive's status: the caller's, or the wrapper's own (own_status)
 * where the caller passes MPI_STATUS_IGNORE: what the receive got is read
 * from it, not the count posted (8,000 bytes received into a buffer of
 * 80,000 were counted as 80,000). */
#define STATUS(status) ((status) == MPI_STATUS_IGNORE ? &own_status : (status))

/* What a receive that returned rc got, from its status: whole elements of
 * type, else (a message that is not) its bytes; 0 after an error. */
static uint64_t received(int rc, const MPI_Status *status, MPI_Datatype type)
{
	int got;

	if (rc != MPI_SUCCESS)
		return 0;
	if (PMPI_Get_count(status, type, &got) == MPI_SUCCESS && got != MPI_UNDEFINED)
		return bytes(got, type);
	if (PMPI_Get_count(status, MPI_BYTE, &got) == MPI_SUCCESS && got != MPI_UNDEFINED && got > 0)
		return (uint64_t)got;
	return 0;
}

static uint64_t comm_size(MPI_Comm comm)
{
	int n = 0;

	return PMPI_Comm_size(comm, &n) == MPI_SUCCESS && n > 0 ? (uint64_t)n : 0;
}

static int is_root(int root, MPI_Comm comm)
{
	int rank = -1;

	return root == MPI_ROOT || (PMPI_Comm_rank(comm, &rank) == MPI_SUCCESS && rank == root);
}

static uint64_t vbytes(const int counts[], MPI_Datatype type, MPI_Comm comm)
{
	uint64_t n = comm_size(comm), sum = 0;

	for (uint64_t i = 0; counts && i < n; i++)
		sum += bytes(counts[i], type);
	return sum;
}

enum mpi_call_id {
#define MPI_CALL(name, parameters, arguments, sent, got) ID_##name,
#include "mpi-calls.h"
#undef MPI_CALL
	MPI_CALL_COUNT
};

_Static_assert(MPI_CALL_COUNT <= PMPI_MAX_CALLS, "more MPI calls than mpi-table.c's ids");

static const char *const call_names[MPI_CALL_COUNT + 1] = {
#define MPI_CALL(name, parameters, arguments, sent, got) #name,
#include "mpi-calls.h"
#undef MPI_CALL
	NULL,
};

/* After the call: MPI_Init gives the rank, MPI_Finalize ends the profile. */
static void after_call(enum mpi_call_id id, int rc)
{
	int rank = 0, size = 0;

	if (rc != MPI_SUCCESS)
		return;
	if (id == ID_MPI_Init || id == ID_MPI_Init_thread) {
		PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
		PMPI_Comm_size(MPI_COMM_WORLD, &size);
		pmpi_started(rank, size, call_names);
	} else if (id == ID_MPI_Finalize) {
		pmpi_finalized();
	}
}

/* The MPI these wrappers were compiled for, and a symbol only its library
 * defines (a function: a data symbol may be copied into the executable):
 * the library that gives the program PMPI_Init must define it. */
#if defined(OPEN_MPI)
#define OWN_MPI "Open MPI", "ompi_mpi_init", "openmpi"
#define OTHER_MPI "mpich"
#elif defined(MPICH)
#define OWN_MPI "MPICH", "MPIR_Err_return_comm", "mpich"
#define OTHER_MPI "openmpi"
#else
#error "the PMPI wrappers know Open MPI's and MPICH's mpi.h only"
#endif

static void say_parts(const char *const parts[])
{
	for (size_t i = 0; parts[i]; i++)
		if (write(STDERR_FILENO, parts[i], strlen(parts[i])) < 0)
			return;
}

/* A program linked with these wrappers and another MPI (its mpicc MPICH's,
 * the wrappers Open MPI's, by pkg-config's default) loads both MPIs, and
 * the first PMPI_ call takes the other's handles: it would crash in
 * MPI_Init.  Say so, with the flags to link instead, and end the rank. */
static void refuse_other_mpi(const char *own, const char *marker, const char *flavour)
{
	Dl_info lib, marked;
	void *init = dlsym(RTLD_DEFAULT, "PMPI_Init"), *mark = dlsym(RTLD_DEFAULT, marker);

	if (!init || !dladdr(init, &lib) || !lib.dli_fname)
		return; /* nothing to check against */
	if (mark && dladdr(mark, &marked) && marked.dli_fbase == lib.dli_fbase)
		return;
	say_parts((const char *const[]){
		"gmon-mpi: the PMPI wrappers of ", own, " (libgmon-mpi-pmpi-", flavour,
		".so) are linked into a program whose MPI is another (", lib.dli_fname,
		"): link it with $(pkg-config --define-variable=mpi=" OTHER_MPI
		" --libs gmon-mpi) instead, or with -lgmon-mpi alone (no MPI profile)\n",
		NULL });
	_exit(1);
}

__attribute__((constructor)) static void register_wrappers(void)
{
	extern const char start[] __asm__("__start_gmon_mpi_wrappers")
		__attribute__((visibility("hidden")));
	extern const char stop[] __asm__("__stop_gmon_mpi_wrappers")
		__attribute__((visibility("hidden")));

	refuse_other_mpi(OWN_MPI);
	if (gmon_mpi_interposers)
		gmon_mpi_interposers(start, stop);
}

#define MPI_CALL(name, parameters, arguments, sent, got)                                      \
	EXPORT int name parameters                                                            \
	{                                                                                     \
		struct pmpi_timing timing;                                                    \
		MPI_Status own_status __attribute__((unused)); /* STATUS */                   \
		int outer, rc;                                                                \
                                                                                              \
		if (ID_##name == ID_MPI_Finalize) /* before it, and not in its time */        \
			pmpi_job_sum();                                                       \
		outer = pmpi_enter(&timing);                                                  \
		rc = P##name arguments;                                                       \
                                                                                              \
		if (outer) {                                                                  \
			pmpi_record(&timing, ID_##name, __builtin_return_address(0), (sent),  \
				    (got));                                                   \
			after_call(ID_##name, rc);                                            \
		}                                                                             \
		pmpi_leave();                                                                 \
		return rc;                                                                    \
	}
#include "mpi-calls.h"
#undef MPI_CALL
