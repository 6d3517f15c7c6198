/*
 * fuzz-calls.c - libFuzzer harness of the PROFILE+calls and
 * PROFILE+plt-calls reader and its sum (gprof-par/profile/module-calls.c,
 * one format for both): the input read twice into one set (its counts
 * added: the overflow check of issue 31), the set printed in canonical
 * order.  See README.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module-calls.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct module_calls sum;
	char *text = malloc(size + 1), err[1024];
	FILE *out = fopen("/dev/null", "w");

	if (!text || !out)
		abort();
	module_calls_init(&sum);
	for (int k = 0; k < 2; k++) {
		memcpy(text, data, size);   /* the reader cuts it in place */
		text[size] = '\0';
		if (module_calls_add_text(&sum, text, size, "fuzz", err, sizeof err) != 0)
			break;
	}
	module_calls_print(out, &sum);
	module_calls_print_state(out, &sum);
	module_calls_free(&sum);
	free(text);
	fclose(out);
	return 0;
}
