/* files.c - see files.h. */
#include "files.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <string.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "errors.h"

const char *path_base_name(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	return slash ? slash + 1 : path;
}

const char *file_kind(const struct stat *st)
{
	switch (st->st_mode & S_IFMT) {
	case S_IFREG: return "a regular file";
	case S_IFDIR: return "a directory";
	case S_IFIFO: return "a FIFO";
	case S_IFCHR: return "a character device";
	case S_IFBLK: return "a block device";
	case S_IFSOCK: return "a socket";
	case S_IFLNK: return "a symbolic link";
	default: return "not a file";
	}
}

int open_input(const char *path, const char *what, enum input_kinds accept, struct stat *st,
	       char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	int flags;

	if (fd < 0) {
		set_error(err, errlen, "%s: cannot open %s: %s", path, what, strerror(errno));
		return -1;
	}
	if (fstat(fd, st) != 0) {
		set_error(err, errlen, "%s: cannot stat %s: %s", path, what, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode) && !(S_ISFIFO(st->st_mode) && accept == INPUT_REGULAR_OR_PIPE)) {
		set_error(err, errlen, "%s: cannot read: is %s, not %s", path, file_kind(st), what);
		close(fd);
		return -1;
	}
	/* O_NONBLOCK kept open() from waiting for a FIFO's writer; reading
	 * must wait for one.  Regular files ignore it (open(2)): no two more
	 * system calls for each of thousands of rank files. */
	if (!S_ISFIFO(st->st_mode))
		return fd;
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
		set_error(err, errlen, "%s: cannot read %s: %s", path, what, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int output_check_replaceable(const char *path, char *err, size_t errlen)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return 0; /* nothing there, or nothing we can look at: rename says */
	if (S_ISREG(st.st_mode))
		return 0;
	set_error(err, errlen, "%s: is %s, not a regular file: not replaced", path, file_kind(&st));
	return -1;
}

int output_check_writable(const char *path, char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	struct stat st;
	int rc = 0;

	if (output_check_replaceable(path, err, errlen) != 0)
		return -1;
	dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
	if (!dir) {
		set_error(err, errlen, "%s: out of memory", path);
		return -1;
	}
	if (stat(dir, &st) != 0) {
		set_error(err, errlen, "%s: cannot be written: its directory %s: %s", path, dir,
			  strerror(errno));
		rc = -1;
	} else if (!S_ISDIR(st.st_mode)) {
		set_error(err, errlen, "%s: cannot be written: %s is not a directory", path, dir);
		rc = -1;
	} else if (access(dir, W_OK | X_OK) != 0) {
		set_error(err, errlen, "%s: cannot be written: its directory %s: %s", path, dir,
			  strerror(errno));
		rc = -1;
	}
	free(dir);
	return rc;
}

static uint64_t random_bits(void)
{
	static unsigned counter;
	uint64_t r;
	struct timespec ts;

	if (getrandom(&r, sizeof r, GRND_NONBLOCK) == (ssize_t)sizeof r)
		return r;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull) ^ (uint64_t)ts.tv_sec ^
	       ((uint64_t)++counter << 40) ^ ((uint64_t)getpid() << 20);
}

int output_create_temporary(const char *path, char *tmp, size_t tmpsize, mode_t mode,
			    char *err, size_t errlen)
{
	for (int tries = 0; tries < 16; tries++) {
		int fd;

		if ((size_t)snprintf(tmp, tmpsize, "%s.tmp%016llx", path,
				     (unsigned long long)random_bits()) >= tmpsize) {
			set_error(err, errlen, "%s: the name is too long", path);
			return -1;
		}
		fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd >= 0)
			return fd;
		if (errno != EEXIST)
			break;
	}
	set_error(err, errlen, "%s: cannot create the temporary file %s: %s", path, tmp,
		  strerror(errno));
	return -1;
}

int output_open(struct output_file *o, const char *path, char *err, size_t errlen)
{
	return output_open_mode(o, path, 0666, err, errlen);
}

int output_open_mode(struct output_file *o, const char *path, mode_t mode, char *err,
		     size_t errlen)
{
	size_t tmp_size = strlen(path) + 32;
	int fd;

	memset(o, 0, sizeof(*o));
	if (output_check_replaceable(path, err, errlen) != 0)
		return -1;
	o->path = strdup(path);
	o->tmp = malloc(tmp_size);
	if (!o->path || !o->tmp) {
		set_error(err, errlen, "%s: out of memory", path);
		goto fail;
	}
	fd = output_create_temporary(path, o->tmp, tmp_size, mode, err, errlen);
	if (fd < 0)
		goto fail;
	o->stream = fdopen(fd, "w");
	if (!o->stream) {
		set_error(err, errlen, "%s: cannot write the temporary file %s: %s", path, o->tmp,
			  strerror(errno));
		close(fd);
		unlink(o->tmp);
		goto fail;
	}
	return 0;
fail:
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
	return -1;
}

int output_commit(struct output_file *o, char *err, size_t errlen)
{
	int failed = ferror(o->stream), rc = 0;

	errno = 0;
	if (fclose(o->stream) != 0 || failed) {
		set_error(err, errlen, "%s: cannot write the temporary file %s: %s (removed it)",
			  o->path, o->tmp, errno ? strerror(errno) : "write error");
		unlink(o->tmp);
		rc = -1;
	} else if (rename(o->tmp, o->path) != 0) {
		set_error(err, errlen, "%s: cannot rename the temporary file %s to it: %s "
			  "(removed it)", o->path, o->tmp, strerror(errno));
		unlink(o->tmp);
		rc = -1;
	}
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
	return rc;
}

void output_abandon(struct output_file *o)
{
	fclose(o->stream);
	unlink(o->tmp);
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
}

ssize_t read_full(int fd, void *buf, size_t size)
{
	size_t got = 0;

	while (got < size) {
		ssize_t n = read(fd, (char *)buf + got, size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

char *read_whole_file(const char *path, const char *what, size_t *len, char *err, size_t errlen)
{
	struct stat st;
	int fd = open_input(path, what, INPUT_REGULAR, &st, err, errlen);
	size_t have = 0, cap;
	char *text;

	if (fd < 0)
		return NULL;  /* errno from open(2), or 0 for a file of the wrong kind */
	/* the NUL, and a byte more to see the end without growing the buffer
	 * (a companion was kept at twice its size) */
	cap = (size_t)st.st_size + 2;
	text = malloc(cap);
	for (;;) {
		ssize_t n;

		if (text && have + 1 == cap) {  /* grown since fstat: read on */
			char *grown = realloc(text, 2 * cap);

			if (!grown)
				free(text);
			text = grown;
			cap *= 2;
		}
		if (!text) {
			set_error(err, errlen, "%s: out of memory", path);
			close(fd);
			errno = ENOMEM;
			return NULL;
		}
		n = read(fd, text + have, cap - 1 - have);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			set_error(err, errlen, "%s: cannot read: %s", path, strerror(e));
			free(text);
			close(fd);
			errno = e;
			return NULL;
		}
		if (n == 0)
			break;
		have += (size_t)n;
		/* a regular file's read short of what was asked, at the size
		 * fstat said: its end, without one more read(2) to see it (each
		 * of thousands of companions; one that grew meanwhile filled the
		 * byte more asked for) */
		if (S_ISREG(st.st_mode) && have == (size_t)st.st_size && have + 1 < cap)
			break;
	}
	close(fd);
	text[have] = '\0';
	*len = have;
	return text;
}
