#!/bin/sh
# Regenerate the build system (configure, Makefile.in) from a fresh clone.
set -e
cd "$(dirname "$0")"
mkdir -p m4 build-aux
autoreconf --install --force >/dev/null
