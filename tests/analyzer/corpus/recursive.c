/* recursive.c - time under recursion: down() calls itself 30 deep, ping()
 * and pong() call each other (a cycle) 30 deep, and both end in burn().
 * A sample under 30 frames of down() is still one sample of down(). */
__attribute__((noinline)) void burn(int n)
{
	volatile int i = 0;

	while (i++ < n)
		;
}

__attribute__((noinline)) void down(int depth)
{
	if (depth == 0)
		burn(600 * 1000 * 1000);
	else
		down(depth - 1);
	__asm__ volatile("" ::: "memory");  /* no tail call */
}

void ping(int depth);

__attribute__((noinline)) void pong(int depth)
{
	if (depth == 0)
		burn(300 * 1000 * 1000);
	else
		ping(depth - 1);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void ping(int depth)
{
	pong(depth);
	__asm__ volatile("" ::: "memory");
}

int main(void)
{
	down(30);
	ping(30);
	return 0;
}
