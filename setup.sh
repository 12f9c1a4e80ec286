#!/bin/sh
# Set up a fresh clone: install the Debian packages marrow needs (when
# run as root on Debian), bootstrap autotools, configure and build.
# Extra arguments go to configure.  Re-running it is cheap.
set -e
cd "$(dirname "$0")"

PACKAGES="build-essential autoconf automake libtool pkg-config libgmp-dev check \
libgc-dev libedit-dev libjansson-dev emacs-nox gnuplot-nox valgrind clang libclang-rt-14-dev time"

missing=""
for p in $PACKAGES; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing$missing"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  else
    echo "setup: missing Debian packages:$missing (install them as root)" >&2
  fi
fi

[ -x configure ] && [ configure -nt configure.ac ] && [ Makefile.in -nt Makefile.am ] || ./autogen.sh
[ -f Makefile ] && [ $# -eq 0 ] || ./configure -q "$@"
make -j2 >/dev/null
echo "setup: built src/marrow$( [ -x src/marrow-boehm ] && echo ' and src/marrow-boehm')"
