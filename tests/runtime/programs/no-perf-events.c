/* no-perf-events.c - preloaded (LD_PRELOAD), makes perf_event_open fail
 * with ENOSYS, as a kernel without perf events, seccomp or some containers
 * do; every other system call goes through. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <sys/syscall.h>

long syscall(long number, ...)
{
	static long (*real)(long, ...);
	long a[6];
	va_list ap;

	if (number == SYS_perf_event_open) {
		errno = ENOSYS;
		return -1;
	}
	if (!real)
		real = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
	va_start(ap, number);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	return real(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}
