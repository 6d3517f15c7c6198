/* plugins.c - a -pg program that opens -pg plug-ins and calls each.
 *
 *   plugins LIBRARY N [LIBRARY N]...
 *
 * Opens each LIBRARY with dlopen (kept loaded) and calls its lib_outer(N)
 * (libwork.c: N calls of lib_inner), so that each plug-in's profile has
 * its own count of calls. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	for (int i = 1; i + 1 < argc; i += 2) {
		void *h = dlopen(argv[i], RTLD_NOW | RTLD_LOCAL);
		void (*f)(long);

		if (!h) {
			fprintf(stderr, "plugins: %s\n", dlerror());
			return 2;
		}
		f = (void (*)(long))dlsym(h, "lib_outer");
		if (!f) {
			fprintf(stderr, "plugins: %s: no lib_outer\n", argv[i]);
			return 2;
		}
		f(atol(argv[i + 1]));
	}
	return 0;
}
