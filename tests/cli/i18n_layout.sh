#!/bin/sh
# Issue 23: nothing truncated or overlapping at 80x24 in the terminal, in
# every language. The Ys and Splendor full-screen boards in en, pl, hu, cs,
# fr and the pseudo-locale xx, each at the start, after a few moves, after
# more (Ys: through the first round's scoring pages), on the help page and
# (Splendor) the hint page F5; a Ys+ game of 5 with events loaded mid-game
# (the board, every help page) and at its end (every page of the final
# score sheet, the board); every page of a Splendor final score sheet;
# captured into build/test-artifacts/i18n/tui-GAME-LANG-STAGE.txt:
#  - no line of a capture is wider than 80 columns (display width of the
#    UTF-8 text, not bytes);
#  - nothing was cut at a box's edge: the game notes every cut that drops
#    more than spaces when GEMGAMES_TUI_CLIPS names a file (cli/tui_draw.c),
#    and that file stays empty in the five languages (in xx every string is 4
#    columns longer by design: only the widths are checked);
#  - the key line shows its last key whole (F10 and its word);
#  - plain mode (play --plain): whole Ys+ games of 2 and 5 players and
#    Splendor games of 2 and 4 in each language, no row wider than 80 columns
#    (the boards, the move lists, the score sheets and the results).
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
need_game ys
ART=$(pwd)/build/test-artifacts/i18n
mkdir -p "$ART"
rm -f "$ART"/tui-* "$ART"/plain-*
TMP=$(mktemp -d); trap 'tui_stop; rm -rf "$TMP"' EXIT

# Every line wider than 80 screen columns (display width of the UTF-8 text)
# of the files named, as "FILE LINE: N columns: TEXT" (one python for all).
too_wide() {
    python3 -c '
import os, sys, unicodedata
def cols(s):
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
for f in sys.argv[1:]:
    for i, line in enumerate(open(f, encoding="utf-8", errors="replace").read().split("\n"), 1):
        if cols(line) > 80: print(f"{os.path.basename(f)} {i}: {cols(line)} columns: {line}")
' "$@"
}

