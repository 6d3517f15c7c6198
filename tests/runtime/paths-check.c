/*
 * paths-check.c - the paths' own check (issue 25): for every path of a
 * PROFILE+paths file, each caller frame (a return address) must follow a
 * call instruction in the function that holds it, read from the module's
 * ELF file on disk (the module lines name it; the process is gone).
 *
 *   paths-check PATHS [CALLBACK...]
 *
 * A return address A (link-time, in module M) passes when
 *   - A lies in an executable segment of M's file;
 *   - the bytes before A are a call: e8 rel32, or ff /2 (call *r/m64, 2
 *     to 7 bytes, a REX prefix or not);
 *   - the call starts inside the function holding A - 1 (its symbol, where
 *     the file has one: .symtab, else .dynsym);
 *   - in the executable (module 0, the test's own -O1 code, which makes no
 *     tail calls), a direct call's target is the callee's function: the
 *     start of the function holding the frame before (its PC, or its
 *     return address less 1) when that frame is in the executable, a PLT
 *     entry when it is in another module or is an OpenMP region's outlined
 *     function (F._omp_fn.N: libgomp runs it for the GOMP_parallel call,
 *     in the region's context, omp-regions.h; clang's .omp_outlined.,
 *     for __kmpc_fork_call, omp-ompt.c), or is one of the CALLBACKs
 *     named on the command line (a function the test's program hands to
 *     libgomp itself: GOMP_parallel_start(burn, ...)).
 * A signal handler's frame is followed by libc's __restore_rt (mov
 * $15,%rax; syscall) and then the interrupted PC plus 1, which only has
 * to be code.  A path that begins in __restore_rt (a thread the wall
 * sampler found there) is bad: the runtime begins it at the interrupted PC
 * (callpaths.h, GMON_MPI_OWN_HANDLER).  Frames of a module with no file
 * (the vDSO) are not checked.  Prints
 *   checked S samples (F frames), B bad samples (K frames)
 * and each bad path with why on stderr.  Exit status 0 when the file was
 * read (whatever it found), 2 on a usage or read error.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_MODULES 256

struct function {
	uint64_t start, end;
	const char *name;
};

struct module {
	const unsigned char *image;
	size_t size;
	const Elf64_Phdr *phdr;
	int phnum;
	struct function *functions;      /* sorted by start */
	size_t nfunctions;
	uint64_t plt_low[3], plt_high[3];/* .plt, .plt.sec, .plt.got */
	int opened;                      /* 1: read; -1: no file */
};

static struct module modules[MAX_MODULES];
static char **callbacks;                 /* NULL-terminated: argv's CALLBACKs */
static char *module_path[MAX_MODULES];

static int by_start(const void *a, const void *b)
{
	const struct function *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static void read_symbols(struct module *m, const Elf64_Shdr *sh, int shnum, uint32_t type)
{
	for (int i = 0; i < shnum; i++) {
		const Elf64_Sym *sym;
		const char *names;
		size_t n;

		if (sh[i].sh_type != type || sh[i].sh_link >= (uint32_t)shnum ||
		    sh[i].sh_offset + sh[i].sh_size > m->size)
			continue;
		sym = (const Elf64_Sym *)(m->image + sh[i].sh_offset);
		names = (const char *)m->image + sh[sh[i].sh_link].sh_offset;
		n = sh[i].sh_size / sizeof *sym;
		m->functions = realloc(m->functions, (m->nfunctions + n) * sizeof *m->functions);
		if (!m->functions) {
			perror("paths-check");
			exit(2);
		}
		for (size_t k = 0; k < n; k++)
			if (ELF64_ST_TYPE(sym[k].st_info) == STT_FUNC && sym[k].st_size > 0 &&
			    sym[k].st_shndx != SHN_UNDEF)
				m->functions[m->nfunctions++] = (struct function){
					sym[k].st_value, sym[k].st_value + sym[k].st_size,
					names + sym[k].st_name };
	}
}

static struct module *open_module(unsigned index)
{
	struct module *m = &modules[index];
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *sh;
	const char *names;
	struct stat st;
	int fd;

	if (m->opened)
		return m->opened > 0 ? m : NULL;
	m->opened = -1;
	if (!module_path[index] || (fd = open(module_path[index], O_RDONLY)) < 0)
		return NULL;
	if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof *eh) {
		close(fd);
		return NULL;
	}
	m->size = (size_t)st.st_size;
	m->image = mmap(NULL, m->size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m->image == MAP_FAILED)
		return NULL;
	eh = (const Elf64_Ehdr *)m->image;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_phoff + (size_t)eh->e_phnum * sizeof(Elf64_Phdr) > m->size ||
	    eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > m->size)
		return NULL;
	m->phdr = (const Elf64_Phdr *)(m->image + eh->e_phoff);
	m->phnum = eh->e_phnum;
	sh = (const Elf64_Shdr *)(m->image + eh->e_shoff);
	read_symbols(m, sh, eh->e_shnum, SHT_SYMTAB);
	if (m->nfunctions == 0)
		read_symbols(m, sh, eh->e_shnum, SHT_DYNSYM);
	qsort(m->functions, m->nfunctions, sizeof *m->functions, by_start);
	names = eh->e_shstrndx < eh->e_shnum ? (const char *)m->image + sh[eh->e_shstrndx].sh_offset
					      : NULL;
	for (int i = 0; names && i < eh->e_shnum; i++) {
		static const char *const plt[3] = { ".plt", ".plt.sec", ".plt.got" };

		for (int k = 0; k < 3; k++)
			if (strcmp(names + sh[i].sh_name, plt[k]) == 0) {
				m->plt_low[k] = sh[i].sh_addr;
				m->plt_high[k] = sh[i].sh_addr + sh[i].sh_size;
			}
	}
	m->opened = 1;
	return m;
}

