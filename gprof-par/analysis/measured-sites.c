/*
 * measured-sites.c - see measured-sites.h.
 */
#include "measured-sites.h"

#include <stdlib.h>

#include "grow.h"

int measured_sites_add(struct measured *m, uint32_t fn, uint64_t addr, uint64_t samples)
{
	struct measured_site *grown = grow_array(m->sites, &m->sites_cap, m->nsites + 1,
						 sizeof *grown, 256);

	if (!grown)
		return -1;
	m->sites = grown;
	m->sites[m->nsites++] = (struct measured_site){ fn, addr, samples, NULL, 0 };
	return 0;
}

static int cmp_sites(const void *a, const void *b)
{
	const struct measured_site *l = a, *r = b;

	if (l->fn != r->fn)
		return l->fn < r->fn ? -1 : 1;
	return l->addr < r->addr ? -1 : l->addr > r->addr;
}

void measured_sites_merge(struct measured *m)
{
	size_t n = 0;

	if (m->nsites > 1)
		qsort(m->sites, m->nsites, sizeof *m->sites, cmp_sites);
	for (size_t i = 0; i < m->nsites; i++) {
		if (n > 0 && m->sites[n - 1].fn == m->sites[i].fn &&
		    m->sites[n - 1].addr == m->sites[i].addr)
			m->sites[n - 1].samples += m->sites[i].samples;
		else
			m->sites[n++] = m->sites[i];
	}
	m->nsites = n;
}
