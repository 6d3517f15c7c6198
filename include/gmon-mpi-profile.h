/*
 * gmon-mpi-profile.h - the MPI profile written by the PMPI wrapper library
 * (libgmon-mpi-pmpi-openmpi.so, -mpich.so) beside each rank's profile:
 * PROFILE+mpi.<rank> (gmon.out+mpi.3), a text file, one record a line,
 * fields separated by tabs:
 *
 *   gmon-mpi-profile 1
 *   rank        <the rank in MPI_COMM_WORLD>
 *   size        <the number of ranks>
 *   elapsed_ns  <the wall time from the library's load to MPI_Finalize's end>
 *   mpi_ns      <the wall time inside the MPI calls below, added up>
 *   dropped_calls <calls not recorded: more (function, site) pairs than the table holds>
 *   # function  module  site  calls  ns  bytes_sent  bytes_received
 *   MPI_Barrier  /path/app  0x1234  5  301234567  0  0
 *
 * One line per (MPI function, call site): the site is the return address
 * in the caller, at its link-time address in module (the executable's or a
 * library's path, escaped as in the other companions: common/text-escape.h).  ns is the wall time (CLOCK_MONOTONIC) inside the
 * calls; bytes are this rank's, from the counts and the datatypes' sizes
 * (what a receive got where its status says).  Lines starting with '#'
 * are comments.  gprof-par -S writes the ranks' files one after another
 * into SUM+mpi, each starting at its magic line.
 */
#ifndef GMON_MPI_PROFILE_H
#define GMON_MPI_PROFILE_H

#define GMON_MPI_PROFILE_MAGIC "gmon-mpi-profile"
#define GMON_MPI_PROFILE_VERSION 1
#define GMON_MPI_PROFILE_KIND "mpi"

/* For the PMPI wrapper library, defined by libgmon-mpi when it is loaded
 * (a weak reference: the wrappers work without it): hook is called, in
 * the handler, after the runtime wrote the profile on one of the
 * BG_GMON_FLUSH_SIGNALS.  It must be async-signal-safe.  Up to 8 hooks;
 * returns 0, or -1 when full. */
int gmon_mpi_at_flush(void (*hook)(void)) __attribute__((weak));

#endif /* GMON_MPI_PROFILE_H */
