/* mixed-pg-other.c - the file of mixed-pg-main.c built without -pg. */
#include "mixed-pg-work.h"

BURN(not_pg)
