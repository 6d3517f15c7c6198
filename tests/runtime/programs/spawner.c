/* spawner.c - a profiled process that starts another -pg program three
 * ways (fork and exec, posix_spawn, system), waits for them, and calls
 * spawner_work() exactly 77 times itself:
 *   spawner CHILD-PROGRAM */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
volatile unsigned long sink;

__attribute__((noinline)) void spawner_work(void) { sink++; }

int main(int argc, char **argv)
{
	char *child_argv[] = {argv[1], NULL};
	pid_t forked, spawned;
	int status;

	if (argc < 2)
		return 2;
	for (int i = 0; i < 77; i++)
		spawner_work();
	forked = fork();
	if (forked == 0) {
		execv(argv[1], child_argv);
		_exit(127);
	}
	if (posix_spawn(&spawned, argv[1], NULL, NULL, child_argv, environ) != 0)
		return 3;
	if (waitpid(forked, &status, 0) != forked || status != 0)
		return 4;
	if (waitpid(spawned, &status, 0) != spawned || status != 0)
		return 5;
	if (system(argv[1]) != 0)
		return 6;
	return 0;
}
