/*
 * files.h - open an input (a gmon file, an executable) without ever
 * hanging or reading without end: /dev/zero never ends, a directory is not
 * a file, opening a FIFO blocks until someone writes to it.  The open does
 * not block (O_NONBLOCK, cleared once open), and anything but a regular
 * file, or a pipe where the caller accepts one (a gmon file named on the
 * command line may come from `<(zcat gmon.out.gz)`), is refused with a
 * message naming what it is.
 */
#ifndef GPROF_PAR_FILES_H
#define GPROF_PAR_FILES_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/stat.h>

/* The file name of path: what follows its last '/' (path itself when it
 * has none; NULL for NULL). */
const char *path_base_name(const char *path);

/* What kind of file st describes, for messages: "a directory", "a FIFO",
 * "a character device", ... */
const char *file_kind(const struct stat *st);

enum input_kinds {
	INPUT_REGULAR,           /* regular files only */
	INPUT_REGULAR_OR_PIPE,   /* and pipes (FIFOs) */
};

/*
 * Opens path for reading; fills *st.  Returns the descriptor, or -1 with a
 * message in err: "PATH: cannot open WHAT: reason", or "PATH: cannot read:
 * is a character device, not WHAT" (what: e.g. "a gmon file").
 */
int open_input(const char *path, const char *what, enum input_kinds accept, struct stat *st,
	       char *err, size_t errlen);

/*
 * An output that is written whole to a temporary beside it, then renamed
 * over it.  output_check_replaceable: path may be replaced only if it does
 * not exist or is a regular file (not a device: as root, -o /dev/null
 * would replace the device; not a directory, FIFO or symbolic link).
 * Returns 0, or -1 with "PATH: is a character device, not a regular file:
 * not replaced" in err.
 */
int output_check_replaceable(const char *path, char *err, size_t errlen);

/*
 * Creates the temporary for path: path ".tmp" and 16 random hex digits,
 * O_CREAT|O_EXCL|O_NOFOLLOW, another name on a collision, so that no one
 * can plant a file or symlink at a name it will use; mode (0666, or 0600
 * for what may hold another file's text) less the umask.  tmp needs
 * strlen(path) + 21 bytes.  Returns the descriptor, open for reading too
 * (a companion's checksum is taken from its bytes as written), or -1 with
 * a message.
 */
int output_create_temporary(const char *path, char *tmp, size_t tmpsize, mode_t mode,
			    char *err, size_t errlen);

/*
 * Whether an output can be written at path before any work is done: it is
 * replaceable (output_check_replaceable) and its directory exists and
 * takes new files (the temporary, then the rename).  Returns 0, or -1
 * with "PATH: cannot be written: ..." in err.
 */
int output_check_writable(const char *path, char *err, size_t errlen);

/*
 * A text output (a report file such as an SVG) written through stdio with
 * the same care: output_open checks that path is replaceable and opens a
 * temporary beside it; output_commit closes it and renames it over path,
 * or removes it and says why.  Both return 0, or -1 with a message in err
 * (then nothing is left behind).
 */
struct output_file {
	FILE *stream;
	char *path;
	char *tmp;
};
int output_open(struct output_file *o, const char *path, char *err, size_t errlen);
/* output_open with the temporary created with mode (less the umask), not 0666 */
int output_open_mode(struct output_file *o, const char *path, mode_t mode, char *err,
		     size_t errlen);
int output_commit(struct output_file *o, char *err, size_t errlen);
/* Closes and removes the temporary: the output is not made after all. */
void output_abandon(struct output_file *o);

/*
 * Reads size bytes from fd into buf, as many read(2) calls as it takes
 * (one returns at most 2 GiB - 4 KiB on Linux, a pipe or socket what has
 * arrived), retrying on EINTR.  Returns the bytes read, fewer than size
 * only at the end of the file, or -1 with errno.
 */
ssize_t read_full(int fd, void *buf, size_t size);

/*
 * The whole regular file at path (what: e.g. "a source file", for
 * messages), malloc'ed and NUL-terminated, its length in *len; NULL with
 * a message in err (errno ENOENT when it does not exist).
 */
char *read_whole_file(const char *path, const char *what, size_t *len, char *err,
		      size_t errlen);

#endif /* GPROF_PAR_FILES_H */
