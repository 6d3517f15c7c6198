/* image.c - see image.h. */
#define _GNU_SOURCE
#include "image.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

#define NOTE_ALIGN(n) (((n) + 3u) & ~3u)

/* Looks for NT_GNU_BUILD_ID in one PT_NOTE segment. */
static size_t find_build_id(const unsigned char *note, size_t size, const unsigned char **id)
{
	size_t pos = 0;

	while (pos + sizeof(ElfW(Nhdr)) <= size) {
		ElfW(Nhdr) nh;
		size_t name_at = pos + sizeof nh, desc_at;

		memcpy(&nh, note + pos, sizeof nh);   /* notes are only 4-aligned */
		desc_at = name_at + NOTE_ALIGN(nh.n_namesz);
		if (desc_at + nh.n_descsz > size)
			return 0;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    memcmp(note + name_at, "GNU", 4) == 0 && nh.n_descsz > 0) {
			*id = note + desc_at;
			return nh.n_descsz;
		}
		pos = desc_at + NOTE_ALIGN(nh.n_descsz);
	}
	return 0;
}

size_t image_build_id(const struct dl_phdr_info *dl, const unsigned char **id)
{
	for (int i = 0; i < dl->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &dl->dlpi_phdr[i];
		size_t n;

		if (ph->p_type != PT_NOTE)
			continue;
		n = find_build_id((const unsigned char *)(dl->dlpi_addr + ph->p_vaddr), ph->p_memsz, id);
		if (n > 0)
			return n;
	}
	return 0;
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

const char *image_soname(const struct dl_phdr_info *dl)
{
	const ElfW(Dyn) *dyn = NULL;
	uintptr_t strtab = 0, size = 0, name = 0;
	int has_name = 0;

	for (int i = 0; i < dl->dlpi_phnum; i++)
		if (dl->dlpi_phdr[i].p_type == PT_DYNAMIC)
			dyn = (const ElfW(Dyn) *)(dl->dlpi_addr + dl->dlpi_phdr[i].p_vaddr);
	if (!dyn)
		return NULL;
	for (; dyn->d_tag != DT_NULL; dyn++) {
		if (dyn->d_tag == DT_STRTAB)
			strtab = dyn->d_un.d_ptr;
		else if (dyn->d_tag == DT_STRSZ)
			size = dyn->d_un.d_val;
		else if (dyn->d_tag == DT_SONAME) {
			name = dyn->d_un.d_val;
			has_name = 1;
		}
	}
	if (!has_name || !strtab || name >= size)
		return NULL;
	/* ld.so relocates the dynamic section's addresses in place (not in
	 * the vDSO, which is read-only): a link-time one gets the bias */
	if (!loaded(dl, strtab, size))
		strtab += dl->dlpi_addr;
	if (!loaded(dl, strtab, size) || !memchr((const char *)strtab + name, '\0', size - name))
		return NULL;
	return (const char *)strtab + name;
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
