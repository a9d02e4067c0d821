#!/bin/sh
# Installs the Debian packages gemgames needs, when they are missing.
# Called by make on first build; safe to run again.
set -e
need=""
have() { dpkg -s "$1" >/dev/null 2>&1; }
for p in build-essential libcjson-dev libcmocka-dev libcivetweb-dev libsqlite3-dev \
         libncurses-dev clang libfuzzer-14-dev tmux; do
    have "$p" || need="$need $p"
done
[ -z "$need" ] && exit 0
echo "gemgames setup: installing$need"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq $need
