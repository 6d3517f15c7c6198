#!/bin/sh
# man-variables.sh - gmon-mpi(7) documents every BG_GMON_* and GMON_*
# variable that is read, and no other: the runtime's and the audit library's
# names are the strings of their read-only data (each name getenv is given
# is a string constant there; debugging information, which names enums such
# as GMON_TAG_TIME_HIST, is left out), gmon-run's the names in the script.
# The page's list is the tags of its ENVIRONMENT section.
. "$top_srcdir/tests/docs/lib.sh"

objcopy=${OBJCOPY:-objcopy}
command -v "$objcopy" >/dev/null || skip "no objcopy (binutils)"

rodata_variables() {
	[ -f "$1" ] || fail "$1 is not built"
	"$objcopy" -O binary --only-section=.rodata "$1" rodata.bin ||
		fail "cannot read the .rodata of $1"
	strings -a rodata.bin | grep -E '^(BG_)?GMON_[A-Z0-9_]+$' || true
}

{
	rodata_variables "$top_builddir/libgmon-mpi/.libs/libgmon-mpi.so"
	rodata_variables "$top_builddir/audit/.libs/libgmon-mpi-audit.so"
	grep -oE '(BG_)?GMON_[A-Z0-9_]+' "$top_builddir/scripts/gmon-run"
} | sort -u > read.txt

man_tags "$man_dir/gmon-mpi.7" ENVIRONMENT | grep -oE '^(BG_)?GMON_[A-Z0-9_]+' |
	sort -u > documented.txt

# The runtime's own settings must be among them (the extraction works).
for v in BG_GMON_RANK_SUBSET BG_GMON_HZ GMON_OUT_PREFIX; do
	grep -qx "$v" read.txt || fail "$v not found in the built runtime: the extraction is broken"
done
expect_same_names read.txt "the variables read (runtime, audit library, gmon-run)" \
	documented.txt "gmon-mpi(7)'s ENVIRONMENT"
# docs/environment.md, the longer reference, names each of them too.
for v in $(cat read.txt); do
	grep -qE "\`$v(\`|=)" "$top_srcdir/docs/environment.md" || fail "docs/environment.md does not name $v"
done
note "$(wc -l < read.txt) variables, each documented"
