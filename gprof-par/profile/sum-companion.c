/* sum-companion.c - see sum-companion.h. */
#define _GNU_SOURCE
#include "sum-companion.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "companion-write.h"
#include "companions.h"
#include "errors.h"
#include "files.h"
#include "gmon-companion.h"
#include "grow.h"
#include "memory-image.h"
#include "profile-write.h"

void sum_companion_init(struct sum_companion *sc)
{
	memset(sc, 0, sizeof *sc);
}

void sum_companion_free(struct sum_companion *sc)
{
	for (size_t i = 0; i < sc->n; i++) {
		free(sc->sections[i].name);
		free(sc->sections[i].data);
	}
	free(sc->sections);
	if (sc->text)
		fclose(sc->text);
	free(sc->text_data);
	sum_companion_init(sc);
}

char *sum_companion_member(const char *output, const char *name)
{
	char *file = companion_file_path(output), *member = NULL;

	if (file && asprintf(&member, "%s/%s", file, name) < 0)
		member = NULL;
	free(file);
	return member;
}

/* A message "OUTPUT+gmon-mpi/NAME: what" in err. */
static int section_error(const char *output, const char *name, const char *what, char *err,
			 size_t errlen)
{
	char *member = sum_companion_member(output, name);

	set_error(err, errlen, "%s: %s", member ? member : output, what);
	free(member);
	return -1;
}

/* Adds the section (data taken, malloc'ed; freed on failure). */
static int take(struct sum_companion *sc, const char *output, uint32_t type, const char *name,
		void *data, size_t size, char *err, size_t errlen)
{
	struct sum_section *grown;
	char *copy = strdup(name);

	if (strlen(name) == 0 || strlen(name) > GMON_COMPANION_MAX_NAME) {
		free(copy);
		free(data);
		return section_error(output, name, "not a section's name (1 to 255 bytes)", err,
				     errlen);
	}
	grown = grow_array(sc->sections, &sc->cap, sc->n + 1, sizeof *grown, 8);
	if (!copy || !grown) {
		free(copy);
		free(data);
		return section_error(output, name, "out of memory", err, errlen);
	}
	sc->sections = grown;
	sc->sections[sc->n++] = (struct sum_section){ type, copy, data, size };
	return 0;
}

FILE *sum_companion_text_open(struct sum_companion *sc)
{
	if (sc->text)
		return NULL;
	sc->text = open_memstream(&sc->text_data, &sc->text_size);
	return sc->text;
}

int sum_companion_text_close(struct sum_companion *sc, const char *output, const char *name,
			     int printed, char *err, size_t errlen)
{
	int failed = !printed || !sc->text || ferror(sc->text);
	void *data;

	if (sc->text && fclose(sc->text) != 0)
		failed = 1;
	sc->text = NULL;
	data = sc->text_data;
	sc->text_data = NULL;
	if (failed) {
		free(data);
		return section_error(output, name, "out of memory", err, errlen);
	}
	return take(sc, output, GMON_SECTION_TEXT, name, data, sc->text_size, err, errlen);
}

int sum_companion_add_text(struct sum_companion *sc, const char *output, const char *name,
			   const void *text, size_t len, char *err, size_t errlen)
{
	void *copy = malloc(len ? len : 1);

	if (!copy)
		return section_error(output, name, "out of memory", err, errlen);
	memcpy(copy, text, len);
	return take(sc, output, GMON_SECTION_TEXT, name, copy, len, err, errlen);
}

static int fill_sparse(int fd, void *p)
{
	return profile_write_sparse_fd(p, fd);
}

int sum_companion_add_library(struct sum_companion *sc, const char *output, const char *name,
			      const struct profile *p, char *err, size_t errlen)
{
	void *data = NULL;
	size_t len = 0;
	int e;

	if (p->nhists != 1) {
		char why[128];

		snprintf(why, sizeof why, "a library's sum of %zu histograms, not one: not written",
			 p->nhists);
		return section_error(output, name, why, err, errlen);
	}
	e = memory_image(fill_sparse, (void *)p, &data, &len);
	if (e != 0)
		return section_error(output, name, strerror(e), err, errlen);
	return take(sc, output, GMON_SECTION_LIBRARY, name, data, len, err, errlen);
}

