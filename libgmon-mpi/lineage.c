/* lineage.c - see lineage.h. */
#include "lineage.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "rank.h"

int lineage_check_and_mark(void)
{
	const char *marker = getenv(LINEAGE_VARIABLE);
	long ancestor;
	int descendant;
	char pid[24];

	descendant = marker && rank_parse(marker, &ancestor) == 0 && ancestor != (long)getpid();
	snprintf(pid, sizeof pid, "%ld", (long)getpid());
	setenv(LINEAGE_VARIABLE, pid, 1);
	return descendant;
}
