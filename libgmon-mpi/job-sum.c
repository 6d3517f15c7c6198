/* job-sum.c - see job-sum.h. */
#define _GNU_SOURCE
#include "job-sum.h"

#include <errno.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "companion-sections.h"
#include "memory-image.h"
#include "output-file.h"
#include "output.h"
#include "rank.h"
#include "run-identity.h"
#include "xfsz-guard.h"

static struct {
	int only;       /* outside the subset: profiling for the sum only */
	int summed;     /* gmon_mpi_sum_done(1) */
	int failed;     /* gmon_mpi_sum_done(0): the wrappers said why */
	int said;       /* the fallback's line is out */
	int began;      /* the wrappers took the profile (job_sum_image) */
} job;

void job_sum_start(const struct gmon_config *c)
{
	job.only = c->is_mpi && c->sum_in_job && !rank_subset_contains(&c->subset, c->rank);
}

int job_sum_only(void)
{
	return job.only;
}

int job_sum_failed(void)
{
	return __atomic_load_n(&job.failed, __ATOMIC_SEQ_CST);
}

void job_sum_set_summed(int summed)
{
	__atomic_store_n(summed ? &job.summed : &job.failed, 1, __ATOMIC_SEQ_CST);
}

int job_sum_writes_files(const char *path, enum job_sum_when when)
{
	static const char head[] = "gmon-mpi: ";
	static const char middle[] = ": not in BG_GMON_RANK_SUBSET, but the job's sum "
				     "(BG_GMON_SUM_IN_JOB) does not hold its profile: ";
	const char *reason =
		when == JOB_SUM_ON_SIGNAL
			? "the job ended before its sum was made (a rank did not reach "
			  "MPI_Finalize, or the job was killed): written on a signal"
		: job.began ? "its sum did not end: written at exit"
			    : "MPI_Finalize did not go through the PMPI wrappers (a Fortran "
			      "program's MPI_FINALIZE does not; or it was not called): written at "
			      "exit";
	struct iovec parts[] = {
		{(void *)head, sizeof head - 1}, {(void *)path, strlen(path)},
		{(void *)middle, sizeof middle - 1}, {(void *)reason, strlen(reason)},
		{(void *)"\n", 1},
	};
	struct xfsz_guard guard;
	ssize_t written;

	if (!job.only)
		return 1;
	if (__atomic_load_n(&job.summed, __ATOMIC_SEQ_CST))
		return 0;
	if (__atomic_load_n(&job.failed, __ATOMIC_SEQ_CST) ||
	    __atomic_exchange_n(&job.said, 1, __ATOMIC_SEQ_CST))
		return 1;
	xfsz_guard_begin(&guard);
	written = writev(STDERR_FILENO, parts, sizeof parts / sizeof parts[0]);
	(void)written;
	xfsz_guard_end(&guard);
	return 1;
}

struct profile_image {
	unsigned rate;
	const struct image_info *image;
};

static int fill_profile(int fd, void *ctx)
{
	const struct profile_image *pi = ctx;

	return output_profile_to_fd(fd, pi->rate, pi->image);
}

int job_sum_image(unsigned rate, const struct image_info *image, void **data, size_t *len)
{
	struct profile_image pi = {rate, image};

	job.began = 1;
	return memory_image(fill_profile, &pi, data, len);
}

struct companion_image {
	const char *profile;
	unsigned rate;
};

/* The companion's sections as _mcleanup writes them (the calls between
 * modules, the libraries' profiles and their list, the call paths, the
 * run's), into fd. */
static int fill_companion(int fd, void *ctx)
{
	const struct companion_image *ci = ctx;
	struct companion_sections cs;
	int err = output_companion_begin_fd(ci->profile, fd), e;

	if (err != 0)
		return err;
	companion_sections_write(ci->profile, ci->rate, 0, &cs);
	err = cs.calls_err ? cs.calls_err : cs.modules_err ? cs.modules_err : cs.paths_err;
	/* and the run's section as it is now (the sum's section runs: the
	 * profiler's own time, the signals, the engine, the node's load) */
	if (err == 0)
		err = run_identity_write(ci->profile);
	e = output_companion_end(err == 0, 0);
	return err ? err : e;
}

int job_sum_companion(const char *profile, unsigned rate, void **data, size_t *len)
{
	struct companion_image ci = {profile, rate};

	return memory_image(fill_companion, &ci, data, len);
}

int job_sum_path(const char *profile, char *path, size_t size)
{
	const char *slash = strrchr(profile, '/');
	size_t dir = slash ? (size_t)(slash - profile) + 1 : 0;
	static const char name[] = "gmon.sum";

	if (dir + sizeof name > size)
		return ENAMETOOLONG;
	memcpy(path, profile, dir);
	memcpy(path + dir, name, sizeof name);
	return 0;
}
