/*
 * companion-text.h - what the text files beside a profile share
 * (PROFILE+paths, include/gmon-callpaths.h; PROFILE+calls and
 * PROFILE+plt-calls, include/gmon-calls.h): numbers, the module lines
 * "module<TAB>INDEX<TAB>BUILD-ID<TAB>PATH" and the MODULE:ADDRESS frames,
 * scanned by hand (a sum reads millions of frames: strtoull with strchr
 * took 70% of its time).
 */
#ifndef GPROF_PAR_COMPANION_TEXT_H
#define GPROF_PAR_COMPANION_TEXT_H

#include <stddef.h>
#include <stdint.h>

#define COMPANION_NO_MODULE UINT64_MAX   /* a frame's "-": in no module */

/* s as an unsigned number in base (no sign, no space, nothing after it).
 * Returns 0, or -1. */
int companion_parse_u64(const char *s, int base, uint64_t *v);

/*
 * The fields of a module line after its keyword, "INDEX<TAB>BUILD-ID<TAB>PATH"
 * (cut in place): INDEX must be expected (module lines count up from 0),
 * BUILD-ID lower-case hex or "-" (*build_id is then NULL), PATH not empty
 * (the rest of the line).  Returns 0, or -1 with what is wrong in *why.
 */
int companion_parse_module(char *fields, uint64_t expected, const char **build_id,
			   const char **path, const char **why);

/*
 * One frame "MODULE:ADDRESS" at *text (MODULE a decimal index below
 * nmodules, or "-": *module is then COMPANION_NO_MODULE; ADDRESS 1 to 16
 * lower-case hex digits), ending at end or at the end of the string;
 * *text is left after it (and after end).  Returns 0, or -1.  Inline: a
 * sum scans millions of them.
 */
static inline int companion_hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static inline int companion_scan_frame(const char **text, char end, uint64_t nmodules,
				       uint64_t *module, uint64_t *addr)
{
	const char *c = *text;
	uint64_t m = 0, a = 0;
	int digits = 0, d;

	if (*c == '-') {
		m = COMPANION_NO_MODULE;
		c++;
	} else {
		for (; *c >= '0' && *c <= '9' && digits < 10; c++, digits++)
			m = m * 10 + (uint64_t)(*c - '0');
		if (digits == 0 || m >= nmodules)
			return -1;
	}
	if (*c++ != ':')
		return -1;
	for (digits = 0; (d = companion_hex_digit(*c)) >= 0; c++, digits++) {
		if (digits == 16)
			return -1;
		a = a << 4 | (uint64_t)d;
	}
	if (digits == 0 || (*c != end && *c != '\0'))
		return -1;
	*module = m;
	*addr = a;
	*text = *c == end && end != '\0' ? c + 1 : c;
	return 0;
}

#endif /* GPROF_PAR_COMPANION_TEXT_H */
