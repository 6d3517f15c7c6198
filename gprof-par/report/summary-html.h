/*
 * summary-html.h - the job summary (analysis/summary.h) as one
 * self-contained HTML page (gprof-par --html=FILE): styles, scripts and
 * pictures inline, nothing fetched; every number is in the HTML, so the
 * page reads without JavaScript.  The script makes the tables sortable
 * (click a heading) and opens a function's callers, callees and hottest
 * lines when its row is clicked (they are <details> elements, which open
 * without it too).  The flame graph (flame-svg.h) and the load balance's
 * heat map (balance-svg.h) are their SVG, inline.
 */
#ifndef GPROF_PAR_SUMMARY_HTML_H
#define GPROF_PAR_SUMMARY_HTML_H

#include <stdio.h>

#include "balance-view.h"
#include "measured.h"
#include "summary.h"

/* Writes the page of s; paths (may be NULL) for the flame graph, heat (may
 * be NULL) for the heat map.  Returns 0, or -1 when out of memory. */
int summary_html_print(FILE *out, const struct summary *s, const struct measured *paths,
		       const struct balance_heat *heat);

#endif /* GPROF_PAR_SUMMARY_HTML_H */
