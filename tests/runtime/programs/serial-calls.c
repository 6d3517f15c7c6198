/* serial-calls.c - a program without MPI: work() is called exactly 1234
 * times; it exits with the status given as its first argument. */
#include <stdlib.h>

volatile unsigned long sink;

__attribute__((noinline)) void work(void) { sink++; }

int main(int argc, char **argv)
{
	for (int i = 0; i < 1234; i++)
		work();
	return argc > 1 ? atoi(argv[1]) : 0;
}
