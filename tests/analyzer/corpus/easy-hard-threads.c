/* easy-hard-threads.c - easy-hard.c with two threads at once: one calls
 * easy() and hard() as main does there, the other calls work() through
 * hard() only; with BG_GMON_START_THREAD_TIMERS=all each thread has its own
 * timer and its own paths, which end at the thread's start routine. */
#include <pthread.h>

__attribute__((noinline)) void work(int n)
{
	volatile int i = 0;

	while (i++ < n)
		;
}

__attribute__((noinline)) void easy(void)
{
	work(1000);
}

__attribute__((noinline)) void hard(void)
{
	work(500 * 1000 * 1000);
}

__attribute__((noinline)) static void *both(void *unused)
{
	(void)unused;
	easy();
	hard();
	return NULL;
}

__attribute__((noinline)) static void *hard_only(void *unused)
{
	(void)unused;
	hard();
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	pthread_create(&a, NULL, both, NULL);
	pthread_create(&b, NULL, hard_only, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
