/* Names that are prefixes of others (issue 31): work, worker and work2,
 * each with time of its own and calls, so that a symbol specification
 * naming one (-Pwork, -qwork, -Nwork, -k work/worker) that also matched
 * another by its prefix changes the report. */
static volatile unsigned long sink;

__attribute__((noinline)) void work(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i ^ (i >> 3);
}

__attribute__((noinline)) void worker(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * 3;
	work(n / 4);
}

__attribute__((noinline)) void work2(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink ^= i;
	worker(n / 2);
}

int main(void)
{
	for (int i = 0; i < 300; i++) {
		work(200000);
		worker(300000);
		work2(200000);
	}
	return 0;
}
