# tui.sh — drive the full-screen game inside tmux (sourced by tests/cli/tui_*.sh).
#   tui_start COLS ROWS ARGS...   start `gemgames ARGS...` in a fresh tmux server
#                                 (TUI_ENV="K=V ..." sets its environment)
#   tui_screen                    the screen as text
#   tui_wait TEXT [SECONDS]       poll the screen until TEXT shows (1 on timeout)
#   tui_keys KEY...               tmux send-keys (names like Enter, Down, F2, C-u)
#   tui_type TEXT                 type literal text
#   tui_stop                      kill the tmux server
# and TAP checks: screen_has, line_has, screen_lacks, game_ends.
# Each test uses its own tmux socket (-L), so tests can run in parallel.
# The program runs under `sh -c`, which prints "[exit N]" when it ends.
G=${GEMGAMES:-build/san/gemgames}
TUI_RUN=0
TUI_SOCK="gg-tui-$$-$(basename "$0" .sh)-0"
TUI_TIMEOUT=${TUI_TIMEOUT:-30}

tui_start() {
    cols=$1; rows=$2; shift 2
    TUI_RUN=$((TUI_RUN + 1))
    TUI_SOCK="gg-tui-$$-$(basename "$0" .sh)-$TUI_RUN"
    cmd="cd '$PWD' && ${TUI_ENV:+env $TUI_ENV }'$G'"
    for a in "$@"; do cmd="$cmd '$a'"; done
    tmux -L "$TUI_SOCK" -f /dev/null new-session -d -s t -x "$cols" -y "$rows" \
        "$cmd; echo \"[exit \$?]\"; sleep 600"
}
tui_screen() { tmux -L "$TUI_SOCK" capture-pane -p -t t 2>/dev/null; }
tui_wait() {
    want=$1; limit=${2:-$TUI_TIMEOUT}; waited=0
    while [ "$waited" -lt $((limit * 10)) ]; do
        case "$(tui_screen)" in *"$want"*) return 0 ;; esac
        sleep 0.1; waited=$((waited + 1))
    done
    return 1
}
tui_keys() { tmux -L "$TUI_SOCK" send-keys -t t "$@"; }
tui_type() { tmux -L "$TUI_SOCK" send-keys -t t -l "$1"; }
tui_stop() { tmux -L "$TUI_SOCK" kill-server 2>/dev/null || true; }

# TAP: passes when TEXT shows on the screen within the timeout.
screen_has() {
    T_N=$((T_N + 1))
    if tui_wait "$2" "${3:-$TUI_TIMEOUT}"; then echo "ok $T_N - $1"; else
        echo "not ok $T_N - $1"; echo "# expected on screen: $2"; tui_screen | sed 's/^/#  /'
    fi
}
# TAP: passes when line N of the screen (1 the top, $ the last) shows TEXT
# within the timeout.
line_has() {
    T_N=$((T_N + 1)); waited=0
    while [ "$waited" -lt $((${4:-$TUI_TIMEOUT} * 10)) ]; do
        case "$(tui_screen | sed -n "$2p")" in *"$3"*) echo "ok $T_N - $1"; return 0 ;; esac
        sleep 0.1; waited=$((waited + 1))
    done
    echo "not ok $T_N - $1"; echo "# expected on line $2: $3"; tui_screen | sed 's/^/#  /'
}
# TAP: passes when TEXT is not on the screen now.
screen_lacks() {
    T_N=$((T_N + 1))
    case "$(tui_screen)" in
        *"$2"*) echo "not ok $T_N - $1"; echo "# did not expect: $2"; tui_screen | sed 's/^/#  /' ;;
        *) echo "ok $T_N - $1" ;;
    esac
}
# TAP: plays the first listed move (Enter) whenever the viewer is to play,
# and goes on through the scoring pages, until the final score sheet shows
# (at most MAX looks, 0.2 s apart).
game_ends() {
    T_N=$((T_N + 1))
    n=0
    while [ $n -lt "$2" ]; do
        case "$(tui_screen)" in
            *"Final score"*) break ;;
            *"Game over"*) tui_keys Enter ;;   # a queued Enter closed the sheet: reopen it
            *"Scoring - page"*) tui_keys Enter ;;  # a step of the scoring walk-through
            *"to play"*) tui_keys Enter ;;
        esac
        sleep 0.2
        n=$((n + 1))
    done
    if tui_wait "Final score" 5; then echo "ok $T_N - $1 ($n looks)"; else
        echo "not ok $T_N - $1"; tui_screen | sed 's/^/#  /'; fi
}
# Skips the whole file when the binary has no such game yet.
need_game() {
    if ! "$G" --help | grep -q "^games:.* $1\( \|$\)"; then
        echo "1..0 # SKIP no $1 game in this build"; exit 0
    fi
}
