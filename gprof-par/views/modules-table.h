/*
 * modules-table.h - the table of load modules that gprof-par -M reports
 * (modules-report.c): each module's name, profile, symbols and samples,
 * found by base name, and what the profiles' companions add to it (the
 * lists of modules, the calls between modules).  Split from
 * modules-report.c, which builds the report from it.
 */
#ifndef GPROF_PAR_MODULES_TABLE_H
#define GPROF_PAR_MODULES_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "hist.h"
#include "module-calls.h"
#include "module-symbols.h"
#include "name-index.h"
#include "profile.h"
#include "symtab.h"

/* What made a module's samples one row, or left it without a profile. */
enum module_state {
	MOD_NAMED,               /* its functions are rows */
	MOD_NOT_CHOSEN,          /* sampled, no profile: not in BG_GMON_PROFILE_LIBS */
	MOD_NO_FILE,             /* sampled, no profile, no file: the vDSO */
	MOD_UNNAMED,             /* its file cannot name the code: missing, another build */
};

struct module {
	char *base;              /* the key: the file's base name */
	char *path;              /* as loaded */
	char *build_id;          /* the run's, hex; NULL: none said */
	char *soname;            /* its DT_SONAME from the lists, or NULL */
	uint64_t list_samples;   /* the lists' samples */
	int chosen;              /* a list names its profile */
	struct profile prof;     /* its profile (files added), libraries only */
	int bad_profile;         /* a file of it could not be added */
	struct symtab own;       /* its functions (libraries) */
	struct symtab *st;       /* &own, the executable's, or NULL */
	enum module_symbols_source source;
	char *debug_file;
	enum module_state state;
	char *why;               /* MOD_UNNAMED: why, owned */
	struct hist_summary hs;
	int assigned;            /* hs and the ticks set */
	struct hist_outside out; /* samples in no function */
	/* lowest address in no function reached by an arc, below the first
	 * function and above the last one (UINT64_MAX: none) */
	gmon_addr_t arc_below, arc_above;
	double ticks;            /* every sample of the module */
	double whole_ticks;      /* the one row's, when not MOD_NAMED */
	int mcount_callee;       /* PROFILE+calls has calls into it */
	size_t index;            /* in the report: {index} */
};

struct modules {
	struct module *m;
	size_t n, cap;
	struct name_index index;   /* of m by base name (rebuilt after a sort) */
	struct module_calls calls, plt;
	int status;
};

/* A warning on stderr ("gprof-par: warning: ..."), but on the processes
 * other than the first of a parallel run (options_quiet). */
void modules_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* strdup (NULL for NULL) and a formatted string, malloc'ed: out of memory
 * is fatal. */
char *modules_xstrdup(const char *s);
char *modules_xprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The module of path's base name, added (with path and build_id) if new. */
struct module *module_get(struct modules *ms, const char *path, const char *build_id);

/* What beside profile the report reads: its list of modules (their
 * samples, profiles added), its calls and PLT calls between modules; a
 * file that cannot be read is named in a warning and sets ms->status. */
void modules_read_companions(struct modules *ms, const char *profile);

void modules_free(struct modules *ms);

#endif /* GPROF_PAR_MODULES_TABLE_H */
