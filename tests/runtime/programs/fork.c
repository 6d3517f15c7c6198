/* fork.c - the parent calls parent_work() 7 times and exits at once; its
 * forked child calls child_work() 5 times and exits (through exit(), so
 * that atexit handlers run) only after the parent's profile was written.
 * The child writes its pid to the file named by the first argument. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

volatile unsigned long sink;

__attribute__((noinline)) void parent_work(void) { sink++; }
__attribute__((noinline)) void child_work(void) { sink++; }

int main(int argc, char **argv)
{
	const char *profile = argc > 2 ? argv[2] : "gmon.out";
	pid_t pid;
	struct stat st;

	if (argc < 2)
		return 2;
	pid = fork();
	if (pid < 0)
		return 3;
	if (pid == 0) {
		/* wait, up to 10 s, for the parent's profile to appear */
		for (int i = 0; i < 1000 && stat(profile, &st) != 0; i++)
			usleep(10000);
		for (int i = 0; i < 5; i++)
			child_work();
		FILE *f = fopen(argv[1], "w");
		if (f) {
			fprintf(f, "%ld\n", (long)getpid());
			fclose(f);
		}
		exit(0);
	}
	for (int i = 0; i < 7; i++)
		parent_work();
	return 0;
}
