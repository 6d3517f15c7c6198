/*
 * unwind-cfi.c - see unwind-cfi.h.
 *
 * A step from one frame to its caller, given the registers known in the
 * frame (all of them at the interrupted PC, from the ucontext):
 *
 *   - by the frame's rules (eh_frame_rules at the PC, or at the return
 *     address less 1, inside the call: a call may be a function's last
 *     instruction): CFA = register + offset or a DWARF expression (the
 *     PLT's: rsp + 8 or 16 by the PC's place in its entry; a signal
 *     frame's: the interrupted %rsp saved in the ucontext on the stack);
 *     each register's value in the caller by its rule (saved at CFA + N,
 *     kept, another register's, an expression's); %rsp is the CFA; the
 *     caller's PC is the return address.  A return address with no rule
 *     (DW_CFA_undefined: _start, clone's thread start) ends the walk.
 *     After a signal frame ('S' in its CIE) the PC is the interrupted one,
 *     looked up as it is;
 *   - with no table for the PC: by the frame pointer (above).
 *
 * The walk stops where a step cannot be made: a register or a stack word
 * that is not known or not inside the stack, a CFA not above the frame's
 * %rsp (so each step moves up, and the walk ends), a return address of 0.
 */
#define _GNU_SOURCE
#include "unwind-cfi.h"

#include <dlfcn.h>
#include <string.h>

#include "eh-frame.h"
#include "image.h"

#define EXPR_STACK 16

enum { CFI_RBP_SAVED = 1, CFI_OUTERMOST = 2, CFI_NO_TABLE = 4 };

static uint64_t generation = 1;  /* bumped by cfi_forget */

uint64_t cfi_generation(void)
{
	return __atomic_load_n(&generation, __ATOMIC_ACQUIRE);
}

void cfi_forget(void)
{
	__atomic_add_fetch(&generation, 1, __ATOMIC_RELEASE);
}

/* The registers of one frame, known or not (bit i of known). */
struct regs {
	uintptr_t v[EH_REGS];
	uint32_t known;
};

static int known(const struct regs *r, unsigned i)
{
	return i < EH_REGS && (r->known >> i & 1);
}

static int logged(struct cfi_stack *s, uintptr_t at, uintptr_t value)
{
	if (s->log && s->log_n < s->log_max)
		s->log[s->log_n] = (struct cfi_read){ at, value };
	s->log_n++;
	return 1;
}

static int stack_read(struct cfi_stack *s, uintptr_t at, uintptr_t *value)
{
	uintptr_t page = at & ~(CFI_STACK_PAGE - 1);

	if ((at & 7) != 0 || at < s->low || s->high < 8 || at > s->high - 8) {
		s->log_failed++;
		return 0;
	}
	if (page >= s->checked_from && page < s->checked_to) {
		*value = *(const uintptr_t *)at;
		return logged(s, at, *value);
	}
	/* a page not read yet by this walk: is it still mapped? */
	if (!image_copy_mapped(value, at, sizeof *value)) {
		s->log_failed++;
		return 0;
	}
	if (s->checked_to == 0) {
		s->checked_from = page;
		s->checked_to = page + CFI_STACK_PAGE;
	} else if (page == s->checked_to) {
		s->checked_to += CFI_STACK_PAGE;
	} else if (page + CFI_STACK_PAGE == s->checked_from) {
		s->checked_from = page;
	} else {
		s->checked_from = page;
		s->checked_to = page + CFI_STACK_PAGE;
	}
	return logged(s, at, *value);
}

/* ---- DWARF expressions (the operations unwind tables use) ---- */

struct expr_reader {
	const uint8_t *p, *end;
	int bad;
};

static uint64_t expr_byte(struct expr_reader *x)
{
	if (x->p >= x->end) {
		x->bad = 1;
		return 0;
	}
	return *x->p++;
}

static uint64_t expr_fixed(struct expr_reader *x, unsigned n)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++)
		v |= expr_byte(x) << (8 * i);
	return v;
}

static uint64_t expr_uleb(struct expr_reader *x)
{
	return eh_leb128(&x->p, x->end, 0, &x->bad);
}

static int64_t expr_sleb(struct expr_reader *x)
{
	return (int64_t)eh_leb128(&x->p, x->end, 1, &x->bad);
}

static uint64_t sign_extend(uint64_t v, unsigned bytes)
{
	unsigned shift = 64 - 8 * bytes;

	return (uint64_t)((int64_t)(v << shift) >> shift);
}

