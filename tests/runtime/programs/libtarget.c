/* libtarget.c - a shared library (no -pg) whose target_run(n) calls its
 * own exported target_inner() n times: through its PLT (the symbol may be
 * interposed), where the rtld-audit library counts calls into it. */
volatile long target_sink;

__attribute__((noinline)) void target_inner(long k)
{
	target_sink += k;
}

void target_run(long n)
{
	for (long i = 0; i < n; i++)
		target_inner(i);
}
