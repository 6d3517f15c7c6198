/* easy-hard.c - gprof's classic blind spot: easy() and hard() call work()
 * once each, so gprof's estimate gives each half of work's time, though
 * hard() asks a million times more of it.  Sampled call paths know. */
__attribute__((noinline)) void work(int n)
{
	volatile int i = 0;

	while (i++ < n)
		;
}

__attribute__((noinline)) void easy(void)
{
	work(1000);
}

__attribute__((noinline)) void hard(void)
{
	work(1000 * 1000 * 1000);
}

int main(void)
{
	easy();
	hard();
	return 0;
}
