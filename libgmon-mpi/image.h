/*
 * image.h - facts about the running executable: its load bias (runtime
 * address minus link-time address; nonzero for PIE) and its GNU build-id.
 */
#ifndef GMON_MPI_IMAGE_H
#define GMON_MPI_IMAGE_H

#include <link.h>
#include <stddef.h>
#include <stdint.h>

#include "gmon-format.h"

struct image_info {
	uintptr_t load_bias;
	int has_build_id;
	unsigned char build_id_prefix[GMON_FINGERPRINT_SIZE]; /* zero-padded */
};

/* Fills info for the main executable. */
void image_inspect(struct image_info *info);

/* The GNU build-id of a loaded module (dl_iterate_phdr's), read from its
 * PT_NOTE segments in memory: *id points at its bytes; returns their
 * number, 0 if the module has none. */
size_t image_build_id(const struct dl_phdr_info *dl, const unsigned char **id);

/* The module's DT_SONAME (libmpi.so.40), read from its dynamic section in
 * memory, or NULL if it has none (an executable, most often). */
const char *image_soname(const struct dl_phdr_info *dl);

/* Copies n bytes at address from into to, if it can (returns 1), or
 * returns 0 (from is not mapped now): how the copy variants read the
 * module's memory. */
typedef int image_read_fn(void *to, uintptr_t from, size_t n);

/* image_read_fn for memory that another thread may unmap meanwhile (or
 * a stack that shrank): a copy by the kernel (process_vm_readv on the
 * process itself), which fails (EFAULT) where a load would fault.  Where
 * the call is refused (a seccomp filter, an old kernel: ENOSYS, EPERM),
 * image_copy_through_pipe: the bytes written into a pipe of its own and
 * read back (write fails with EFAULT too; five system calls a page).
 * Async-signal-safe; errno kept. */
int image_copy_mapped(void *to, uintptr_t from, size_t n);
int image_copy_through_pipe(void *to, uintptr_t from, size_t n);

/* image_build_id and image_soname, each byte read through read and
 * copied (at most cap bytes; a soname longer than cap is none): for a
 * module that may be unmapped meanwhile.  Return the build-id's bytes
 * copied (0: none), whether a soname was copied. */
size_t image_build_id_copy(const struct dl_phdr_info *dl, image_read_fn *read, unsigned char *id,
			   size_t cap);
int image_soname_copy(const struct dl_phdr_info *dl, image_read_fn *read, char *name, size_t cap);

/* The module's file as an absolute path, into buf (cut at size): its
 * name if absolute or empty (the executable, the vDSO); for a relative one
 * (dlopen("./x.so"), a relative LD_LIBRARY_PATH entry) the file
 * /proc/self/maps shows mapped at its first PT_LOAD segment, else the name
 * as it is.  Async-signal-safe. */
void image_absolute_path(const struct dl_phdr_info *dl, char *buf, size_t size);

/* id's n bytes in lower-case hex into hex (as many as fit), or "-" if n
 * is 0: the build-id column of the companion files. */
void image_build_id_hex(const unsigned char *id, size_t n, char *hex, size_t hexsize);

#endif /* GMON_MPI_IMAGE_H */
