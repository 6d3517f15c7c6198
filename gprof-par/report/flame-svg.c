/*
 * flame-svg.c - the sampled call paths as a flame graph (see flame-svg.h).
 *
 * The paths come sorted by their names, root first (measured.h), so that
 * the paths through one box are next to each other: one pass over them,
 * keeping the boxes of the previous path open, lays the prefix tree out
 * (as flamegraph.pl does with sorted folded stacks).  A box ends where a
 * path leaves it; its x is the samples of the paths before it.
 */
#include "flame-svg.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "utf8.h"

#define IMAGE_WIDTH 1200
#define XPAD 10                  /* left and right of the boxes */
#define FRAME_HEIGHT 16
#define FONT_SIZE 12
#define CHAR_WIDTH (FONT_SIZE * 0.6)   /* a monospace character's advance */
#define TOP 56                   /* the title and subtitle */
#define BOTTOM 30                /* the details line */
#define ROOT UINT32_MAX          /* the fn of the root box, "all" */
#define ROOT_NAME "all"

/* A box: fn on the path of depth frames (the root 0), from start to
 * start + samples. */
struct box {
	uint64_t start, samples;
	uint32_t fn, depth;
};

struct layout {
	struct box *boxes;
	size_t nboxes, cap;
	uint64_t total;
	uint32_t depth;          /* the deepest box drawn */
	size_t hidden;           /* boxes too narrow to draw */
	char **names;            /* the fns' names, cleaned; [nfns]: the root's */
};

/* Whether XML text may hold cp as itself (no control characters, C1
 * controls or non-characters XML 1.0 forbids or discourages). */
static int xml_char(uint32_t cp)
{
	return !(cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0xfffe || cp == 0xffff);
}

/* name as valid UTF-8 with only characters XML allows: anything else is
 * U+FFFD, an empty name "?".  Malloc'ed, NULL when out of memory. */
static char *clean_name(const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	size_t len = strlen(name), o = 0;
	char *out = malloc(len > SIZE_MAX / 3 - 2 ? SIZE_MAX : 3 * len + 2);

	if (!out)
		return NULL;
	while (*s) {
		uint32_t cp;
		size_t n = utf8_decode(s, &cp);

		if (n > 0 && xml_char(cp)) {
			memcpy(out + o, s, n);
			o += n;
			s += n;
		} else {
			memcpy(out + o, UTF8_REPLACEMENT, 3);
			o += 3;
			s += n ? n : 1;
		}
	}
	if (o == 0)
		out[o++] = '?';
	out[o] = '\0';
	return out;
}

/* The characters (code points) of a cleaned name. */
static size_t utf8_length(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Up to max characters of a cleaned name as XML text (or an attribute's
 * value): the markup characters as entities. */
static void xml_text(FILE *out, const char *s, size_t max)
{
	for (size_t n = 0; *s && n < max; n++) {
		unsigned char c = (unsigned char)*s;
		size_t len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;

		switch (c) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&#39;", out);
			break;
		default:
			fwrite(s, 1, len, out);
		}
		s += len;
	}
}

static int add_box(struct layout *l, uint32_t fn, uint32_t depth, uint64_t start)
{
	struct box *grown = grow_array(l->boxes, &l->cap, l->nboxes + 1, sizeof *l->boxes, 256);

	if (!grown)
		return -1;
	l->boxes = grown;
	l->boxes[l->nboxes++] = (struct box){ .start = start, .fn = fn, .depth = depth };
	return 0;
}

/* The prefix tree of m's paths, laid out: boxes[0] is the root. */
static int lay_out(struct layout *l, const struct measured *m)
{
	size_t *open = NULL, nopen = 0, open_cap = 0;   /* the previous path's boxes */
	const uint32_t *prev = NULL;
	uint32_t prev_n = 0;

	if (add_box(l, ROOT, 0, 0) != 0)
		return -1;
	for (size_t p = 0; p < m->npaths; p++) {
		const struct measured_path *path = &m->paths[p];
		const uint32_t *ids = &m->ids[path->first];
		uint32_t same = 0;

		if (path->samples == 0)
			continue;
		while (same < prev_n && same < path->n && prev[same] == ids[same])
			same++;
		nopen = same;
		for (uint32_t i = same; i < path->n; i++) {
			size_t *grown = grow_array(open, &open_cap, nopen + 1, sizeof *open, 64);

			if (!grown || add_box(l, ids[i], i + 1, l->total) != 0) {
				free(grown ? grown : open);
				return -1;
			}
			open = grown;
			open[nopen++] = l->nboxes - 1;
		}
		for (size_t i = 0; i < nopen; i++)
			l->boxes[open[i]].samples += path->samples;
		l->total += path->samples;
		prev = ids;
		prev_n = path->n;
	}
	free(open);
	l->boxes[0].samples = l->total;
	return 0;
}

