/* slow-start.c - CPU time used before profiling starts: a function in the
 * executable's preinit array, which the dynamic linker runs before every
 * initializer (so before __monstartup), burns PRE CPU-seconds; then main
 * burns MAIN CPU-seconds in own_work and prints the process's CPU seconds
 * at its entry and at its end:
 *   slow-start PRE MAIN */
#include <stdio.h>
#include <stdlib.h>

#include "own-work.h"

static void burn_until(double cpu)
{
	while (cpu_seconds() < cpu)
		own_work(100000);
}

static void burn_before_start(int argc, char **argv, char **envp)
{
	(void)envp;
	if (argc > 1)
		burn_until(cpu_seconds() + atof(argv[1]));
}

__attribute__((section(".preinit_array"), used))
static void (*const preinit)(int, char **, char **) = burn_before_start;

int main(int argc, char **argv)
{
	double at_main = cpu_seconds();

	if (argc != 3) {
		fprintf(stderr, "usage: slow-start PRE MAIN\n");
		return 2;
	}
	burn_until(at_main + atof(argv[2]));
	printf("%.4f %.4f\n", at_main, cpu_seconds());
	return 0;
}
