#!/bin/sh
# readme.sh - the README stays short (at most 200 lines: what it is, the two
# commands, the walk, links; the rest is in docs/), and the files it links
# to exist.
. "$top_srcdir/tests/docs/lib.sh"

readme=$top_srcdir/README.md
lines=$(wc -l < "$readme")
[ "$lines" -le 200 ] || fail "README.md has $lines lines, more than 200: move the detail into docs/"
links=$(grep -oE '\]\([^)#]+' "$readme" | sed 's/^](//' | sort -u)
[ -n "$links" ] || fail "README.md links to nothing"
for link in $links; do
	case $link in http*) continue ;; esac
	[ -e "$top_srcdir/$link" ] || fail "README.md links to $link, which is not there"
done
note "README.md: $lines lines, $(echo $links | wc -w) links"
