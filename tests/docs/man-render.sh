#!/bin/sh
# man-render.sh - the manual pages render without a groff warning, each by
# itself (man -l) and, laid out as make install lays them out
# (PREFIX/share/man/manN), by name with man -M, the .so links of gmon_flush(3)
# included.  Needs man-db (scripts/lib.sh installs it).
. "$top_srcdir/tests/docs/lib.sh"

command -v man >/dev/null || skip "no man (apt-get install man-db groff-base)"
MANWIDTH=80; export MANWIDTH

pages=$(cd "$man_dir" && ls -- *.[1-9])
[ -n "$pages" ] || fail "no pages in $man_dir"
# make install installs what dist_man_MANS lists: every page of man/.
installed=$(sed -n '/^dist_man_MANS *=/,/[^\\]$/p' "$top_srcdir/Makefile.am" |
	grep -oE 'man/[^ \\]+' | sed 's|^man/||' | sort)
expect_eq "$installed" "$(printf '%s\n' $pages | sort)" "the pages dist_man_MANS installs"
for page in $pages; do
	section=${page##*.}
	mkdir -p "share/man/man$section"
	cp "$man_dir/$page" "share/man/man$section/"
done
for page in $pages; do
	section=${page##*.} name=${page%.*}
	case $(head -1 "$man_dir/$page") in
	.so*) ;;
	*) man --warnings -l "$man_dir/$page" > rendered.txt 2> warnings.txt ||
		   fail "man -l $page failed: $(cat warnings.txt)"
	   [ ! -s warnings.txt ] || fail "$page: $(cat warnings.txt)" ;;
	esac
	man --warnings -M "$PWD/share/man" "$section" "$name" > rendered.txt 2> warnings.txt ||
		fail "man -M ... $section $name failed: $(cat warnings.txt)"
	[ ! -s warnings.txt ] || fail "man $section $name: $(cat warnings.txt)"
	grep -q '^NAME' rendered.txt || fail "man $section $name: no NAME section in what it printed"
	grep -q -- "$name" rendered.txt || fail "man $section $name does not name $name"
done
note "$(echo $pages | wc -w) pages render"
