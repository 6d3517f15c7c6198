/*
 * gmon.h - Blue Gene/Q source compatibility: programs written for the BG/Q
 * profiling runtime include <gmon.h>; everything is declared in gmon-mpi.h.
 */
#ifndef GMON_MPI_BGQ_GMON_H
#define GMON_MPI_BGQ_GMON_H
#include <gmon-mpi.h>
#endif
