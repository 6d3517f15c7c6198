/*
 * trampoline-x86_64.S - the entry points gcc -pg code calls.
 *
 * mcount/_mcount are called after the prologue (push %rbp; mov %rsp,%rbp),
 * so the callee's return address into its caller is 8(%rbp); __fentry__
 * (-mfentry) is called before the prologue, so it is just above our own
 * return address.  Both save every register that can carry an argument or
 * a static chain (rax for varargs' %al, rdi..r9, r10, r11) and call
 * gmon_count_arc(from_pc, self_pc), which is compiled without SSE so the
 * vector argument registers survive untouched.
 */
	.text
	.hidden	gmon_count_arc

.macro SAVE_REGS
	pushq	%rax
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11		/* 9 pushes: %rsp is 16-byte aligned again */
.endm

.macro RESTORE_REGS
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rax
.endm

	.globl	mcount
	.type	mcount, @function
	.globl	_mcount
	.type	_mcount, @function
	.p2align 4
mcount:
_mcount:
	.cfi_startproc
	SAVE_REGS
	.cfi_adjust_cfa_offset 72
	movq	8(%rbp), %rdi		/* from_pc: where the callee returns to */
	movq	72(%rsp), %rsi		/* self_pc: our return address, in the callee */
	call	gmon_count_arc
	RESTORE_REGS
	.cfi_adjust_cfa_offset -72
	ret
	.cfi_endproc
	.size	mcount, .-mcount
	.size	_mcount, .-_mcount

	.globl	__fentry__
	.type	__fentry__, @function
	.p2align 4
__fentry__:
	.cfi_startproc
	SAVE_REGS
	.cfi_adjust_cfa_offset 72
	movq	80(%rsp), %rdi		/* from_pc: the callee's own return address */
	movq	72(%rsp), %rsi		/* self_pc: our return address, in the callee */
	call	gmon_count_arc
	RESTORE_REGS
	.cfi_adjust_cfa_offset -72
	ret
	.cfi_endproc
	.size	__fentry__, .-__fentry__

	.section .note.GNU-stack,"",@progbits
