/* slow-fsync.c - LD_PRELOADed by a test: fsync() takes 300 ms more, so that
 * writing the profile at exit takes a while (as on a slow file system). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <unistd.h>

int fsync(int fd)
{
	int (*real_fsync)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");

	usleep(300000);
	return real_fsync ? real_fsync(fd) : 0;
}
