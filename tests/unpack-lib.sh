# unpack-lib.sh - unpack_companions, for the tests that read the formats
# inside a profile's one companion (include/gmon-companion.h) as the files
# earlier versions wrote.  The sourcing script sets unpack_tool to a test
# tool with an "unpack PROFILE..." command (tests/runtime/gmon-inspect,
# tests/analyzer/gmon-read-tool: companion-file.h companion_unpack) and
# defines fail.  POSIX sh (some tests run under sh).

# unpack_companions [PROFILE...]: each profile's PROFILE+gmon-mpi written
# out beside it as gmon.out+paths.N, +calls.N, +modules.N, +LIBRARY.N (the
# companion stays: gprof-par reads it first); by default every profile in
# the current directory (gmon.out, gmon.out.N) that has one
unpack_companions() {
	if [ $# -eq 0 ]; then
		for p in gmon.out gmon.out.[0-9]*; do
			case $p in *+*) continue ;; esac
			[ -f "$p" ] || continue
			case $p in
			*.[0-9]*) [ -f "${p%.*}+gmon-mpi.${p##*.}" ] || continue ;;
			*) [ -f "$p+gmon-mpi" ] || continue ;;
			esac
			set -- "$@" "$p"
		done
	fi
	[ $# -eq 0 ] || "${unpack_tool:?set unpack_tool}" unpack "$@" ||
		fail "cannot unpack the companions of $*"
}
