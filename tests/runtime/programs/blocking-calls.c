/* blocking-calls.c - twenty blocking calls, each made once, as a program
 * that does not retry them would (no loop on EINTR, no resumption of a
 * short read or write): what a profiler's signal must not change (issue
 * 36: the wall clock never changes the program).  A helper thread (or a
 * child) makes each call's event happen DELAY_MS after it began, or the
 * call's own timeout ends it.  For each call prints "NAME RESULT" on
 * stdout (the same with and without profiling) and "NAME SECONDS" on
 * stderr (how long it blocked, by CLOCK_MONOTONIC: at least the delay).
 * Exit status 0. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/msg.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DELAY_MS 150
#define BIG (1 << 20)           /* the pipe write: 16 times a pipe's buffer */
#define CHUNK 8192              /* the socket's: fed a chunk at a time */

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void pause_ms(long ms)
{
	struct timespec left = { ms / 1000, ms % 1000 * 1000000L };

	while (nanosleep(&left, &left) != 0 && errno == EINTR)
		;
}

/* The helper's job: after DELAY_MS, the event of the call in progress. */
enum event { NOTHING, QUIT, PIPE_BYTE, PIPE_DRAIN, SOCKET_FEED, CONNECT, SEM_POST, SIGNAL_USR1,
	     SIGNAL_USR2, MESSAGE };
static int orders[2];            /* the events, in order, to the helper */
static pthread_t main_thread;
static int pipe_fds[2], big_fds[2], sock_fds[2], listener = -1, queue = -1;
static struct sockaddr_un where;
static sem_t sem;

static void *helper(void *unused)
{
	static char buf[BIG];

	(void)unused;
	for (;;) {
		unsigned char e;

		while (read(orders[0], &e, 1) != 1)
			if (errno != EINTR)
				abort();
		pause_ms(DELAY_MS);
		switch ((enum event)e) {
		case NOTHING:
			break;
		case QUIT:
			return NULL;
		case PIPE_BYTE:
			if (write(pipe_fds[1], "x", 1) != 1)
				abort();
			break;
		case PIPE_DRAIN:    /* all that was written (a short write: less) */
			for (struct pollfd in = { big_fds[0], POLLIN, 0 }; poll(&in, 1, 500) > 0;)
				if (read(big_fds[0], buf, BIG) <= 0)
					break;
			break;
		case SOCKET_FEED:
			for (int i = 0; i < 65536 / CHUNK; i++) {
				if (send(sock_fds[1], buf, CHUNK, 0) != CHUNK)
					abort();
				pause_ms(5);
			}
			break;
		case CONNECT: {
			int fd = socket(AF_UNIX, SOCK_STREAM, 0);

			if (connect(fd, (struct sockaddr *)&where, sizeof where) != 0)
				abort();
			close(fd);
			break;
		}
		case SEM_POST:
			sem_post(&sem);
			break;
		case SIGNAL_USR1:
			pthread_kill(main_thread, SIGUSR1);
			break;
		case SIGNAL_USR2:
			pthread_kill(main_thread, SIGUSR2);
			break;
		case MESSAGE: {
			struct { long type; char text[16]; } m = { 1, "hello" };

			if (msgsnd(queue, &m, sizeof m.text, 0) != 0)
				abort();
			break;
		}
		}
	}
}

static double started;

/* The helper makes e happen DELAY_MS from now. */
static void arm(enum event e)
{
	unsigned char byte = (unsigned char)e;

	started = now();
	if (write(orders[1], &byte, 1) != 1)
		abort();
}

static void report(const char *name, long result, int err)
{
	printf("%s %ld%s%s\n", name, result, result < 0 ? " " : "", result < 0 ? strerrorname_np(err) : "");
	fprintf(stderr, "%s %.4f\n", name, now() - started);
	fflush(stdout);
}

/* DELAY_MS from now, by CLOCK_REALTIME (the timed waits' clock). */
static void deadline(struct timespec *ts)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_nsec += DELAY_MS * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

static void on_usr2(int sig)
{
	(void)sig;
}