/* A binary operation (0: not one). */
static int binary(uint8_t op, uint64_t a, uint64_t b, uint64_t *v)
{
	switch (op) {
	case 0x1a: *v = a & b; return 1;
	case 0x1c: *v = a - b; return 1;
	case 0x1e: *v = a * b; return 1;
	case 0x21: *v = a | b; return 1;
	case 0x22: *v = a + b; return 1;
	case 0x24: *v = b < 64 ? a << b : 0; return 1;
	case 0x25: *v = b < 64 ? a >> b : 0; return 1;
	case 0x26: *v = b < 64 ? (uint64_t)((int64_t)a >> b) : 0; return 1;
	case 0x27: *v = a ^ b; return 1;
	case 0x29: *v = a == b; return 1;
	case 0x2a: *v = (int64_t)a >= (int64_t)b; return 1;
	case 0x2b: *v = (int64_t)a > (int64_t)b; return 1;
	case 0x2c: *v = (int64_t)a <= (int64_t)b; return 1;
	case 0x2d: *v = (int64_t)a < (int64_t)b; return 1;
	case 0x2e: *v = a != b; return 1;
	default: return 0;
	}
}

/* The value of the expression (CFA pushed first if push); 0: not known. */
static int evaluate(const uint8_t *expr, uint32_t len, const struct regs *r,
		    struct cfi_stack *s, const uintptr_t *push, uintptr_t *out)
{
	struct expr_reader x = { expr, expr + len, 0 };
	uint64_t st[EXPR_STACK], v;
	unsigned n = 0;

	if (push)
		st[n++] = *push;
	while (x.p < x.end && !x.bad) {
		uint8_t op = (uint8_t)expr_byte(&x);
		int pushes = 1;

		if (op >= 0x30 && op <= 0x4f)
			v = op - 0x30u;                                 /* lit */
		else if (op >= 0x50 && op <= 0x6f) {                    /* reg */
			if (!known(r, op - 0x50u))
				return 0;
			v = r->v[op - 0x50];
		} else if (op >= 0x70 && op <= 0x8f) {                  /* breg */
			if (!known(r, op - 0x70u))
				return 0;
			v = r->v[op - 0x70] + (uint64_t)expr_sleb(&x);
		} else {
			switch (op) {
			case 0x06:                                      /* deref */
				if (n == 0 || !stack_read(s, st[--n], &v))
					return 0;
				break;
			case 0x08: v = expr_fixed(&x, 1); break;
			case 0x09: v = sign_extend(expr_fixed(&x, 1), 1); break;
			case 0x0a: v = expr_fixed(&x, 2); break;
			case 0x0b: v = sign_extend(expr_fixed(&x, 2), 2); break;
			case 0x0c: v = expr_fixed(&x, 4); break;
			case 0x0d: v = sign_extend(expr_fixed(&x, 4), 4); break;
			case 0x0e: case 0x0f: v = expr_fixed(&x, 8); break;
			case 0x10: v = expr_uleb(&x); break;
			case 0x11: v = (uint64_t)expr_sleb(&x); break;
			case 0x12:                                      /* dup */
				if (n == 0)
					return 0;
				v = st[n - 1];
				break;
			case 0x13:                                      /* drop */
				if (n == 0)
					return 0;
				n--;
				pushes = 0;
				break;
			case 0x14:                                      /* over */
				if (n < 2)
					return 0;
				v = st[n - 2];
				break;
			case 0x16:                                      /* swap */
				if (n < 2)
					return 0;
				v = st[n - 1];
				st[n - 1] = st[n - 2];
				st[n - 2] = v;
				pushes = 0;
				break;
			case 0x23:                                      /* plus_uconst */
				if (n == 0)
					return 0;
				st[n - 1] += expr_uleb(&x);
				pushes = 0;
				break;
			case 0x92: {                                    /* bregx */
				uint64_t reg = expr_uleb(&x);

				if (!known(r, (unsigned)reg))
					return 0;
				v = r->v[reg] + (uint64_t)expr_sleb(&x);
				break;
			}
			case 0x96: pushes = 0; break;                   /* nop */
			default:
				if (n < 2 || !binary(op, st[n - 2], st[n - 1], &v))
					return 0;
				n -= 2;
			}
		}
		if (pushes) {
			if (n == EXPR_STACK)
				return 0;
			st[n++] = v;
		}
	}
	if (x.bad || n == 0)
		return 0;
	*out = st[n - 1];
	return 1;
}

/* ---- steps ---- */

enum step { STEP_OK, STEP_END, STEP_FAIL };

/* The caller's registers by the frame's rules. */
static enum step step_rules(const struct eh_rules *rules, const struct regs *r,
			    struct cfi_stack *s, struct regs *next)
{
	uintptr_t cfa, v;

