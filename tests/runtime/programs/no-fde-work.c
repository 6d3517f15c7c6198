/* no-fde-work.c - code without unwind tables (built with
 * -fno-asynchronous-unwind-tables -fno-unwind-tables, and -pg: frame
 * pointers), for e2e-no-unwind-entry.sh: no_fde_work burns SECONDS of this
 * thread's CPU clock and returns the seconds it measured. */
#include "burn-for.h"

double no_fde_work(double seconds);

double no_fde_work(double seconds)
{
	return burn_for(seconds);
}