/* The file's bytes at link-time address a (n of them, in an executable
 * segment), or NULL. */
static const unsigned char *code_at(const struct module *m, uint64_t a, size_t n)
{
	for (int i = 0; i < m->phnum; i++) {
		const Elf64_Phdr *p = &m->phdr[i];

		if (p->p_type == PT_LOAD && (p->p_flags & PF_X) && a >= p->p_vaddr &&
		    a + n <= p->p_vaddr + p->p_filesz && p->p_offset + (a - p->p_vaddr) + n <= m->size)
			return m->image + p->p_offset + (a - p->p_vaddr);
	}
	return NULL;
}

static const struct function *function_of(const struct module *m, uint64_t a)
{
	size_t lo = 0, hi = m->nfunctions;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->functions[mid].start <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* the last start <= a; symbols may overlap (aliases): look back a bit */
	for (size_t i = lo; i > 0 && i + 8 > lo; i--)
		if (a < m->functions[i - 1].end && a >= m->functions[i - 1].start)
			return &m->functions[i - 1];
	return NULL;
}

static int in_plt(const struct module *m, uint64_t a)
{
	for (int k = 0; k < 3; k++)
		if (a >= m->plt_low[k] && a < m->plt_high[k])
			return 1;
	return 0;
}

/* The length of an ff /2 call starting at c with room bytes before the
 * return address, 0 if it is not one. */
static unsigned indirect_call(const unsigned char *c, unsigned room)
{
	unsigned modrm = c[1], mod = modrm >> 6, rm = modrm & 7, len;

	if (c[0] != 0xff || ((modrm >> 3) & 7) != 2)
		return 0;
	if (mod == 3)
		len = 2;
	else if (mod == 0 && rm == 5)
		len = 6;
	else if (rm == 4 && room < 3)
		return 0;
	else if (mod == 0)
		len = rm == 4 ? ((c[2] & 7) == 5 ? 7 : 3) : 2;
	else if (mod == 1)
		len = rm == 4 ? 4 : 3;
	else
		len = rm == 4 ? 7 : 6;
	return len == room ? len : 0;
}

struct frame {
	long module;     /* -1: "-" */
	uint64_t addr;
};

/* Whether a is libc's signal trampoline, __restore_rt: mov $15,%rax;
 * syscall (rt_sigreturn). */
static int sigreturn_at(const struct module *m, uint64_t a)
{
	static const unsigned char code[9] = { 0x48, 0xc7, 0xc0, 0x0f, 0, 0, 0, 0x0f, 0x05 };
	const unsigned char *c = code_at(m, a, sizeof code);

	return c && memcmp(c, code, sizeof code) == 0;
}

/* Why the return address f (frame i of the path, callee the frame
 * before) is not after a call in its function, or NULL.  *signal is set
 * where f is a signal frame's (the next frame is then an interrupted
 * PC plus 1, only checked to be code). */
/* Whether libgomp calls the executable's function NAME back: an outlined
 * region or task (GCC's F._omp_fn.N, clang's .omp_outlined.[.N] for
 * libomp), or a CALLBACK. */
static int libgomp_callback(const char *name)
{
	if (strstr(name, "._omp_fn.") || strncmp(name, ".omp_outlined.", 14) == 0)
		return 1;
	for (char **c = callbacks; *c; c++)
		if (strcmp(*c, name) == 0)
			return 1;
	return 0;
}

