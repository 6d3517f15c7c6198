#!/bin/sh
# pkg-config.sh - gmon-mpi.pc's rpath_flags gives the linker an rpath to the
# library's directory, so a program of a non-system prefix finds
# libgmon-mpi.so without LD_LIBRARY_PATH.
. "$top_srcdir/tests/docs/lib.sh"

command -v pkg-config >/dev/null || skip "no pkg-config"
PKG_CONFIG_PATH=$top_builddir/libgmon-mpi; export PKG_CONFIG_PATH
libdir=$(pkg-config --variable=libdir gmon-mpi) || fail "pkg-config does not read gmon-mpi.pc"
[ -n "$libdir" ] || fail "gmon-mpi.pc has no libdir"
expect_eq "$(pkg-config --variable=rpath_flags gmon-mpi)" "-Wl,-rpath,$libdir" "rpath_flags"
