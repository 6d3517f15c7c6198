/* interrupted-calls.c - the blocking calls a signal interrupts: read()
 * (restarted: SA_RESTART), and nanosleep, poll, epoll_wait and sem_wait,
 * which return EINTR whatever SA_RESTART says.  A helper thread feeds a
 * pipe and posts a semaphore after delays; the program does each call as
 * POSIX says (resuming after EINTR) and prints what it got, then, on
 * stderr, how many times each call returned EINTR.  Exit status 0 if every
 * result is the expected one, 1 if not, 2 if read() saw EINTR. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>

enum { READ, NANOSLEEP, POLL, EPOLL, SEM, NCALLS };
static const char *const call_names[NCALLS] = {"read", "nanosleep", "poll", "epoll_wait",
					       "sem_wait"};
static int interrupted[NCALLS];
static int fds[2];
static sem_t sem;

static void pause_ms(long ms)
{
	struct timespec left = {ms / 1000, ms % 1000 * 1000000L};

	while (nanosleep(&left, &left) != 0 && errno == EINTR)
		;
}

static void *feeder(void *arg)
{
	(void)arg;
	for (char c = 'a'; c <= 'c'; c++) {
		pause_ms(100);
		if (write(fds[1], &c, 1) != 1)
			return NULL;
	}
	pause_ms(100);
	sem_post(&sem);
	return NULL;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(void)
{
	pthread_t thread;
	char got[4] = {0};
	int ok = 1, ep, n;
	struct epoll_event ev = {.events = EPOLLIN}, out;
	struct pollfd pfd;
	struct timespec left = {0, 300000000L};
	double start;

	if (pipe(fds) != 0 || sem_init(&sem, 0, 0) != 0 || (ep = epoll_create1(0)) < 0)
		return 3;
	ev.data.fd = fds[0];
	epoll_ctl(ep, EPOLL_CTL_ADD, fds[0], &ev);
	pthread_create(&thread, NULL, feeder, NULL);

	/* 'a': read() blocks ~100 ms; SA_RESTART restarts it */
	while ((n = (int)read(fds[0], &got[0], 1)) < 0 && errno == EINTR)
		interrupted[READ]++;
	/* 'b': poll, its timeout recomputed after EINTR */
	pfd = (struct pollfd){.fd = fds[0], .events = POLLIN};
	start = now();
	while ((n = poll(&pfd, 1, 2000 - (int)((now() - start) * 1000))) < 0 && errno == EINTR)
		interrupted[POLL]++;
	ok &= n == 1 && read(fds[0], &got[1], 1) == 1;
	/* 'c': epoll_wait */
	start = now();
	while ((n = epoll_wait(ep, &out, 1, 2000 - (int)((now() - start) * 1000))) < 0 &&
	       errno == EINTR)
		interrupted[EPOLL]++;
	ok &= n == 1 && read(fds[0], &got[2], 1) == 1;
	/* the semaphore, posted 100 ms after 'c' */
	while (sem_wait(&sem) != 0 && errno == EINTR)
		interrupted[SEM]++;
	/* 0.3 s of sleep, resumed with what is left */
	start = now();
	while (nanosleep(&left, &left) != 0 && errno == EINTR)
		interrupted[NANOSLEEP]++;
	ok &= now() - start >= 0.3;
	pthread_join(thread, NULL);

	printf("read %s, slept 0.3 s: %s\n", got, ok ? "yes" : "no");
	for (int i = 0; i < NCALLS; i++)
		fprintf(stderr, "%s: %d EINTR\n", call_names[i], interrupted[i]);
	if (interrupted[READ])
		return 2;
	return ok && got[0] == 'a' && got[1] == 'b' && got[2] == 'c' ? 0 : 1;
}
