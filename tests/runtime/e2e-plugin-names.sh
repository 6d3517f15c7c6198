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
#   - gprof-par -s: the sum of "paths" is not written over the sum's call
#     paths (sections of gmon.sum+gmon-mpi, unpacked as gmon.sum+paths...).
. "$(dirname "$0")/lib.sh"
need_gprof

mkdir a b
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id=0xaaaaaaaa "$programs/libwork.c" -o a/libplug.so
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id=0xbbbbbbbb "$programs/libwork.c" -o b/libplug.so
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id=0xcccccccc "$programs/libwork.c" -o paths
build_linked plugins "$programs/plugins.c" -ldl
./plugins "$work/a/libplug.so" 1000 "$work/b/libplug.so" 2000 "$work/paths" 3000 ||
	fail "the run failed"
# the sections of gmon.out+gmon-mpi, named as the files they stand for
unpack_companions

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

"$top_builddir/gprof-par/gprof-par" -s plugins gmon.out > /dev/null 2> sum.err ||
	fail "gprof-par -s failed: $(cat sum.err)"
unpack_companions gmon.sum
expect_eq "$(head -1 gmon.sum+paths)" "# gmon-mpi paths 1" "gmon.sum+paths's first line"
file=$(awk -F'\t' -v p="$work/paths" '$8 == p { print $1 }' gmon.sum+modules)
[ -n "$file" ] && [ "$file" != gmon.sum+paths ] && [ -s "$file" ] ||
	fail "the sum of the library \"paths\": '$file': $(cat gmon.sum+modules)"
expect_eq "$(calls_of "$work/paths" lib_inner "$file")" 3000 "lib_inner's calls in $file"
# the two plug-ins are two libraries in the sum too, each its own sum
for lib in a/libplug.so:1000 b/libplug.so:2000; do
	path=$work/${lib%:*}
	file=$(awk -F'\t' -v p="$path" '$8 == p { print $1 }' gmon.sum+modules)
	[ -n "$file" ] && [ -s "$file" ] || fail "the sum lists no profile of $path: $(cat gmon.sum+modules)"
	expect_eq "$(calls_of "$path" lib_inner "$file")" "${lib#*:}" "lib_inner's calls in the sum $file ($path)"
done

# two ranks summed by -S on 1 and 2 processes: the same files; -M shows
# each plug-in's functions with its own calls
mkdir ranks
for r in 0 1; do
	(cd ranks && OMPI_COMM_WORLD_RANK=$r ../plugins "$work/a/libplug.so" 1000 "$work/b/libplug.so" 2000) ||
		fail "rank $r's run failed"
done
cp -r ranks ranks2
"$top_builddir/gprof-par/gprof-par" -S ranks 2>sum.err || fail "-S failed: $(cat sum.err)"
ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 "$top_builddir/gprof-par/gprof-par" -S ranks2 2>sum2.err ||
	fail "mpirun -np 2 gprof-par -S failed: $(cat sum2.err)"
for f in ranks/gmon.sum*; do
	cmp -s "$f" "ranks2/${f#ranks/}" || fail "$f differs between 1 and 2 processes"
done
unpack_companions ranks/gmon.sum
expect_eq "$(ls ranks/gmon.sum+libplug.so* | wc -l)" 2 "sums of the two plug-ins"
"$top_builddir/gprof-par/gprof-par" -M -b -p plugins ranks/gmon.sum >modules.out 2>modules.err ||
	fail "-M failed: $(cat modules.err)"
expect_eq "$(awk '$NF ~ /^\{[0-9]+\}$/ && $(NF - 1) == "lib_inner" { print $4 }' modules.out | sort -n | tr '\n' ' ')" \
	"2000 4000 " "-M's calls of each plug-in's lib_inner"
! grep -q "build-id .* in an earlier list\|could not be read" modules.err ||
	fail "-M took the two plug-ins for one library: $(cat modules.err)"
note ok
