/*
 * dump.h - --dump: every record of gmon files, as lines of tab-separated
 * fields for scripts (docs/formats.md, "gprof-par --dump").  The first
 * field names the line:
 *
 *   gmon-dump  1                                the format's version, once
 *   file       ROLE PATH                        a file begins: ROLE profile,
 *                                               or library (a shared
 *                                               library's profile beside it)
 *   module     PATH SONAME BUILD-ID SAMPLES LOW HIGH LOAD
 *                                               a library's line of the
 *                                               profile's +modules list
 *   header     VERSION FINGERPRINT              FINGERPRINT: hex, or -
 *   hist       LOW HIGH NBINS RATE DIMENSION ABBREV
 *   bin        INDEX LOW HIGH COUNT             a bin of the last hist that
 *                                               holds samples (the others
 *                                               are 0); LOW, HIGH as GNU
 *                                               gprof computes them
 *   arc        FROM SELF COUNT
 *   bb         NBLOCKS
 *   block      ADDRESS COUNT
 *   end        PATH RECORDS                     the file's records, counted
 *   companion  PATH VERSION CHECKSUM SECTIONS   a profile's one companion
 *                                               (include/gmon-companion.h)
 *   section    NAME TYPE BYTES                  each of its sections, in file
 *                                               order (TYPE text, library or
 *                                               a number); a library section
 *                                               is dumped as a file (above)
 *   text       NAME LINE                        each line of a text section
 *                                               (modules, calls, paths, run,
 *                                               mpi), as it is written there
 *
 * Addresses in hex with 0x, counts in decimal; names escaped as in the
 * companion files (common/text-escape.h).  The formatting only: what reads
 * the files hands each record to the visitor below.
 */
#ifndef GPROF_PAR_DUMP_H
#define GPROF_PAR_DUMP_H

#include <stdint.h>
#include <stdio.h>

#include "gmon-records.h"
#include "module-list.h"

#define DUMP_FORMAT_VERSION 1

struct dump_state {
	FILE *out;
	uint64_t records;        /* of the current file */
};

/* The visitor that prints each record (its ctx: a struct dump_state). */
extern const struct gmon_visitor dump_visitor;

void dump_print_version(FILE *out);
void dump_file_begin(struct dump_state *d, const char *role, const char *path);
void dump_file_end(struct dump_state *d, const char *path);
void dump_module(FILE *out, const struct module_entry *m);

/* A companion's header line, then one section's line and, for a text
 * section, its lines. */
void dump_companion(FILE *out, const char *path, uint32_t version, uint64_t checksum,
		    size_t nsections);
void dump_section(FILE *out, const char *name, uint32_t type, const unsigned char *data,
		  size_t size);

#endif /* GPROF_PAR_DUMP_H */
