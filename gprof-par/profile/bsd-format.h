/*
 * bsd-format.h - GNU gprof's -O (--file-format): which format gmon files
 * are read in, and the BSD formats (old BSD and 4.4BSD, as 4.xBSD's and
 * old glibc's gprof wrote them) converted to the "gmon" format the reader
 * checks and adds, so that they go the same way as every other file.
 * GNU's default, auto, reads a file without the "gmon" magic as BSD.
 */
#ifndef GPROF_PAR_BSD_FORMAT_H
#define GPROF_PAR_BSD_FORMAT_H

#include <stddef.h>
#include <stdint.h>

enum gmon_file_format {
	GMON_FORMAT_AUTO,        /* -O a: by the magic (GNU's default) */
	GMON_FORMAT_MAGIC,       /* -O m: the "gmon" format only */
	GMON_FORMAT_BSD,         /* -O b: BSD, old or 4.4 */
	GMON_FORMAT_BSD44,       /* -O 4: 4.4BSD only */
};

/* The format of every gmon file read from now on (the process's setting,
 * as GNU's file_format). */
void gmon_set_file_format(enum gmon_file_format f);
enum gmon_file_format gmon_get_file_format(void);

/* Whether a file starting with data (len bytes of it; total: its size, 0
 * if not known yet) is read as BSD: always with -O b and -O 4; with auto,
 * a file without the magic whose layout is BSD's (GNU reads any file
 * without the magic as BSD; one that is not laid out so keeps the
 * reader's "bad magic" message here). */
int gmon_read_as_bsd(const unsigned char *data, size_t len, size_t total);

/* The BSD file data as a "gmon" file (malloc'ed, *outlen bytes), or NULL
 * with GNU's message in err (too short, bad magic cookie for -O 4 without
 * the 4.4BSD version, not in gmon.out format, EOF in the bins), or
 * "too many calls" for counts that would take more than 2^20 stacked arc
 * records (bsd-format.c). */
unsigned char *gmon_bsd_convert(const unsigned char *data, size_t len, const char *name,
				size_t *outlen, char *err, size_t errlen);

/* For -i: the records GNU counts in a BSD file (a histogram if it has
 * bins, one call-graph record per arc).  0, or -1 as gmon_bsd_convert. */
int gmon_bsd_counts(const unsigned char *data, size_t len, const char *name, uint64_t *hist,
		    uint64_t *arcs, char *err, size_t errlen);

#endif /* GPROF_PAR_BSD_FORMAT_H */
