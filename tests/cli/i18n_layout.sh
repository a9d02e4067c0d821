#!/bin/sh
# Issue 23: nothing truncated or overlapping at 80x24 in the terminal, in
# every language. The Ys and Splendor full-screen boards in en, pl, hu, cs,
# fr and the pseudo-locale xx, each at the start, after a few moves, after
# more (Ys: through the first round's scoring pages) and on the help page, captured
# into build/test-artifacts/i18n/tui-GAME-LANG-STAGE.txt:
#  - no line of a capture is wider than 80 columns (display width of the
#    UTF-8 text, not bytes);
#  - nothing was cut at a box's edge: the game notes every cut that drops
#    more than spaces when GEMGAMES_TUI_CLIPS names a file (cli/tui_draw.c),
#    and that file stays empty in the five languages (in xx every string is 4
#    columns longer by design: only the widths are checked);
#  - the key line shows its last key whole (F10 and its word).
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
need_game ys
ART=$(pwd)/build/test-artifacts/i18n
mkdir -p "$ART"
rm -f "$ART"/tui-*
TMP=$(mktemp -d); trap 'tui_stop; rm -rf "$TMP"' EXIT

# Lines of the capture on stdin wider than 80 screen columns, numbered.
too_wide() {
    python3 -c '
import sys, unicodedata
def cols(s):
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
for i, line in enumerate(sys.stdin.read().split("\n"), 1):
    if cols(line) > 80: print(f"{i}: {cols(line)} columns: {line}")
'
}

# One game in one language in tmux: the captures and the clip log.
session() {
    lang=$1; game=$2
    TUI_ENV="GEMGAMES_TUI_CLIPS=$TMP/clips-$game-$lang"
    tui_start 80 24 play $game --players 3 --seed 5 --bots heuristic --lang $lang
    tui_wait "F10" 20 >/dev/null
    sleep 0.5
    tui_screen >"$ART/tui-$game-$lang-start.txt"
    for k in 1 2 3 4 5 6 7 8; do tui_keys Enter; sleep 0.3; done
    sleep 0.5
    tui_screen >"$ART/tui-$game-$lang-moves.txt"
    if [ $game = ys ]; then
        # on to the end of the first round: its scoring pages (Enter turns them)
        for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do tui_keys Enter; sleep 0.3; done
        sleep 0.5
        tui_screen >"$ART/tui-$game-$lang-later.txt"
    fi
    tui_keys '?'
    sleep 0.8
    tui_screen >"$ART/tui-$game-$lang-help.txt"
    tui_keys q
    sleep 0.3
    tui_stop
}

# The languages side by side (the time is mostly waiting), each with its own
# tmux servers (TUI_RUN numbers the sockets).
k=0
for lang in en pl hu cs fr xx; do
    k=$((k + 1))
    for game in ys splendor; do : >"$TMP/clips-$game-$lang"; done
    (TUI_RUN=$((k * 10)); session $lang ys; session $lang splendor) &
done
wait

for lang in en pl hu cs fr xx; do
    for game in ys splendor; do
        clips=$TMP/clips-$game-$lang
        stages="start moves help"
        [ $game = ys ] && stages="$stages later"
        wide=""
        for stage in $stages; do
            w=$(too_wide <"$ART/tui-$game-$lang-$stage.txt")
            [ -n "$w" ] && wide="$wide$stage $w
"
        done
        T_N=$((T_N + 1))
        if [ -z "$wide" ]; then echo "ok $T_N - $game in $lang at 80x24: no line wider than 80 columns"
        else echo "not ok $T_N - $game in $lang at 80x24: lines wider than 80 columns"; printf '%s' "$wide" | sed 's/^/#  /'; fi
        T_N=$((T_N + 1))
        keys=$(grep 'F10' "$ART/tui-$game-$lang-start.txt" | tail -1)
        if printf '%s' "$keys" | grep -qE 'F10 [^ ]*[[:alpha:]]+[^ ]*$'; then echo "ok $T_N - $game in $lang: the key line ends with F10 and its word"
        else echo "not ok $T_N - $game in $lang: the key line is cut: [$keys]"; fi
        [ $lang = xx ] && continue
        T_N=$((T_N + 1))
        if [ ! -s "$clips" ]; then echo "ok $T_N - $game in $lang: no text cut at a box's edge (board, moves, help)"
        else echo "not ok $T_N - $game in $lang: text cut at a box's edge (row, column, shown|dropped):"
            sort -u "$clips" | head -20 | sed 's/^/#  /'; fi
    done
done
echo "1..$T_N"
