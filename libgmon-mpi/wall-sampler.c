/* wall-sampler.c - see wall-sampler.h. */
#define _GNU_SOURCE
#include "wall-sampler.h"

#include <asm/perf_regs.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "proc-read.h"
#include "text-out.h"

/* The registers a context switch's record holds, in their bits' order,
 * and where they go in a ucontext. */
static const struct {
	int perf, greg;
} switch_regs[] = {
	{ PERF_REG_X86_BX, REG_RBX }, { PERF_REG_X86_BP, REG_RBP }, { PERF_REG_X86_SP, REG_RSP },
	{ PERF_REG_X86_IP, REG_RIP }, { PERF_REG_X86_R12, REG_R12 }, { PERF_REG_X86_R13, REG_R13 },
	{ PERF_REG_X86_R14, REG_R14 }, { PERF_REG_X86_R15, REG_R15 },
};
#define NREGS (sizeof switch_regs / sizeof switch_regs[0])
#define RECORD_SIZE (sizeof(struct perf_event_header) + 8 * (1 + NREGS))
#define RING_PAGES 1             /* of records, after the ring's header page */

static int switches_refused;    /* an errno value: asked no more */
static int switches_opened;     /* a thread's ring was mapped */
static uint64_t walks_raced;    /* (wall_probe_unmoved) */
static int sampler_tid;
static uint64_t (*sampler_period)(void);
static int (*sampler_pass)(void);

/* /proc/self/task/TID/NAME, opened once into *fd; read again at each
 * look into buf (proc_read). */
static ssize_t read_task_file(int *fd, int tid, const char *name, char *buf, size_t size)
{
	char path[64];

	if (*fd < 0) {
		text_format(path, sizeof path, "/proc/self/task/%d/%s", tid, name);
		*fd = open(path, O_RDONLY | O_CLOEXEC);
		if (*fd < 0)
			return -1;
	}
	return proc_read(*fd, buf, size);
}

/* Thread tid's CPU clock now (0: gone), by the clock id that
 * pthread_getcpuclockid would make of it (the kernel's ABI: ~tid << 3,
 * per thread, the scheduler's clock): the sampler knows its threads by
 * tid.  The kernel adds the time of a thread on its CPU now, to the
 * nanosecond. */
