#!/bin/sh
# man-options.sh - each tool's --help and its manual page name the same
# options (the help has each one's long text, the page a short one): the
# option names of the help's option lines against the tags of the page's
# OPTIONS section, for gprof-par(1) and gmon-run(1).
. "$top_srcdir/tests/docs/lib.sh"

"$GPROF_PAR" --help > gprof-par.help || fail "gprof-par --help failed"
help_option_names < gprof-par.help > help.txt
man_tags "$man_dir/gprof-par.1" OPTIONS | option_names > page.txt
# An option of GNU gprof's that the help names in its text: the check reads
# the help right (and -S, gprof-par's, and --sum-dir are on one line).
grep -qx -- --sum-dir help.txt && grep -qx -- -S help.txt ||
	fail "gprof-par --help's options were not read: $(tr '\n' ' ' < help.txt)"
expect_same_names help.txt "gprof-par --help" page.txt "gprof-par(1)"
note "gprof-par: $(wc -l < help.txt) option names in both"

sh "$top_builddir/scripts/gmon-run" --help > gmon-run.help || fail "gmon-run --help failed"
help_option_names < gmon-run.help > help.txt
man_tags "$man_dir/gmon-run.1" OPTIONS | option_names > page.txt
grep -qx -- --count-calls help.txt || fail "gmon-run --help's options were not read"
expect_same_names help.txt "gmon-run --help" page.txt "gmon-run(1)"
note "gmon-run: $(wc -l < help.txt) option names in both"

# The files an option writes, as both say them (issue 38: the page said
# -l writes gmon.out+LIBRARY.RANK, the help and the runtime one companion
# per rank): each file the help's paragraph of -l names, the page's names.
awk '/^  -l, --libs/ { on = 1 } on && /^  -[a-z], --/ && !/--libs/ { on = 0 } on' gmon-run.help |
	grep -o 'gmon\.out+[a-z-]*' | sort -u > help-files.txt
[ -s help-files.txt ] || fail "gmon-run --help's -l names no file"
awk '/^\.BR \\-l ", "/ { on = 1; next } on && /^\.TP/ { on = 0 } on' "$man_dir/gmon-run.1" |
	sed 's/\\-/-/g; s/\\f[BIRP]//g' | tr -d '\n' | sed 's/\.B[IR]* //g' > page-l.txt
while read -r f; do
	grep -qF -- "$f" page-l.txt || fail "gmon-run(1)'s -l does not name $f, which its --help does: $(cat page-l.txt)"
done < help-files.txt
note "gmon-run -l: $(tr '\n' ' ' < help-files.txt)named by both"
