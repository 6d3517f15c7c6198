/* byte-pack.c - see byte-pack.h. */
#include "byte-pack.h"

#include <stdlib.h>
#include <string.h>

void pack_u64(FILE *f, uint64_t v)
{
	fwrite(&v, sizeof v, 1, f);
}

void pack_text(FILE *f, const char *text)
{
	uint64_t n = text ? strlen(text) : UINT64_MAX;

	pack_u64(f, n);
	if (text)
		fwrite(text, 1, (size_t)n, f);
}

void pack_bytes(FILE *f, const void *data, size_t len)
{
	pack_u64(f, len);
	if (len > 0)
		fwrite(data, 1, len, f);
}

void unpacker_init(struct unpacker *r, const void *data, size_t len)
{
	r->at = data;
	r->end = (const char *)data + len;
	r->bad = 0;
}

uint64_t unpack_u64(struct unpacker *r)
{
	uint64_t v;

	if (r->bad || (size_t)(r->end - r->at) < sizeof v) {
		r->bad = r->bad ? r->bad : 1;
		return 0;
	}
	memcpy(&v, r->at, sizeof v);
	r->at += sizeof v;
	return v;
}

const void *unpack_bytes(struct unpacker *r, size_t *len)
{
	uint64_t n = unpack_u64(r);
	const char *at = r->at;

	*len = 0;
	if (r->bad || (uint64_t)(r->end - r->at) < n) {
		r->bad = r->bad ? r->bad : 1;
		return NULL;
	}
	r->at += n;
	*len = (size_t)n;
	return at;
}

char *unpack_text(struct unpacker *r)
{
	const char *save = r->at;
	char *text;
	size_t n;
	const void *bytes;

	if (!r->bad && (size_t)(r->end - r->at) >= sizeof(uint64_t)) {
		uint64_t v;

		memcpy(&v, r->at, sizeof v);
		if (v == UINT64_MAX) {
			r->at += sizeof v;
			return NULL;
		}
	}
	bytes = unpack_bytes(r, &n);
	if (!bytes)
		return NULL;
	if (memchr(bytes, '\0', n)) {
		r->at = save;
		r->bad = 1;
		return NULL;
	}
	text = malloc(n + 1);
	if (!text) {
		r->bad = 2;
		return NULL;
	}
	memcpy(text, bytes, n);
	text[n] = '\0';
	return text;
}

const char *unpacker_error(const struct unpacker *r)
{
	return r->bad == 2 ? "out of memory" : "ended short";
}
