/*
 * gmon-companion.h - the one companion file gmon-mpi writes beside each
 * rank's profile (issue 28): PROFILE+gmon-mpi, named as every file beside
 * a profile with "+KIND" before a rank-like suffix ".N"
 * (common/companion-name.h): gmon.out.3 has gmon.out+gmon-mpi.3, so that
 * `gprof a.out gmon.out.*` names the profiles only; gmon.out has
 * gmon.out+gmon-mpi.  gmon.out.N itself stays exactly what GNU gprof reads.
 *
 * It holds what earlier versions wrote as up to a dozen files beside the
 * profile (PROFILE+modules, +calls, +paths, +LIBRARY: docs/formats.md),
 * each as one section, the MPI profile (PROFILE+mpi) and the run's
 * identity.  Binary, native byte order
 * (as the gmon files), no padding between fields:
 *
 *   offset 0   header, GMON_COMPANION_HEADER_SIZE (48) bytes:
 *     char     magic[8]        "gmon-mpi" (no NUL)
 *     uint32   version         GMON_COMPANION_VERSION (1)
 *     uint32   header_size     48
 *     uint64   file_size       the whole file's bytes (a cut file is refused)
 *     uint64   table_offset    where the table of sections starts
 *     uint32   nsections
 *     uint32   reserved        0
 *     uint64   checksum        of the whole file, these 8 bytes taken
 *                              as zeros: FNV-1a 64 over its 64-bit words
 *                              (native order; the last one zero-padded),
 *                              gmon_companion_checksum
 *   sections, one after another from offset 48, each its name's bytes
 *   (no NUL) then its data;
 *   the table at table_offset (the file's last bytes: table_offset +
 *   nsections * 24 == file_size), one entry per section:
 *     uint32   type            GMON_SECTION_TEXT or GMON_SECTION_LIBRARY
 *     uint32   name_len        1 to 255
 *     uint64   offset          of its name; the data follow the name
 *     uint64   size            of its data
 *
 * Section names are unique in a file.  The sections:
 *
 *   TEXT "run"      the run's identity (below)
 *   TEXT "modules"  the list of sampled shared libraries, exactly the text
 *                   of gmon-modules.h's PROFILE+modules, whose file column
 *                   names a LIBRARY section of this file (not a file)
 *   TEXT "calls"    the calls between load modules: gmon-calls.h's +calls
 *   TEXT "paths"    the sampled call paths: gmon-callpaths.h's +paths
 *   TEXT "mpi"      the MPI profile (gmon-run --mpi): gmon-mpi-profile.h's
 *                   text, written by the PMPI wrapper library through the
 *                   runtime (gmon_mpi_companion_section)
 *   LIBRARY NAME    one shared library's samples and calls, NAME its kind
 *                   (its file's base name, made unique as companion-name.h
 *                   says), in its link-time addresses, sparse: a gmon
 *                   header (with the library's build-id fingerprint) and
 *                   then exactly one sparse histogram record and the arc
 *                   records (tag 1, as gmon v1) of the calls inside it:
 *
 *     uint8    tag             GMON_TAG_SPARSE_HIST ('S')
 *     ...      the 40 bytes of a gmon v1 histogram header (low_pc,
 *              high_pc, nbins, rate, dimen, dimen_abbrev): the library's
 *              whole histogram, as its dense file had it
 *     uint32   npairs
 *     npairs × { uint32 bin; uint32 count; }  bins strictly increasing,
 *              below nbins, counts not 0
 *
 *   So a library's bytes follow its samples, not the size of its text
 *   (libc's dense histogram was 684 KB for one sample); gprof-par
 *   --extract-module=NAME writes the dense gmon file GNU gprof reads (a
 *   bin above 65535 as stacked records of every bin: gprof-par refuses a
 *   section whose dense file would pass 1 GiB, or of more than 2^26
 *   bins).
 *
 * Readers check the magic, the version (refusing others), the sizes and
 * the checksum before using a byte, and ignore sections of a type or a
 * name they do not know (later versions may add some).
 *
 * The "run" section, text, one "key<TAB>value" a line after its magic line:
 *
 *   # gmon-mpi run 1
 *   job<TAB>LAUNCHER:ID     the launcher's job: slurm:JOBID.STEPID,
 *                           pmix:NAMESPACE (Open MPI), hydra:PGID-HOST
 *                           (MPICH), "-" when no launcher says
 *   size<TAB>N              the ranks in the job (0: unknown)
 *   rank<TAB>N              this rank (-1: not an MPI run)
 *   start<TAB>S.NNNNNNNNN   the process's start (CLOCK_REALTIME, when
 *                           profiling started), seconds since 1970
 *   build-id<TAB>HEX        the executable's GNU build-id ("-": none)
 *   pid<TAB>N
 *   host<TAB>NAME
 *   threads<TAB>N           the threads that took a sample, by the time of
 *                           the write (absent from the earliest companions:
 *                           readers take that as unknown)
 *   signals<TAB>N           the SIGPROFs that brought samples so far
 *   signal-samples<TAB>N    the samples they brought (each signal's weight
 *                           is the periods of its thread's clock since its
 *                           last: not a Poisson count; readers' tests of
 *                           significance divide by the mean weight)
 *   profiler-signals-ns<TAB>N  the time (ns, by CLOCK_MONOTONIC: a handler
 *                           does not block; one preempted counts as the
 *                           others' mean) of the runtime's SIGPROF handlers so far, which
 *                           no sample sees (the next signal's weight claims
 *                           it, wherever it lands)
 *   profiler-writes-ns<TAB>N   the CPU time of the writes of the profile
 *                           and its companion so far (flushes, this one up
 *                           to this section, written last of the runtime's)
 *                           (these four absent from earlier companions:
 *                           unknown)
 *   profiler-start-ns<TAB>N    the CPU time of the runtime's work at start
 *                           before sampling began: the measurement that
 *                           chose the default rate (absent: none)
 *   engine<TAB>NAME         the sampling engine: perf-task-clock (-user:
 *                           user time only), posix-timers, both joined by
 *                           "+", itimer-prof (process-wide),
 *                           wall-sampler+... (the wall clock:
 *                           wall-sampler.h), none
 *   engine-refused<TAB>ERR  why perf_event_open was refused (ENOSYS, ...)
 *   rate-source<TAB>WHERE   where the histogram's rate came from: set
 *                           (BG_GMON_HZ), default (nothing measured: 100
 *                           under the process-wide timer and the wall
 *                           clock, else 1000 with signals at 100), measured
 *                           (signals at 100 to 1000 by what a sample cost,
 *                           the histogram at 1000: rate-choice.h)
 *   signal-rate<TAB>N       the SIGPROFs a second of a thread's clock where
 *                           fewer than the histogram's rate: each stands
 *                           for rate / N samples (absent: the rate)
 *   sample-cost-ns<TAB>N    measured: what one task-clock signal cost the
 *                           starting thread, the median of 9 (absent where
 *                           nothing was measured; both absent from earlier
 *                           companions); the signals came at 1000 Hz where
 *                           it was at most GMON_RATE_CHOICE_MAX_COST_NS,
 *                           else at 500, 250, 200 or 100 (the fastest of
 *                           them costing at most 1%: signal-rate)
 *   task-clock-cpu-ns<TAB>N    the CPU time of the threads sampled on
 *   task-clock-samples<TAB>N   perf_events' task clock while it was armed,
 *                           and their samples, one a signal (rate /
 *                           signal-rate where that is said): the CPU time
 *                           no signal came for is the difference (absent
 *                           where no thread was on the task clock)
 *   wall-walks-raced<TAB>N  the wall sampler's walks of a waiting thread
 *                           not kept: the thread ran while its stack was
 *                           read (wall-sampler.h); their periods went to
 *                           later looks (absent: none, or not the wall
 *                           clock)
 *   wall-unplaced-samples<TAB>N  the wall clock's periods no sample took:
 *                           of threads with no task clock (perf events
 *                           refused) found on their CPU after a switch,
 *                           where no signal may go (absent: none)
 *   cpus<TAB>N              the CPUs the process could run on (affinity)
 *   threads-cpu-ns<TAB>N    its threads' time on a CPU, and ready to run
 *   threads-waited-ns<TAB>N but waiting for one (schedstat: the threads
 *                           that ended and those alive at the write)
 *   node-ticks<TAB>N        the node's clock ticks (/proc/stat) from
 *   node-steal-ticks<TAB>N  sampling's start to the write, and those the
 *                           hypervisor stole (node-load.h)
 *                           (all absent from earlier companions: unknown)
 *   profile<TAB>BYTES HEX   the profile this companion was written with
 *                           (PROFILE, its pair): its size in bytes and
 *                           gmon_profile_checksum of its bytes in hex
 *                           (absent from earlier companions: the pair
 *                           is then not checked)
 *   mpi-world<TAB>1 of N: WHY  only when the rank's MPI world will not be
 *                           the launcher's (world-check.h): the program
 *                           linked with another MPI than the launcher's,
 *                           each rank a world of its own
 *
 * The profile and its companion are one pair: a reader of either checks
 * the profile's size and checksum against the profile line, and refuses a
 * companion written with another profile (a rank killed between the two
 * renames, a reader while the ranks still write, two jobs writing one
 * directory) as it refuses files of two runs.  The runtime writes the
 * profile and the companion to temporaries, then renames the profile and,
 * at once, the companion: a kill before the first rename keeps the old
 * pair, one between the two leaves a pair that does not match.  The
 * profile's bytes stay exactly what GNU gprof reads.
 *
 * Two rank files belong to one run when their job, size and build-id are
 * equal (and, with no job, their start times are within a minute).
 * The PLT counts (+plt-calls) are written by the rtld-audit library in its
 * own link namespace and stay a file of their own.
 *
 * The runtime writes the file through a temporary and a rename, at exit
 * and on a flush signal (async-signal-safe).  BG_GMON_COMPANIONS=files
 * makes it write the earlier files instead.
 *
 * A sum's companion (gprof-par -s/-S, and the in-job sum: SUM+gmon-mpi,
 * gmon.sum+gmon-mpi) is the same container, written by the same writer
 * (common/companion-write.h), with the sections the sum has, in this
 * order: "sum" (first, instead of "run": a sum is no one run), the
 * LIBRARY sections (each library's sum, sparse) and "modules" naming them,
 * "calls", "plt-calls" (the rtld-audit library's counts, which a rank
 * keeps in a file of its own: PROFILE+plt-calls), "paths", "mpi" (the
 * ranks' MPI profiles one after another, in rank order), "balance" (the
 * ranks' load balance, below), "categories" (each rank's samples by the
 * summary's categories, below), "runs" (what the files' run sections say
 * together, below).  The in-job
 * sum's has the same sections (the ranks' companions handed over in
 * memory, gmon-job-sum.h), but "plt-calls".  The "sum" section, text:
 *
 *   # gmon-mpi sum 1
 *   profile<TAB>BYTES HEX   the sum's profile, its pair, as a run section's
 *                           profile line: readers check it as they check a
 *                           rank's pair, and refuse a companion of another
 *                           sum (an earlier one, a write cut between the
 *                           two renames)
 *
 * The "balance" section (text, last; where the sum had the executable:
 * -s/-S given it, the in-job sum reading its own) holds the load
 * balance of every rank summed, counted as gprof-par --load-balance
 * counts it over rank files (gprof-par/profile/balance.h), so that a
 * reader of the sum reports every rank, not only the rank files kept.
 * Integers only, tab-separated:
 *
 *   # gmon-mpi balance 1
 *   map<TAB>HEX<TAB>N       the functions counted by: the fingerprint of
 *                           the map of the executable's functions (its
 *                           symbol table, OpenMP regions charged to their
 *                           function: balance-section.h) and their count;
 *                           a reader whose map differs does not use it
 *   ranks<TAB>N             the ranks summed, then N lines in rank order:
 *   rank<TAB>R<TAB>SAMPLES  each rank's samples
 *   function<TAB>F<TAB>... one line per function (its number in the map,
 *                           increasing) with samples or calls in some rank
 *                           (the others: 0 in every rank), 12 fields: of
 *                           its samples, then of its calls (not counting
 *                           calls from itself), over the ranks: min, the
 *                           lowest rank holding it, max, the lowest rank
 *                           holding it, sum, sum of squares (128 bits)
 *
 * The "categories" section (text, after "balance"; where the sum had the
 * executable and the ranks' call paths) holds each rank's sampled call
 * paths counted by the summary's categories (a path's class needs the
 * names on it: gprof-par/analysis/summary-paths.c), so that the summary of
 * the sum gives every category per rank, not only over the ranks at once:
 *
 *   # gmon-mpi categories 1
 *   classes<TAB>KEY...      the categories, as the summary's JSON keys them
 *                           (program, mpi, ...), in the order of the
 *                           columns below; a reader with others does not
 *                           use the section
 *   ranks<TAB>N             the ranks with call paths, then N lines in
 *                           rank order:
 *   rank<TAB>R<TAB>S...     each rank's samples in each class
 *
 * The "runs" section (text, last) holds what the run sections of the
 * files summed say together (gprof-par/profile/run-facts.h), which a sum
 * has no run section of its own to say; counts of files are of the files
 * whose run said the line's figures:
 *
 *   # gmon-mpi runs 1
 *   threads<TAB>N<TAB>RANK            the most threads one file sampled, its rank
 *   signals<TAB>S<TAB>SAMPLES<TAB>F   the signals, the samples they brought
 *   engine<TAB>NAME                   the sampling engine, "mixed", or "-"
 *   engine-refused<TAB>NAME           why perf_events were refused, or "-"
 *   sample-cost-ns<TAB>N              the most a sample cost (measured)
 *   cpus<TAB>N                        the fewest CPUs a file could use
 *   load<TAB>CPU_NS<TAB>WAITED_NS<TAB>F   the threads' CPU time, their waits
 *   steal<TAB>TICKS<TAB>STOLEN<TAB>F      the node's clock ticks, stolen ones
 *   task-clock<TAB>CPU_NS<TAB>SAMPLES<TAB>F   the task clock's totals
 *   wall-unplaced-samples<TAB>N       the wall clock's periods no sample took
 *   mpi-world<TAB>F<TAB>TEXT          files whose rank was a world of its own
 *   own<TAB>N                         then N lines, in rank order:
 *   own-time<TAB>RANK<TAB>S<TAB>W     its profiler's own time no sample saw:
 *                                     handlers and start, writes (seconds)
 *   signal-weight-max<TAB>M<TAB>F     the most samples a signal brought in
 *                                     one file, in thousandths (absent from
 *                                     earlier sums: readers then take the
 *                                     mean over the signals)
 *
 * Sums of earlier versions have the earlier files beside them instead
 * (SUM+paths, +calls, +modules, +LIBRARY, +mpi): readers read those when a
 * sum has no companion.
 */
