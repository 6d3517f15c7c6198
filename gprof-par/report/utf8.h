/*
 * utf8.h - names are bytes (symbol tables hold whatever the compiler
 * wrote); exports that must be valid UTF-8 (JSON, SVG) check each sequence
 * here and write U+FFFD for what is not.
 */
#ifndef GPROF_PAR_UTF8_H
#define GPROF_PAR_UTF8_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* U+FFFD REPLACEMENT CHARACTER in UTF-8. */
#define UTF8_REPLACEMENT "\xef\xbf\xbd"

/*
 * The code point at s in *cp and its length in bytes, or 0 when s does
 * not start with a valid UTF-8 sequence (RFC 3629: no overlong form, no
 * surrogate, nothing past U+10FFFF; a NUL ends a sequence short).
 */
size_t utf8_decode(const unsigned char *s, uint32_t *cp);

/*
 * Writes s to out as valid UTF-8: each valid sequence of more than one
 * byte as it is, each byte that starts no valid sequence as invalid (U+FFFD
 * in the output's syntax), and each ASCII character as escape(c, buf) says:
 * a replacement (which may be built in buf, 8 bytes), or NULL for the
 * character itself.
 */
void utf8_write_escaped(FILE *out, const char *s, const char *invalid,
			const char *(*escape)(unsigned char c, char buf[8]));

#endif /* GPROF_PAR_UTF8_H */
