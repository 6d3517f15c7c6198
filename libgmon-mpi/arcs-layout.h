/*
 * arcs-layout.h - what the mcount fast path in trampoline-x86_64.S knows of
 * arcs.c: the hash and the offsets it reads.  Macros only (included by the
 * assembler too); arcs.c checks each offset with a static assertion.
 */
#ifndef GMON_MPI_ARCS_LAYOUT_H
#define GMON_MPI_ARCS_LAYOUT_H

/* bucket = ((from_pc ^ (self_pc << 1)) * ARC_HASH_MUL) >> (64 - ARC_BUCKET_BITS) */
#define ARC_BUCKET_BITS 16
#define ARC_HASH_MUL 0x9e3779b97f4a7c15

/* struct arc_table: the bucket array at offset 0, then ... */
#define ARC_TABLE_BUSY 0x80008 /* int busy: the owner is in the C path */

/* struct arc_entry */
#define ARC_ENTRY_FROM 0
#define ARC_ENTRY_SELF 8
#define ARC_ENTRY_COUNT 16

#endif /* GMON_MPI_ARCS_LAYOUT_H */
