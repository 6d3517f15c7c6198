// C++ names: a namespace, a class with a constructor, member and static
// functions, an operator, templates instantiated twice, overloads, a
// lambda, a file-local recursive function and two member functions that
// form a cycle.  GNU gprof prints them demangled (libiberty); sorting is
// by the mangled names.  Runs about 0.2 s of CPU, for samples.
#include <ctime>
#include <vector>

static volatile unsigned long sink;

namespace physics {
struct Particle {
	double x, v;
};

class Integrator {
public:
	explicit Integrator(double dt) : dt_(dt) {}
	void step(std::vector<Particle> &ps);
	static double force(double x) { return -x; }
	Integrator &operator+=(double more)
	{
		dt_ += more;
		return *this;
	}
	int even(int n) { return n == 0 ? 1 : odd(n - 1); }
	int odd(int n) { return n == 0 ? 0 : even(n - 1); }

private:
	double dt_;
};

void Integrator::step(std::vector<Particle> &ps)
{
	for (auto &p : ps) {
		p.v += force(p.x) * dt_;
		p.x += p.v * dt_;
	}
}
} // namespace physics

template <typename T> T accumulate(const T *a, int n)
{
	T s = 0;
	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}

int overload(int x) { return x + 1; }
double overload(double x) { return x * 2; }

static unsigned long fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main()
{
	std::vector<physics::Particle> ps(500, physics::Particle{1.0, 0.0});
	physics::Integrator in(0.001);
	int ia[100] = {1};
	double da[100] = {2.0};
	auto twice = [](int x) { return 2 * x; };

	while (clock() < CLOCKS_PER_SEC / 5) {
		in.step(ps);
		in += 0.0;
		sink += accumulate(ia, 100) + (unsigned long)accumulate(da, 100);
		sink += overload(3) + (unsigned long)overload(2.0);
		sink += fib(10) + (unsigned long)twice(3) + (unsigned long)in.even(9);
	}
	return 0;
}
