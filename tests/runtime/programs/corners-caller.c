/* corners-caller.c - the executable of e2e-walker-corners.sh (libcorners.c).
 *
 *   corners-caller thread N     run_thread(N): a thread of the library
 *   corners-caller gap N        never_caller() runs and returns (its
 *                               return address after a call kept in
 *                               stale), then real_caller() calls
 *                               lib_call(burn_back, stale), whose callback
 *                               burn_back() burns N turns */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void run_thread(long n);
void lib_call(void (*cb)(void), uintptr_t stale);

static long turns;
static uintptr_t stale;
volatile double caller_sink;

__attribute__((noinline)) void grab(void)
{
	stale = (uintptr_t)__builtin_return_address(0);
}

__attribute__((noinline)) void never_caller(void)
{
	grab();
	caller_sink += 1;
}

__attribute__((noinline)) void burn_back(void)
{
	double s = 0;

	for (long i = 0; i < turns; i++)
		s += (double)i * 0.25;
	caller_sink = s;
}

__attribute__((noinline)) void real_caller(void)
{
	lib_call(burn_back, stale);
	caller_sink += 1;
}

int main(int argc, char **argv)
{
	turns = argc > 2 ? atol(argv[2]) : 100000000;
	if (argc > 1 && strcmp(argv[1], "thread") == 0) {
		run_thread(turns);
	} else {
		never_caller();
		real_caller();
	}
	return 0;
}
