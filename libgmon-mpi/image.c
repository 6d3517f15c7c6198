/* image.c - see image.h. */
#define _GNU_SOURCE
#include "image.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#define NOTE_ALIGN(n) (((n) + 3u) & ~3u)

/* image_read_fn for memory known to be mapped: a plain copy. */
static int read_in_place(void *to, uintptr_t from, size_t n)
{
	memcpy(to, (const void *)from, n);
	return 1;
}

int image_copy_through_pipe(void *to, uintptr_t from, size_t n)
{
	int fd[2], ok = 1;
	int saved_errno = errno;

	if (pipe2(fd, O_CLOEXEC) != 0) {
		errno = saved_errno;
		return 0;
	}
	/* a pipe holds 64 KiB: a page at a time, written then read back */
	for (size_t k = 0; ok && k < n;) {
		size_t chunk = n - k < 4096 ? n - k : 4096;
		ssize_t w = write(fd[1], (const char *)from + k, chunk);

		ok = w > 0 && read(fd[0], (char *)to + k, (size_t)w) == w;
		if (ok)
			k += (size_t)w;
	}
	close(fd[0]);
	close(fd[1]);
	errno = saved_errno;
	return ok;
}

int image_copy_mapped(void *to, uintptr_t from, size_t n)
{
	struct iovec local = { to, n }, remote = { (void *)from, n };
	int saved_errno = errno, ok;
	ssize_t got = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);

	ok = got == (ssize_t)n;
	if (got < 0 && (errno == ENOSYS || errno == EPERM))
		ok = image_copy_through_pipe(to, from, n);
	errno = saved_errno;
	return ok;
}

/* Looks for NT_GNU_BUILD_ID in the PT_NOTE segment at [note, note + size),
 * read through read: its descriptor's address, its size in *n (0: none). */
static uintptr_t find_build_id(uintptr_t note, size_t size, image_read_fn *read, size_t *n)
{
	size_t pos = 0;

	*n = 0;
	while (pos + sizeof(ElfW(Nhdr)) <= size) {
		ElfW(Nhdr) nh;
		size_t name_at = pos + sizeof nh, desc_at;
		char name[4];

		if (!read(&nh, note + pos, sizeof nh))   /* notes are only 4-aligned */
			return 0;
		desc_at = name_at + NOTE_ALIGN(nh.n_namesz);
		if (desc_at < name_at || desc_at + nh.n_descsz > size)
			return 0;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 && nh.n_descsz > 0) {
			if (!read(name, note + name_at, 4))
				return 0;
			if (memcmp(name, "GNU", 4) == 0) {
				*n = nh.n_descsz;
				return note + desc_at;
			}
		}
		pos = desc_at + NOTE_ALIGN(nh.n_descsz);
	}
	return 0;
}

static uintptr_t build_id_at(const struct dl_phdr_info *dl, image_read_fn *read, size_t *n)
{
	for (int i = 0; i < dl->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &dl->dlpi_phdr[i];
		uintptr_t at;

		if (ph->p_type != PT_NOTE)
			continue;
		at = find_build_id(dl->dlpi_addr + ph->p_vaddr, ph->p_memsz, read, n);
		if (*n > 0)
			return at;
	}
	*n = 0;
	return 0;
}

size_t image_build_id(const struct dl_phdr_info *dl, const unsigned char **id)
{
	size_t n;
	uintptr_t at = build_id_at(dl, read_in_place, &n);

	if (n > 0)
		*id = (const unsigned char *)at;
	return n;
}

size_t image_build_id_copy(const struct dl_phdr_info *dl, image_read_fn *read, unsigned char *id,
			   size_t cap)
{
	size_t n;
	uintptr_t at = build_id_at(dl, read, &n);

	if (n > cap)
		n = cap;
	return n > 0 && read(id, at, n) ? n : 0;
}

/* Whether [addr, addr + n) lies in one of the module's PT_LOAD segments. */
static int loaded(const struct dl_phdr_info *dl, uintptr_t addr, size_t n)
{
	for (int i = 0; i < dl->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &dl->dlpi_phdr[i];
		uintptr_t start = dl->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && addr >= start && n <= ph->p_memsz &&
		    addr - start <= ph->p_memsz - n)
			return 1;
	}
	return 0;
}

/* The address of the module's DT_SONAME, read through read, and in
 * *room the bytes of its string table from there; 0 if none. */
static uintptr_t soname_at(const struct dl_phdr_info *dl, image_read_fn *read, size_t *room)
{
	const ElfW(Phdr) *dynamic = NULL;
	uintptr_t strtab = 0, size = 0, name = 0;
	int has_name = 0;

	for (int i = 0; i < dl->dlpi_phnum; i++)
		if (dl->dlpi_phdr[i].p_type == PT_DYNAMIC)
			dynamic = &dl->dlpi_phdr[i];
	if (!dynamic)
		return 0;
	for (size_t k = 0; k < dynamic->p_memsz / sizeof(ElfW(Dyn)); k++) {
		ElfW(Dyn) dyn;

		if (!read(&dyn, dl->dlpi_addr + dynamic->p_vaddr + k * sizeof dyn, sizeof dyn))
			return 0;
		if (dyn.d_tag == DT_NULL)
			break;
		if (dyn.d_tag == DT_STRTAB)
			strtab = dyn.d_un.d_ptr;
		else if (dyn.d_tag == DT_STRSZ)
			size = dyn.d_un.d_val;
		else if (dyn.d_tag == DT_SONAME) {
			name = dyn.d_un.d_val;
			has_name = 1;
		}
	}
	if (!has_name || !strtab || name >= size)
		return 0;
	/* ld.so relocates the dynamic section's addresses in place (not in
	 * the vDSO, which is read-only): a link-time one gets the bias */
	if (!loaded(dl, strtab, size))
		strtab += dl->dlpi_addr;
	if (!loaded(dl, strtab, size))
		return 0;
	*room = size - name;
	return strtab + name;
}

