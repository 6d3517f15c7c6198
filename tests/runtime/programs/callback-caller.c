/* callback-caller.c - calls libcallback.so's lib_step() N times from
 * step_caller() and has lib_apply() call back on_item() M times:
 * "callback-caller N M". */
#include <stdlib.h>

long lib_step(long k);
void lib_apply(void (*fn)(long), long m);
volatile long caller_sink;

__attribute__((noinline)) void on_item(long i)
{
	caller_sink += i;
}

__attribute__((noinline)) void step_caller(long n)
{
	for (long i = 0; i < n; i++)
		lib_step(i);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	long m = argc > 2 ? atol(argv[2]) : 3000;

	step_caller(n);
	lib_apply(on_item, m);
	return 0;
}
