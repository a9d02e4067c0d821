#!/bin/sh
# Issue 23, the terminal in five languages (docs/i18n.md):
#  - every message id in every catalogue with the same placeholders
#    (scripts/i18n-check.py: the browser's, the event sentences', the .po
#    files; it lists what is missing);
#  - the pseudo-locale xx (every catalogued string wrapped [[...]]): a Ys+
#    game played to its end at 80x24 shows no text outside [[...]] but the
#    notation (the move list, typed moves) and numbers;
#  - the Ys and Splendor boards at 80x24 in each language, captured as
#    artefacts (build/test-artifacts/i18n/tmux-GAME-LANG.txt), each in its
#    language (its own words on screen), nothing past the right edge;
#  - :lang switches the language without a restart;
#  - plain mode under xx: the bots named in words, the decision catalogued;
#  - the commands' --help and usage errors in the language of --lang or
#    LANG (JSON output unchanged).
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
need_game ys
ROOT=$(pwd)
ART=$ROOT/build/test-artifacts/i18n
mkdir -p "$ART"
rm -f "$ART"/tmux-*
TMP=$(mktemp -d); trap 'tui_stop; rm -rf "$TMP"' EXIT

T_N=$((T_N + 1))
if python3 scripts/i18n-check.py >"$TMP/check" 2>&1; then echo "ok $T_N - every message id is in every catalogue, placeholders alike"
else echo "not ok $T_N - every message id is in every catalogue, placeholders alike (scripts/i18n-missing.sh)"
    sed 's/^/#  /' "$TMP/check" | head -80; fi

# the bots in words (not their specs) and the decision in the catalogue's
# words in plain mode: the greeting and the "Now:" line under xx
plain=$(printf 'quit\n' | "$G" play ys --plain --players 3 --seed 5 --bots heuristic,ismcts:ms=100 --lang xx 2>&1)
T_N=$((T_N + 1))
# the greeting and the "Now:" line with their wrapped rows (80 columns) joined
said=$(printf '%s\n' "$plain" | awk 'NR == 1, /Type help/ { printf "%s ", $0; next }
    /Now/ { now = 1; printf "\n%s ", $0; next } now && /^  [^ ]/ { printf "%s ", $0; next } { now = 0 }')
left=$(printf '%s\n' "$said" | sed -e ':a' -e 's/\[\[[^][]*\]\]//g' -e 'ta' | grep -oE '[A-Za-z]{3,}' | tr '\n' ' ')
case "$plain" in
    *"[[heuristic]]"*"[[thinking"*"[[Every player secretly bids"*)
        if [ -z "$left" ]; then echo "ok $T_N - pseudo-locale: plain mode names the bots and says the decision through the catalogues"
        else echo "not ok $T_N - pseudo-locale: plain mode names the bots and says the decision through the catalogues"; echo "# unwrapped: $left"; printf '%s\n' "$said" | sed 's/^/#  /'; fi ;;
    *) echo "not ok $T_N - pseudo-locale: plain mode names the bots and says the decision through the catalogues"
       printf '%s\n' "$said" | sed 's/^/#  /' ;;
esac

# a refused move in the player's language (cli_reason): the engine's English
# reason stays for English; another language gets its own sentence and the
# rule ids the reason names (the second bid comes when brokers are placed)
for lang in en pl xx; do
    said=$(printf 'bid 1+1\nbid 1+1\nfoo bar\nquit\n' | "$G" play ys --plain --players 2 --seed 1 --lang $lang 2>&1 |
        grep -E 'Illegal|Niedozwol|is not a move|to nie ruch' | sed -e 's/^\[\[[^>]*> \]\]//' -e 's/^[^>]*> //' |
        sed 's/\(is not a move: unknown action "foo"\).*/\1/')
    case $lang in
        en) want='Illegal: not now: now brokers are placed (Y-6.2)
"foo bar" is not a move: unknown action "foo"' ;;
        pl) want='Niedozwolone: niezgodne z zasadami (Y-6.2)
"foo bar" to nie ruch: to nie jest zapis w notacji gry' ;;
        xx) want='[[Illegal: [[against the rules]] (Y-6.2)]]
