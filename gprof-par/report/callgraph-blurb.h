/*
 * callgraph-blurb.h - explanation texts of the call graph report.
 */
#ifndef GPROF_PAR_CALLGRAPH_BLURB_H
#define GPROF_PAR_CALLGRAPH_BLURB_H

/* Printed after the call graph entries unless -b; ends with the copying notice. */
extern const char cg_graph_explanation[];

/* -T: printed before the call graph unless -b; its own copying notice. */
extern const char cg_graph_explanation_bsd[];

#endif /* GPROF_PAR_CALLGRAPH_BLURB_H */
