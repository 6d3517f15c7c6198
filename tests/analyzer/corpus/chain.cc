// A call chain main -> mid(int) -> work(int, char), each called 100 times
// from one place: known-answers.sh crafts its histogram and paths (a name
// with a space and a comma, for the folded format).
static volatile unsigned long sink;
__attribute__((noinline)) void work(int n, char c)
{
	for (int i = 0; i < n; i++)
		sink += (unsigned long)i * (unsigned long)c;
}
__attribute__((noinline)) void mid(int n)
{
	work(n, 3);
	sink++;
}
int main()
{
	for (int i = 0; i < 100; i++)
		mid(1000);
	return 0;
}