/* The companion's sections into fd: "sum" (naming the profile), then
 * sc's.  Returns 0 or an errno value. */
static int fill_companion(int fd, const struct sum_companion *sc, uint64_t size, uint64_t sum)
{
	struct gmon_companion_entry *table = calloc(sc->n + 1, sizeof *table);
	uint64_t *hashes = calloc(sc->n + 1, sizeof *hashes);
	struct companion_writer w;
	char head[128];
	int e = table && hashes ? 0 : ENOMEM;

	snprintf(head, sizeof head, "%s %d\nprofile\t%" PRIu64 " %016" PRIx64 "\n",
		 GMON_SUM_MAGIC, GMON_SUM_VERSION, size, sum);
	if (e == 0)
		e = companion_writer_begin(&w, fd, table, hashes, (unsigned)sc->n + 1);
	if (e == 0)
		e = companion_writer_add(&w, GMON_SECTION_TEXT, GMON_SUM_NAME, head, strlen(head));
	for (size_t i = 0; e == 0 && i < sc->n; i++)
		e = companion_writer_add(&w, sc->sections[i].type, sc->sections[i].name,
					 sc->sections[i].data, sc->sections[i].size);
	if (e == 0)
		e = companion_writer_finish(&w, 1);
	free(table);
	free(hashes);
	return e;
}

int sum_companion_write(const struct profile *sum, const char *output,
			const struct sum_companion *sc, char *err, size_t errlen)
{
	char *path = companion_file_path(output);
	size_t tmpsize = strlen(output) + 64;
	char *ptmp = malloc(tmpsize), *ctmp = malloc(tmpsize + 16);
	uint64_t size = 0, checksum = 0;
	int pfd = -1, cfd = -1, e = 0, rc = -1;

	if (!path || !ptmp || !ctmp) {
		set_error(err, errlen, "%s: out of memory", output);
		goto out;
	}
	if (output_check_replaceable(path, err, errlen) != 0)
		goto out;
	pfd = profile_write_temporary(sum, output, ptmp, tmpsize, err, errlen);
	if (pfd < 0)
		goto out;
	if ((e = companion_profile_identity(pfd, &size, &checksum)) != 0 || close(pfd) != 0) {
		set_error(err, errlen, "%s: cannot write the temporary file %s: %s (removed it)",
			  output, ptmp, strerror(e ? e : errno));
		unlink(ptmp);
		goto out;
	}
	cfd = output_create_temporary(path, ctmp, tmpsize + 16, 0666, err, errlen);
	if (cfd < 0) {
		unlink(ptmp);
		goto out;
	}
	e = fill_companion(cfd, sc, size, checksum);
	if (close(cfd) != 0 && e == 0)
		e = errno;
	if (e != 0) {
		set_error(err, errlen, "%s: cannot write the temporary file %s: %s (removed it; "
			  "%s is not replaced either)", path, ctmp, strerror(e), output);
		unlink(ctmp);
		unlink(ptmp);
		goto out;
	}
	/* the pair: the profile, then at once its companion */
	if (rename(ptmp, output) != 0) {
		set_error(err, errlen, "%s: cannot rename the temporary file %s to it: %s (removed "
			  "it and its companion's)", output, ptmp, strerror(errno));
		unlink(ptmp);
		unlink(ctmp);
		goto out;
	}
	if (rename(ctmp, path) != 0) {
		set_error(err, errlen, "%s: cannot rename the temporary file %s to it: %s (removed "
			  "it, and the earlier companion: %s has none)", path, ctmp, strerror(errno),
			  output);
		unlink(ctmp);
		unlink(path);
		goto out;
	}
	rc = 0;
out:
	free(path);
	free(ptmp);
	free(ctmp);
	return rc;
}