	if (rules->cfa_expr) {
		if (!evaluate(rules->cfa_expr, rules->cfa_len, r, s, NULL, &cfa))
			return STEP_FAIL;
	} else if (known(r, rules->cfa_reg) && rules->cfa_reg != EH_REG_RA)
		cfa = r->v[rules->cfa_reg] + (uintptr_t)(intptr_t)rules->cfa_offset;
	else
		return STEP_FAIL;
	if (cfa <= r->v[EH_REG_RSP] || cfa > s->high)
		return STEP_FAIL;
	if (rules->reg[EH_REG_RA].kind == EH_UNDEFINED)
		return STEP_END;
	next->known = 0;
	for (unsigned i = 0; i < EH_REGS; i++) {
		const struct eh_rule *rule = &rules->reg[i];
		int ok = 0;

		switch (rule->kind) {
		case EH_SAME:
			ok = known(r, i) && i != EH_REG_RA;
			v = r->v[i];
			break;
		case EH_OFFSET:
			ok = stack_read(s, cfa + (uintptr_t)(intptr_t)rule->offset, &v);
			break;
		case EH_VAL_OFFSET:
			v = cfa + (uintptr_t)(intptr_t)rule->offset;
			ok = 1;
			break;
		case EH_REGISTER:
			ok = known(r, rule->reg);
			v = ok ? r->v[rule->reg] : 0;
			break;
		case EH_EXPRESSION:
			ok = evaluate(rule->expr, rule->len, r, s, &cfa, &v) && stack_read(s, v, &v);
			break;
		case EH_VAL_EXPRESSION:
			ok = evaluate(rule->expr, rule->len, r, s, &cfa, &v);
			break;
		default:
			break;
		}
		if (ok) {
			next->v[i] = v;
			next->known |= 1u << i;
		}
	}
	if (rules->reg[EH_REG_RSP].kind == EH_SAME) {
		next->v[EH_REG_RSP] = cfa;
		next->known |= 1u << EH_REG_RSP;
	}
	if (!known(next, EH_REG_RA) || !known(next, EH_REG_RSP) ||
	    next->v[EH_REG_RSP] <= r->v[EH_REG_RSP])
		return STEP_FAIL;
	return STEP_OK;
}

/* The rules in the cache's form, if they have it. */
static int simple_rule(const struct eh_rules *rules, struct cfi_cached_rule *c)
{
	const struct eh_rule *ra = &rules->reg[EH_REG_RA], *rbp = &rules->reg[EH_REG_RBP];

	if (rules->cfa_expr || rules->cfa_reg >= EH_REG_RA || rules->signal_frame ||
	    rules->reg[EH_REG_RSP].kind != EH_SAME ||
	    (ra->kind != EH_OFFSET && ra->kind != EH_UNDEFINED) ||
	    (rbp->kind != EH_OFFSET && rbp->kind != EH_SAME))
		return 0;
	*c = (struct cfi_cached_rule){
		.cfa_offset = rules->cfa_offset, .ra_offset = ra->offset,
		.rbp_offset = rbp->offset, .cfa_reg = rules->cfa_reg,
		.flags = (uint8_t)((rbp->kind == EH_OFFSET ? CFI_RBP_SAVED : 0) |
				   (ra->kind == EH_UNDEFINED ? CFI_OUTERMOST : 0)),
	};
	for (unsigned i = 0; i < EH_REG_RA; i++)
		if (i != EH_REG_RBP && i != EH_REG_RSP && rules->reg[i].kind != EH_SAME)
			c->lost_regs |= (uint16_t)(1u << i);
	return 1;
}

/* A step by a cached rule, in place: the registers the frame saved are
 * left unknown (only %rbp is read again), which a caller's CFA rarely
 * needs. */
static enum step step_cached(const struct cfi_cached_rule *c, struct regs *r,
			     struct cfi_stack *s)
{
	uintptr_t cfa, ra, rbp;

	if (!known(r, c->cfa_reg))
		return STEP_FAIL;
	cfa = r->v[c->cfa_reg] + (uintptr_t)(intptr_t)c->cfa_offset;
	if (cfa <= r->v[EH_REG_RSP] || cfa > s->high)
		return STEP_FAIL;
	if (c->flags & CFI_OUTERMOST)
		return STEP_END;
	if (!stack_read(s, cfa + (uintptr_t)(intptr_t)c->ra_offset, &ra))
		return STEP_FAIL;
	r->known &= ~(uint32_t)c->lost_regs;
	if (c->flags & CFI_RBP_SAVED) {
		if (stack_read(s, cfa + (uintptr_t)(intptr_t)c->rbp_offset, &rbp))
			r->v[EH_REG_RBP] = rbp;
		else
			r->known &= ~(1u << EH_REG_RBP);
	}
	r->v[EH_REG_RSP] = cfa;
	r->v[EH_REG_RA] = ra;
	return STEP_OK;
}

/* A frame no table covers: by its frame pointer, to a return address in
 * a loaded object. */
