/* Simple calls: callers whose time is mostly in callees, a leaf called from
 * several places, functions called often but too short to be sampled, and
 * one never called at all. */
#include <stdio.h>

static volatile unsigned long sink;

void spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i ^ (i >> 3);
}

void tiny(void) { sink++; }
void never_called(void) { sink--; }

void heavy(void) { spin(400000); tiny(); }
void light(void) { spin(100000); tiny(); }

void both(void)
{
	heavy();
	light();
	spin(50000);
}

int main(void)
{
	for (int i = 0; i < 480; i++) {
		both();
		light();
		for (int k = 0; k < 200; k++)
			tiny();
	}
	printf("%lu\n", sink & 1);
	return 0;
}
