/* image.c - see image.h. */
#define _GNU_SOURCE
#include "image.h"

#include <elf.h>
#include <link.h>
#include <string.h>

#define NOTE_ALIGN(n) (((n) + 3u) & ~3u)

/* Looks for NT_GNU_BUILD_ID in one PT_NOTE segment. */
static int find_build_id(const unsigned char *note, size_t size, struct image_info *info)
{
	size_t pos = 0;

	while (pos + sizeof(ElfW(Nhdr)) <= size) {
		const ElfW(Nhdr) *nh = (const void *)(note + pos);
		size_t name_at = pos + sizeof *nh;
		size_t desc_at = name_at + NOTE_ALIGN(nh->n_namesz);

		if (desc_at + nh->n_descsz > size)
			return 0;
		if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
		    memcmp(note + name_at, "GNU", 4) == 0 && nh->n_descsz > 0) {
			size_t n = nh->n_descsz < GMON_FINGERPRINT_SIZE ? nh->n_descsz
									: GMON_FINGERPRINT_SIZE;

			memset(info->build_id_prefix, 0, sizeof info->build_id_prefix);
			memcpy(info->build_id_prefix, note + desc_at, n);
			info->has_build_id = 1;
			return 1;
		}
		pos = desc_at + NOTE_ALIGN(nh->n_descsz);
	}
	return 0;
}

/* dl_iterate_phdr visits the main program first. */
static int inspect_main_program(struct dl_phdr_info *dl, size_t size, void *ctx)
{
	struct image_info *info = ctx;

	(void)size;
	info->load_bias = dl->dlpi_addr;
	for (int i = 0; i < dl->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &dl->dlpi_phdr[i];

		if (ph->p_type == PT_NOTE &&
		    find_build_id((const unsigned char *)(dl->dlpi_addr + ph->p_vaddr), ph->p_memsz, info))
			break;
	}
	return 1; /* stop after the main program */
}

void image_inspect(struct image_info *info)
{
	memset(info, 0, sizeof *info);
	dl_iterate_phdr(inspect_main_program, info);
}
