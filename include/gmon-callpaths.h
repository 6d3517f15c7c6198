/*
 * gmon-callpaths.h - the call paths gmon-mpi samples (BG_GMON_CALLSTACKS,
 * on unless set to 0), written next to a rank's profile PROFILE (gmon.out.N,
 * gmon.out, or the prefix's name) as PROFILE+paths (the section "paths"
 * of its companion PROFILE+gmon-mpi), and by gprof-par -S/-s into the
 * sum's companion (its section "paths"; gmon.sum+paths in sums of earlier
 * versions).  gmon.out.N itself stays what GNU gprof
 * reads.  As every file beside a profile, "+paths" goes before a rank-like
 * suffix ".N" (common/companion-name.h): gmon.out.3 has gmon.out+paths.3,
 * /x/run.7 has /x/run+paths.7, so that `gprof a.out gmon.out.*` names the
 * profiles only; gmon.out and gmon.sum have gmon.out+paths, gmon.sum+paths.
 *
 * Text, lines ending in '\n', fields separated by one TAB:
 *
 *   # gmon-mpi paths 1                       first line: magic and version
 *   rate<TAB>1000                            samples per second
 *   module<TAB>0<TAB>BUILD-ID<TAB>PATH        one per load module a frame is in;
 *   module<TAB>1<TAB>BUILD-ID<TAB>PATH        index 0 is the executable
 *   path<TAB>SAMPLES<TAB>FRAME FRAME ...     one sampled call path
 *   # profiles summed: 4                     a sum's (gprof-par -s, -S): the
 *                                            profiles it holds; without it, 1
 *   # anything                               a comment, anywhere after line 1
 *
 * A path's frames are separated by one space, the sampled PC first and
 * then the return addresses outward (the leaf first, main or the thread's
 * start routine last, as far as the unwind tables could be followed; an
 * OpenMP region's samples end with the path that opened the region).
 * A FRAME is MODULE:ADDRESS, ADDRESS in lower-case hex without 0x, in that
 * module's link-time addresses (the runtime address minus the module's load
 * bias), MODULE a module line's index; "-:ADDRESS" is a runtime address in no
 * module (a module closed with dlclose before the write counts as loaded:
 * one module line per file, whatever its load addresses were).  Frames after the first are return addresses: the calling
 * instruction ends just before ADDRESS (or, in the frame of a function
 * that a signal interrupted, below a signal handler's frames and libc's
 * __restore_rt, the interrupted instruction's address plus 1: ADDRESS - 1
 * is in that function either way).  BUILD-ID is the GNU build-id in hex,
 * or "-" if the module has none; PATH is the module's file as loaded (the
 * rest of the line, may hold spaces) or the base name for a module with no
 * file (the vDSO: linux-vdso.so.1), escaped as common/text-escape.h says
 * (a backslash as \\, a newline \n, a tab \t, other control bytes \xHH).
 *
 * SAMPLES is counted in the histogram's units (one sample = 1/rate s of CPU
 * time; a signal that stands for several timer periods adds them all), so
 * the paths of one profile add up to its histogram's samples, less those
 * the runtime could not keep (reported in comments).  A path may appear on
 * several lines (one per thread); readers add them up.  Module lines come
 * before the path lines that use them.
 *
 * A reader must check the first line and refuse other versions, and must
 * ignore keywords it does not know (lines that later versions may add).
 */
#ifndef GMON_CALLPATHS_H
#define GMON_CALLPATHS_H

#define GMON_CALLPATHS_NAME "paths"          /* the KIND of PROFILE+paths */
#define GMON_CALLPATHS_MAGIC "# gmon-mpi paths"
#define GMON_CALLPATHS_VERSION 1
#define GMON_CALLPATHS_MAX_DEPTH 128         /* frames kept per path */

#endif /* GMON_CALLPATHS_H */
