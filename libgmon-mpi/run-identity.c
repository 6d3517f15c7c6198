/* run-identity.c - see run-identity.h. */
#define _GNU_SOURCE
#include "run-identity.h"

#include <errno.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "companion-name.h"
#include "gmon-companion.h"
#include "image.h"
#include "node-load.h"
#include "output-file.h"
#include "own-cost.h"
#include "sampling.h"
#include "text-out.h"
#include "wall-sampler.h"
#include "world-check.h"
#include "write-all.h"

static struct {
	char job[512];
	char text[2048];
	size_t len;
	const struct gmon_config *config;   /* its rate, chosen after init */
} run = { "-", "", 0, NULL };

/* The launcher's id of this job: the PMIx namespace (Open MPI's mpirun,
 * PMIx launchers), MPICH's PMI_KVSNAME where exported, else Slurm's job
 * and step; "-" where none says (MPICH's Hydra exports none). */
static void find_job(char *job, size_t size)
{
	const char *v, *step;

	if ((v = getenv("PMIX_NAMESPACE")) && *v)
		text_format(job, size, "pmix:%s", v);
	else if ((v = getenv("PMI_KVSNAME")) && *v)
		text_format(job, size, "pmi:%s", v);
	else if ((v = getenv("OMPI_MCA_ess_base_jobid")) && *v)
		text_format(job, size, "ompi:%s", v);
	else if ((v = getenv("SLURM_JOB_ID")) && *v)
		text_format(job, size, "slurm:%s.%s", v,
			    (step = getenv("SLURM_STEP_ID")) && *step ? step : "-");
	else
		text_format(job, size, "-");
	/* one line, one field */
	for (char *c = job; *c; c++)
		if (*c == '\t' || *c == '\n' || *c == '\\')
			*c = '_';
}

static int first_module(struct dl_phdr_info *dl, size_t size, void *ctx)
{
	char *hex = ctx;
	const unsigned char *id = NULL;
	size_t n = image_build_id(dl, &id);

	(void)size;
	if (n > 0)
		image_build_id_hex(id, n, hex, 2 * 64 + 1);
	return 1;       /* the executable only */
}

void run_identity_init(const struct gmon_config *config)
{
	char hex[2 * 64 + 1] = "-", host[256] = "-", ns[10];
	struct timespec now;

	run.config = config;
	find_job(run.job, sizeof run.job);
	dl_iterate_phdr(first_module, hex);
	if (gethostname(host, sizeof host) != 0)
		strcpy(host, "-");
	host[sizeof host - 1] = '\0';
	for (char *c = host; *c; c++)
		if (*c == '\t' || *c == '\n')
			*c = '_';
	clock_gettime(CLOCK_REALTIME, &now);
	/* the nanoseconds, nine digits (text_format has no width) */
	for (int i = 8; i >= 0; i--, now.tv_nsec /= 10)
		ns[i] = (char)('0' + now.tv_nsec % 10);
	ns[9] = '\0';
	run.len = text_format(run.text, sizeof run.text,
			      "%s %d\njob\t%s\nsize\t%ld\nrank\t%ld\nstart\t%lld.%s\n"
			      "build-id\t%s\npid\t%ld\nhost\t%s\n",
			      GMON_RUN_MAGIC, GMON_RUN_VERSION, run.job,
			      config->is_mpi ? config->world_size : 0L,
			      config->is_mpi ? config->rank : -1L, (long long)now.tv_sec, ns, hex,
			      (long)getpid(), host);
	if (run.len < sizeof run.text && *world_check_text())
		run.len += text_format(run.text + run.len, sizeof run.text - run.len,
				       "mpi-world\t%s\n", world_check_text());
	if (run.len >= sizeof run.text)
		run.len = 0;    /* cannot be: the fields are bounded */
}

const char *run_identity_job(void)
{
	return run.job;
}

/* The profile this companion goes with (its pair, gmon-companion.h):
 * the held profile's size and checksum (output-file.h). */
