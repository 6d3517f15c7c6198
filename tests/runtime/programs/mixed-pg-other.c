/* mixed-pg-other.c - the file of mixed-pg-main.c built without -pg. */
double cpu_seconds(void);

double not_pg(double seconds)
{
	double start = cpu_seconds();
	volatile double x = 0;

	while (cpu_seconds() - start < seconds)
		for (int i = 0; i < 1000; i++)
			x += i;
	return x;
}
