/* perf-clock.c - see perf-clock.h. */
#define _GNU_SOURCE
#include "perf-clock.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static int user_only;   /* kernel profiling was refused once: ask no more */

static int open_event(int tid, uint64_t period_ns, int exclude_kernel)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	attr.sample_period = period_ns ? period_ns : 1;
	attr.disabled = 1;
	attr.wakeup_events = 1;
	attr.exclude_kernel = exclude_kernel;
	attr.exclude_hv = exclude_kernel;
	return (int)syscall(SYS_perf_event_open, &attr, (pid_t)tid, -1, -1,
			    (unsigned long)PERF_FLAG_FD_CLOEXEC);
}

int perf_clock_open(int tid, uint64_t period_ns, int in_user_only)
{
	struct f_owner_ex owner = { F_OWNER_TID, tid };
	int fd = -1, err;

	if (in_user_only)
		fd = open_event(tid, period_ns, 1);
	else if (!__atomic_load_n(&user_only, __ATOMIC_RELAXED))
		fd = open_event(tid, period_ns, 0);
	if (fd < 0 && !in_user_only &&
	    (__atomic_load_n(&user_only, __ATOMIC_RELAXED) || errno == EACCES || errno == EPERM)) {
		fd = open_event(tid, period_ns, 1);
		if (fd >= 0)
			__atomic_store_n(&user_only, 1, __ATOMIC_RELAXED);
	}
	if (fd < 0)
		return -errno;
	if (fcntl(fd, F_SETOWN_EX, &owner) != 0 || fcntl(fd, F_SETSIG, SIGPROF) != 0 ||
	    fcntl(fd, F_SETFL, O_ASYNC | O_NONBLOCK) != 0) {
		err = errno;
		close(fd);
		return -err;
	}
	return fd;
}

int perf_clock_arm(int fd)
{
	return ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) != 0 ? -errno : 0;
}

void perf_clock_disarm(int fd)
{
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
}

void perf_clock_close(int fd)
{
	close(fd);
}

int perf_clock_user_only(void)
{
	return __atomic_load_n(&user_only, __ATOMIC_RELAXED);
}

int perf_clock_is_overflow(int code, int signal_fd, int fd)
{
	/* POLL_IN on an overflow (POLL_HUP on the last one an overflow limit
	 * allowed, were one set); si_fd means something for these codes only */
	return fd >= 0 && code >= POLL_IN && code <= POLL_HUP && signal_fd == fd;
}
