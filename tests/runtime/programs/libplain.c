/* libplain.c - a shared library built without -pg: calls into it are seen
 * by no mcount, only through the PLT (BG_GMON_COUNT_LIB_CALLS). */
volatile long plain_sink;

__attribute__((noinline)) long plain_f(long k)
{
	plain_sink += k;
	return plain_sink;
}
