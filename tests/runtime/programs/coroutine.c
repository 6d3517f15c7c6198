/* coroutine.c - a user-level thread (makecontext/swapcontext) whose stack
 * shrank under it (issue 31, item 10).
 *
 *   coroutine ROUNDS
 *
 * Each round maps a 1 MiB stack, runs a coroutine on it that descends to
 * the top of it, saves its context there (getcontext: its %rbp points
 * near the top) and burns CPU for 0.1 s there (the call-path walker's
 * samples see the whole mapping); back on main's stack, unmaps all of it
 * but its lowest 64 KiB and starts a second coroutine from the saved
 * context on those 64 KiB (makecontext keeps %rbp: the second's frame
 * pointer chain goes on to the unmapped top), which burns CPU for 0.1 s.
 * Exits 0; a walker that trusts the mapping it saw first dies of SIGSEGV
 * in SIGPROF's handler. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>

#define BIG (1024 * 1024)
#define SMALL (64 * 1024)

static ucontext_t main_ctx, first_ctx, saved_ctx, second_ctx;
volatile double sink;

static double cpu_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

__attribute__((noinline)) void burn(double seconds)
{
	double until = cpu_seconds() + seconds, s = 0;

	while (cpu_seconds() < until)
		for (int i = 0; i < 10000; i++)
			s += i * 0.5;
	sink = s;
}

/* Descends about 900 KiB (frames of 8 KiB), then saves its context. */
__attribute__((noinline)) void descend(int depth)
{
	volatile char pad[8192];

	pad[0] = (char)depth;
	if (depth > 0) {
		descend(depth - 1);
		return;
	}
	getcontext(&saved_ctx);
	burn(0.1);
	(void)pad[0];
}

static void first(void)
{
	descend(1);
}

__attribute__((noinline)) void second(void)
{
	burn(0.1);
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 5;

	for (int r = 0; r < rounds; r++) {
		char *stack = mmap(NULL, BIG, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);

		if (stack == MAP_FAILED)
			return 2;
		/* the coroutine's frames start at the top of the mapping */
		getcontext(&first_ctx);
		first_ctx.uc_stack.ss_sp = stack;
		first_ctx.uc_stack.ss_size = BIG;
		first_ctx.uc_link = &main_ctx;
		makecontext(&first_ctx, first, 0);
		swapcontext(&main_ctx, &first_ctx);
		/* the stack shrinks to its lowest 64 KiB */
		munmap(stack + SMALL, BIG - SMALL);
		second_ctx = saved_ctx;
		second_ctx.uc_stack.ss_sp = stack;
		second_ctx.uc_stack.ss_size = SMALL;
		second_ctx.uc_link = &main_ctx;
		makecontext(&second_ctx, second, 0);
		swapcontext(&main_ctx, &second_ctx);
		munmap(stack, SMALL);
	}
	printf("done\n");
	return 0;
}
