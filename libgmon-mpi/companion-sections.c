/* companion-sections.c - see companion-sections.h. */
#define _GNU_SOURCE
#include "companion-sections.h"

#include "gmon-calls.h"
#include "module-map.h"
#include "profile-name.h"

void companion_sections_write(const char *profile, unsigned rate, uintptr_t from_signal,
			      struct companion_sections *cs)
{
	struct module_map map, *shared = NULL;

	*cs = (struct companion_sections){0};
	/* (none: no writer would look at it) */
	if (!from_signal && (modules_enabled() || callpaths_enabled())) {
		cs->map_err = module_map_read(&map);
		if (cs->map_err == 0)
			shared = &map;
	}
	cs->calls_err = modules_enabled() ? calls_write(profile, from_signal, shared, &cs->calls)
					  : companion_remove(profile, GMON_CALLS_NAME);
	if (shared)
		module_map_unnumber(shared);   /* the calls' numbers are theirs only */
	cs->modules_err = modules_write(profile, rate, from_signal, shared, &cs->modules);
	cs->paths_err = callpaths_write(profile, rate, from_signal, shared, &cs->paths);
	if (shared)
		module_map_free(shared);
}
