/* one-three.c - two callers of work(), one call each, heavy() asking three
 * times what light() asks: measured, their shares are 1:3. */
__attribute__((noinline)) void work(int n)
{
	volatile int i = 0;

	while (i++ < n)
		;
}

__attribute__((noinline)) void light(void)
{
	work(300 * 1000 * 1000);
}

__attribute__((noinline)) void heavy(void)
{
	work(900 * 1000 * 1000);
}

int main(void)
{
	light();
	heavy();
	return 0;
}
