/*
 * regions-note.c - the note on hidden regions and clones (regions-note.h).
 */
#include "regions-note.h"

int regions_print_note(FILE *out, const char *program, const struct hidden_share *h)
{
	if (h->total_ticks <= 0.0 || h->hidden_ticks < REGIONS_NOTE_THRESHOLD * h->total_ticks)
		return 0;
	fprintf(out,
		"%s: note: %.1f%% of the samples are in %zu OpenMP region%s or compiler "
		"clone%s (f._omp_fn.N, f.part.N, f.cold, ...) that GNU gprof does not list; "
		"they are reported under the function before them in memory:",
		program, 100.0 * h->hidden_ticks / h->total_ticks, h->nhidden,
		h->nhidden == 1 ? "" : "s", h->nhidden == 1 ? "" : "s");
	for (size_t i = 0; i < h->nabsorbers; i++)
		fprintf(out, "%s %s %.1f%%", i ? "," : "", sym_print_name(h->absorbers[i].sym),
			100.0 * h->absorbers[i].ticks / h->total_ticks);
	fprintf(out, "; --regions=parent charges them to the functions they come from, "
		     "--regions=separate lists each\n");
	return 1;
}