static int write_profile_identity(int fd)
{
	uint64_t size, sum;
	char line[64];
	size_t len;

	if (!output_held_identity(&size, &sum))
		return 0;
	len = text_format(line, sizeof line, "profile\t%llu %llx\n", (unsigned long long)size,
			  (unsigned long long)sum);
	return len < sizeof line ? write_all(fd, line, len) : ENOBUFS;
}

/* The run's fields, then what is known only when writing: the threads
 * that were sampled so far, the profiler's own time no sample saw. */
static int fill_run(int fd, void *ctx)
{
	char late[256];
	const char *engine;
	size_t len;
	int err, refused;
	uint64_t task_cpu, task_samples;

	(void)ctx;
	err = write_all(fd, run.text, run.len);
	len = text_format(late, sizeof late,
			  "threads\t%u\nsignals\t%llu\nsignal-samples\t%llu\n"
			  "profiler-signals-ns\t%llu\nprofiler-writes-ns\t%llu\n",
			  sampling_threads_sampled(), (unsigned long long)sampling_signals(),
			  (unsigned long long)sampling_signal_samples(),
			  (unsigned long long)own_cost_signals_ns(),
			  (unsigned long long)own_cost_writes_ns());
	if (err == 0 && len < sizeof late)
		err = write_all(fd, late, len);
	sampling_task_clock_totals(&task_cpu, &task_samples);
	if (task_cpu > 0) {
		len = text_format(late, sizeof late, "task-clock-cpu-ns\t%llu\ntask-clock-samples\t%llu\n",
				  (unsigned long long)task_cpu, (unsigned long long)task_samples);
		if (err == 0 && len < sizeof late)
			err = write_all(fd, late, len);
	}
	if (wall_walks_raced() > 0) {  /* (their periods went to later looks) */
		len = text_format(late, sizeof late, "wall-walks-raced\t%llu\n",
				  (unsigned long long)wall_walks_raced());
		if (err == 0 && len < sizeof late)
			err = write_all(fd, late, len);
	}
	if (own_cost_start_ns() > 0) {  /* (the default rate's measurement) */
		len = text_format(late, sizeof late, "profiler-start-ns\t%llu\n",
				  (unsigned long long)own_cost_start_ns());
		if (err == 0 && len < sizeof late)
			err = write_all(fd, late, len);
	}
	if (sampling_wall_unplaced() > 0) {
		len = text_format(late, sizeof late, "wall-unplaced-samples\t%llu\n",
				  (unsigned long long)sampling_wall_unplaced());
		if (err == 0 && len < sizeof late)
			err = write_all(fd, late, len);
	}
	engine = sampling_engine(&refused);
	len = text_format(late, sizeof late, "engine\t%s\nrate-source\t%s\n", engine,
			  run.config ? rate_source_name(run.config) : "default");
	if (run.config && run.config->signal_rate != run.config->rate && len < sizeof late)
		len += text_format(late + len, sizeof late - len, "signal-rate\t%u\n",
				   run.config->signal_rate);
	if (run.config && run.config->sample_cost_ns && len < sizeof late)
		len += text_format(late + len, sizeof late - len, "sample-cost-ns\t%llu\n",
				   (unsigned long long)run.config->sample_cost_ns);
	if (refused && len < sizeof late)
		len += text_format(late + len, sizeof late - len, "engine-refused\t%s\n",
				   strerrorname_np(refused) ? strerrorname_np(refused) : "?");
	if (err == 0 && len < sizeof late)
		err = write_all(fd, late, len);
	len = node_load_format(late, sizeof late);
	if (err == 0 && len < sizeof late)
		err = write_all(fd, late, len);
	return err == 0 ? write_profile_identity(fd) : err;
}

int run_identity_write(const char *profile)
{
	char path[4096];

	if (run.len == 0)
		return 0;
	if (companion_name(profile, GMON_RUN_NAME, path, sizeof path) >= sizeof path)
		return ENAMETOOLONG;
	if (!output_companion_holds(path))
		return 0;       /* the earlier files: no run identity */
	return output_write_section(path, GMON_SECTION_TEXT, fill_run, NULL);
}