static const char *check_return(const struct frame *f, const struct frame *callee, int callee_is_pc,
				int interrupted, int *signal)
{
	struct module *m;
	const unsigned char *c;
	const struct function *fn;
	uint64_t call_at = 0;
	int direct = 0;

	*signal = 0;
	if (f->module < 0)
		return "in no module";
	if (!(m = open_module((unsigned)f->module)))
		return NULL;                    /* no file: not checked */
	if (interrupted)
		return code_at(m, f->addr - 1, 1) ? NULL : "an interrupted PC outside the code";
	if (sigreturn_at(m, f->addr)) {
		*signal = 1;
		return NULL;
	}
	if (!(c = code_at(m, f->addr - 7, 7)))
		return "not after code of an executable segment";
	if (c[2] == 0xe8) {
		call_at = f->addr - 5;
		direct = 1;
	} else {
		for (unsigned k = 2; k <= 7 && !call_at; k++)
			if (indirect_call(c + 7 - k, k))
				call_at = f->addr - k;
	}
	if (!call_at)
		return "not after a call instruction";
	fn = function_of(m, f->addr - 1);
	if (fn && call_at < fn->start)
		return "the call before it is in another function";
	if (direct && f->module == 0) {
		int32_t rel;
		uint64_t target;

		memcpy(&rel, c + 3, 4);
		target = f->addr + (uint64_t)(int64_t)rel;
		if (callee->module != 0) {
			if (!in_plt(m, target))
				return "a direct call into the executable, its callee in another module";
		} else {
			/* (an executable calls its own functions directly, never
			 * through its PLT, but for an OpenMP region's outlined
			 * function, which libgomp calls back from GOMP_parallel) */
			const struct function *g = function_of(m, callee->addr - (callee_is_pc ? 0 : 1));

			if (g && g->start != target && !(in_plt(m, target) && libgomp_callback(g->name)))
				return "a direct call to another function than the callee";
		}
	}
	return NULL;
}

static int parse_frame(const char *text, struct frame *f)
{
	char *end;

	if (text[0] == '-' && text[1] == ':')
		f->module = -1;
	else {
		f->module = strtol(text, &end, 10);
		if (*end != ':' || f->module < 0 || f->module >= MAX_MODULES)
			return -1;
		text = end - 1;
	}
	f->addr = strtoull(text + 2, &end, 16);
	return 0;
}

int main(int argc, char **argv)
{
	static char line[1 << 20];
	static struct frame frames[4096];
	unsigned long long samples = 0, bad_samples = 0, nframes = 0, bad_frames = 0;
	FILE *in;

	if (argc < 2 || !(in = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: paths-check PROFILE+paths [CALLBACK...]\n");
		return 2;
	}
	callbacks = argv + 2;
	while (fgets(line, sizeof line, in)) {
		char *save = NULL, *tok, *count, *list;
		unsigned long long weight;
		size_t n = 0;
		int bad = 0, signal = 0;

		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "module\t", 7) == 0) {
			char *index = line + 7, *tab = strchr(index, '\t'), *path;
			long i = strtol(index, NULL, 10);

			if (tab && (path = strchr(tab + 1, '\t')) && i >= 0 && i < MAX_MODULES)
				module_path[i] = strdup(path + 1);
			continue;
		}
		if (strncmp(line, "path\t", 5) != 0)
			continue;
		count = line + 5;
		list = strchr(count, '\t');
		if (!list)
			continue;
		*list++ = '\0';
		weight = strtoull(count, NULL, 10);
		for (tok = strtok_r(list, " ", &save); tok && n < 4096; tok = strtok_r(NULL, " ", &save))
			if (parse_frame(tok, &frames[n]) == 0)
				n++;
		for (size_t i = 1; i < n; i++) {
			int interrupted = signal;
			const char *why = check_return(&frames[i], &frames[i - 1], i == 1, interrupted,
						       &signal);

			nframes++;
			if (why) {
				bad_frames++;
				if (!bad)
					fprintf(stderr, "bad path (%llu samples):", weight);
				fprintf(stderr, " frame %zu (%ld:%llx) %s;", i, frames[i].module,
					(unsigned long long)frames[i].addr, why);
				bad = 1;
			}
		}
		if (bad)
			fprintf(stderr, "\n");
		samples += weight;
		bad_samples += bad ? weight : 0;
	}
	fclose(in);
	printf("checked %llu samples (%llu frames), %llu bad samples (%llu frames)\n", samples,
	       nframes, bad_samples, bad_frames);
	return 0;
}