[["foo bar" is not a move: [[not written in the game'"'"'s notation]]]]' ;;
    esac
    T_N=$((T_N + 1))
    if [ "$said" = "$want" ]; then echo "ok $T_N - $lang: a refused move and a word that is not notation, in the player's language"
    else echo "not ok $T_N - $lang: a refused move and a word that is not notation, in the player's language"
        printf '%s\n' "$said" | sed 's/^/#  got:  /'; printf '%s\n' "$want" | sed 's/^/#  want: /'; fi
done

cd "$TMP" || exit 1

# The commands' --help, usage errors and bad option values speak the
# language of --lang (every command takes it) or of LANG / LC_MESSAGES; the
# output for programs (JSON) stays the same in every language.
for cmd in play selfplay replay bench match engine serve; do
    "$G" $cmd --help --lang xx >help.txt 2>&1
    T_N=$((T_N + 1))
    # every option's help and the headings wrapped; the option names and the
    # synopsis are notation
    bare=$(grep -vE '^  (--[a-z-]+( [A-Z=,.]+)?|-h, --help) +\[\[' help.txt |
        grep -vE '^ {3,}|^ *$|^ *gemgames |^\[\[|\]\]$' | head -5)
    if [ -z "$bare" ] && head -1 help.txt | grep -q '^\[\[usage: gemgames '"$cmd"; then
        echo "ok $T_N - $cmd --help --lang xx: every line from the catalogue"
    else echo "not ok $T_N - $cmd --help --lang xx: lines outside the catalogue"; sed 's/^/#  /' help.txt | head -40; fi
done
for lang in pl hu cs fr; do
    case $lang in
        pl) want="wymaga liczby od 1 do"; opts="opcje:" ;;
        hu) want="közötti számot vár"; opts="beállítások:" ;;
        cs) want="potřebuje číslo od 1 do"; opts="volby:" ;;
        fr) want="attend un nombre de 1 à"; opts="options :" ;;
    esac
    "$G" bench --players 99 --lang $lang >out.txt 2>err.txt; rc=$?
    T_N=$((T_N + 1))
    if [ $rc = 2 ] && grep -q "$want" err.txt; then echo "ok $T_N - a bad option value in $lang (exit 2): $(head -1 err.txt)"
    else echo "not ok $T_N - a bad option value in $lang: rc $rc"; sed 's/^/#  /' err.txt; fi
    LANG=${lang}_XX.UTF-8 "$G" serve --help >out.txt 2>&1
    contains "LANG=${lang}_XX.UTF-8: serve --help in $lang" "$(cat out.txt)" "$opts"
done
"$G" selfplay ys --option districts=9 --lang pl >out.txt 2>err.txt
contains "a bad --option value in Polish, with the values it takes" "$(cat err.txt)" "districts przyjmuje jedną z wartości 4, 3"
"$G" selfplay ys --players 9 --lang xx >out.txt 2>err.txt
contains "a bad --players in xx" "$(cat err.txt)" "[[--players 9: Ys is for 2 to 5 players]]"
"$G" --lang xx match --games none >out.txt 2>err.txt
contains "gemgames --lang xx COMMAND: the error of a bad value wrapped" "$(cat err.txt)" "[[--games takes a positive whole number, not 'none']]"
"$G" selfplay ys --games x --lang=xx >out.txt 2>err.txt
contains "selfplay --lang=xx: the usage error and its hint wrapped" "$(cat err.txt)" "[[Try 'gemgames selfplay --help'.]]"
"$G" play ys --lang zz >out.txt 2>err.txt; rc=$?
T_N=$((T_N + 1))
if [ $rc = 2 ] && grep -q "unknown language 'zz'" err.txt; then echo "ok $T_N - --lang zz: an unknown language, exit 2"
else echo "not ok $T_N - --lang zz: rc $rc"; sed 's/^/#  /' err.txt; fi
"$G" selfplay ys --players 3 --games 2 --bots heuristic --records rec >/dev/null
"$G" replay rec/game-00000.json >en.json
"$G" replay rec/game-00000.json --lang pl >pl.json
LANG=fr_FR.UTF-8 "$G" replay rec/game-00000.json --events >fr-events.json
"$G" replay rec/game-00000.json --events >en-events.json
printf 'new_game ys players=3\nlegal\ngenmove\nquit\n' >proto.in
"$G" engine <proto.in >proto-en.txt
LANG=hu_HU.UTF-8 "$G" engine --lang cs <proto.in >proto-cs.txt
T_N=$((T_N + 1))
if [ -s proto-en.txt ] && cmp -s proto-en.txt proto-cs.txt; then echo "ok $T_N - the engine protocol is the same in every language"
else echo "not ok $T_N - the engine protocol changes with the language"; diff proto-en.txt proto-cs.txt | head -5 | sed 's/^/#  /'; fi
T_N=$((T_N + 1))
if [ -s en.json ] && cmp -s en.json pl.json && cmp -s en-events.json fr-events.json; then
    echo "ok $T_N - replay's JSON is the same under --lang pl and LANG=fr"
else echo "not ok $T_N - replay's JSON differs with the language"; fi

# Text outside [[...]]: remove the wrapped spans (innermost first; one cut at
# the right edge has no closing brackets), the move list and the input line
# (notation), then look for words.
unwrapped() {
    awk '/\[\[move> \]\]/ { skip = 0; next } skip { next } { print } /to play/ { skip = 1 }' |
        sed -e ':j' -e 'N' -e '$!bj' -e ':a' -e 's/\[\[[^][]*\]\]//g' -e 'ta' -e 's/\[\[[^\n]*//g' |
        grep -oE '[A-Za-z]{3,}' | grep -vxE '[BGYRKW]+' | sort -u | tr '\n' ' '
}
# The decision on the status line (after " - ") and on the help's "Now:"
# line is the view's "prompt" in the catalogue's words: checked like the rest.

