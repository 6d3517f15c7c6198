/* callers.c - a program without MPI whose calls have exact counts and
 * two callers:
 *   common_work  1000 calls, from main
 *   other_work     10 calls, from main
 *   leaf         1020 calls: 1000 from common_work, 20 from other_work */
volatile unsigned long sink;

__attribute__((noinline)) void leaf(void) { sink++; }
__attribute__((noinline)) void common_work(void) { leaf(); sink++; }
__attribute__((noinline)) void other_work(void) { leaf(); leaf(); sink++; }

int main(void)
{
	for (int i = 0; i < 1000; i++)
		common_work();
	for (int i = 0; i < 10; i++)
		other_work();
	return 0;
}
