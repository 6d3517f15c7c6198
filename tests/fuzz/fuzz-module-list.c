/*
 * fuzz-module-list.c - libFuzzer harness of the PROFILE+modules reader
 * (gprof-par/profile/module-list.c): the input as a list file, read and
 * freed (issue 31: a line with the wrong number of fields freed
 * uninitialised pointers).  See README.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "module-list.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	struct module_list list;
	char err[1024];
	FILE *f;

	if (!path[0])
		snprintf(path, sizeof path, "/tmp/fuzz-module-list.%d", (int)getpid());
	f = fopen(path, "w");
	if (!f)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	if (module_list_read(path, &list, err, sizeof err) == 0)
		module_list_free(&list);
	unlink(path);
	return 0;
}
