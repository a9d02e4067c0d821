#!/bin/sh
# Installs the Debian packages gemgames needs, when they are missing.
# Called by make on first build; safe to run again.
set -e
need=""
have() { dpkg -s "$1" >/dev/null 2>&1; }
for p in build-essential libcjson-dev libcmocka-dev libwebsockets-dev libsqlite3-dev libpq-dev \
         libncurses-dev clang libfuzzer-14-dev tmux chromium sqlite3 gettext \
         python3-dev python3-numpy python3-pytest python3-setuptools python3-pip python3-venv; do
    have "$p" || need="$need $p"
done
# The PostgreSQL store's tests start a PostgreSQL 15 of their own (tests/lib/pg.sh)
have postgresql || need="$need postgresql"
# make install's test (curl, pkg-config) and the Debian package (debian/, .ci/run)
for p in curl pkgconf debhelper lintian fakeroot; do
    have "$p" || need="$need $p"
done
# The browser UI's libraries and the browser tests' driver come from npm
# (package-lock.json); node itself from Debian when the machine has none.
command -v npm >/dev/null 2>&1 || need="$need nodejs npm"
# The engine-protocol tests run the Python example bot (examples/bots).
command -v python3 >/dev/null 2>&1 || need="$need python3"
if [ -n "$need" ]; then
    echo "gemgames setup: installing$need"
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq $need
fi
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "gemgames setup: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
fi
