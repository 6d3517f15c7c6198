/*
 * trampoline-x86_64.S - the entry points gcc -pg code calls.
 *
 * mcount/_mcount are called after the prologue (push %rbp; mov %rsp,%rbp),
 * so the callee's return address into its caller is 8(%rbp); __fentry__
 * (-mfentry) is called before the prologue, so it is just above our own
 * return address.
 *
 * The fast path, with four registers saved: while recording, if this
 * thread has a table, is not inside the C path (busy), and the arc is the
 * head of its bucket, add 1 to its count with one instruction and return.
 * That is the common case (a call site already seen).  It needs no busy
 * flag of its own: a signal handler that interrupts it and counts calls
 * finishes before it resumes, and entries never move, so the entry it
 * holds stays right and its single `addq` cannot be torn.  It does check
 * busy, so that it never adds to a count the interrupted C path is in the
 * middle of updating (that call is dropped and counted, as before).
 *
 * Everything else (not recording, the thread's first call, busy, a new
 * arc, a hash collision) saves the other argument registers (rdi..r9,
 * r10 for the static chain, r11) and calls gmon_count_arc(from_pc,
 * self_pc), which is compiled without SSE so the vector argument registers
 * survive untouched.  The offsets and the hash are in arcs-layout.h,
 * checked against the C structures in arcs.c.
 */
#include "arcs-layout.h"

	.text
	.hidden	gmon_count_arc
	.hidden	gmon_arcs_state
	.hidden	gmon_arcs_my_table

/* self_pc is in %rdx, from_pc in %rcx; %rax and %rsi are free; 4 pushed. */
.macro FAST_PATH slow
	movl	gmon_arcs_state(%rip), %eax
	testl	%eax, %eax			/* ARCS_RECORDING is 0 */
	jnz	\slow
	movq	gmon_arcs_my_table@gottpoff(%rip), %rax
	movq	%fs:(%rax), %rax		/* this thread's table */
	testq	%rax, %rax
	jz	\slow
	cmpl	$0, ARC_TABLE_BUSY(%rax)
	jne	\slow
	leaq	(%rdx,%rdx), %rsi
	xorq	%rcx, %rsi
	imulq	.Lhash_mul(%rip), %rsi
	shrq	$(64 - ARC_BUCKET_BITS), %rsi
	movq	(%rax,%rsi,8), %rax		/* the bucket's head entry */
	testq	%rax, %rax
	jz	\slow
	cmpq	%rcx, ARC_ENTRY_FROM(%rax)
	jne	\slow
	cmpq	%rdx, ARC_ENTRY_SELF(%rax)
	jne	\slow
	addq	$1, ARC_ENTRY_COUNT(%rax)
.endm

.macro PUSH reg
	pushq	\reg
	.cfi_adjust_cfa_offset 8
.endm

.macro POP reg
	popq	\reg
	.cfi_adjust_cfa_offset -8
.endm

/* The four registers the fast path uses. */
.macro SAVE_FAST
	PUSH	%rax
	PUSH	%rcx
	PUSH	%rdx
	PUSH	%rsi
.endm

.macro RESTORE_FAST
	POP	%rsi
	POP	%rdx
	POP	%rcx
	POP	%rax
.endm

/* The rest, after SAVE_FAST: 9 pushes, so %rsp is 16-byte aligned again. */
.macro SAVE_REST
	PUSH	%rdi
	PUSH	%r8
	PUSH	%r9
	PUSH	%r10
	PUSH	%r11
.endm

.macro RESTORE_REST
	POP	%r11
	POP	%r10
	POP	%r9
	POP	%r8
	POP	%rdi
.endm

/* With from_pc in %rcx and self_pc in %rdx, after SAVE_FAST: count the arc
 * (fast path, else gmon_count_arc) and return to the callee. */
.macro COUNT_ARC_AND_RETURN
	FAST_PATH 1f
	.cfi_remember_state
	RESTORE_FAST
	ret
	.cfi_restore_state
1:	SAVE_REST
	movq	%rcx, %rdi
	movq	%rdx, %rsi
	call	gmon_count_arc
	RESTORE_REST
	RESTORE_FAST
	ret
.endm

	.globl	mcount
	.type	mcount, @function
	.globl	_mcount
	.type	_mcount, @function
	.p2align 4
mcount:
_mcount:
	.cfi_startproc
	SAVE_FAST
	movq	8(%rbp), %rcx		/* from_pc: where the callee returns to */
	movq	32(%rsp), %rdx		/* self_pc: our return address, in the callee */
	COUNT_ARC_AND_RETURN
	.cfi_endproc
	.size	mcount, .-mcount
	.size	_mcount, .-_mcount

	.globl	__fentry__
	.type	__fentry__, @function
	.p2align 4
__fentry__:
	.cfi_startproc
	SAVE_FAST
	movq	40(%rsp), %rcx		/* from_pc: the callee's own return address */
	movq	32(%rsp), %rdx		/* self_pc: our return address, in the callee */
	COUNT_ARC_AND_RETURN
	.cfi_endproc
	.size	__fentry__, .-__fentry__

	.section .rodata
	.p2align 3
.Lhash_mul:
	.quad	ARC_HASH_MUL

	.section .note.GNU-stack,"",@progbits
