/*
 * gmon-modules.h - the files gmon-mpi writes for shared libraries
 * (BG_GMON_PROFILE_LIBS), next to a rank's profile PROFILE (gmon.out.N,
 * gmon.out, or the prefix's name).  Like every file beside a profile they
 * are named PROFILE+KIND, with "+KIND" put before a rank-like suffix ".N"
 * (common/companion-name.h): gmon.out.3 has gmon.out+libmpi.so.40.3 and
 * gmon.out+modules.3 (so that `gprof a.out gmon.out.*` names no library's
 * file), gmon.out and gmon.sum have gmon.out+libmpi.so.40, gmon.sum+modules.
 *
 *   PROFILE+BASENAME   a standard gmon file (the "gmon" format, version 1)
 *                      of the library whose file's base name is BASENAME
 *                      (libmpi.so.40): one histogram over its executable
 *                      segments in its link-time addresses, with its GNU
 *                      build-id in the header's spare bytes as for the
 *                      executable, and the calls inside it (both ends in
 *                      its range: a -pg library's).  gprof LIBRARY
 *                      gmon.out+BASENAME.N reads it.
 *   PROFILE+modules    the list, text, one module per line after two
 *                      header lines, then a summary comment:
 *
 *     # gmon-mpi modules 2
 *     # file<TAB>samples<TAB>build-id<TAB>low<TAB>high<TAB>load<TAB>soname<TAB>path
 *     gmon.out+libburn.so.0<TAB>812<TAB>3f1c...<TAB>0x1000<TAB>0x1175<TAB>0x7f...<TAB>libburn.so.1<TAB>/path/libburn.so
 *
 *                      file: the library's profile, a name (no '/') beside
 *                      the list (gmon.out+libburn.so.0 in gmon.out+modules.0,
 *                      gmon.sum+libburn.so in an earlier version's
 *                      gmon.sum+modules; in a companion's section
 *                      "modules", the section's name: libburn.so);
 *                      file "-": sampled but no profile written (not chosen,
 *                      or no file: the vDSO); build-id "-": none; low and
 *                      high: the executable segments' link-time range; load:
 *                      the load address (runtime minus link-time address);
 *                      soname: its DT_SONAME, "-": none (file, soname
 *                      and path escaped as gmon-callpaths.h's PATH: no raw
 *                      tab or newline).  A library closed with dlclose before
 *                      the write is listed as a loaded one, with the
 *                      address of its first load; one line (and one
 *                      profile) per file.  Lines starting with '#' after the
 *                      header are comments.  A reader must check the first
 *                      line and refuse other versions.  Version 1 (gmon-mpi
 *                      0.1.0 before the soname) had no soname column;
 *                      gprof-par still reads it.
 */
#ifndef GMON_MODULES_H
#define GMON_MODULES_H

#define GMON_MODULE_SEPARATOR "+"           /* before KIND: companion-name.h */
#define GMON_MODULE_LIST_NAME "modules"
#define GMON_MODULE_LIST_MAGIC "# gmon-mpi modules"
#define GMON_MODULE_LIST_VERSION 2
#define GMON_MODULE_LIST_COLUMNS "# file\tsamples\tbuild-id\tlow\thigh\tload\tsoname\tpath"

#endif /* GMON_MODULES_H */
