#!/bin/bash
# The companions of libraries of one base name, or named as a companion
# kind (issue 31, item 3): companions were named after a library's base
# name only, so that two plug-ins a/libplug.so and b/libplug.so both wrote
# gmon.out+libplug.so (one lost, the list naming the file twice), and a
# library file named "paths" overwrote gmon.out+paths.  The second of a
# base name, and a reserved one, now gets a hash after it
# (common/companion-name.h: libplug.so~3f09a2c1).
#   - a/libplug.so (1000 calls), b/libplug.so (2000) and "paths" (3000):
#     three lines in the list, three distinct files, each with its own
#     calls (GNU gprof); gmon.out+paths is still the call paths;
#   - gprof-par -s: the sum of "paths" is not written over gmon.sum+paths.
. "$(dirname "$0")/lib.sh"
need_gprof

mkdir a b
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id=0xaaaaaaaa "$programs/libwork.c" -o a/libplug.so
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id=0xbbbbbbbb "$programs/libwork.c" -o b/libplug.so
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id=0xcccccccc "$programs/libwork.c" -o paths
build_linked plugins "$programs/plugins.c" -ldl
./plugins "$work/a/libplug.so" 1000 "$work/b/libplug.so" 2000 "$work/paths" 3000 ||
	fail "the run failed"

expect_eq "$(awk -F'\t' 'NR > 2 && $1 !~ /^#/' gmon.out+modules | wc -l)" 3 "lines in the list"
expect_eq "$(awk -F'\t' 'NR > 2 && $1 !~ /^#/ { print $1 }' gmon.out+modules | sort -u | wc -l)" 3 \
	"distinct files in the list"
for lib in a/libplug.so:1000 b/libplug.so:2000 paths:3000; do
	path=$work/${lib%:*}
	file=$(awk -F'\t' -v p="$path" '$8 == p { print $1 }' gmon.out+modules)
	[ -n "$file" ] && [ -s "$file" ] || fail "no profile listed for $path: $(cat gmon.out+modules)"
	expect_eq "$(calls_of "$path" lib_inner "$file")" "${lib#*:}" "lib_inner's calls in $file ($path)"
done
expect_eq "$(head -1 gmon.out+paths)" "# gmon-mpi paths 1" "gmon.out+paths's first line"

"$top_builddir/gprof-par/gprof-par" -s plugins gmon.out > /dev/null 2> sum.err || true
expect_eq "$(head -1 gmon.sum+paths)" "# gmon-mpi paths 1" "gmon.sum+paths's first line"
file=$(awk -F'\t' -v p="$work/paths" '$8 == p { print $1 }' gmon.sum+modules)
[ -n "$file" ] && [ "$file" != gmon.sum+paths ] && [ -s "$file" ] ||
	fail "the sum of the library \"paths\": '$file': $(cat gmon.sum+modules)"
expect_eq "$(calls_of "$work/paths" lib_inner "$file")" 3000 "lib_inner's calls in $file"
note ok