# One game in one language in tmux: the captures and the clip log.
session() {
    lang=$1; game=$2
    TUI_ENV="GEMGAMES_TUI_CLIPS=$TMP/clips-$game-$lang"
    tui_start 80 24 play $game --players 3 --seed 5 --bots heuristic --lang $lang
    tui_wait "F10" 20 >/dev/null
    sleep 0.5
    tui_screen >"$ART/tui-$game-$lang-start.txt"
    if [ $game = splendor ]; then
        # the hint page (F5): the bot's top moves for the first decision
        tui_keys F5
        tui_wait "%" 60 >/dev/null
        sleep 0.3
        tui_screen >"$ART/tui-$game-$lang-hint.txt"
        tui_keys q
        sleep 0.3
    fi
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

# The pages of the pager now on screen into STEM-1.txt, STEM-2.txt...:
# PgDn until the screen stays the same (at most 12 pages).
pages() {
    i=1; prev=""
    while [ $i -le 12 ]; do
        cur=$(tui_screen)
        [ "$cur" = "$prev" ] && break
        printf '%s\n' "$cur" >"$1-$i.txt"
        prev=$cur; tui_keys NPage; sleep 0.3; i=$((i + 1))
    done
}

# What a game shows late, from the records made below: a whole Ys+ game of
# 5 (its final score sheet opens by itself: every page, then the board at
# the end), the same game after its first 80 actions (the board with the
# events and the Ys+ characters, every help page with the Ys+ characters
# and events), a whole Splendor game of 4 (every page of its final score
# sheet).
session_late() {
    lang=$1
    TUI_ENV="GEMGAMES_TUI_CLIPS=$TMP/clips-ysplus-$lang"
    tui_start 80 24 play --load "$TMP/rec-ys/game-00000.json" --seats human,heuristic,heuristic,heuristic,heuristic --lang $lang
    tui_wait "Y-8.1" 20 >/dev/null
    sleep 0.5
    pages "$ART/tui-ysplus-$lang-final"
    tui_keys q
    sleep 0.5
    tui_screen >"$ART/tui-ysplus-$lang-over.txt"
    tui_stop
    tui_start 80 24 play --load "$TMP/ys-mid.json" --seats human,heuristic,heuristic,heuristic,heuristic --lang $lang
    tui_wait "F10" 20 >/dev/null
    sleep 1
    tui_screen >"$ART/tui-ysplus-$lang-start.txt"
    tui_keys '?'
    sleep 0.8
    pages "$ART/tui-ysplus-$lang-help"
    tui_keys q
    sleep 0.3
    tui_stop
    TUI_ENV="GEMGAMES_TUI_CLIPS=$TMP/clips-spfinal-$lang"
    tui_start 80 24 play --load "$TMP/rec-splendor/game-00000.json" --seats human,heuristic,heuristic,heuristic --lang $lang
    tui_wait "F10" 20 >/dev/null
    sleep 0.5
    pages "$ART/tui-spfinal-$lang-final"
    tui_keys q
    sleep 0.5
    tui_screen >"$ART/tui-spfinal-$lang-start.txt"
    tui_stop
}

# Plain mode (play --plain) in one language: whole games, the first legal
# move each time (Ys with the Ys+ characters and events for 2 players, with
# the neutral, and 5, the longest turn order; Splendor for 2 and 4, the most
# nobles), every row of the boards, move lists, score sheets and results
# kept in build/test-artifacts/i18n/plain-GAME-N-LANG.txt.
plain_games() {
    lang=$1
    for n in 2 5; do
        yes 1 | head -n 2500 | "$G" play ys --plain --players $n --seed $((n + 3)) --bots heuristic \
            --option ysplus=on --option events=on --lang $lang >"$ART/plain-ys-$n-$lang.txt" 2>&1
    done
    for n in 2 4; do
        yes 1 | head -n 1500 | "$G" play splendor --plain --players $n --seed $((n + 3)) --bots heuristic \
            --lang $lang >"$ART/plain-splendor-$n-$lang.txt" 2>&1
    done
}

# whole games by bots, and the Ys+ one cut after 80 actions
"$G" selfplay ys --players 5 --games 1 --seed 5 --bots heuristic --option ysplus=on --option events=on \
    --records "$TMP/rec-ys" >/dev/null
"$G" selfplay splendor --players 4 --games 1 --seed 5 --bots heuristic --records "$TMP/rec-splendor" >/dev/null
python3 -c 'import json, sys
r = json.load(open(sys.argv[1])); r["actions"] = r["actions"][:80]; json.dump(r, open(sys.argv[2], "w"))' \
    "$TMP/rec-ys/game-00000.json" "$TMP/ys-mid.json"

# The languages side by side (the time is mostly waiting), each with its own
# tmux servers (TUI_RUN numbers the sockets).
k=0
for lang in en pl hu cs fr xx; do
    k=$((k + 1))
    for game in ys splendor ysplus spfinal; do : >"$TMP/clips-$game-$lang"; done
    (TUI_RUN=$((k * 10)); session $lang ys; session $lang splendor; session_late $lang) &
done
# the plain games meanwhile (the sessions mostly wait)
(for lang in en pl hu cs fr xx; do plain_games $lang; done) &
wait
too_wide "$ART"/tui-*.txt "$ART"/plain-*.txt >"$TMP/wide"

for lang in en pl hu cs fr xx; do
    for game in ys splendor ysplus spfinal; do
        clips=$TMP/clips-$game-$lang
        wide=$(grep "^tui-$game-$lang-" "$TMP/wide")
        T_N=$((T_N + 1))
        if [ -z "$wide" ]; then echo "ok $T_N - $game in $lang at 80x24: no line wider than 80 columns"
        else echo "not ok $T_N - $game in $lang at 80x24: lines wider than 80 columns"; printf '%s\n' "$wide" | sed 's/^/#  /'; fi
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
for lang in en pl hu cs fr xx; do
    wide=$(grep "^plain-.*-$lang.txt " "$TMP/wide"); ended=0
    for f in "$ART"/plain-*-"$lang".txt; do
        # each game played to its end: the result last, not the prompt and "bye"
        [ "$(grep -c . "$f")" -gt 100 ] && ! tail -n 1 "$f" | grep -q '> ' && ended=$((ended + 1))
    done
    T_N=$((T_N + 1))
    if [ -z "$wide" ] && [ "$ended" = 4 ]; then echo "ok $T_N - plain mode in $lang: 4 whole games, no row wider than 80 columns"
    else echo "not ok $T_N - plain mode in $lang: rows wider than 80 columns, or a game not played to its end ($ended of 4)"
        printf '%s\n' "$wide" | head -20 | sed 's/^/#  /'; fi
done
echo "1..$T_N"
