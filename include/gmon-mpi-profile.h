/*
 * gmon-mpi-profile.h - the MPI profile written by the PMPI wrapper library
 * (libgmon-mpi-pmpi-openmpi.so, -mpich.so) for each rank: the section
 * "mpi" of the rank's companion PROFILE+gmon-mpi (gmon-companion.h), which
 * the runtime writes at exit, on a flush signal and in gmon_flush (which
 * the wrappers call at MPI_Finalize: a rank that ends without the exit
 * write, by _exit or a kill, keeps its profile and companion); or,
 * when the runtime writes no companion (the wrappers used without it,
 * BG_GMON_COMPANIONS=files), and in runs of earlier versions, the file
 * PROFILE+mpi.<rank> (gmon.out+mpi.3) written at MPI_Finalize and on a
 * flush signal.  Text, one record a line, fields separated by tabs:
 *
 *   gmon-mpi-profile 2
 *   rank        <the rank in MPI_COMM_WORLD>
 *   size        <the number of ranks>
 *   elapsed_ns  <the wall time from the library's load to MPI_Finalize's end
 *                (to the write, when written before MPI_Finalize)>
 *   mpi_ns      <the wall time inside the MPI calls below, added up: the
 *                threads' times, more than the wall time when several
 *                threads are in MPI at once (MPI_THREAD_MULTIPLE)>
 *   mpi_wall_ns <the wall time during which at least one thread of the rank
 *                was in an MPI call: mpi_ns with one thread, less with
 *                several at once; MPI's share of the rank's wall time is
 *                mpi_wall_ns / elapsed_ns.  Version 2; a version 1 profile
 *                has none (read as mpi_ns)>
 *   dropped_calls <calls not recorded: 0 (earlier versions: the calls of the
 *                sites beyond their full table, now on the overflow lines)>
 *   # function  module  site  calls  ns  bytes_sent  bytes_received
 *   MPI_Barrier  /path/app  0x1234  5  301234567  0  0
 *   MPI_Send    0x0  12  1234567  96000  0
 *
 * One line per (MPI function, call site): the site is the return address
 * in the caller, at its link-time address in module (the executable's or a
 * library's path, escaped as in the other companions: common/text-escape.h).
 * A line with an empty module and site 0 is the function's overflow line:
 * its calls from the sites that found no room in the wrappers' table (8,192
 * (function, site) pairs, each within 32 slots of its hash: it takes about
 * 7,000 before a new site goes there), at most one per function (version
 * 2; in version 1, those calls were dropped_calls).  ns is
 * the wall time (CLOCK_MONOTONIC) inside the calls; bytes are this rank's, from the counts and the datatypes' sizes
 * (what a blocking receive got, from its status, MPI_STATUS_IGNORE or not;
 * a nonblocking receive's, the count it posted).  Lines starting with '#'
 * are comments.  Calls after MPI_Finalize are not counted (with the
 * in-job sum, gmon-job-sum.h, the profile ends where MPI_Finalize starts:
 * its own call is not counted either); an MPI call
 * made inside another (by the MPI library, or by a user MPI_Op it calls)
 * is part of the outer call's time, not a call of its own.  gprof-par
 * -S writes the ranks' profiles one after another into the section "mpi"
 * of the sum's companion SUM+gmon-mpi (gmon-companion.h; the file SUM+mpi
 * in sums of earlier versions), each starting at its magic line and
 * ending with a newline.  A rank appears once in a
 * sum, and the calls, the ns and the bytes (sent and received) of all its
 * lines add up to at most 2^64 - 1 each: gprof-par refuses others.
 */
#ifndef GMON_MPI_PROFILE_H
#define GMON_MPI_PROFILE_H

#define GMON_MPI_PROFILE_MAGIC "gmon-mpi-profile"
#define GMON_MPI_PROFILE_VERSION 2
#define GMON_MPI_PROFILE_KIND "mpi"

/* For the PMPI wrapper library, defined by libgmon-mpi when it is loaded
 * (a weak reference: the wrappers work without it): hook is called, in
 * the handler, after the runtime wrote the profile on one of the
 * BG_GMON_FLUSH_SIGNALS.  It must be async-signal-safe.  Up to 8 hooks;
 * returns 0, or -1 when full. */
int gmon_mpi_at_flush(void (*hook)(void)) __attribute__((weak));

/* For the PMPI wrapper library, defined by libgmon-mpi (a weak reference):
 * asks the runtime to write the section name (1 to 255 bytes, no '/') of
 * this rank's companion whenever it writes the companion (at exit, on a
 * flush signal, in gmon_flush), its bytes written by fill(fd, ctx) into fd
 * at the section's place (write(2) only: fill must be async-signal-safe;
 * it returns 0 or an errno value, which leaves the section out).  Returns
 * 0; -1 when the runtime writes no companion (not profiling this process,
 * BG_GMON_COMPANIONS=files) or has 4 sections registered: the caller
 * writes its own file then. */
int gmon_mpi_companion_section(const char *name, int (*fill)(int fd, void *ctx), void *ctx)
	__attribute__((weak));

/* For the PMPI wrapper library, defined by libgmon-mpi (a weak reference):
 * the name of this process's companion file of kind KIND beside its
 * profile (PROFILE+KIND, companion-name.h), as the runtime names the
 * profile (GMON_OUT_PREFIX, the rank, a descendant's pid), into buf (size
 * bytes).  Returns 0; -1 when the runtime writes no profile for this
 * process or the name does not fit.  So the wrappers' file
 * (BG_GMON_COMPANIONS=files) is named by the runtime's rules, not by their
 * own. */
int gmon_mpi_companion_path(const char *kind, char *buf, size_t size) __attribute__((weak));

/* For the PMPI wrapper library, defined by libgmon-mpi (a weak reference):
 * [low, high) holds functions standing in for the MPI library's of the
 * same names, each calling the PMPI_ one: the runtime's call paths leave
 * their frames out where they call another object's code
 * (main;MPI_Init;ompi_mpi_init, not main;MPI_Init;MPI_Init;ompi_mpi_init).
 * Not from a signal handler; up to 8 ranges.  Returns 0, or -1 (an empty
 * range, the table full). */
int gmon_mpi_interposers(const void *low, const void *high) __attribute__((weak));

#endif /* GMON_MPI_PROFILE_H */
