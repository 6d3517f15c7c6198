/* pause-resume.c - work profiled, paused (moncontrol(0)), and profiled
 * again (moncontrol(1)), each phase in its own function, for
 * e2e-moncontrol.sh: before_pause burns BEFORE seconds of this thread's
 * CPU clock, while_paused PAUSED seconds with profiling off, after_resume
 * AFTER seconds; prints each phase's own CPU seconds as measured:
 *   pause-resume BEFORE PAUSED AFTER */
#include <stdio.h>
#include <stdlib.h>

#include "burn-for.h"
#include "gmon-mpi.h"

__attribute__((noinline)) double before_pause(double s) { return burn_for(s); }
__attribute__((noinline)) double while_paused(double s) { return burn_for(s); }
__attribute__((noinline)) double after_resume(double s) { return burn_for(s); }

int main(int argc, char **argv)
{
	double before, paused, after;

	if (argc != 4)
		return 2;
	before = before_pause(atof(argv[1]));
	moncontrol(0);
	paused = while_paused(atof(argv[2]));
	moncontrol(1);
	after = after_resume(atof(argv[3]));
	printf("before_pause %.6f\nwhile_paused %.6f\nafter_resume %.6f\n", before, paused, after);
	return 0;
}
