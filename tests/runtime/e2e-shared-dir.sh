#!/bin/bash
# Profiles written into a shared directory (mode 1777, as /tmp or a
# scratch file system) where someone else plants symlinks: the runtime
# never writes through one.  A link planted at the final name (of the
# profile, or of its companion, PROFILE+gmon-mpi) is replaced by the file
# (the link, never its target); a link planted at the
# temporary name the runtime used to use (gmon.out.tmp<pid>, predictable:
# it was followed, the target overwritten, then the link renamed into
# place) is not used: temporary names are random, created O_EXCL|O_NOFOLLOW.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked app "$programs/serial-calls.c"
mkdir shared && chmod 1777 shared
echo precious >victim
echo precious >victim2

cd shared
ln -s ../victim gmon.out
ln -s ../victim3 gmon.out+gmon-mpi
echo precious >../victim3
../app 0 || fail "the program failed"
[ -L gmon.out ] && fail "gmon.out is still the planted link"
expect_eq "$(cat ../victim)" precious "the target of the link planted at the final name"
# the companion beside it (with the call paths, on by default) likewise
[ -f gmon.out+gmon-mpi ] && [ ! -L gmon.out+gmon-mpi ] || fail "gmon.out+gmon-mpi is not a regular file: $(ls -l)"
expect_eq "$(cat ../victim3)" precious "the target of the link planted at gmon.out+gmon-mpi"
unpack_companions
expect_eq "$(sed -n 1p gmon.out+paths)" "# gmon-mpi paths 1" "gmon.out+paths's first line"
expect_eq "$(calls_of ../app work gmon.out)" 1234 "work() calls in the profile"

rm -f gmon.out
bash -c 'ln -s ../victim2 gmon.out.tmp$$ && exec ../app 0' || fail "the program failed"
expect_eq "$(cat ../victim2)" precious "the target of the link planted at the old temporary name"
[ -f gmon.out ] && [ ! -L gmon.out ] || fail "gmon.out is not a regular file: $(ls -l)"
expect_eq "$(calls_of ../app work gmon.out)" 1234 "work() calls in the profile"
expect_eq "$(ls | grep -c '^gmon\.out\(+gmon-mpi\)\{0,1\}\.tmp[0-9a-f]\{16\}$' || true)" 0 "temporary files left"
note ok
