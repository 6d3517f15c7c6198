/*
 * balance-svg.c - the load-balance heat map as SVG (see balance-svg.h).
 */
#include "balance-svg.h"

#include <inttypes.h>
#include <string.h>

#define CELL_HEIGHT 18
#define LABEL_CHARS 44           /* names longer than this are shortened */
#define CHAR_WIDTH 8             /* at least a 12px monospace advance (7.2px) */
#define TOP 56
#define LEFT_PAD 10
#define SLOWEST_WIDTH 330        /* "slowest rank N: S s (Rx the mean)" */
#define LEGEND_WIDTH 200

/* Text in XML: markup characters as entities; bytes that are not ASCII as
 * character references (symbol names are bytes, not always UTF-8);
 * control characters as '?'.  At most max bytes, then an ellipsis. */
static void xml_text(FILE *out, const char *s, size_t max)
{
	size_t n = 0;

	for (; *s; s++, n++) {
		unsigned char c = (unsigned char)*s;

		if (n == max) {
			fputs("&#x2026;", out);
			return;
		}
		if (c == '&')
			fputs("&amp;", out);
		else if (c == '<')
			fputs("&lt;", out);
		else if (c == '>')
			fputs("&gt;", out);
		else if (c == '"')
			fputs("&quot;", out);
		else if (c >= 0x80)
			fprintf(out, "&#x%x;", c);
		else if (c < 0x20)
			fputc('?', out);
		else
			fputc(c, out);
	}
}