const char *image_soname(const struct dl_phdr_info *dl)
{
	size_t room;
	uintptr_t at = soname_at(dl, read_in_place, &room);

	return at && memchr((const char *)at, '\0', room) ? (const char *)at : NULL;
}

int image_soname_copy(const struct dl_phdr_info *dl, image_read_fn *read, char *name, size_t cap)
{
	size_t room, k;
	uintptr_t at = soname_at(dl, read, &room);

	if (!at || cap == 0)
		return 0;
	if (room > cap)
		room = cap;
	/* a page at a time (a read may not cross into an unmapped one) */
	for (k = 0; k < room;) {
		size_t chunk = 4096 - (at + k) % 4096;

		if (chunk > room - k)
			chunk = room - k;
		if (!read(name + k, at + k, chunk))
			return 0;
		if (memchr(name + k, '\0', chunk))
			return 1;
		k += chunk;
	}
	return 0;       /* longer than cap, or not ended */
}

/* The pathname of the mapping holding addr in /proc/self/maps, into buf
 * (cut at size): parsed as it is read, a chunk at a time, with open, read
 * and close (async-signal-safe).  Returns 0 if none. */
static int mapped_file(uintptr_t addr, char *buf, size_t size)
{
	char chunk[1024];
	uintptr_t start = 0, end = 0;
	int field = 0, match = 0, fd;  /* fields: start, end, 4 others, the path */
	size_t len = 0;
	ssize_t n;

	do
		fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	while (fd < 0 && errno == EINTR);
	if (fd < 0)
		return 0;
	while ((n = read(fd, chunk, sizeof chunk)) > 0 || (n < 0 && errno == EINTR)) {
		for (ssize_t i = 0; i < n; i++) {
			char c = chunk[i];

			if (c == '\n') {
				if (match && len > 0) {
					close(fd);
					buf[len < size ? len : size - 1] = '\0';
					return len < size;
				}
				field = match = 0;
				start = end = 0;
				len = 0;
			} else if (field == 0 && c == '-') {
				field = 1;
			} else if (field == 0) {
				start = start << 4 | (uintptr_t)(c <= '9' ? c - '0' : c - 'a' + 10);
			} else if (field == 1 && c == ' ') {
				field = 2;
				match = addr >= start && addr < end;
			} else if (field == 1) {
				end = end << 4 | (uintptr_t)(c <= '9' ? c - '0' : c - 'a' + 10);
			} else if (field >= 2 && field < 6 && c == ' ') {
				field++;
			} else if (field == 6 && (c != ' ' || len > 0)) {
				if (match && len + 1 < size)
					buf[len] = c;
				len++;
			}
		}
	}
	close(fd);
	return 0;
}

void image_absolute_path(const struct dl_phdr_info *dl, char *buf, size_t size)
{
	const char *name = dl->dlpi_name ? dl->dlpi_name : "";
	size_t n;

	if (size == 0)
		return;
	if (*name && *name != '/') {
		for (int i = 0; i < dl->dlpi_phnum; i++)
			if (dl->dlpi_phdr[i].p_type == PT_LOAD) {
				if (mapped_file(dl->dlpi_addr + dl->dlpi_phdr[i].p_vaddr, buf, size) &&
				    buf[0] == '/')
					return;
				break;
			}
	}
	n = strnlen(name, size - 1);
	memcpy(buf, name, n);
	buf[n] = '\0';
}

void image_build_id_hex(const unsigned char *id, size_t n, char *hex, size_t hexsize)
{
	static const char digits[] = "0123456789abcdef";
	size_t k;

	if (hexsize == 0)
		return;
	if (n == 0) {
		snprintf(hex, hexsize, "-");
		return;
	}
	for (k = 0; k < n && 2 * k + 2 < hexsize; k++) {
		hex[2 * k] = digits[id[k] >> 4];
		hex[2 * k + 1] = digits[id[k] & 15];
	}
	hex[2 * k] = '\0';
}

/* dl_iterate_phdr visits the main program first. */
static int inspect_main_program(struct dl_phdr_info *dl, size_t size, void *ctx)
{
	struct image_info *info = ctx;
	const unsigned char *id;
	size_t n = image_build_id(dl, &id);

	(void)size;
	info->load_bias = dl->dlpi_addr;
	if (n > 0) {
		memset(info->build_id_prefix, 0, sizeof info->build_id_prefix);
		memcpy(info->build_id_prefix, id, n < GMON_FINGERPRINT_SIZE ? n : GMON_FINGERPRINT_SIZE);
		info->has_build_id = 1;
	}
	return 1; /* stop after the main program */
}

void image_inspect(struct image_info *info)
{
	memset(info, 0, sizeof *info);
	dl_iterate_phdr(inspect_main_program, info);
}
