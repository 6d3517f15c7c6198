/*
 * fuzz-paths.c - libFuzzer harness of the PROFILE+paths reader and its sum
 * (gprof-par/profile/callpaths.c): the input read as a paths file, then
 * added twice to a sum (the overflow checks of issue 31), the sum printed
 * in canonical order.  See README.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callpaths.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct callpaths one, sum;
	char *text = malloc(size + 1), err[1024];
	FILE *out = fopen("/dev/null", "w");

	if (!text || !out)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	callpaths_init(&one);
	callpaths_init(&sum);
	if (callpaths_add_text(&one, text, size, "fuzz", err, sizeof err) == 0) {
		for (int k = 0; k < 2; k++)
			if (callpaths_add(&sum, &one, err, sizeof err) != 0)
				break;
		callpaths_print(out, &sum);
		callpaths_print_state(out, &sum);
	}
	callpaths_free(&one);
	callpaths_free(&sum);
	free(text);
	fclose(out);
	return 0;
}
