/* work-caller.c - calls libwork.so's lib_outer(1000) three times. */
void lib_outer(long n);

int main(void)
{
	for (int i = 0; i < 3; i++)
		lib_outer(1000);
	return 0;
}
