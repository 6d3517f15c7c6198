/*
 * audit.c - libgmon-mpi-audit.so, the rtld-audit library (LD_AUDIT, see
 * rtld-audit(7)) that counts the calls through the PLT into the modules
 * named in BG_GMON_COUNT_LIB_CALLS, whatever their build: each module
 * that binds a symbol (la_objopen: LA_FLG_BINDFROM, every module) to a
 * chosen one (LA_FLG_BINDTO) has its lazy PLT calls go through
 * _dl_runtime_profile, which calls la_x86_64_gnu_pltenter with the call's
 * stack: the return address is its top word.  The counts are written at
 * exit as PROFILE+plt-calls (include/gmon-calls.h).
 *
 * The library runs in a link namespace of its own, with its own libc: it
 * shares no variable with libgmon-mpi.  It reads the same settings with
 * the same code (settings.c, rank.c, profile-name.c, lineage.c linked in),
 * at la_version, before any of the program's code runs, so that it finds
 * the rank's profile name as the runtime will.  It counts only where the
 * runtime writes a profile: a rank the subset selects (or a serial
 * program), with libgmon-mpi.so loaded.  It cannot see the runtime's
 * later decisions: mondisable(), a program not built with -pg (which
 * never starts the runtime), moncontrol(0) do not stop its counts; the
 * file is written only beside a profile the runtime wrote (below).  Elsewhere (unset, none, malformed,
 * a rank not selected, LD_BIND_NOW set: la_pltenter would never be
 * called) la_version declines, and the dynamic linker unloads the
 * library: no cost at all.  A malformed value is reported by
 * the runtime (settings.c), like the other variables.
 *
 * The file is written when the executable's link map is closed
 * (la_objclose, in _dl_fini: after the atexit handlers, _mcleanup among
 * them, and the destructors of the program's modules), or by this
 * library's destructor if that never came; not by a forked child (its
 * counts are its parent's too), not when the process ends otherwise
 * (_exit, a signal), and not when the runtime did not write the profile
 * (the profile's file is still the one there was at la_version, or none).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "gmon-calls.h"
#include "image.h"
#include "lineage.h"
#include "plt-table.h"
#include "plt-write.h"
#include "profile-name.h"
#include "settings.h"

#define PUBLIC __attribute__((visibility("default")))

/* What la_objopen learnt of a module; its address is the module's cookie. */
struct object {
	int chosen;            /* calls into it are counted */
	int closed;            /* la_objclose'd (dlclose, or at exit) */
	long module;           /* its entry in au.modules, or -1 */
	struct object *next;
};

static struct {
	struct gmon_config config;
	char profile[4096];
	pid_t owner_pid;
	int runtime_loaded;    /* libgmon-mpi.so is in the program */
	/* the profile's file at la_version (had: there was one): the runtime
	 * writes a new file (a temporary renamed over it), and a profile that
	 * is still this one was not written */
	int had_profile;
	dev_t profile_dev;
	ino_t profile_ino;
	int written;
	struct object *main;   /* the executable */
	struct object *objects; /* every one, newest first */
	/* the modules, read as they are opened (a dlclose'd one's link map
	 * is gone at exit): the executable first */
	struct module_map modules;
	uint64_t names_matched; /* the list's entries some module was (lib_list_matches) */
} au;

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

PUBLIC unsigned int la_version(unsigned int version)
{
	struct gmon_config *c = &au.config;
	struct stat st;
	const char *bind_now;
	int err;

	(void)version;
	config_read(c);
	if (!c->count_lib_calls || strcmp(c->count_lib_calls, "none") == 0)
		return 0;               /* nothing to count (a malformed value too) */
	if (c->is_mpi && !rank_subset_contains(&c->subset, c->rank))
		return 0;               /* this rank writes no profile */
	bind_now = getenv("LD_BIND_NOW");
	if (bind_now && *bind_now) {
		/* every PLT slot is bound at start: la_pltenter is never called */
		if (!c->is_mpi || c->rank == c->subset.first)
			diag("LD_BIND_NOW is set: calls through the PLT are bound at start and "
			     "cannot be counted; BG_GMON_COUNT_LIB_CALLS='%s' is ignored",
			     c->count_lib_calls);
		return 0;
	}
	err = plt_table_init();
	if (err != 0) {
		diag("cannot map the table of calls through the PLT (BG_GMON_COUNT_LIB_CALLS): %s; "
		     "not counting them", strerror(err));
		return 0;
	}
	profile_name(au.profile, sizeof au.profile, c, lineage_is_descendant());
	au.owner_pid = getpid();
	if (lstat(au.profile, &st) == 0) {
		au.had_profile = 1;
		au.profile_dev = st.st_dev;
		au.profile_ino = st.st_ino;
	}
	return LAV_CURRENT;
}

/* Reads the module's headers now, while its link map is sure to live. */
static void read_module(struct object *o, const struct link_map *map)
{
	int added;

	o->module = -1;
	if (o != au.main && au.modules.n == 0)
		return;                 /* the executable was not read: no file */
	if (plt_module_add(&au.modules, map, &added) != 0 || !added)
		return;
	o->module = (long)au.modules.n - 1;
}

