/*
 * gmon-calls.h - calls between load modules, which no gmon file can hold
 * (a gmon file's arcs are in one module's addresses), written next to a
 * rank's profile PROFILE, named as every file beside it with "+KIND"
 * before a rank-like suffix ".N" (common/companion-name.h): gmon.out.3 has
 * gmon.out+calls.3 and gmon.out+plt-calls.3, gmon.out has gmon.out+calls:
 *
 *   PROFILE+calls      the calls counted by mcount whose caller and callee
 *                      are in different modules (the executable calling a
 *                      -pg shared library, or such a library calling back),
 *                      written by libgmon-mpi at exit (and by a flush
 *                      signal or gmon_flush());
 *   PROFILE+plt-calls  the calls through the PLT into the modules named in
 *                      BG_GMON_COUNT_LIB_CALLS, counted by the rtld-audit
 *                      library (LD_AUDIT) whatever their build (-pg or not).
 *
 * gprof-par -s/-S sum each kind into the sections "calls" and "plt-calls"
 * of the sum's companion OUTPUT+gmon-mpi (gmon-companion.h; earlier
 * versions wrote the files OUTPUT+calls and OUTPUT+plt-calls).
 * Text, lines ending in '\n', fields separated by one TAB:
 *
 *   # gmon-mpi calls 1                       first line: magic and version
 *   module<TAB>0<TAB>BUILD-ID<TAB>PATH        as in gmon-callpaths.h: index 0
 *   module<TAB>1<TAB>BUILD-ID<TAB>PATH        is the executable, build-id in
 *                                            hex or "-", PATH the rest
 *   call<TAB>COUNT<TAB>FROM<TAB>TO            one caller site and callee
 *   # anything                               a comment
 *
 * FROM and TO are MODULE:ADDRESS frames as in gmon-callpaths.h (MODULE an
 * index of a module line above, ADDRESS lower-case hex in that module's
 * link-time addresses, "-:ADDRESS" a runtime address in no module).  FROM
 * is the return address of the call (the calling instruction ends just
 * before it, as a gmon arc's from_pc); TO is the callee's address: the
 * address mcount saw (just after the callee's entry, as a gmon arc's
 * self_pc) or, for a PLT call, the symbol's address.  A (FROM, TO) pair
 * may appear on several lines (per thread); readers add them up.
 *
 * A reader must check the first line and refuse other versions, and ignore
 * lines whose keyword it does not know.
 */
#ifndef GMON_CALLS_H
#define GMON_CALLS_H

#define GMON_CALLS_NAME "calls"              /* the KIND of PROFILE+calls */
#define GMON_PLT_CALLS_NAME "plt-calls"      /* the KIND of PROFILE+plt-calls */
#define GMON_CALLS_MAGIC "# gmon-mpi calls"
#define GMON_CALLS_VERSION 1

#endif /* GMON_CALLS_H */
