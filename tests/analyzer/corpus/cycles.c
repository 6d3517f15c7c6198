/* Mutual recursion forming cycles: a three-member cycle whose members have
 * samples of their own, entered from two callers outside it and calling
 * a leaf outside it; a two-member cycle with no samples; and a member that
 * also calls itself. */
#include <stdio.h>

static volatile unsigned long sink;

void leaf(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i;
}

int ping(int n);
int pong(int n);
int pang(int n);

int ping(int n)
{
	leaf(3000);
	return n <= 0 ? 0 : pong(n - 1) + 1;
}

int pong(int n)
{
	for (unsigned long i = 0; i < 9000; i++)
		sink += i;
	if (n % 7 == 0 && n > 0)
		return pong(n - 1);
	return n <= 0 ? 0 : pang(n - 1) + 1;
}

int pang(int n)
{
	for (unsigned long i = 0; i < 2000; i++)
		sink ^= i;
	return n <= 0 ? 0 : ping(n - 1) + 1;
}

int even(int n);
int odd(int n) { return n == 0 ? 0 : even(n - 1); }
int even(int n) { return n == 0 ? 1 : odd(n - 1); }

void outer_a(void) { ping(60); }
void outer_b(void) { pang(30); leaf(20000); }

int main(void)
{
	int t = 0;
	for (int i = 0; i < 600; i++) {
		outer_a();
		outer_b();
		t += even(100 + i);
	}
	printf("%d %lu\n", t, sink & 1);
	return 0;
}
