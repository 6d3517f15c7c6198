/*
 * test-regions-b.c - for test-regions.c: a second static work() with its
 * own clone work.part.0, in another file (as two static functions of one
 * name in two files, each partly inlined by GCC): --regions=parent must
 * give each clone to its own work (the nearest), not both to the first.
 */
int regions_b_anchor(int x);

__attribute__((noinline, used)) static int work_b(int x) __asm__("work");
static int work_b(int x)
{
	return x * 31 + 1;
}

__attribute__((noinline, used)) static int work_b_part(int x) __asm__("work.part.0");
static int work_b_part(int x)
{
	return x * 37 + 1;
}

int regions_b_anchor(int x)
{
	return work_b(x) + work_b_part(x);
}
