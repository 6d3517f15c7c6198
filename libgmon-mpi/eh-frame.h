/*
 * eh-frame.h - the unwind rules of one PC from the unwind tables every
 * x86-64 object carries (.eh_frame_hdr's binary search table, .eh_frame's
 * CIE and FDE), for unwind-cfi.c.  Async-signal-safe: the object is found
 * with glibc's _dl_find_object (lock-free), its tables are read in place,
 * nothing is allocated, and every read of the tables stays inside the
 * object's mapping (a damaged table gives no rules, never a fault).
 *
 * Registers are DWARF's x86-64 numbers: 0 rax, 1 rdx, 2 rcx, 3 rbx, 4 rsi,
 * 5 rdi, 6 rbp, 7 rsp, 8-15 r8-r15, 16 the return address (rip).
 */
#ifndef GMON_MPI_EH_FRAME_H
#define GMON_MPI_EH_FRAME_H

#include <stdint.h>

#define EH_REGS 17              /* rax..r15 and the return address */
#define EH_REG_RBP 6
#define EH_REG_RSP 7
#define EH_REG_RA 16

enum eh_rule_kind {
	EH_SAME = 0,            /* the caller's value is this frame's */
	EH_UNDEFINED,           /* unknown; for the return address: the outermost frame */
	EH_OFFSET,              /* saved at CFA + offset */
	EH_VAL_OFFSET,          /* is CFA + offset */
	EH_REGISTER,            /* is the value of register reg */
	EH_EXPRESSION,          /* saved at the address expr computes (CFA pushed first) */
	EH_VAL_EXPRESSION       /* is the value expr computes (CFA pushed first) */
};

struct eh_rule {
	uint8_t kind;           /* enum eh_rule_kind */
	uint8_t reg;            /* EH_REGISTER */
	int32_t offset;         /* EH_OFFSET, EH_VAL_OFFSET */
	const uint8_t *expr;    /* EH_*EXPRESSION: a DWARF expression of len bytes */
	uint32_t len;
};

/* What the tables say about the frame of one PC. */
struct eh_rules {
	uint8_t cfa_reg;        /* CFA = register + cfa_offset, or ... */
	int32_t cfa_offset;
	const uint8_t *cfa_expr;/* ... the value of this expression (NULL: none) */
	uint32_t cfa_len;
	uint8_t signal_frame;   /* 'S': a signal trampoline; the caller's PC is exact */
	struct eh_rule reg[EH_REGS];
};

enum eh_status {
	EH_FOUND = 0,           /* rules filled in */
	EH_NO_TABLE,            /* no object, no .eh_frame_hdr, or no FDE covers the PC */
	EH_BAD                  /* an FDE covers it but could not be read */
};

/* A LEB128 number (is_signed: SLEB128) at *p, which it moves past it;
 * one running past end sets *bad and reads 0. */
uint64_t eh_leb128(const uint8_t **p, const uint8_t *end, int is_signed, int *bad);

/* Not from a signal handler (before sampling starts): an executable
 * without .eh_frame_hdr (a static link has none: gcc passes --eh-frame-hdr
 * to dynamic links only) gets a sorted index of its .eh_frame's FDEs,
 * found from /proc/self/exe's section headers, which eh_frame_rules then
 * searches instead. */
void eh_frame_index_executable(void);

/* The rules at pc (an instruction's address: a return address less 1,
 * or an interrupted PC). */
enum eh_status eh_frame_rules(uintptr_t pc, struct eh_rules *rules);

#endif /* GMON_MPI_EH_FRAME_H */