/* Whether a box is wide enough to draw. */
static int drawn(const struct layout *l, const struct box *b)
{
	return b->samples > 0 && (double)b->samples >= FLAME_SVG_MIN_SHARE * (double)l->total;
}

static void layout_free(struct layout *l, size_t nfns)
{
	if (l->names)
		for (size_t i = 0; i <= nfns; i++)
			free(l->names[i]);
	free(l->names);
	free(l->boxes);
}

/* Lays m out and names the boxes to be drawn. */
static int prepare(struct layout *l, const struct measured *m)
{
	memset(l, 0, sizeof *l);
	l->names = calloc(m->nfns + 1, sizeof *l->names);
	if (!l->names || lay_out(l, m) != 0 || !(l->names[m->nfns] = clean_name(ROOT_NAME)))
		return -1;
	for (size_t i = 0; i < l->nboxes; i++) {
		const struct box *b = &l->boxes[i];

		if (!drawn(l, b)) {
			l->hidden += b->samples > 0;     /* not the root of no paths */
			continue;
		}
		l->depth = b->depth > l->depth ? b->depth : l->depth;
		if (b->fn != ROOT && !l->names[b->fn] &&
		    !(l->names[b->fn] = clean_name(m->fns[b->fn].name)))
			return -1;
	}
	return 0;
}

/* A warm colour (flamegraph.pl's "hot" range: red to yellow) from a hash
 * of the name: the same function has the same colour everywhere. */
static void print_colour(FILE *out, const char *name)
{
	uint64_t h = 0xcbf29ce484222325u;        /* FNV-1a */

	for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
		h ^= *c;
		h *= 0x100000001b3u;
	}
	h ^= h >> 29;
	fprintf(out, "rgb(%u,%u,%u)", 205 + (unsigned)((h >> 40 & 0xff) * 50 / 255),
		(unsigned)((h & 0xffff) * 230 / 0xffff), (unsigned)((h >> 16 & 0xff) * 55 / 255));
}

static void print_box(FILE *out, const struct layout *l, const struct box *b, const char *name)
{
	double scale = (double)(IMAGE_WIDTH - 2 * XPAD) / (double)l->total;
	double x = XPAD + (double)b->start * scale, w = (double)b->samples * scale;
	int y = TOP + (int)(l->depth - b->depth) * FRAME_HEIGHT;
	size_t fit = (size_t)(w / CHAR_WIDTH), len = utf8_length(name);

	fprintf(out, "<g class=\"f\" data-x=\"%" PRIu64 "\" data-w=\"%" PRIu64 "\" data-d=\"%" PRIu32
		"\"><title>", b->start, b->samples, b->depth);
	xml_text(out, name, SIZE_MAX);
	fprintf(out, " (%" PRIu64 " sample%s, %.2f%%)</title>", b->samples,
		b->samples == 1 ? "" : "s", 100.0 * (double)b->samples / (double)l->total);
	fprintf(out, "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" rx=\"2\" fill=\"", x,
		y, w, FRAME_HEIGHT - 1);
	print_colour(out, name);
	fprintf(out, "\"/><text x=\"%.2f\" y=\"%d\">", x + 3, y + FRAME_HEIGHT - 4);
	if (fit >= 3 && len <= fit) {
		xml_text(out, name, SIZE_MAX);
	} else if (fit >= 3) {                   /* shortened to the box */
		xml_text(out, name, fit - 2);
		fputs("..", out);
	}
	fputs("</text></g>\n", out);
}

/* Click a box to zoom into it: its callees fill the width, its callers
 * stay below at full width, faded; the rest hides.  Clicking the root or
 * the background zooms out.  Labels are shortened again to their boxes.
 * The script finds its SVG by its id, in a file of its own as inline in
 * the summary's page (where the document is the page). */
