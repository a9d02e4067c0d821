#!/bin/sh
# The full-screen game ends when its terminal goes away (a closed window, a
# dropped ssh, a killed tmux): getch() then fails and poll sees the hang-up,
# and the game must end, saying why, instead of asking again at full speed
# (it once spun at 100% CPU for ever).
# SIGHUP is ignored here, as under nohup or `make play`, so that only the
# failing input can end it.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
T_N=0
TUI_RUN=1
TUI_SOCK="gg-tui-$$-hangup"
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
tmux -L "$TUI_SOCK" -f /dev/null new-session -d -s t -x 100 -y 30 \
    "cd '$PWD' && trap '' HUP && exec '$G' play ys --players 4 2>'$TMP/err'"
tui_wait "move>" 30
pid=$(pgrep -n -f "$G play ys --players 4")
T_N=$((T_N + 1))
if [ -n "$pid" ]; then echo "ok $T_N - the game runs in the terminal (pid $pid)"; else echo "not ok $T_N - the game did not start"; fi
tui_stop
gone=0
for _ in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || { gone=1; break; }
    sleep 0.1
done
T_N=$((T_N + 1))
if [ "$gone" = 1 ]; then echo "ok $T_N - it ends within 10 s once its terminal is gone"
else echo "not ok $T_N - still running 10 s after its terminal went away"; kill -9 "$pid" 2>/dev/null; fi
T_N=$((T_N + 1))
if grep -q "^gemgames: the terminal is gone; the game ends unsaved$" "$TMP/err"; then echo "ok $T_N - and says why"
else echo "not ok $T_N - and says why"; sed 's/^/#  /' "$TMP/err"; fi
echo "1..$T_N"