/* Light yellow to dark red (ColorBrewer's YlOrRd), by value 0..1. */
static void colour(char buf[8], double t)
{
	static const unsigned char stops[][3] = {
		{ 255, 255, 204 }, { 254, 217, 118 }, { 253, 141, 60 }, { 227, 26, 28 },
		{ 128, 0, 38 },
	};
	double x = (t < 0 ? 0 : t > 1 ? 1 : t) * 4;
	int i = x >= 4 ? 3 : (int)x;
	double f = x - i;
	unsigned char rgb[3];

	for (int k = 0; k < 3; k++)
		rgb[k] = (unsigned char)(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * f + 0.5);
	snprintf(buf, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

static void print_ranks(FILE *out, int64_t first, int64_t last)
{
	if (first == last)
		fprintf(out, "rank %" PRId64, first);
	else
		fprintf(out, "ranks %" PRId64 "-%" PRId64, first, last);
}

/* The width of a rank's label under its column: its digits and a gap. */
static int rank_label_width(const struct balance_heat *h)
{
	int64_t most = 0;
	int digits = 1;

	for (uint32_t c = 0; c < h->ncolumns; c++)
		most = h->first[c] > most ? h->first[c] : most;
	for (; most >= 10; most /= 10)
		digits++;
	return digits * CHAR_WIDTH + 6;
}

void balance_svg_print(FILE *out, const struct balance_heat *h)
{
	size_t longest = 0;
	int cell_width, left, width, height, grid_bottom, label_every, label_width;
	int binned = h->ncolumns < h->nranks;
	char fill[8];

	/* a row's label: its name (shortened) and the " *" of a row beyond
	 * noise, all of it right of the picture's left edge */
	for (size_t r = 0; r < h->nrows; r++) {
		size_t n = strlen(sym_print_name(h->rows[r]->sym));

		n = n > LABEL_CHARS ? LABEL_CHARS + 1 : n;
		n += h->rows[r]->significant ? 2 : 0;
		longest = n > longest ? n : longest;
	}
	left = LEFT_PAD + (int)longest * CHAR_WIDTH + 8;
	cell_width = h->ncolumns ? 960 / (int)h->ncolumns : 40;
	cell_width = cell_width > 40 ? 40 : cell_width < 3 ? 3 : cell_width;
	grid_bottom = TOP + (int)h->nrows * CELL_HEIGHT;
	width = left + (int)h->ncolumns * cell_width + 20 + (binned ? SLOWEST_WIDTH : 0);
	width = width < 840 ? 840 : width;     /* the title's width */
	height = grid_bottom + 80;
	/* every column's rank where its label fits under it */
	label_width = rank_label_width(h);
	label_every = cell_width >= label_width ? 1 : (label_width + cell_width - 1) / cell_width;

	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" id=\"load-balance\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"monospace\" font-size=\"12\">\n"
		"<style>rect.cell:hover { stroke: #000; stroke-width: 1.5; }</style>\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
		width, height, width, height);
	fprintf(out, "<text x=\"%d\" y=\"20\" font-size=\"15\">Load balance: self seconds per "
		"rank of the %zu function%s losing the most time to imbalance</text>\n",
		LEFT_PAD, h->nrows, h->nrows == 1 ? "" : "s");
	fprintf(out, "<text x=\"%d\" y=\"38\" fill=\"#555555\">%" PRIu64 " rank%s in %" PRIu32
		" column%s%s; hover over a cell for its values; * beyond sampling noise "
		"(99%%)</text>\n", LEFT_PAD, h->nranks,
		h->nranks == 1 ? "" : "s", h->ncolumns, h->ncolumns == 1 ? "" : "s",
		h->ncolumns < h->nranks ? " (each the mean of its ranks)" : "");

	fprintf(out, "<g id=\"rows\">\n");
	for (size_t r = 0; r < h->nrows; r++) {
		const char *name = sym_print_name(h->rows[r]->sym);
		int y = TOP + (int)r * CELL_HEIGHT;

		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", left - 8,
			y + CELL_HEIGHT - 5);
		xml_text(out, name, LABEL_CHARS);
		if (strlen(name) > LABEL_CHARS) {     /* the whole name on hover */
			fputs("<title>", out);
			xml_text(out, name, SIZE_MAX);
			fputs("</title>", out);
		}
		if (h->rows[r]->significant) {
			char who[64];
			int k = balance_noise_ranks(who, sizeof who, &h->rows[r]->noise);

			/* (the test that found it: rank-noise.h) */
			fputs("<tspan class=\"significant\" fill=\"#b00000\"> *<title>imbalance "
			      "beyond sampling noise (", out);
			if (k && balance_noise_named(&h->rows[r]->noise))
				fprintf(out, "%s %s, 99%%", who, k > 1 ? "outliers" : "an outlier");
			else
				fputs("chi-square, 99%", out);
			fputs(")</title></tspan>", out);
		}
		fputs("</text>\n", out);
		for (uint32_t c = 0; c < h->ncolumns; c++) {
			double v = h->cells[r * h->ncolumns + c];

			if (v < 0) {
				snprintf(fill, sizeof(fill), "#eeeeee");
			} else {
				colour(fill, h->max > 0 ? v / h->max : 0);
			}
			fprintf(out, "<rect class=\"cell\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
				"fill=\"%s\"><title>", left + (int)c * cell_width, y, cell_width,
				CELL_HEIGHT - 1, fill);
			xml_text(out, name, SIZE_MAX);
			fputs(", ", out);
			if (v < 0) {
				fputs("no rank", out);
			} else {
				print_ranks(out, h->first[c], h->last[c]);
				fprintf(out, ": %.3f s%s", v,
					h->first[c] != h->last[c] ? " per rank (mean)" : "");
			}
			fputs("</title></rect>\n", out);
		}
		/* a column's mean hides one slow rank among its many: name it */
		if (binned && h->rows[r]->time.max <= 0)
			fprintf(out, "<text class=\"slowest\" x=\"%d\" y=\"%d\">no time in any rank</text>\n",
				left + (int)h->ncolumns * cell_width + 8, y + CELL_HEIGHT - 5);
		else if (binned)
			fprintf(out, "<text class=\"slowest\" x=\"%d\" y=\"%d\">slowest rank %" PRId64
				": %.3f s (%.1fx the mean)</text>\n",
				left + (int)h->ncolumns * cell_width + 8, y + CELL_HEIGHT - 5,
				h->rows[r]->time.max_rank, h->rows[r]->time.max,
				h->rows[r]->time.mean > 0 ? h->rows[r]->time.max / h->rows[r]->time.mean
							  : 0.0);
	}
	fprintf(out, "</g>\n<g id=\"ranks\" fill=\"#555555\">\n");
	for (uint32_t c = 0; c < h->ncolumns; c += (uint32_t)label_every) {
		if (h->first[c] < 0)
			continue;
		fprintf(out, "<text x=\"%d\" y=\"%d\">%" PRId64 "</text>\n",
			left + (int)c * cell_width, grid_bottom + 16, h->first[c]);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\">rank</text>\n</g>\n", LEFT_PAD, grid_bottom + 16);

	fprintf(out, "<g id=\"legend\">\n<defs><linearGradient id=\"scale\">\n");
	for (int k = 0; k <= 4; k++) {
		colour(fill, k / 4.0);
		fprintf(out, "<stop offset=\"%d%%\" stop-color=\"%s\"/>\n", k * 25, fill);
	}
	fprintf(out, "</linearGradient></defs>\n"
		"<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"url(#scale)\"/>\n"
		"<text x=\"%d\" y=\"%d\">0 s</text>\n"
		"<text x=\"%d\" y=\"%d\">%.3f s per rank</text>\n</g>\n</svg>\n",
		left, grid_bottom + 36, LEGEND_WIDTH, left, grid_bottom + 64,
		left + LEGEND_WIDTH - 20, grid_bottom + 64, h->max);
}