static uint64_t thread_cpu_ns(int tid)
{
	clockid_t clock = (clockid_t)(~(unsigned)tid << 3 | 4 /* per thread */ | 2 /* sched */);
	struct timespec ts;

	if (clock_gettime(clock, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The page size, asked once (it was asked of sysconf at every look). */
static size_t page_size(void)
{
	static size_t page;
	size_t p = __atomic_load_n(&page, __ATOMIC_RELAXED);

	if (p == 0) {
		p = (size_t)sysconf(_SC_PAGESIZE);
		__atomic_store_n(&page, p, __ATOMIC_RELAXED);
	}
	return p;
}

/* The hexadecimal or decimal number at *p ("0x7ffd..." or "-1"), *p moved
 * past it and the blank after; 0 on anything else. */
static uintptr_t next_field(const char **p)
{
	uintptr_t v = 0;
	int base = 10;

	if ((*p)[0] == '0' && (*p)[1] == 'x') {
		base = 16;
		*p += 2;
	}
	for (;; (*p)++) {
		char c = **p;
		int d = c >= '0' && c <= '9' ? c - '0' : base == 16 && c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;

		if (d < 0)
			break;
		v = v * (uintptr_t)base + (uintptr_t)d;
	}
	while (**p && **p != ' ')
		(*p)++;
	while (**p == ' ')
		(*p)++;
	return v;
}

static void note_on_cpu(struct wall_probe *p, int tid);

void wall_probe_open(struct wall_probe *p, int tid)
{
	struct perf_event_attr attr;
	size_t page = page_size();
	int fd;

	if (p->switch_fd >= 0 || __atomic_load_n(&switches_refused, __ATOMIC_RELAXED))
		return;
	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CONTEXT_SWITCHES;
	attr.sample_period = 1;
	attr.sample_type = PERF_SAMPLE_REGS_USER;
	for (size_t i = 0; i < NREGS; i++)
		attr.sample_regs_user |= 1ull << switch_regs[i].perf;
	attr.write_backward = 1;         /* the newest record at data_head */
	fd = (int)syscall(SYS_perf_event_open, &attr, (pid_t)tid, -1, -1,
			  (unsigned long)PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		if (errno == EACCES || errno == EPERM || errno == ENOSYS || errno == EINVAL ||
		    errno == ENOENT || errno == EOPNOTSUPP)
			__atomic_store_n(&switches_refused, errno, __ATOMIC_RELAXED);
		return;
	}
	/* read-only: the kernel overwrites the oldest records */
	p->ring = mmap(NULL, (1 + RING_PAGES) * page, PROT_READ, MAP_SHARED, fd, 0);
	if (p->ring == MAP_FAILED) {
		p->ring = NULL;
		close(fd);
		return;
	}
	p->switch_fd = fd;
	__atomic_store_n(&switches_opened, 1, __ATOMIC_RELAXED);
	if (tid == (int)gettid())
		note_on_cpu(p, tid);
}

/* The registers of the thread's newest context switch into uc: where
 * must_match, only if they are of the wait whose stack pointer and PC uc
 * holds.  Returns whether they were. */
static int switch_registers(const struct wall_probe *p, ucontext_t *uc, int must_match)
{
	size_t page = page_size(), size = RING_PAGES * page;
	const struct perf_event_mmap_page *meta = p->ring;
	const unsigned char *data;
	unsigned char record[RECORD_SIZE];
	uint64_t head, again, v[1 + NREGS];
	struct perf_event_header h;

	if (!p->ring)
		return 0;
	data = (const unsigned char *)p->ring + page;
	head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	for (size_t i = 0; i < RECORD_SIZE; i++)
		record[i] = data[(head + i) & (size - 1)];
	again = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	if (head - again >= size - RECORD_SIZE)
		return 0;        /* overwritten while read (written backward) */
	memcpy(&h, record, sizeof h);
	memcpy(v, record + sizeof h, sizeof v);
	if (h.type != PERF_RECORD_SAMPLE || h.size != RECORD_SIZE || v[0] != PERF_SAMPLE_REGS_ABI_64)
		return 0;
	for (size_t i = 0; must_match && i < NREGS; i++)
		if ((switch_regs[i].greg == REG_RSP || switch_regs[i].greg == REG_RIP) &&
		    (greg_t)v[1 + i] != uc->uc_mcontext.gregs[switch_regs[i].greg])
			return 0;  /* of another switch: not this wait's */
	memset(&uc->uc_mcontext, 0, sizeof uc->uc_mcontext);
	for (size_t i = 0; i < NREGS; i++)
		uc->uc_mcontext.gregs[switch_regs[i].greg] = (greg_t)v[1 + i];
	return 1;
}

/* The ring's head now (0: no ring). */
static uint64_t ring_head(const struct wall_probe *p)
{
	return p->ring ? __atomic_load_n(&((const struct perf_event_mmap_page *)p->ring)->data_head,
					 __ATOMIC_ACQUIRE)
		       : 0;
}

/* Thread tid's arrivals on a CPU so far: schedstat is "RUN_NS WAIT_NS
 * ARRIVALS", all 0 where the kernel keeps none. */
static uint64_t arrivals_now(struct wall_probe *p, int tid)
{
	char buf[96];
	const char *at = buf;

	if (read_task_file(&p->schedstat_fd, tid, "schedstat", buf, sizeof buf) <= 0)
		return 0;
	next_field(&at);
	next_field(&at);
	return next_field(&at);
}

/* Whether the thread switched off its CPU since the last look, noted:
 * the ring's head moved, or where there is no ring, it arrived on a CPU
 * again (arrivals: arrivals_now's; each arrival follows a switch off).
 * Without either nothing can tell: 0. */
static int switched_since(struct wall_probe *p, uint64_t arrivals)
{
	uint64_t head = ring_head(p);

	if (!p->ring) {
		if (arrivals == 0 || arrivals == p->seen_arrivals)
			return 0;
		p->seen_arrivals = arrivals;
		return 1;
	}
	if (head == p->seen_head)
		return 0;
	p->seen_head = head;
	return 1;
}

/* Thread tid's switches so far into m (wall-sampler.h). */
static void count_switches(struct wall_probe *p, int tid, struct wall_switches *m)
{
	m->arrivals = arrivals_now(p, tid);
	m->head = ring_head(p);
	/* and its CPU clock: the arrivals miss a run now and then, and a
	 * thread that woke meanwhile and is on its CPU still has written no
	 * switch's record yet (wall-sampler.h) */
	m->cpu_ns = thread_cpu_ns(tid);
}

/* Its arrivals less its switches' records (written backward: the head
 * goes down a record at each), or 0 where they cannot be told (no
 * arrivals kept, no ring, a record of another size in it). */
static int arrivals_less_records(const struct wall_probe *p, const struct wall_switches *m,
				 int64_t *diff)
{
	uint64_t written = 0 - m->head;

	if (m->arrivals == 0 || !p->ring || written % RECORD_SIZE != 0)
		return 0;
	*diff = (int64_t)(m->arrivals - written / RECORD_SIZE);
	return 1;
}

/* Whether the thread is off its CPU now (m: its switches now): it arrives
 * once on a CPU before each switch off it, so that arrivals less records
 * stay what they were when it was seen off its CPU last as long as it is
 * off. */
static int off_cpu(const struct wall_probe *p, const struct wall_switches *m)
{
	int64_t diff;

	return p->off_cpu_known && arrivals_less_records(p, m, &diff) && diff == p->off_cpu;
}

/* The thread itself, on its CPU: its arrivals less its records are one
 * more than while it is off (it arrives before each switch's record), so
 * that off_cpu knows from the start (a thread seldom blocked would else be
 * walked only once it was).  Read twice: no arrival between, no switch
 * between the arrivals and the head. */
static void note_on_cpu(struct wall_probe *p, int tid)
{
	struct wall_switches first, again;
	int64_t diff;

	count_switches(p, tid, &first);
	count_switches(p, tid, &again);
	if (first.arrivals == again.arrivals && arrivals_less_records(p, &first, &diff)) {
		p->off_cpu = diff - 1;
		p->off_cpu_known = 1;
	}
}

int wall_probe_unmoved(struct wall_probe *p, int tid)
{
	struct wall_switches now;
	int64_t diff;

	count_switches(p, tid, &now);
	if ((now.arrivals || now.cpu_ns) && now.arrivals == p->at.arrivals &&
	    now.cpu_ns == p->at.cpu_ns && now.head == p->at.head) {
		/* off its CPU when its registers were read (blocked, or
		 * off_cpu), and no arrival since: off it all along; what
		 * off_cpu compares with, where blocked (else it would only
		 * repeat itself) */
		if (p->at_blocked && (p->off_cpu_known = arrivals_less_records(p, &now, &diff)))
			p->off_cpu = diff;
		return 1;
	}
	__atomic_fetch_add(&walks_raced, 1, __ATOMIC_RELAXED);
	return 0;
}

uint64_t wall_walks_raced(void)
{
	return __atomic_load_n(&walks_raced, __ATOMIC_RELAXED);
}

int wall_probe_switches_refused(void)
{
	return __atomic_load_n(&switches_refused, __ATOMIC_RELAXED);
}

/* A thread on its CPU (or ready for one) now: where it left its CPU last,
 * if it did since the last look (a short wait, a yield: MPI's progress
 * loop on a crowded node; a preemption, where it waited for a CPU);
 * else running all along if it was on its CPU at the last look too (a
 * thread that was waiting then may have just woken, and be about to wait
 * again: recv(MSG_WAITALL) between chunks, whose wait a signal would
 * end).  Only one off its CPU now is walked from that switch's registers:
 * one on it has changed that stack since, and is not signalled either
 * (it switched since the last look: it may be about to wait). */
static enum wall_state on_cpu(struct wall_probe *p, int tid, ucontext_t *uc)
{
	int was_running = p->was_running, switched;
	uint64_t arrivals = p->ring ? 0 : arrivals_now(p, tid);

	if (arrivals && arrivals == p->wait.arrivals &&
	    (count_switches(p, tid, &p->at), p->at.cpu_ns == p->wait.cpu_ns)) {
		/* woken, not on a CPU since it was seen blocked (no ring):
		 * no arrival since and its CPU clock still (the kernel's
		 * arrivals missed a run about once in 6 runs of
		 * wall-race.c here, and the walk read the words scribble()
		 * wrote over the wait's frames) */
		p->at_blocked = 0;
		memset(&uc->uc_mcontext, 0, sizeof uc->uc_mcontext);
		uc->uc_mcontext.gregs[REG_RIP] = (greg_t)p->wait.pc;
		uc->uc_mcontext.gregs[REG_RSP] = (greg_t)p->wait.sp;
		p->was_running = 0;
		return WALL_WAITED;
	}
	switched = switched_since(p, arrivals);
	if (p->ring) {
		count_switches(p, tid, &p->at);
		p->at_blocked = 0;
		if (off_cpu(p, &p->at) && switch_registers(p, uc, 0)) {
			p->was_running = 0;
			return WALL_WAITED;
		}
	}
	p->was_running = 1;
	return switched || !was_running ? WALL_WOKEN : WALL_RUNNING;
}

enum wall_state wall_probe_read(struct wall_probe *p, int tid, ucontext_t *uc)
{
	char buf[512];
	const char *at, *close_paren;
	uintptr_t sp = 0, pc = 0;
	int fields;

	/* "TID (comm) S ...": the state after the last ')' (comm may hold one) */
	wall_probe_open(p, tid);      /* (if it was not) */
	if (read_task_file(&p->stat_fd, tid, "stat", buf, sizeof buf) <= 0 ||
	    !(close_paren = strrchr(buf, ')')) || close_paren[1] != ' ')
		return WALL_GONE;
	switch (close_paren[2]) {
	case 'R':
		return on_cpu(p, tid, uc);
	case 'Z':
	case 'X':
	case 'x':
		return WALL_GONE;
	}
	/* "NR ARG1 .. ARG6 SP PC" in a system call, "-1 SP PC" blocked
	 * outside one, "running" if it woke meanwhile; its switches first,
	 * so that a run after them is seen (wall_probe_unmoved) */
	count_switches(p, tid, &p->at);
	if (read_task_file(&p->syscall_fd, tid, "syscall", buf, sizeof buf) <= 0)
		return WALL_GONE;
	if (buf[0] == 'r')  /* it woke meanwhile */
		return on_cpu(p, tid, uc);
	at = buf;
	fields = buf[0] == '-' ? 3 : 9;
	for (int i = 1; i <= fields; i++) {
		uintptr_t v = next_field(&at);

		if (i == fields - 1)
			sp = v;
		else if (i == fields)
			pc = v;
	}
	if (!sp || !pc)
		return WALL_RUNNING;
	memset(&uc->uc_mcontext, 0, sizeof uc->uc_mcontext);
	uc->uc_mcontext.gregs[REG_RIP] = (greg_t)pc;
	uc->uc_mcontext.gregs[REG_RSP] = (greg_t)sp;
	p->at_blocked = 1;
	switched_since(p, p->at.arrivals);
	if (!switch_registers(p, uc, 1) && !p->ring)
		p->wait = (struct wall_wait){ sp, pc, p->at.arrivals, p->at.cpu_ns };
	p->was_running = 0;
	return WALL_WAITED;
}

void wall_probe_close(struct wall_probe *p)
{
	if (p->stat_fd >= 0)
		close(p->stat_fd);
	if (p->syscall_fd >= 0)
		close(p->syscall_fd);
	if (p->schedstat_fd >= 0)
		close(p->schedstat_fd);
	if (p->ring)
		munmap(p->ring, (1 + RING_PAGES) * page_size());
	if (p->switch_fd >= 0)
		close(p->switch_fd);
	*p = WALL_PROBE_NONE;
}

/* The sampler's slice of the CPU, as short as the scheduler allows
 * (EEVDF's custom slice, Linux 6.12: sched_attr's runtime for a fair
 * thread, 0.1 ms at least; no privilege needed; older kernels ignore
 * it): a thread that wakes with a short slice preempts the one running on
 * its CPU at once, so that a look comes when it is due.  With the default
 * slice it waited for a CPU until a thread blocked and freed one, and
 * found that thread blocked: looks came more often just after a wait
 * began, and waits claimed more than their time (wall-race.c's naps
 * 11-19% over their own clock, 1-9% with the short slice, quiet or beside
 * two busy loops).  Only once a thread's context switches' records are
 * there: the thread the sampler preempts is walked from its switch's
 * registers; without them it could not be placed at all (its periods
 * unplaced), and the naps placed fell from 73-78% of their time to 28%. */
struct sched_attr_v1 {
	uint32_t size, policy;
	uint64_t flags;
	int32_t nice;
	uint32_t priority;
	uint64_t runtime, deadline, period;
};

static void short_slice(void)
{
	struct sched_attr_v1 attr;

	memset(&attr, 0, sizeof attr);
	if (syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) != 0 || attr.policy != SCHED_OTHER)
		return;
	attr.size = sizeof attr;
	attr.runtime = 100000;
	attr.flags = 0;
	(void)syscall(SYS_sched_setattr, 0, &attr, 0);
}

static void *sampler_main(void *unused)
{
	sigset_t all;
	int sliced = 0;

	(void)unused;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	__atomic_store_n(&sampler_tid, (int)gettid(), __ATOMIC_RELEASE);
	do {
		uint64_t ns = sampler_period();

		if (!sliced && __atomic_load_n(&switches_opened, __ATOMIC_RELAXED)) {
			short_slice();
			sliced = 1;
		}
		struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };

		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
	} while (sampler_pass());
	return NULL;
}

int wall_sampler_start(uint64_t (*next_period)(void), int (*pass)(void))
{
	pthread_attr_t attr;
	pthread_t thread;
	int err;

	sampler_period = next_period;
	sampler_pass = pass;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&thread, &attr, sampler_main, NULL);
	pthread_attr_destroy(&attr);
	return err;
}

int wall_sampler_tid(void)
{
	return __atomic_load_n(&sampler_tid, __ATOMIC_ACQUIRE);
}
