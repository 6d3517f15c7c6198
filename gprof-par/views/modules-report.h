/*
 * modules-report.h - gprof-par -M (--modules): one report over every load
 * module of the profiles, as HP-UX's gprof did for MSLP.
 *
 * The modules: the executable (module 0) and every library of the lists
 * beside the profiles (PROFILE+modules, include/gmon-modules.h; after -S,
 * OUTPUT+modules), with its profile PROFILE+BASENAME (the files of several
 * profiles added), and those the calls between modules name
 * (PROFILE+calls, PROFILE+plt-calls: include/gmon-calls.h).  Each
 * module's histogram is credited to its own functions as GNU gprof does
 * (gprof LIBRARY PROFILE+BASENAME gives the same numbers); then one
 * symbol table and one set of arcs are made in which module N's addresses
 * are moved to N << 40 and its names end in " {N}", and the flat profile,
 * the call graph and its index are GNU's printers run on them.  What lies
 * in no function is a row "MODULE+0xADDRESS {N}", a module without a
 * profile or whose file cannot name its code one row "[MODULE] {N}":
 * nothing sampled is left out, and the percentages are of every sample.
 */
#ifndef GPROF_PAR_MODULES_REPORT_H
#define GPROF_PAR_MODULES_REPORT_H

#include <stddef.h>

#include "callpaths.h"
#include "options.h"
#include "profile.h"
#include "symtab.h"

/*
 * Prints the report on standard output (messages on standard error):
 * st is the executable's table (read, --regions and specifications
 * applied, not demangled yet), p its profile summed from profiles[0 ..
 * nprofiles), the files beside which the modules' data lies (the rank
 * files, or the sum -S wrote), paths their sampled call paths (NULL or
 * none: the children's times are GNU's estimate by calls; else measured
 * from the paths, every module's frames named in the one table, as
 * --measured does for the executable's report); unsampled (seconds; <= 0:
 * none said) the profiler's own time no sample saw (its signal handlers
 * and writes, the run sections say: runs.h), said in the header.  Returns
 * the exit status.
 */
int modules_report(const struct options *o, struct symtab *st, const struct profile *p,
		   char *const *profiles, size_t nprofiles, const struct callpaths *paths,
		   double unsampled);

#endif /* GPROF_PAR_MODULES_REPORT_H */
