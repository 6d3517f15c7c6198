/*
 * demangle.c - printable names for mangled symbols, through libiberty
 * (the demangler binutils and so GNU gprof use, for identical output).
 */
#include <errno.h>
#include <stdlib.h>

#include <libiberty/demangle.h>

#include "demangle.h"
#include "errors.h"

int demangle_set_style(const char *style, char *err, size_t errlen)
{
	enum demangling_styles s = cplus_demangle_name_to_style(style);

	if (s == unknown_demangling) {
		set_error(err, errlen,
			  "unknown demangling style '%s' (use auto, gnu-v3, java, gnat, dlang "
			  "or rust)", style);
		return -1;
	}
	cplus_demangle_set_style(s);
	return 0;
}

int demangle_name(const char *name, char **demangled)
{
	/* cplus_demangle returns NULL both for a name that is not mangled and
	 * when malloc fails; only errno tells them apart. */
	errno = 0;
	*demangled = cplus_demangle(name, DMGL_ANSI | DMGL_PARAMS);
	return !*demangled && errno == ENOMEM ? -1 : 0;
}

int demangle_symtab(struct symtab *st)
{
	for (size_t i = 0; i < st->nsyms; i++)
		if (demangle_name(st->syms[i].name, &st->syms[i].demangled) != 0)
			return -1;
	return 0;
}