static enum step step_frame_pointer(const struct regs *r, struct cfi_stack *s,
				    struct regs *next)
{
	struct dl_find_object found;
	uintptr_t fp, saved_fp, ra;

	if (!known(r, EH_REG_RBP))
		return STEP_FAIL;
	fp = r->v[EH_REG_RBP];
	if (fp < r->v[EH_REG_RSP] || !stack_read(s, fp, &saved_fp) ||
	    !stack_read(s, fp + 8, &ra) || ra == 0 ||
	    _dl_find_object((void *)(ra - 1), &found) != 0)
		return STEP_FAIL;
	next->known = 1u << EH_REG_RBP | 1u << EH_REG_RSP | 1u << EH_REG_RA;
	next->v[EH_REG_RBP] = saved_fp;
	next->v[EH_REG_RSP] = fp + 16;
	next->v[EH_REG_RA] = ra;
	return STEP_OK;
}

static struct cfi_cached_rule *cache_slot(struct cfi_cache *cache, uintptr_t pc)
{
	uint64_t h = (uint64_t)pc * 0x9e3779b97f4a7c15ull;

	return &cache->rules[h >> (64 - CFI_CACHE_BITS)];
}

/* One step from the frame whose PC is looked up at pc: r becomes its
 * caller's registers (unchanged if the step fails). */
static enum step step(uintptr_t pc, struct regs *r, struct cfi_stack *s,
		      int *signal_frame, struct cfi_cache *cache)
{
	struct cfi_cached_rule *slot = cache ? cache_slot(cache, pc) : NULL, simple;
	struct eh_rules rules;
	struct regs next;
	enum step result;

	*signal_frame = 0;
	if (slot && slot->pc == pc && !(slot->flags & CFI_NO_TABLE))
		return step_cached(slot, r, s);
	if (slot && slot->pc == pc)
		result = step_frame_pointer(r, s, &next);
	else {
		switch (eh_frame_rules(pc, &rules)) {
		case EH_FOUND:
			*signal_frame = rules.signal_frame;
			if (slot && simple_rule(&rules, &simple)) {
				*slot = simple;
				slot->pc = pc;
			}
			result = step_rules(&rules, r, s, &next);
			break;
		case EH_NO_TABLE:
			if (slot)
				*slot = (struct cfi_cached_rule){ .pc = pc, .flags = CFI_NO_TABLE };
			result = step_frame_pointer(r, s, &next);
			break;
		default:
			return STEP_FAIL;
		}
	}
	if (result == STEP_OK)
		*r = next;
	return result;
}

static void from_context(const ucontext_t *uc, struct regs *r)
{
	static const int greg[EH_REGS] = {
		REG_RAX, REG_RDX, REG_RCX, REG_RBX, REG_RSI, REG_RDI, REG_RBP, REG_RSP,
		REG_R8, REG_R9, REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15, REG_RIP
	};

	for (unsigned i = 0; i < EH_REGS; i++)
		r->v[i] = (uintptr_t)uc->uc_mcontext.gregs[greg[i]];
	r->known = (1u << EH_REGS) - 1;
}

unsigned cfi_unwind(const ucontext_t *uc, struct cfi_stack *stack, uintptr_t *frames,
		    unsigned max, int *cut, int *stopped, struct cfi_cache *cache)
{
	struct regs r;
	unsigned n = 0;
	int exact = 1, signal_frame;

	*cut = 0;
	*stopped = 0;
	if (max == 0)
		return 0;
	if (cache) {
		uint64_t g = __atomic_load_n(&generation, __ATOMIC_ACQUIRE);

		if (cache->generation != g) {
			memset(cache->rules, 0, sizeof cache->rules);
			cache->generation = g;
		}
	}
	from_context(uc, &r);
	frames[n++] = r.v[EH_REG_RA];
	for (;;) {
		uintptr_t pc = r.v[EH_REG_RA];

		if (pc == 0 || step(exact ? pc : pc - 1, &r, stack, &signal_frame, cache) != STEP_OK ||
		    r.v[EH_REG_RA] == 0)
			break;
		if (stack->mark_sp && !stack->marked && r.v[EH_REG_RSP] > stack->mark_sp) {
			stack->marked = n;
			stack->marked_ra = r.v[EH_REG_RA];
		}
		if (stack->stop_sp && r.v[EH_REG_RSP] > stack->stop_sp) {
			*stopped = 1;
			break;
		}
		if (n == max) {
			*cut = 1;
			break;
		}
		/* after a signal frame, the interrupted PC, plus 1: the files'
		 * readers take ADDRESS - 1 for the instruction of a caller */
		if (signal_frame && !stack->signal_at)
			stack->signal_at = n;
		frames[n++] = r.v[EH_REG_RA] + (signal_frame ? 1 : 0);
		exact = signal_frame;
	}
	return n;
}
