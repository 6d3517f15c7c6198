/* json-export.c - see json-export.h. */
#include "json-export.h"

#include <inttypes.h>
#include <stdint.h>

#include "utf8.h"

/* JSON's escapes of ASCII characters. */
static const char *json_escape(unsigned char c, char buf[8])
{
	switch (c) {
	case '"': return "\\\"";
	case '\\': return "\\\\";
	case '\b': return "\\b";
	case '\f': return "\\f";
	case '\n': return "\\n";
	case '\r': return "\\r";
	case '\t': return "\\t";
	default:
		if (c < 0x20 || c == 0x7f) {
			snprintf(buf, 8, "\\u%04x", c);
			return buf;
		}
		return NULL;
	}
}

void json_export_string(FILE *out, const char *s)
{
	if (!s) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	utf8_write_escaped(out, s, "\\ufffd", json_escape);
	fputc('"', out);
}

/* samples / rate, or null. */
static void print_seconds(FILE *out, uint64_t samples, unsigned rate)
{
	if (rate > 0)
		fprintf(out, "%.9g", (double)samples / rate);
	else
		fputs("null", out);
}

void json_export_print(FILE *out, const struct measured *m, const struct measured_arc *arcs,
		       size_t narcs, const char *program)
{
	json_export_head(out, m, arcs, narcs, program);
	fputs("\n}\n", out);
}

void json_export_ranks_begin(FILE *out)
{
	fputs(",\n  \"ranks\": [", out);
}

void json_export_rank(FILE *out, const struct measured *part, int64_t rank, const char *file,
		      uint64_t lost, uint64_t cut, int first)
{
	int any = 0;

	fprintf(out, "%s\n    {\"rank\": %" PRId64 ", \"file\": ", first ? "" : ",", rank);
	json_export_string(out, file);
	fprintf(out, ", \"samples\": %" PRIu64 ", \"seconds\": ", part->samples);
	print_seconds(out, part->samples, part->rate);
	fprintf(out, ", \"lost\": %" PRIu64 ", \"cut\": %" PRIu64 ", \"functions\": [", lost,
		cut);
	for (size_t f = 0; f < part->nfns; f++) {
		const struct measured_fn *fn = &part->fns[f];

		if (fn->total == 0)
			continue;
		fprintf(out, "%s{\"id\": %zu, \"self_samples\": %" PRIu64 ", \"total_samples\": %"
			PRIu64 "}", any ? ", " : "", f, fn->self, fn->total);
		any = 1;
	}
	fputs("]}", out);
}

void json_export_ranks_end(FILE *out, int any)
{
	fputs(any ? "\n  ]\n}\n" : "]\n}\n", out);
}

void json_export_head(FILE *out, const struct measured *m, const struct measured_arc *arcs,
		      size_t narcs, const char *program)
{
	fprintf(out, "{\n  \"format\": \"%s\",\n  \"version\": %d,\n  \"program\": ",
		JSON_EXPORT_FORMAT, JSON_EXPORT_VERSION);
	json_export_string(out, program);
	fputs(",\n  \"rate\": ", out);
	if (m->rate > 0)
		fprintf(out, "%u", m->rate);
	else
		fputs("null", out);
	fprintf(out, ",\n  \"samples\": %" PRIu64 ",\n  \"functions\": [", m->samples);
	for (size_t f = 0; f < m->nfns; f++) {
		const struct measured_fn *fn = &m->fns[f];

		fprintf(out, "%s\n    {\"id\": %zu, \"name\": ", f ? "," : "", f);
		json_export_string(out, fn->name);
		fputs(", \"module\": ", out);
		json_export_string(out, fn->module);
		fputs(", \"file\": ", out);
		json_export_string(out, fn->file);
		if (fn->line > 0)
			fprintf(out, ", \"line\": %u", fn->line);
		else
			fputs(", \"line\": null", out);
		fprintf(out, ", \"self_samples\": %" PRIu64 ", \"total_samples\": %" PRIu64
			", \"self_seconds\": ", fn->self, fn->total);
		print_seconds(out, fn->self, m->rate);
		fputs(", \"total_seconds\": ", out);
		print_seconds(out, fn->total, m->rate);
		fputc('}', out);
	}
	fputs(m->nfns ? "\n  ],\n  \"arcs\": [" : "],\n  \"arcs\": [", out);
	for (size_t k = 0; k < narcs; k++) {
		const struct measured_arc *a = &arcs[k];

		fprintf(out, "%s\n    {\"caller\": %" PRIu32 ", \"callee\": %" PRIu32
			", \"inclusive_samples\": %" PRIu64 ", \"inclusive_seconds\": ",
			k ? "," : "", a->caller, a->callee, a->inclusive);
		print_seconds(out, a->inclusive, m->rate);
		if (a->has_calls)
			fprintf(out, ", \"calls\": %" PRIu64 "}", a->calls);
		else
			fputs(", \"calls\": null}", out);
	}
	fputs(narcs ? "\n  ],\n  \"paths\": [" : "],\n  \"paths\": [", out);
	for (size_t p = 0; p < m->npaths; p++) {
		const struct measured_path *path = &m->paths[p];

		fprintf(out, "%s\n    {\"frames\": [", p ? "," : "");
		for (uint32_t i = 0; i < path->n; i++)
			fprintf(out, "%s%" PRIu32, i ? ", " : "", m->ids[path->first + i]);
		fprintf(out, "], \"samples\": %" PRIu64 "}", path->samples);
	}
	fputs(m->npaths ? "\n  ]" : "]", out);
}
