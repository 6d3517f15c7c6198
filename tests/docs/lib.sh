# lib.sh - sourced by the tests of tests/docs: the frame of the end-to-end
# tests, and reading a manual page's source.

. "$top_srcdir/tests/e2e-lib.sh"

man_dir=$top_srcdir/man

# The tag lines (the line after each .TP) of section $2 (".SH $2", up to the
# next .SH) of the page $1, with roff's escapes and font changes taken out:
# "-p, --flat-profile[=SPEC]".
man_tags() {
	awk -v section="$2" '
		/^\.SH / { on = ($0 == ".SH " section); next }
		on && /^\.TP/ { if ((getline line) > 0) print line }
	' "$1" | sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' -e 's/\\(-> /-> /g' \
		-e 's/^\.[BI][RI]* //' -e 's/^\.[BI] //' -e 's/" "//g' -e 's/"//g'
}

# The option names (-p, --flat-profile, ...) in lines of option text on
# standard input: each dash-led word, without its argument.
option_names() {
	grep -oE -- '(^|[ ,])--?[A-Za-z][A-Za-z-]*' | sed -E 's/^[ ,]//' | sort -u
}

# The option names of a --help text on standard input: the lines that start
# with an option (two to six spaces, a dash), up to the first description.
help_option_names() {
	grep -E '^ {2,6}-' |
		sed -E 's/^ +//' |
		grep -oE -- '^(-[A-Za-z]( [A-Z/]+)?|--[a-z][a-z-]*(\[?=[A-Za-z]+\]?)?)(, +(-[A-Za-z]( [A-Z/]+)?|--[a-z][a-z-]*(\[?=[A-Za-z]+\]?)?))*' |
		option_names
}

# Fails when the sorted lists in the files $1 (named $2) and $3 (named $4)
# differ, naming what each lacks; and when both are empty (nothing read).
expect_same_names() {
	only_first=$(comm -23 "$1" "$3" | tr '\n' ' ')
	only_second=$(comm -13 "$1" "$3" | tr '\n' ' ')
	[ -s "$1" ] || fail "no names found in $2"
	[ -s "$3" ] || fail "no names found in $4"
	[ -z "$only_first$only_second" ] ||
		fail "$2 and $4 differ: only in $2: ${only_first:-none}; only in $4: ${only_second:-none}"
}
