/* ordering.c - for -r (--function-ordering): two functions called from
 * many sites by most of the calls (GNU gprof groups such functions first,
 * then orders them by the arcs between them), among enough functions that
 * GNU's 1.25% of them reaches both, and many functions called once. */
#include <stdio.h>

static volatile long sink;

__attribute__((noinline)) void hub_b(int k) { sink += k; }
__attribute__((noinline)) void hub_a(int k) { sink += k; hub_b(k); }

#define CALLER(i)                                                          \
	__attribute__((noinline)) void caller##i(int n)                    \
	{                                                                  \
		for (int k = 0; k < n; k++) {                              \
			hub_a(k);                                          \
			hub_b(k);                                          \
		}                                                          \
	}
CALLER(0) CALLER(1) CALLER(2) CALLER(3) CALLER(4)
CALLER(5) CALLER(6) CALLER(7) CALLER(8) CALLER(9)

#define LEAF(i) __attribute__((noinline)) void leaf##i(void) { sink++; }
#define LEAF10(i) LEAF(i##0) LEAF(i##1) LEAF(i##2) LEAF(i##3) LEAF(i##4) \
	LEAF(i##5) LEAF(i##6) LEAF(i##7) LEAF(i##8) LEAF(i##9)
LEAF10(1) LEAF10(2) LEAF10(3) LEAF10(4) LEAF10(5) LEAF10(6) LEAF10(7) LEAF10(8)
LEAF10(9) LEAF10(10) LEAF10(11) LEAF10(12) LEAF10(13) LEAF10(14) LEAF10(15)
LEAF10(16) LEAF10(17) LEAF10(18)

#define CALL(i) leaf##i();
#define CALL10(i) CALL(i##0) CALL(i##1) CALL(i##2) CALL(i##3) CALL(i##4) \
	CALL(i##5) CALL(i##6) CALL(i##7) CALL(i##8) CALL(i##9)

int main(void)
{
	caller0(1000); caller1(1100); caller2(1200); caller3(1300); caller4(1400);
	caller5(1500); caller6(1600); caller7(1700); caller8(1800); caller9(1900);
	CALL10(1) CALL10(2) CALL10(3) CALL10(4) CALL10(5) CALL10(6) CALL10(7)
	CALL10(8) CALL10(9) CALL10(10) CALL10(11) CALL10(12) CALL10(13) CALL10(14)
	CALL10(15) CALL10(16) CALL10(17) CALL10(18)
	printf("%ld\n", sink);
	return 0;
}
