/*
 * dump.c - the lines of --dump (see dump.h).
 */
#include "dump.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gmon-companion.h"
#include "text-escape.h"

/* Prints s escaped, then sep. */
static void put_name(FILE *out, const char *s, char sep)
{
	char small[256];
	size_t len = text_escape(small, sizeof small, s ? s : "-");

	if (len < sizeof small) {
		fputs(small, out);
	} else {
		char *big = malloc(len + 1);

		if (big) {
			text_escape(big, len + 1, s);
			fputs(big, out);
			free(big);
		} else {
			fputs(small, out);   /* cut: out of memory */
		}
	}
	fputc(sep, out);
}

void dump_print_version(FILE *out)
{
	fprintf(out, "gmon-dump\t%d\n", DUMP_FORMAT_VERSION);
}

void dump_file_begin(struct dump_state *d, const char *role, const char *path)
{
	d->records = 0;
	fprintf(d->out, "file\t%s\t", role);
	put_name(d->out, path, '\n');
}

void dump_file_end(struct dump_state *d, const char *path)
{
	fputs("end\t", d->out);
	put_name(d->out, path, '\t');
	fprintf(d->out, "%" PRIu64 "\n", d->records);
}

void dump_module(FILE *out, const struct module_entry *m)
{
	fputs("module\t", out);
	put_name(out, m->path, '\t');
	put_name(out, m->soname, '\t');
	put_name(out, m->build_id, '\t');
	fprintf(out, "%" PRIu64 "\t0x%" PRIx64 "\t0x%" PRIx64 "\t0x%" PRIx64 "\n", m->samples,
		m->low, m->high, m->load);
}

static int on_header(void *ctx, uint32_t version, int has_fingerprint,
		     const unsigned char *fingerprint)
{
	struct dump_state *d = ctx;

	fprintf(d->out, "header\t%" PRIu32 "\t", version);
	if (!has_fingerprint)
		fputc('-', d->out);
	for (int i = 0; has_fingerprint && i < GMON_FINGERPRINT_SIZE; i++)
		fprintf(d->out, "%02x", fingerprint[i]);
	fputc('\n', d->out);
	return 0;
}

static int on_hist(void *ctx, const struct gmon_hist_record *h)
{
	struct dump_state *d = ctx;
	uint64_t span = (uint64_t)(h->high_pc - h->low_pc);

	d->records++;
	fprintf(d->out, "hist\t0x%" PRIx64 "\t0x%" PRIx64 "\t%" PRIu32 "\t%" PRIu32 "\t",
		(uint64_t)h->low_pc, (uint64_t)h->high_pc, h->nbins, h->rate);
	put_name(d->out, h->dimen, '\t');
	fprintf(d->out, "%c\n", h->dimen_abbrev ? h->dimen_abbrev : '-');
	for (uint32_t i = 0; i < h->nbins; i++) {
		uint16_t count = gmon_record_bin(h, i);

		if (count != 0)
			fprintf(d->out, "bin\t%" PRIu32 "\t0x%" PRIx64 "\t0x%" PRIx64 "\t%u\n", i,
				(uint64_t)h->low_pc + (uint64_t)i * span / h->nbins,
				(uint64_t)h->low_pc + (uint64_t)(i + 1) * span / h->nbins,
				(unsigned)count);
	}
	return ferror(d->out) ? -1 : 0;
}

static int on_arc(void *ctx, gmon_addr_t from_pc, gmon_addr_t self_pc, uint32_t count)
{
	struct dump_state *d = ctx;

	d->records++;
	fprintf(d->out, "arc\t0x%" PRIx64 "\t0x%" PRIx64 "\t%" PRIu32 "\n", (uint64_t)from_pc,
		(uint64_t)self_pc, count);
	return 0;
}

static int on_bb(void *ctx, const struct gmon_bb_record *b)
{
	struct dump_state *d = ctx;

	d->records++;
	fprintf(d->out, "bb\t%" PRIu32 "\n", b->nblocks);
	for (uint32_t i = 0; i < b->nblocks; i++) {
		gmon_addr_t addr, count;

		gmon_record_block(b, i, &addr, &count);
		fprintf(d->out, "block\t0x%" PRIx64 "\t%" PRIu64 "\n", (uint64_t)addr,
			(uint64_t)count);
	}
	return ferror(d->out) ? -1 : 0;
}

const struct gmon_visitor dump_visitor = { on_header, on_hist, on_arc, on_bb };

void dump_companion(FILE *out, const char *path, uint32_t version, uint64_t checksum,
		    size_t nsections)
{
	fputs("companion\t", out);
	put_name(out, path, '\t');
	fprintf(out, "%" PRIu32 "\t0x%016" PRIx64 "\t%zu\n", version, checksum, nsections);
}

void dump_section(FILE *out, const char *name, uint32_t type, const unsigned char *data,
		  size_t size)
{
	fputs("section\t", out);
	put_name(out, name, '\t');
	if (type == GMON_SECTION_TEXT)
		fputs("text", out);
	else if (type == GMON_SECTION_LIBRARY)
		fputs("library", out);
	else
		fprintf(out, "%" PRIu32, type);
	fprintf(out, "\t%zu\n", size);
	if (type != GMON_SECTION_TEXT)
		return;
	/* its lines as written: already tab-separated, names escaped */
	for (size_t at = 0; at < size;) {
		const unsigned char *nl = memchr(data + at, '\n', size - at);
		size_t len = nl ? (size_t)(nl - (data + at)) : size - at;

		fputs("text\t", out);
		put_name(out, name, '\t');
		fwrite(data + at, 1, len, out);
		fputc('\n', out);
		at += len + 1;
	}
}
