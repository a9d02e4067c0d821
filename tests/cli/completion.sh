#!/bin/sh
# The bash completion (completion/gemgames) completes commands, each
# command's options (from its --help), games and files.
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
if ! command -v bash >/dev/null 2>&1; then echo "ok 1 - completion # SKIP no bash"; echo "1..1"; exit 0; fi
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/bin" && ln -s "$(cd "$(dirname "$G")" && pwd)/$(basename "$G")" "$TMP/bin/gemgames"
touch "$TMP/game-00001.json"

# complete WORD...: what the completion offers for the last word
complete_words() {
    PATH="$TMP/bin:$PATH" bash -c '
        . "$1/completion/gemgames"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _gemgames; printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' _ "$ROOT" "$@"
}

contains "the commands" "$(complete_words gemgames '')" "bench engine help match play replay selfplay serve"
contains "a command from its start" "$(complete_words gemgames se)" "selfplay serve"
contains "play's games" "$(complete_words gemgames play '')" "splendor ys"
contains "play's options from its --help" "$(complete_words gemgames play ys --p)" "--plain --players"
contains "selfplay's options" "$(complete_words gemgames selfplay ys --re)" "--records"
contains "bench offers --threads" "$(complete_words gemgames bench --thr)" "--threads"
contains "--threads offers 1 up to the cores" "$(complete_words gemgames match --threads '')" "1"
contains "bench --game offers the games" "$(complete_words gemgames bench --game '')" "splendor ys"
contains "replay offers files" "$(complete_words gemgames replay "$TMP/game")" "$TMP/game-00001.json"
contains "match's options from its --help" "$(complete_words gemgames match --mo)" "--move-time"
contains "match --logs offers directories" "$(complete_words gemgames match --logs "$TMP/b")" "$TMP/bin"
contains "match --combine offers files, one after another" "$(complete_words gemgames match --combine "$TMP/game-00001.json" "$TMP/game")" "$TMP/game-00001.json"
contains "serve's options from its --help" "$(complete_words gemgames serve --log)" "--log-json"
contains "engine's options from its --help" "$(complete_words gemgames engine --)" "--bot --help --lang --seed --version"
contains "help offers the commands" "$(complete_words gemgames help ma)" "match"
echo "1..$T_N"
