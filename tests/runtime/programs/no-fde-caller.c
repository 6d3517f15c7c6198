/* no-fde-caller.c - main -> caller_fn -> no_fde_work (no-fde-work.c, which
 * has no unwind entry), for e2e-no-unwind-entry.sh.  caller_fn is this
 * file's last function, so that its FDE is the one before no_fde_work's
 * code (the link puts this file's code first), and it returns normally:
 * its rules at its end (the CFA at %rsp + 8) are not the frame pointer's.
 *   no-fde-caller SECONDS */
#include <stdio.h>
#include <stdlib.h>

double no_fde_work(double seconds);
double caller_fn(double seconds);

int main(int argc, char **argv)
{
	double s = caller_fn(argc > 1 ? atof(argv[1]) : 0.3);

	printf("no_fde_work %.6f\n", s);
	return 0;
}

__attribute__((noinline)) double caller_fn(double seconds)
{
	return no_fde_work(seconds) + 0.0;
}
