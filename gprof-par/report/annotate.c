/*
 * annotate.c - annotated source (see annotate.h).
 */
#include "annotate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "symspec.h"

#define ANNOTATION_WIDTH 16

/* What a line of a file has: its first symbol (is it a function entry),
 * and the calls of every symbol on it. */
struct line_stat {
	const struct sym *first; /* NULL: no symbol starts on the line */
	unsigned long calls;
	unsigned line;
};

/* One source file, as GNU's Source_File. */
struct source_stat {
	const char *name;
	size_t first_seen;       /* ELF order of its first symbol */
	unsigned num_lines;      /* the highest line of a selected symbol */
	unsigned long calls;
	struct line_stat *lines; /* num_lines */
};

static int selected(const struct symtab *st, const struct sym *s)
{
	return sym_is_row(s) && symspec_included(st, s, SYMSPEC_INCL_ANNO);
}

/* GNU's cmp_ncalls: lines with a symbol first, most calls first, then by
 * line number. */
static int cmp_calls(const void *a, const void *b)
{
	const struct line_stat *l = a, *r = b;

	if (!l->first)
		return r->first ? 1 : 0;
	if (!r->first)
		return -1;
	if (l->calls != r->calls)
		return l->calls < r->calls ? 1 : -1;
	return (l->line > r->line) - (l->line < r->line);
}

/* GNU's list of source files is in reverse order of creation, and a file is
 * created when the first of its symbols is read, in symbol-table order. */
static int cmp_files(const void *a, const void *b)
{
	const struct source_stat *l = a, *r = b;

	return (l->first_seen < r->first_seen) - (l->first_seen > r->first_seen);
}

/* GNU's annotate_with_count, without basic blocks: buf gets
 * ANNOTATION_WIDTH characters for line_num. */
static void annotation(char *buf, const struct source_stat *sf, unsigned line_num,
		       const struct annotate_options *opt, unsigned long *last_count,
		       size_t *executable, size_t *executed)
{
	const struct line_stat *l = line_num <= sf->num_lines ? &sf->lines[line_num - 1] : NULL;
	char text[64];
	size_t len;

	memset(buf, ' ', ANNOTATION_WIDTH);
	buf[ANNOTATION_WIDTH] = '\0';
	if (!l || !l->first)
		return;
	++*executable;
	if (l->first->is_func) {
		*last_count = l->calls;
		snprintf(text, sizeof(text), "%lu", l->calls);
	} else if (opt->all_lines) {
		/* -x: a line with no entry shows the last count */
		snprintf(text, sizeof(text), "%lu", *last_count);
	} else {
		return;
	}
	++*executed;
	if ((l->first->is_func ? l->calls : *last_count) < opt->min_calls)
		strcpy(text, "#####");
	strcat(text, " -> ");
	len = strlen(text);
	if (len >= ANNOTATION_WIDTH)
		memcpy(buf, text, ANNOTATION_WIDTH);
	else
		memcpy(buf + ANNOTATION_WIDTH - len, text, len);
}

static void print_file(FILE *out, int on_report, struct source_stat *sf, const char *text,
		       size_t len, const struct annotate_options *opt, int *first_file,
		       int *printed, unsigned long *last_count)
{
	char buf[ANNOTATION_WIDTH + 1];
	size_t executable = 0, executed = 0;
	unsigned line_num = 1;
	int new_line = 1;

	/* GNU names the file, and separates it, only in the report */
	if (on_report) {
		if (!*first_file)
			fputc('\n', out);
		*first_file = 0;
		if (*printed)
			fputs("\f\n", out);
		*printed = 1;
		fprintf(out, "*** File %s:\n", sf->name);
	}
	for (size_t i = 0; i < len; i++) {
		if (new_line) {
			annotation(buf, sf, line_num++, opt, last_count, &executable, &executed);
			fputs(buf, out);
		}
		new_line = text[i] == '\n';
		fputc(text[i], out);
	}
	if (opt->table_length > 0) {
		unsigned n = (unsigned)opt->table_length < sf->num_lines ?
			(unsigned)opt->table_length : sf->num_lines;

		fprintf(out, "\n\nTop %d Lines:\n\n     Line      Count\n\n", opt->table_length);
		qsort(sf->lines, sf->num_lines, sizeof(*sf->lines), cmp_calls);
		for (unsigned i = 0; i < n && sf->lines[i].first && sf->lines[i].calls != 0; i++)
			fprintf(out, "%9u %10lu\n", sf->lines[i].line, sf->lines[i].calls);
	}
	fprintf(out, "\nExecution Summary:\n\n");
	fprintf(out, "%9zu   Executable lines in this file\n", executable);
	fprintf(out, "%9zu   Lines executed\n", executed);
	fprintf(out, "%9.2f   Percent of the file executed\n",
		executable ? 100.0 * (double)executed / (double)executable : 100.0);
	fprintf(out, "\n%9lu   Total number of line executions\n", sf->calls);
	fprintf(out, "%9.2f   Average executions per line\n",
		executable ? (double)sf->calls / (double)executable : 0.0);
}

