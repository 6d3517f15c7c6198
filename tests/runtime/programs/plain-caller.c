/* plain-caller.c - calls libplain.so's plain_f() exactly 1000 times from
 * a() and 3000 times from b(). */
long plain_f(long k);

__attribute__((noinline)) void a(void)
{
	for (long i = 0; i < 1000; i++)
		plain_f(i);
}

__attribute__((noinline)) void b(void)
{
	for (long i = 0; i < 3000; i++)
		plain_f(i);
}

int main(void)
{
	a();
	b();
	return 0;
}
