#!/bin/sh
# Build the external Splendor agent Gemesis (github.com/n6v26r/Gemesis, C++,
# MCTS and alpha-beta minimax) OUTSIDE this repository, for tools/gemesis_adapter.py.
#
#   tools/gemesis_build.sh SRC OUT
#
# SRC is a checkout of n6v26r/Gemesis (nothing of it is copied into gemgames);
# OUT a directory of your choice (e.g. /work/ext/gemesis) that receives a patched
# copy of SRC/src and three programs:
#   OUT/gemesis-mcts      its default agent (MCTS, random rollouts)
#   OUT/gemesis-minimax   its alpha-beta agent (USE_MINIMAX)
#   OUT/gemesis-moves     tools/gemesis_moves.cpp: prints the agent's legal moves
#                         (for the rules-parity check, tools/gemesis_parity.py)
# Two changes are made to the copy: the think time, fixed at 2 s in SRC/src/utils.h,
# is read from the environment variable GEMESIS_SECONDS (default 2) so that the
# adapter can give the agent the same time per move as our bot; and one undefined
# behaviour (__builtin_ctzll(0) in src/types.h) that crashes optimised builds is
# replaced by the value it was meant to give (64). Needs clang++ (g++ refuses
# the compound-literal arrays of src/move.h); CXX overrides.
set -eu
if [ $# -ne 2 ] || [ ! -f "$1/src/main.cpp" ] || [ ! -f "$1/src/utils.h" ]; then
    echo "usage: $0 GEMESIS_CHECKOUT OUT_DIR (GEMESIS_CHECKOUT/src/main.cpp must exist)" >&2
    exit 2
fi
src=$(cd "$1" && pwd)
tools=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
rm -rf "$out/src"
cp -R "$src/src" "$out/src"
cat > "$out/src/gg_budget.h" <<'H'
#pragma once
#include <cstdlib>
/* gemgames build: the think time in seconds from GEMESIS_SECONDS (default 2). */
static inline double gg_budget_seconds() {
  static double s = -1;
  if (s < 0) {
    const char *e = std::getenv("GEMESIS_SECONDS");
    s = e ? std::atof(e) : 2.0;
    if (!(s > 0 && s < 600)) s = 2.0;
  }
  return s;
}
H
sed -i -e 's/^#define MCTS_KILL_AFTER .*/#define MCTS_KILL_AFTER gg_budget_seconds()/' \
       -e 's/^#define MINIMAX_KILL_AFTER .*/#define MINIMAX_KILL_AFTER gg_budget_seconds()/' \
       "$out/src/utils.h"
# BitSet<__int128>::getSmallest computes ctz(low 64 bits) + ctz(high) when the low
# half is 0, meaning 64 + ctz(high); __builtin_ctzll(0) is undefined and clang -O1/-O2
# builds crash on it. Write the intended 64.
sed -i -e 's/__builtin_ctzll((this->data << 64) >> 64) +$/64 +/' "$out/src/types.h"
grep -q '? 64 +$' "$out/src/types.h"
grep -q 'MCTS_KILL_AFTER gg_budget_seconds' "$out/src/utils.h"
grep -q 'MINIMAX_KILL_AFTER gg_budget_seconds' "$out/src/utils.h"
CXX=${CXX:-clang++}
flags="-std=gnu++17 -O2 -w -include $out/src/gg_budget.h"
$CXX $flags -o "$out/gemesis-mcts" "$out/src/main.cpp"
$CXX $flags -DUSE_MINIMAX -o "$out/gemesis-minimax" "$out/src/main.cpp"
$CXX $flags -I"$out/src" -o "$out/gemesis-moves" "$tools/gemesis_moves.cpp"
if [ -d "$src/.git" ] || git -C "$src" rev-parse HEAD >/dev/null 2>&1; then
    git -C "$src" rev-parse HEAD > "$out/COMMIT" 2>/dev/null || true
fi
echo "built $out/gemesis-mcts $out/gemesis-minimax $out/gemesis-moves"
