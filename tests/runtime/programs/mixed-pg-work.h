/* mixed-pg-work.h - the work of mixed-pg-main.c and mixed-pg-other.c: a
 * function spending SECONDS of its thread's CPU time, by its own clock. */
double cpu_seconds(void);

#define BURN(name)                                              \
	__attribute__((noinline)) double name(double seconds)   \
	{                                                       \
		double start = cpu_seconds();                   \
		volatile double x = 0;                          \
		while (cpu_seconds() - start < seconds)         \
			for (int i = 0; i < 1000; i++)          \
				x += i;                         \
		return x;                               \
	}
