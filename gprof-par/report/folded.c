/* folded.c - see folded.h. */
#include "folded.h"

#include <inttypes.h>

/* A name without the characters the format gives a meaning to. */
static void print_frame_name(FILE *out, const char *name)
{
	for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
		if (*c == ';')
			fputc(':', out);
		else if (*c <= ' ' || *c == 0x7f)
			fputc('_', out);
		else
			fputc(*c, out);
	}
}

void folded_print(FILE *out, const struct measured *m)
{
	for (size_t p = 0; p < m->npaths; p++) {
		const struct measured_path *path = &m->paths[p];

		for (uint32_t i = 0; i < path->n; i++) {
			if (i)
				fputc(';', out);
			print_frame_name(out, m->fns[m->ids[path->first + i]].name);
		}
		fprintf(out, " %" PRIu64 "\n", path->samples);
	}
}
