/* omp-relax.h - the loop of bench/omp-spins.c and omp-spin-loop.c: inside
 * a parallel region, the team shares n items of u (statically, no barrier
 * after), 64 multiply-adds each, each thread adding its items' values to
 * sum.  A macro: the loop stays in the region's outlined function, whose
 * samples the readers count as the loop's. */
#ifndef OMP_RELAX_H
#define OMP_RELAX_H

#define OMP_RELAX_SHARE(u, n, sum)                                  \
	_Pragma("omp for schedule(static) nowait")                  \
	for (int relax_i = 0; relax_i < (n); relax_i++) {           \
		double relax_x = (u)[relax_i] + 1;                  \
                                                                    \
		for (int relax_k = 0; relax_k < 64; relax_k++)      \
			relax_x = relax_x * 0.9999999 + 1e-7;       \
		(u)[relax_i] = relax_x;                             \
		(sum) += relax_x;                                   \
	}

#endif
