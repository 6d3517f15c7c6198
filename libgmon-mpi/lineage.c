/* lineage.c - see lineage.h. */
#include "lineage.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "rank.h"

int lineage_is_descendant(void)
{
	const char *marker = getenv(LINEAGE_VARIABLE);
	long ancestor;

	return marker && rank_parse(marker, &ancestor) == 0 && ancestor != (long)getpid();
}

int lineage_check_and_mark(void)
{
	int descendant = lineage_is_descendant();
	char pid[24];

	snprintf(pid, sizeof pid, "%ld", (long)getpid());
	setenv(LINEAGE_VARIABLE, pid, 1);
	return descendant;
}
