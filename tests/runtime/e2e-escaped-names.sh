#!/bin/bash
# A library whose path holds a newline and tabs (issue 31, item 5): the
# path was written raw into gmon.out+modules, +paths and +calls, and a
# directory named "inj<NL>path<TAB>99999999<TAB>0:1234<NL># " added
# 99,999,999 samples to main.  The runtime, its audit library and
# gprof-par now write such names escaped (common/text-escape.h: \n \t \\
# \xHH), and gprof-par's readers decode them.
#   - the list and the paths: every line well-formed, the library's path
#     decoded is its real path, no forged path line;
#   - gprof-par --format=folded: the samples are the paths' (47 or so, not
#     99,999,999 more);
#   - gprof-par -s: the sum's list and paths name the library the same way
#     (read, decoded, written escaped again), with the same samples.
. "$(dirname "$0")/lib.sh"

"$CC" -shared -fPIC -O1 -Wl,--build-id "$programs/libburn.c" -o libburn.so
build_linked caller "$programs/dlclose-caller.c" -ldl
dir=$'inj\npath\t99999999\t0:1234\n# '
mkdir "$dir"
cp libburn.so "$dir/"
lib=$work/$dir/libburn.so

BG_GMON_HZ=1000 ./caller "$lib" burn 30000000 2 keep > /dev/null || fail "the run failed"
unpack_companions
bad=$(awk -F'\t' 'NR > 2 && $1 !~ /^#/ && NF != 8' gmon.out+modules | wc -l)
expect_eq "$bad" 0 "lines of gmon.out+modules without 8 fields"
escaped=$(awk -F'\t' '$1 == "gmon.out+libburn.so" { print $8 }' gmon.out+modules)
[ -n "$escaped" ] || fail "no line for gmon.out+libburn.so: $(cat gmon.out+modules)"
expect_eq "$(printf '%b' "$escaped")" "$lib" "the list's path of the library, decoded"
bad=$(grep -cvE $'^(path\t[0-9]+\t|module\t[0-9]+\t|rate\t|#)' gmon.out+paths || true)
expect_eq "$bad" 0 "lines of gmon.out+paths of no kind"
expect_eq "$(grep -c $'^module\t[0-9]*\t[0-9a-f]*\t'"$(printf '%s' "$escaped" | sed 's/[][\\.*^$]/\\&/g')\$" gmon.out+paths)" 1 \
	"module lines of gmon.out+paths with the library's escaped path"
paths_total=$(awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' gmon.out+paths)
expect_eq "$paths_total" "$(sed -n 's/^# samples with a path: \([0-9]*\);.*/\1/p' gmon.out+paths)" \
	"samples of the path lines, and the count the runtime wrote"
[ "$paths_total" -lt 1000 ] || fail "$paths_total samples with a path"

"$top_builddir/gprof-par/gprof-par" --format=folded caller gmon.out > folded 2> folded.err ||
	fail "--format=folded failed: $(cat folded.err)"
expect_eq "$(awk '{ s += $NF } END { print s + 0 }' folded)" "$paths_total" \
	"samples of the folded stacks"

"$top_builddir/gprof-par/gprof-par" -s caller gmon.out > /dev/null 2> sum.err ||
	fail "gprof-par -s failed: $(cat sum.err)"
unpack_companions gmon.sum   # its sections as the earlier files, to read them
expect_eq "$(awk -F'\t' '$1 == "gmon.sum+libburn.so" { print $8 }' gmon.sum+modules)" "$escaped" \
	"the sum's list's path of the library"
expect_eq "$(grep -c $'^module\t.*\t'"$(printf '%s' "$escaped" | sed 's/[][\\.*^$]/\\&/g')\$" gmon.sum+paths)" 1 \
	"module lines of gmon.sum+paths with the library's escaped path"
expect_eq "$(awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' gmon.sum+paths)" "$paths_total" \
	"samples of the sum's paths"
note ok
