// OpenMP regions in C++, for --regions (regions-gprof.sh): a member
// function's parallel for (_ZN7physics4Mesh5relaxEi._omp_fn.0) and a
// function template's parallel region, whose names keep the mangled base.
// Usage: regions-omp-cxx SCALE.
#include <cstdio>
#include <cstdlib>
#include <vector>
volatile double sink;
namespace physics {
struct Mesh {
	std::vector<double> v;
	explicit Mesh(long n) : v(n, 1.0) {}
	__attribute__((noinline)) double relax(int sweeps);
};
double Mesh::relax(int sweeps)
{
	double total = 0;
	long n = (long)v.size();
	for (int s = 0; s < sweeps; s++) {
#pragma omp parallel for reduction(+:total)
		for (long i = 1; i < n - 1; i++)
			total += (v[i - 1] + v[i + 1]) * 0.5 * 1e-9 + (double)(i % 7) * 1e-12;
	}
	return total;
}
template <typename T> __attribute__((noinline)) T integrate(long n)
{
	T acc = 0;
#pragma omp parallel
	{
#pragma omp for reduction(+:acc)
		for (long i = 0; i < n; i++)
			acc += (T)(i % 11) * (T)1e-9;
	}
	return acc;
}
} // namespace physics
int main(int argc, char **argv)
{
	long s = argc > 1 ? atol(argv[1]) : 10;
	physics::Mesh m(1000000);
	sink = m.relax((int)s * 4);
	sink = physics::integrate<double>(s * 4000000L);
	return 0;
}