PUBLIC unsigned int la_objopen(struct link_map *map, Lmid_t lmid, uintptr_t *cookie)
{
	const char *base = base_name(map->l_name);
	struct dl_phdr_info dl;
	const char *soname = plt_link_map_info(map, &dl) == 0 ? image_soname(&dl) : NULL;
	struct object *o;
	int is_runtime = strncmp(base, "libgmon-mpi.so", 14) == 0;

	if (lmid != LM_ID_BASE)
		return 0;               /* dlmopen'ed namespaces: not the program's */
	o = calloc(1, sizeof *o);
	if (!o)
		return 0;               /* its calls are not counted */
	if (!au.main && *map->l_name == '\0')
		au.main = o;            /* the executable comes first, named "" */
	else {
		o->chosen = *base && !is_runtime &&
			    ((soname && lib_list_selects(au.config.count_lib_calls, soname)) ||
			     lib_list_selects(au.config.count_lib_calls, base));
		au.names_matched |= lib_list_matches(au.config.count_lib_calls, base) |
				    (soname ? lib_list_matches(au.config.count_lib_calls, soname) : 0);
	}
	au.runtime_loaded |= is_runtime;
	read_module(o, map);
	o->next = au.objects;
	au.objects = o;
	*cookie = (uintptr_t)o;
	return LA_FLG_BINDFROM | (o->chosen ? LA_FLG_BINDTO : 0);
}

PUBLIC uintptr_t la_symbind64(Elf64_Sym *sym, unsigned int ndx, uintptr_t *refcook,
			      uintptr_t *defcook, unsigned int *flags, const char *symname)
{
	const struct object *def = (const struct object *)*defcook;

	(void)ndx;
	(void)refcook;
	(void)symname;
	/* la_pltexit is never wanted: it costs a copy of the call's frame */
	*flags |= LA_SYMB_NOPLTEXIT;
	if (!def || !def->chosen)
		*flags |= LA_SYMB_NOPLTENTER;
	return sym->st_value;
}

PUBLIC Elf64_Addr la_x86_64_gnu_pltenter(Elf64_Sym *sym, unsigned int ndx, uintptr_t *refcook,
					 uintptr_t *defcook, La_x86_64_regs *regs,
					 unsigned int *flags, const char *symname,
					 long int *framesizep)
{
	(void)ndx;
	(void)refcook;
	(void)defcook;
	(void)flags;
	(void)symname;
	(void)framesizep;
	/* the PLT was called: the caller's return address is on top */
	plt_table_count(*(const uintptr_t *)regs->lr_rsp, (uintptr_t)sym->st_value);
	return sym->st_value;
}

/* Whether the runtime wrote the profile in this process: a file there now
 * that is not the one there was at la_version. */
static int profile_written(void)
{
	struct stat st;

	return lstat(au.profile, &st) == 0 && S_ISREG(st.st_mode) &&
	       !(au.had_profile && st.st_dev == au.profile_dev && st.st_ino == au.profile_ino);
}

static void write_counts(void)
{
	struct plt_write_summary sum;
	char name[4096];
	int err;

	if (au.written || !au.main || getpid() != au.owner_pid)
		return;
	au.written = 1;
	if (!au.runtime_loaded)
		return;                 /* no profile for this file to stand beside */
	companion_name(au.profile, GMON_PLT_CALLS_NAME, name, sizeof name);
	if (!profile_written()) {
		/* nothing for it to stand beside (the runtime said why) */
		diag("the profile %s was not written: the calls through the PLT are not "
		     "written either (%s)", au.profile, name);
		return;
	}
	err = au.modules.n > 0 ? plt_write(au.profile, &au.modules, &sum) : ENOENT;
	if (err == ENOENT && au.modules.n == 0)
		diag("cannot write the calls through the PLT %s: the executable's program headers "
		     "were not found", name);
	else if (err != 0)
		diag("cannot write the calls through the PLT %s: %s", name, strerror(err));
	else if (au.config.verbose || sum.lost > 0)
		diag("%s %ld: %s: %" PRIu64 " calls through the PLT into %s in %" PRIu64
		     " lines (%u modules), %" PRIu64 " lost (the table was full)",
		     au.config.is_mpi ? "rank" : "pid",
		     au.config.is_mpi ? au.config.rank : (long)getpid(), name, sum.calls,
		     au.config.count_lib_calls, sum.lines, sum.modules, sum.lost);
	lib_list_say_unmatched(&au.config, "BG_GMON_COUNT_LIB_CALLS", au.config.count_lib_calls,
			       au.names_matched, "no call into", "counted");
}

PUBLIC unsigned int la_objclose(uintptr_t *cookie)
{
	struct object *o = (struct object *)*cookie;

	if (o && !o->closed && o != au.main && o->module >= 0)
		/* its calls so far are of its load; a module opened later may be
		 * mapped over its range (a frame of a call is named after the
		 * module mapped when it was counted: module_map_find_at) */
		au.modules.m[o->module].closed = plt_table_new_generation();
	if (o)
		o->closed = 1;
	if (o && o == au.main)
		write_counts();
	return 0;
}

__attribute__((destructor)) static void write_if_not_written(void)
{
	write_counts();
}