static const char zoom_script[] =
	"(function () {\n"
	"  var svg = document.getElementById('flame-graph'), left = %d, span = %d, cw = %.2f;\n"
	"  var boxes = Array.prototype.slice.call(svg.querySelectorAll('g.f'));\n"
	"  var details = document.getElementById('details'), unzoom = document.getElementById('unzoom');\n"
	"  function num(g, a) { return +g.getAttribute('data-' + a); }\n"
	"  function title(g) { return g.querySelector('title').textContent; }\n"
	"  function place(g, x, w) {\n"
	"    var r = g.querySelector('rect'), t = g.querySelector('text'), s = title(g);\n"
	"    var name = s.slice(0, s.lastIndexOf(' (')), fit = Math.floor(w / cw);\n"
	"    r.setAttribute('x', x.toFixed(2));\n"
	"    r.setAttribute('width', w.toFixed(2));\n"
	"    t.setAttribute('x', (x + 3).toFixed(2));\n"
	"    t.textContent = fit < 3 ? '' : name.length <= fit ? name\n"
	"      : name.slice(0, fit - 2) + '..';\n"
	"  }\n"
	"  function zoom(z) {\n"
	"    var x0 = num(z, 'x'), w0 = num(z, 'w'), d0 = num(z, 'd');\n"
	"    boxes.forEach(function (g) {\n"
	"      var x = num(g, 'x'), w = num(g, 'w'), d = num(g, 'd');\n"
	"      if (d >= d0 && x >= x0 && x + w <= x0 + w0) {\n"
	"        g.style.display = ''; g.style.opacity = '';\n"
	"        place(g, left + (x - x0) / w0 * span, w / w0 * span);\n"
	"      } else if (d < d0 && x <= x0 && x + w >= x0 + w0) {\n"
	"        g.style.display = ''; g.style.opacity = '0.5';\n"
	"        place(g, left, span);\n"
	"      } else {\n"
	"        g.style.display = 'none';\n"
	"      }\n"
	"    });\n"
	"    unzoom.style.display = d0 > 0 ? '' : 'none';\n"
	"  }\n"
	"  boxes.forEach(function (g) {\n"
	"    g.addEventListener('click', function (e) { e.stopPropagation(); zoom(g); });\n"
	"    g.addEventListener('mouseover', function () { details.textContent = title(g); });\n"
	"    g.addEventListener('mouseout', function () { details.textContent = ' '; });\n"
	"  });\n"
	"  svg.addEventListener('click', function () { if (boxes.length) zoom(boxes[0]); });\n"
	"})();\n";

static void print_header(FILE *out, const struct measured *m, const struct layout *l,
			 const char *title, int height)
{
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" id=\"flame-graph\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"monospace\" font-size=\"%d\">\n"
		"<style>g.f { cursor: pointer; } g.f:hover rect { stroke: #000; "
		"stroke-width: 0.5; } text { pointer-events: none; } "
		"#unzoom { cursor: pointer; pointer-events: auto; }</style>\n"
		"<defs><linearGradient id=\"background-gradient\" x1=\"0\" y1=\"0\" x2=\"0\" "
		"y2=\"1\"><stop offset=\"5%%\" stop-color=\"#eeeeee\"/><stop offset=\"95%%\" "
		"stop-color=\"#eeeeb0\"/></linearGradient></defs>\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"url(#background-gradient)\"/>\n",
		IMAGE_WIDTH, height, IMAGE_WIDTH, height, FONT_SIZE);
	fprintf(out, "<text id=\"title\" x=\"%d\" y=\"22\" text-anchor=\"middle\" "
		"font-size=\"15\">", IMAGE_WIDTH / 2);
	xml_text(out, title, SIZE_MAX);
	fprintf(out, "</text>\n<text id=\"subtitle\" x=\"%d\" y=\"40\" text-anchor=\"middle\" "
		"fill=\"#555555\">%" PRIu64 " sample%s", IMAGE_WIDTH / 2, l->total,
		l->total == 1 ? "" : "s");
	if (m->rate > 0)
		fprintf(out, " at %u Hz (%.3f s)", m->rate, (double)l->total / m->rate);
	if (l->hidden > 0)
		fprintf(out, "; %zu box%s narrower than %g%% not drawn", l->hidden,
			l->hidden == 1 ? "" : "es", 100 * FLAME_SVG_MIN_SHARE);
	fputs(l->total > 0 ? "; click a box to zoom</text>\n" : "; no paths to draw</text>\n",
	      out);
	fprintf(out, "<text id=\"unzoom\" x=\"%d\" y=\"22\" style=\"display: none\">"
		"Reset zoom</text>\n", XPAD);
	fprintf(out, "<text id=\"details\" x=\"%d\" y=\"%d\"> </text>\n", XPAD, height - 10);
}

int flame_svg_print(FILE *out, const struct measured *m, const char *title)
{
	struct layout l;
	char *clean_title = NULL;
	int height;

	if (prepare(&l, m) != 0 || !(clean_title = clean_name(title ? title : "Flame graph"))) {
		layout_free(&l, m->nfns);
		return -1;
	}
	height = TOP + (int)(l.depth + 1) * FRAME_HEIGHT + BOTTOM;
	print_header(out, m, &l, clean_title, height);
	fputs("<g id=\"frames\">\n", out);
	for (size_t i = 0; l.total > 0 && i < l.nboxes; i++) {
		const struct box *b = &l.boxes[i];

		if (drawn(&l, b))
			print_box(out, &l, b, l.names[b->fn == ROOT ? m->nfns : b->fn]);
	}
	fputs("</g>\n<script type=\"text/ecmascript\"><![CDATA[\n", out);
	fprintf(out, zoom_script, XPAD, IMAGE_WIDTH - 2 * XPAD, CHAR_WIDTH);
	fputs("]]></script>\n</svg>\n", out);
	free(clean_title);
	layout_free(&l, m->nfns);
	return 0;
}
