/*
 * source-times.c - see source-times.h.
 */
#include "source-times.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A source file's text, cut into lines (by the caller's reader). */
struct text {
	char *buf;
	const char **line;       /* line[k]: the start of line k + 1 */
	size_t *len;
	size_t nlines;
};

static void text_free(struct text *t)
{
	free(t->buf);
	free(t->line);
	free(t->len);
	memset(t, 0, sizeof *t);
}

/* The lines of name's text; none when it cannot be read.  Returns 0, or -1
 * when out of memory. */
static int text_read(struct text *t, const char *name, const struct source_times_options *o)
{
	size_t len = 0, n = 0, k = 0;

	memset(t, 0, sizeof *t);
	if (!name || !o->read_source || !(t->buf = o->read_source(name, &len, o->arg)))
		return 0;
	for (size_t i = 0; i < len; i++)
		n += t->buf[i] == '\n';
	n++;
	t->line = malloc(n * sizeof *t->line);
	t->len = malloc(n * sizeof *t->len);
	if (!t->line || !t->len) {
		text_free(t);
		return -1;
	}
	for (size_t start = 0, i = 0; i <= len; i++)
		if (i == len || t->buf[i] == '\n') {
			if (i == len && start == len)
				break;   /* no line after the last newline */
			t->line[k] = t->buf + start;
			t->len[k++] = i - start;
			start = i + 1;
		}
	t->nlines = k;
	return 0;
}

/* One row: the samples of the line, when it has any, then its text. */
static void print_row(FILE *out, const struct text *t, unsigned line, uint64_t samples,
		      int sampled, uint64_t of, const struct source_times_options *o)
{
	if (sampled) {
		fprintf(out, "%10" PRIu64 " ", samples);
		if (o->hz > 0)
			fprintf(out, "%8.2f ", (double)samples / o->hz);
		else
			fputs("       - ", out);
		fprintf(out, "%8.2f ", of ? 100.0 * (double)samples / (double)of : 0.0);
	} else {
		fprintf(out, "%28s", "");
	}
	fprintf(out, "%6u  ", line);
	if (line >= 1 && line <= t->nlines) {
		const char *s = t->line[line - 1];

		for (size_t i = 0; i < t->len[line - 1]; i++)
			fputc((unsigned char)s[i] < 0x20 && s[i] != '\t' ? '?' : s[i], out);
	}
	fputc('\n', out);
}

static int print_fn(FILE *out, const struct source_times_fn *f,
		    const struct source_times_options *o)
{
	struct text t;
	uint64_t placed = 0;
	size_t i = 0;

	fprintf(out, "%s: %" PRIu64 " samples", f->name, f->samples);
	if (o->hz > 0)
		fprintf(out, ", %.2f seconds", (double)f->samples / o->hz);
	/* of all the samples, the libraries' too, as the summary counts them */
	fprintf(out, ", %.2f%% of all samples", o->total + o->libraries
		? 100.0 * (double)f->samples / ((double)o->total + (double)o->libraries) : 0.0);
	if (o->libraries)
		fprintf(out, " (the shared libraries' included; %.2f%% of the executable's)",
			o->total ? 100.0 * (double)f->samples / (double)o->total : 0.0);
	if (f->file)
		fprintf(out, " (%s)", f->file);
	fputs("\n\n   samples  seconds  % of fn   line  source\n", out);
	for (size_t k = 0; k < f->nlines; k++)
		placed += f->lines[k].samples;
	if (f->file) {
		if (text_read(&t, f->file, o) != 0)
			return -1;
		if (!t.buf)
			fprintf(out, "  (%s cannot be read: the lines without their text)\n",
				f->file);
		/* the function's file: its lines first .. last */
		while (i < f->nlines && strcmp(f->lines[i].file, f->file) < 0)
			i++;
		for (unsigned line = f->first; line <= f->last && line > 0; line++) {
			size_t k = i;

			while (k < f->nlines && strcmp(f->lines[k].file, f->file) == 0 &&
			       f->lines[k].line < line)
				k++;
			if (k < f->nlines && strcmp(f->lines[k].file, f->file) == 0 &&
			    f->lines[k].line == line)
				print_row(out, &t, line, f->lines[k].samples, 1, f->samples, o);
			else
				print_row(out, &t, line, 0, 0, f->samples, o);
		}
		text_free(&t);
	}
	/* the others: lines of other files, or outside first .. last */
	for (size_t k = 0; k < f->nlines;) {
		const char *file = f->lines[k].file;
		size_t end = k;
		int shown = 0;

		while (end < f->nlines && strcmp(f->lines[end].file, file) == 0)
			end++;
		for (size_t j = k; j < end; j++) {
			const struct source_line_cost *c = &f->lines[j];

			if (f->file && strcmp(file, f->file) == 0 && c->line >= f->first &&
			    c->line <= f->last)
				continue;
			if (!shown) {
				if (text_read(&t, file, o) != 0)
					return -1;
				fprintf(out, "  %s:\n", file);
				shown = 1;
			}
			print_row(out, &t, c->line, c->samples, 1, f->samples, o);
		}
		if (shown)
			text_free(&t);
		k = end;
	}
	if (f->samples > placed)
		fprintf(out, "  no line: %" PRIu64 " samples\n", f->samples - placed);
	fputc('\n', out);
	return 0;
}

int source_times_print(FILE *out, const struct source_times_fn *fns, size_t n,
		       const struct source_times_options *o)
{
	fputs("Source times: each line's samples, seconds and percent of its function's\n\n",
	      out);
	for (size_t f = 0; f < n; f++)
		if (print_fn(out, &fns[f], o) != 0)
			return -1;
	return 0;
}