/* The interned file names by address, to find a symbol's file's index in
 * O(log files) (-l gives a symbol per line of every file). */
struct file_ref {
	const char *name;
	size_t index;
};

static int cmp_ref(const void *a, const void *b)
{
	uintptr_t l = (uintptr_t)((const struct file_ref *)a)->name;
	uintptr_t r = (uintptr_t)((const struct file_ref *)b)->name;

	return (l > r) - (l < r);
}

/* file_of[i]: the index in st->files of symbol i's file (SIZE_MAX: none). */
static size_t *files_of_symbols(const struct symtab *st)
{
	struct file_ref *refs = malloc((st->nfiles ? st->nfiles : 1) * sizeof(*refs));
	size_t *file_of = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*file_of));

	if (!refs || !file_of) {
		free(refs);
		free(file_of);
		return NULL;
	}
	for (size_t f = 0; f < st->nfiles; f++)
		refs[f] = (struct file_ref){ st->files[f], f };
	qsort(refs, st->nfiles, sizeof(*refs), cmp_ref);
	for (size_t i = 0; i < st->nsyms; i++) {
		struct file_ref key = { st->syms[i].file, 0 };
		const struct file_ref *hit = st->syms[i].file
			? bsearch(&key, refs, st->nfiles, sizeof(*refs), cmp_ref) : NULL;

		file_of[i] = hit ? hit->index : SIZE_MAX;
	}
	free(refs);
	return file_of;
}

int annotate_print(FILE *out, const struct symtab *st, const struct annotate_options *opt,
		   int *printed)
{
	struct source_stat *files = calloc(st->nfiles ? st->nfiles : 1, sizeof(*files));
	size_t *file_of = files_of_symbols(st);
	unsigned long last_count = 0;
	int first_file = 1, rc = 0;

	if (!files || !file_of) {
		free(files);
		free(file_of);
		return -1;
	}
	for (size_t f = 0; f < st->nfiles; f++) {
		files[f].name = st->files[f];
		files[f].first_seen = SIZE_MAX;
	}
	/* each file's lines: up to its highest selected symbol's */
	for (size_t i = 0; i < st->nsyms; i++) {
		const struct sym *s = &st->syms[i];
		size_t f;

		if ((f = file_of[i]) == SIZE_MAX)
			continue;
		if (s->elf_order < files[f].first_seen)
			files[f].first_seen = s->elf_order;
		if (s->line > files[f].num_lines && selected(st, s))
			files[f].num_lines = s->line;
	}
	for (size_t f = 0; f < st->nfiles; f++) {
		files[f].lines = calloc(files[f].num_lines ? files[f].num_lines : 1,
					sizeof(*files[f].lines));
		if (!files[f].lines) {
			rc = -1;
			goto out;
		}
		for (unsigned k = 0; k < files[f].num_lines; k++)
			files[f].lines[k].line = k + 1;
	}
	for (size_t i = 0; i < st->nsyms; i++) {
		const struct sym *s = &st->syms[i];
		struct source_stat *sf;
		struct line_stat *l;
		size_t f;

		if ((f = file_of[i]) == SIZE_MAX || !selected(st, s))
			continue;
		sf = &files[f];
		if (sf->num_lines == 0 || s->line == 0)
			continue;
		sf->calls += s->calls;
		l = &sf->lines[s->line - 1];
		if (!l->first)
			l->first = s;
		l->calls += s->calls;
	}
	qsort(files, st->nfiles, sizeof(*files), cmp_files);
	for (size_t f = 0; f < st->nfiles; f++) {
		struct source_stat *sf = &files[f];
		size_t len;
		char *text;

		if (!sf->num_lines || (!opt->show_zeros && sf->calls == 0))
			continue;
		text = opt->files.read_source(sf->name, &len, opt->files.arg);
		if (!text)
			continue;
		if (!opt->files.open_annotation) {
			print_file(out, 1, sf, text, len, opt, &first_file, printed, &last_count);
		} else {
			FILE *own = opt->files.open_annotation(sf->name, opt->files.arg);

			if (own) {
				print_file(own, 0, sf, text, len, opt, &first_file, printed,
					   &last_count);
				opt->files.close_annotation(own, opt->files.arg);
			}
		}
		free(text);
	}
out:
	for (size_t f = 0; f < st->nfiles; f++)
		free(files[f].lines);
	free(files);
	free(file_of);
	return rc;
}
