/* libcallback.c - a shared library built with -pg: lib_step() is called
 * by the program, and lib_apply() calls the program's function back
 * through a pointer, so that calls cross the modules both ways. */
volatile long callback_sink;

__attribute__((noinline)) long lib_step(long k)
{
	callback_sink += k;
	return callback_sink;
}

__attribute__((noinline)) void lib_apply(void (*fn)(long), long m)
{
	for (long i = 0; i < m; i++)
		fn(i);
}