#ifndef GMON_COMPANION_H
#define GMON_COMPANION_H

#include <stddef.h>
#include <stdint.h>

#define GMON_COMPANION_KIND "gmon-mpi"     /* PROFILE+gmon-mpi */
#define GMON_COMPANION_MAGIC "gmon-mpi"
#define GMON_COMPANION_MAGIC_LEN 8
#define GMON_COMPANION_VERSION 1
#define GMON_COMPANION_HEADER_SIZE 48
#define GMON_COMPANION_CHECKSUM_OFFSET 40
#define GMON_COMPANION_ENTRY_SIZE 24
#define GMON_COMPANION_MAX_NAME 255

#define GMON_SECTION_TEXT 1
#define GMON_SECTION_LIBRARY 2

#define GMON_RUN_NAME "run"                /* the TEXT section of the run */
#define GMON_RUN_MAGIC "# gmon-mpi run"
#define GMON_RUN_VERSION 1
/* The most a sample's measured cost (sample-cost-ns) allows signals at
 * 1000 Hz for (libgmon-mpi's rate-choice.h: 1000 Hz x (8 us + the
 * handler's 2 us) = 1% of a thread's CPU). */
#define GMON_RATE_CHOICE_MAX_COST_NS 8000

#define GMON_SUM_NAME "sum"                /* a sum's TEXT section instead */
#define GMON_SUM_MAGIC "# gmon-mpi sum"
#define GMON_SUM_VERSION 1

