/* comm-library.c - a stand-in for a shared object of the MPI stack: the
 * test links it under the name of each (libmpi.so.40, mca_btl_tcp.so, ...).
 * comm_library_start_thread() starts a thread, as an MPI library starts
 * its progress threads: running the library's own routine, or running
 * routine when one is given (a callback of the application). */
#include <pthread.h>

static void *library_thread(void *arg)
{
	return arg;
}

int comm_library_start_thread(pthread_t *thread, void *(*routine)(void *))
{
	return pthread_create(thread, NULL, routine ? routine : library_thread, NULL);
}
