#!/bin/sh
# layers.sh - gprof-par's layers (gprof-par/README.md) call only down:
# every function a layer's library uses from another layer is defined in a
# layer below it, and report/ never touches a file.  The include paths
# already stop an upward #include at compile time; this catches the calls a
# hand-written prototype would sneak past them, from the built libraries.

. "${top_srcdir:?}/tests/e2e-lib.sh"

gpp=$top_builddir/gprof-par
command -v nm > /dev/null || skip "nm (binutils) is not installed"

# From the bottom up; a layer may use the ones listed before it.  parallel
# and symbols sit side by side: neither may use the other.  The program's
# own layers are on top: the stages (plan, reduce, model), then the views.
order="support profile symbols parallel analysis report stages views"
below_views="support profile symbols parallel analysis report stages"
below_stages="support profile symbols parallel analysis report"
below_symbols="support"
below_parallel="support profile"
below_analysis="support profile symbols"
below_report="support profile symbols analysis"
below_profile="support"
below_support=""

archive() { echo "$gpp/$1/.libs/lib$1.a"; }

for layer in $order; do
	[ -f "$(archive "$layer")" ] || fail "$(archive "$layer") was not built"
	nm --defined-only -g "$(archive "$layer")" 2> /dev/null |
		awk 'NF == 3 { print $3 }' | sort -u > "defined.$layer"
	nm -u "$(archive "$layer")" 2> /dev/null | awk '{ print $NF }' | sort -u > "used.$layer"
	[ -s "defined.$layer" ] || fail "lib$layer.a defines no symbol"
done

checked=0
for layer in $order; do
	eval "allowed=\$below_$layer"
	for other in $order; do
		[ "$other" = "$layer" ] && continue
		case " $allowed " in *" $other "*) continue ;; esac
		comm -12 "used.$layer" "defined.$other" > "bad.$layer.$other"
		if [ -s "bad.$layer.$other" ]; then
			fail "$layer/ uses $(tr '\n' ' ' < "bad.$layer.$other")from $other/, which is not below it"
		fi
		checked=$((checked + 1))
	done
done
note "$checked pairs of layers checked: no call goes up or sideways"

# report/ formats what the layers below computed; it opens, reads and maps
# nothing (its output is the FILE * it is handed).  The views render the
# model: what they read comes through the stages and the layers below, so
# they call no file-reading function either.
for layer in report views; do
	for f in open open64 openat fopen fopen64 fdopen read pread mmap mmap64 opendir \
		stat stat64 fstat fstat64 __xstat; do
		if grep -qx "$f" "used.$layer"; then
			fail "$layer/ calls $f(): reports and views must not read files"
		fi
	done
done
note "report/ and views/ call no file-reading function"