int main(void)
{
	static char buf[BIG];
	struct timespec ts;
	struct timeval tv;
	pthread_t thread;
	pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
	sigset_t usr1, none;
	siginfo_t info;
	long r;
	int ep, fd;
	pid_t child;

	main_thread = pthread_self();
	sem_init(&sem, 0, 0);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigemptyset(&none);
	pthread_sigmask(SIG_BLOCK, &usr1, NULL);
	signal(SIGUSR2, on_usr2);
	if (pipe(orders) != 0 || pipe(pipe_fds) != 0 || pipe(big_fds) != 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM, 0, sock_fds) != 0 ||
	    pthread_create(&thread, NULL, helper, NULL) != 0)
		return 1;

	ts = (struct timespec){ 0, DELAY_MS * 1000000L };
	arm(NOTHING);
	r = nanosleep(&ts, NULL);
	report("nanosleep", r, errno);
	arm(NOTHING);
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
	report("clock_nanosleep", r == 0 ? 0 : -1, r);
	arm(NOTHING);
	r = usleep(DELAY_MS * 1000);
	report("usleep", r, errno);
	arm(NOTHING);
	r = poll(NULL, 0, DELAY_MS);
	report("poll", r, errno);
	arm(NOTHING);
	r = ppoll(NULL, 0, &ts, NULL);
	report("ppoll", r, errno);
	arm(NOTHING);
	tv = (struct timeval){ 0, DELAY_MS * 1000 };
	r = select(0, NULL, NULL, NULL, &tv);
	report("select", r, errno);
	arm(NOTHING);
	r = pselect(0, NULL, NULL, NULL, &ts, NULL);
	report("pselect", r, errno);
	ep = epoll_create1(0);
	arm(NOTHING);
	r = epoll_wait(ep, (struct epoll_event[1]){ { 0 } }, 1, DELAY_MS);
	report("epoll_wait", r, errno);
	deadline(&ts);
	arm(NOTHING);
	r = sem_timedwait(&sem, &ts);
	report("sem_timedwait", r, errno);
	arm(NOTHING);
	pthread_mutex_lock(&mutex);
	deadline(&ts);
	r = pthread_cond_timedwait(&cond, &mutex, &ts);
	pthread_mutex_unlock(&mutex);
	report("pthread_cond_timedwait", r == 0 ? 0 : -1, (int)r);
	arm(SEM_POST);
	r = sem_wait(&sem);
	report("sem_wait", r, errno);
	arm(PIPE_BYTE);
	r = read(pipe_fds[0], buf, 16);
	report("read", r, errno);
	arm(PIPE_DRAIN);
	r = write(big_fds[1], buf, BIG);
	report("write", r, errno);
	arm(SOCKET_FEED);
	r = recv(sock_fds[0], buf, 65536, MSG_WAITALL);
	report("recv", r, errno);
	listener = socket(AF_UNIX, SOCK_STREAM, 0);
	where.sun_family = AF_UNIX;  /* abstract: sun_path[0] is 0 */
	snprintf(where.sun_path + 1, sizeof where.sun_path - 1, "blocking-calls-%d", (int)getpid());
	if (bind(listener, (struct sockaddr *)&where, sizeof where) != 0 || listen(listener, 1) != 0)
		return 1;
	arm(CONNECT);
	fd = accept(listener, NULL, NULL);
	report("accept", fd >= 0 ? 0 : -1, errno);
	arm(NOTHING);
	child = fork();
	if (child == 0) {
		pause_ms(DELAY_MS);
		_exit(7);
	}
	{
		int status = 0;

		r = waitpid(child, &status, 0);
		report("waitpid", r == child && WIFEXITED(status) ? WEXITSTATUS(status) : -1, errno);
	}
	arm(SIGNAL_USR1);
	r = sigwaitinfo(&usr1, &info);
	report("sigwaitinfo", r, errno);
	ts = (struct timespec){ 0, DELAY_MS * 1000000L };
	arm(NOTHING);
	r = sigtimedwait(&usr1, &info, &ts);
	report("sigtimedwait", r, errno);
	queue = msgget(IPC_PRIVATE, 0600);
	arm(MESSAGE);
	{
		struct { long type; char text[16]; } m;

		r = msgrcv(queue, &m, sizeof m.text, 0, 0);
		report("msgrcv", r, errno);
	}
	msgctl(queue, IPC_RMID, NULL);
	arm(SIGNAL_USR2);
	r = pause();
	report("pause", r, errno);
	arm(QUIT);
	pthread_join(thread, NULL);
	return 0;
}