tui_start 80 24 play ys --players 3 --seed 11 --bots heuristic --option ysplus=on --option events=on --lang xx
tui_wait "to play" 30
tui_screen >"$ART/tmux-ys-xx.txt"
left=$(tui_screen | unwrapped)
T_N=$((T_N + 1))
if [ -z "$left" ]; then echo "ok $T_N - pseudo-locale: the Ys board shows no unwrapped text"
else echo "not ok $T_N - pseudo-locale: the Ys board shows no unwrapped text"; echo "# unwrapped: $left"
    tui_screen | sed 's/^/#  /'; fi
# the help pages (the "Now:" line says the decision, catalogued too); a
# page may begin inside a wrapped paragraph: text before an unmatched ]] is
# the end of a span opened on the page before
unwrapped_page() {
    sed -e ':j' -e 'N' -e '$!bj' -e ':a' -e 's/\[\[[^][]*\]\]//g' -e 'ta' -e 's/^.*\]\]//' -e 's/\[\[.*$//' |
        grep -oE '[A-Za-z]{3,}' | sort -u | tr '\n' ' '
}
tui_keys '?'
tui_wait "[[Help" 10
T_N=$((T_N + 1))
help="" pages=""
for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do # to the last page (Ys+ and its events make it long)
    s=$(tui_screen)
    pages="$pages$s"
    help="$help $(printf '%s\n' "$s" | unwrapped_page)"
    case "$s" in *"more below"*) ;; *) break ;; esac
    tui_keys NPage
    sleep 0.3
done
tui_screen >"$ART/tmux-ys-xx-help.txt"
tui_keys q
tui_wait "to play" 10 # the help closed: the game's screens from here on
help=$(echo $help)
case "$pages" in *"[[Ys+ events (Y-10.3)]]"*"[[Smuggling]]: [["*) ;; *) help="$help (no events' texts in the help)" ;; esac
if [ -z "$help" ]; then echo "ok $T_N - pseudo-locale: the help pages show no unwrapped text"
else echo "not ok $T_N - pseudo-locale: the help pages show no unwrapped text"; echo "# unwrapped: $help"; fi
# play on, looking at every screen on the way, to the score sheet
T_N=$((T_N + 1))
n=0 bad=""
while [ $n -lt 900 ]; do
    s=$(tui_screen)
    case "$s" in
        *"Final score"*) break ;;
        *"Game over"*) tui_keys Enter ;;
        *"Scoring"*"page"*) tui_keys Enter ;;
        *"to play"*) tui_keys Enter ;;
    esac
    w=$(printf '%s\n' "$s" | unwrapped)
    if [ -n "$w" ]; then
        [ -n "$bad" ] || printf '%s\n' "$s" >"$ART/tmux-ys-xx-unwrapped.txt"
        bad="$bad $w"
    fi
    sleep 0.2
    n=$((n + 1))
done
tui_screen >"$ART/tmux-ys-xx-final.txt"
[ -n "$bad" ] && bad=$(printf '%s\n' $bad | sort -u | tr '\n' ' ')
if tui_wait "Final score" 5 && [ -z "$bad" ]; then echo "ok $T_N - pseudo-locale: a whole Ys game shows no unwrapped text ($n looks)"
else echo "not ok $T_N - pseudo-locale: a whole Ys game shows no unwrapped text"; echo "# unwrapped: $bad"
    tui_screen | sed 's/^/#  /'; fi
tui_stop

# The boards in each language (artefacts), each with its own words.
for lang in en pl hu cs fr; do
    case $lang in
        en) ys_word="District"; sp_word="Supply" ;;
        pl) ys_word="Dystrykt"; sp_word="Pula" ;;
        hu) ys_word="kerület"; sp_word="Készlet" ;;
        cs) ys_word="Čtvrť"; sp_word="Zásoba" ;;
        fr) ys_word="Quartier"; sp_word="Réserve" ;;
    esac
    for game in ys splendor; do
        word=$ys_word; [ $game = splendor ] && word=$sp_word
        tui_start 80 24 play $game --players 3 --seed 5 --bots heuristic --lang $lang
        tui_wait "$word" 20 >/dev/null
        sleep 0.5
        tui_screen >"$ART/tmux-$game-$lang.txt"
        T_N=$((T_N + 1))
        if grep -q "$word" "$ART/tmux-$game-$lang.txt"; then echo "ok $T_N - $game at 80x24 in $lang ($word)"
        else echo "not ok $T_N - $game at 80x24 in $lang: no \"$word\""; sed 's/^/#  /' "$ART/tmux-$game-$lang.txt"; fi
        tui_stop
    done
done

# :lang switches without a restart.
tui_start 80 24 play ys --players 3 --seed 5 --bots heuristic --lang en
tui_wait "move>" 20
tui_type ":lang pl"
tui_keys Enter
screen_has ":lang pl: the board speaks Polish at once" "Dystrykt 1"
tui_keys F6
screen_has "F6: the next language, Hungarian" "1. kerület"
tui_stop
echo "1..$T_N"