#define GMON_BALANCE_NAME "balance"        /* a sum's ranks' load balance */
#define GMON_BALANCE_MAGIC "# gmon-mpi balance"
#define GMON_BALANCE_VERSION 1

#define GMON_CATEGORIES_NAME "categories"  /* a sum's ranks' samples by class */
#define GMON_CATEGORIES_MAGIC "# gmon-mpi categories"
#define GMON_CATEGORIES_VERSION 1

#define GMON_RUNS_NAME "runs"              /* a sum's files' run facts */
#define GMON_RUNS_MAGIC "# gmon-mpi runs"
#define GMON_RUNS_VERSION 1

#define GMON_TAG_SPARSE_HIST 'S'
#define GMON_SPARSE_PAIR_SIZE 8

/* The checksum of size bytes, continuing from h (start with
 * GMON_COMPANION_FNV_START): FNV-1a 64 over 64-bit words, eight bytes a
 * step (a byte at a time was a third of the time of summing 4,096 rank
 * files).  size must be a multiple of 8 except for the file's last piece,
 * whose missing bytes count as zeros. */
#define GMON_COMPANION_FNV_START 0xcbf29ce484222325ull
static inline uint64_t gmon_companion_checksum(uint64_t h, const void *data, size_t size)
{
	const unsigned char *p = (const unsigned char *)data;
	uint64_t w;
	size_t i;

	for (i = 0; i + 8 <= size; i += 8) {
		__builtin_memcpy(&w, p + i, 8);
		h = (h ^ w) * 0x100000001b3ull;
	}
	if (i < size) {
		w = 0;
		__builtin_memcpy(&w, p + i, size - i);
		h = (h ^ w) * 0x100000001b3ull;
	}
	return h;
}

/* The checksum of a profile (the run section's "profile" line): FNV-1a 64
 * in four lanes over 32-byte blocks (a profile is read whole by every sum:
 * four lanes hash 17 GB/s here, one 5 GB/s), the last bytes into the
 * first lane, then the four lanes and the size hashed together. */
static inline uint64_t gmon_profile_checksum(const void *data, size_t size)
{
	const unsigned char *p = (const unsigned char *)data;
	uint64_t h[4], w[4];
	size_t i = 0;

	for (int k = 0; k < 4; k++)
		h[k] = GMON_COMPANION_FNV_START ^ (uint64_t)k;
	for (; i + 32 <= size; i += 32) {
		__builtin_memcpy(w, p + i, 32);
		for (int k = 0; k < 4; k++)
			h[k] = (h[k] ^ w[k]) * 0x100000001b3ull;
	}
	h[0] = gmon_companion_checksum(h[0], p + i, size - i);
	return gmon_companion_checksum(GMON_COMPANION_FNV_START ^ (uint64_t)size, h, sizeof h);
}

#endif /* GMON_COMPANION_H */
