/* flush-hooks.c - see flush-hooks.h. */
#include "flush-hooks.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "companion-name.h"
#include "gmon-companion.h"
#include "gmon-mpi-profile.h"
#include "output-file.h"

#define MAX_HOOKS 8

static void (*hooks[MAX_HOOKS])(void);
static unsigned nhooks; /* published after the hook is stored */

__attribute__((visibility("default"))) int gmon_mpi_at_flush(void (*hook)(void))
{
	unsigned slot = __atomic_fetch_add(&nhooks, 0, __ATOMIC_ACQUIRE);

	for (;;) {
		if (slot >= MAX_HOOKS || !hook)
			return -1;
		__atomic_store_n(&hooks[slot], hook, __ATOMIC_RELEASE);
		if (__atomic_compare_exchange_n(&nhooks, &slot, slot + 1, 0, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return 0;
	}
}

void flush_hooks_run(void)
{
	unsigned n = __atomic_load_n(&nhooks, __ATOMIC_ACQUIRE);

	for (unsigned i = 0; i < n; i++) {
		void (*hook)(void) = __atomic_load_n(&hooks[i], __ATOMIC_ACQUIRE);

		if (hook)
			hook();
	}
}

#define MAX_SECTIONS 4

static struct extra_section {
	char name[GMON_COMPANION_MAX_NAME + 1];
	int (*fill)(int fd, void *ctx);
	void *ctx;
} sections[MAX_SECTIONS];
static unsigned nsections; /* published after the entry is stored */
static int adding;         /* one registration at a time */

int extra_sections_add(const char *name, int (*fill)(int fd, void *ctx), void *ctx)
{
	size_t len = name ? strlen(name) : 0;
	int rc = -1;

	if (len == 0 || len > GMON_COMPANION_MAX_NAME || strchr(name, '/') || !fill)
		return -1;
	while (__atomic_exchange_n(&adding, 1, __ATOMIC_ACQUIRE))
		;
	unsigned n = __atomic_load_n(&nsections, __ATOMIC_ACQUIRE);
	unsigned i;

	for (i = 0; i < n && strcmp(sections[i].name, name) != 0; i++)
		;
	if (i == n && n < MAX_SECTIONS) {
		memcpy(sections[n].name, name, len + 1);
		sections[n].fill = fill;
		sections[n].ctx = ctx;
		__atomic_store_n(&nsections, n + 1, __ATOMIC_RELEASE);
		rc = 0;
	}
	__atomic_store_n(&adding, 0, __ATOMIC_RELEASE);
	return rc;
}

int extra_sections_write(const char *profile)
{
	unsigned n = __atomic_load_n(&nsections, __ATOMIC_ACQUIRE);
	int first = 0;

	for (unsigned i = 0; i < n; i++) {
		char path[PATH_MAX + GMON_COMPANION_MAX_NAME + 2];
		int err;

		if (companion_name(profile, sections[i].name, path, sizeof path) >= sizeof path)
			err = ENAMETOOLONG;
		else
			err = output_write_section(path, GMON_SECTION_TEXT, sections[i].fill,
						   sections[i].ctx);
		if (err != 0 && first == 0)
			first = err;
	}
	return first;
}
