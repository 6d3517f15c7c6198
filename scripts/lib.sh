# lib.sh - shared by scripts/demo and scripts/test: install what gmon-mpi
# needs on Debian and build it.  Source it; do not run it.

GMON_MPI_DEBIAN_PACKAGES="build-essential autoconf automake libtool pkg-config
  binutils openmpi-bin libopenmpi-dev libhwloc-dev libelf-dev libdw-dev libiberty-dev
  libcunit1-dev time mpich libmpich-dev chromium valgrind python3 man-db groff-base
  clang libomp-dev strace gdb"

say() { printf '==> %s\n' "$*" >&2; }
die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit 1; }

# Installs the Debian packages that are missing (needs root or sudo).
install_dependencies() {
	local missing="" pkg
	for pkg in $GMON_MPI_DEBIAN_PACKAGES; do
		dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
			missing="$missing $pkg"
	done
	[ -z "$missing" ] && return 0
	command -v apt-get >/dev/null || die "missing packages:$missing (and no apt-get to install them)"
	local sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	say "installing Debian packages:$missing"
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq || die "apt-get update failed"
	# shellcheck disable=SC2086
	$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
		die "apt-get install$missing failed"
}

# Open MPI refuses to run as root unless told that it is wanted.
allow_mpirun_as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	fi
}

# Regenerates and configures the tree in $1 (the source directory).
configure_tree() {
	local srcdir=$1; shift
	if [ -f "$srcdir/config.status" ]; then
		say "the source tree was configured in place: make distclean there first"
		make -C "$srcdir" -s distclean >/dev/null 2>&1 || rm -f "$srcdir/config.status"
	fi
	(cd "$srcdir" && autoreconf -fi >/dev/null 2>&1) || die "autoreconf failed in $srcdir"
	"$srcdir/configure" -q "$@" || die "configure failed"
}
