/* libburn.c - a shared library built without -pg that burns CPU: its time
 * is outside the executable, where BG_GMON_PROFILE_LIBS keeps it. */
volatile double burn_sink;

__attribute__((noinline)) double burn_inner(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.5;
	return s;
}

double burn(long n)
{
	double s = burn_inner(n);

	burn_sink = s;
	return s;
}
