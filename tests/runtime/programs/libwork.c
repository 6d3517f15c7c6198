/* libwork.c - a shared library built with -pg: lib_outer() calls
 * lib_inner() n times, so its profile has arcs of its own. */
volatile long work_sink;

__attribute__((noinline)) void lib_inner(long k)
{
	work_sink += k;
}

__attribute__((noinline)) void lib_outer(long n)
{
	for (long i = 0; i < n; i++)
		lib_inner(i);
}
