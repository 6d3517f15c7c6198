/* flush-victim.c - calls victim_work() exactly N times, then:
 *   flush-victim wait READY [N]      writes N into READY (READY.<rank>
 *                                    under mpirun) and waits to be killed
 *   flush-victim own READY [N]       the same, with its own SIGTERM handler,
 *                                    which calls gmon_flush() and _exit(7)
 *   flush-victim threads READY [N]   as wait, with a second thread waiting
 *                                    too (it takes a signal that the main
 *                                    thread blocks while it handles one)
 *   flush-victim flush COPY [N]      gmon_flush(), copies gmon.out to COPY,
 *                                    then N more calls and a normal exit */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gmon-mpi.h>

volatile unsigned long sink;

__attribute__((noinline)) void victim_work(void) { sink++; }

static void work(long n)
{
	for (long i = 0; i < n; i++)
		victim_work();
}

static void *wait_forever(void *unused)
{
	(void)unused;
	for (;;)
		pause();
	return NULL;
}

static void on_term(int sig)
{
	(void)sig;
	_exit(gmon_flush() == 0 ? 7 : 8);
}

static int copy_file(const char *from, const char *to)
{
	char buf[65536];
	int in = open(from, O_RDONLY), out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	if (in < 0 || out < 0)
		return -1;
	while ((n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n)
			return -1;
	close(in);
	return close(out);
}

int main(int argc, char **argv)
{
	const char *rank = getenv("OMPI_COMM_WORLD_RANK");
	long n = argc > 3 ? atol(argv[3]) : 5000;
	char ready[4096];
	FILE *f;

	if (argc < 3)
		return 2;
	if (strcmp(argv[1], "flush") == 0) {
		work(n);
		if (gmon_flush() != 0 || copy_file("gmon.out", argv[2]) != 0)
			return 3;
		work(n);
		return 0;
	}
	if (strcmp(argv[1], "own") == 0)
		signal(SIGTERM, on_term);
	if (strcmp(argv[1], "threads") == 0) {
		pthread_t other;

		if (pthread_create(&other, NULL, wait_forever, NULL) != 0)
			return 5;
	}
	work(n);
	snprintf(ready, sizeof ready, rank ? "%s.%s" : "%s", argv[2], rank);
	f = fopen(ready, "w");
	if (!f)
		return 4;
	fprintf(f, "%ld\n", n);
	fclose(f);
	for (;;)
		pause();
}
