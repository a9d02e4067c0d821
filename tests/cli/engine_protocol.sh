#!/bin/sh
# gemgames engine: the line protocol through the binary (docs/protocol.md):
# every command and every error reply, the terminal board of showboard,
# getopt_long options; engine:CMD players in a match for every registered
# game, their quoting rule, engine-sh:, --bots-file, and quit read before the
# pipe closes. (tests/unit/test_bots_protocol.c runs the same session on the
# test-only game without a process.)
. "$(dirname "$0")/../lib/tap.sh"
G=${GEMGAMES:-build/san/gemgames}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

# every reply starts with = or ? and ends with an empty line
well_formed() { # what text replies
    T_N=$((T_N + 1))
    r=$(printf '%s\n' "$2" | grep -c '^[=?]')
    b=$(printf '%s\n\n' "$2" | grep -c '^$')
    if [ "$r" = "$3" ] && [ "$b" = "$3" ]; then echo "ok $T_N - $1: $3 replies, each ended by an empty line"; else echo "not ok $T_N - $1: $r replies, $b empty lines (want $3)"; fi
}

out=$(printf '%s\n' protocol_version 'protocol_version 1' name version list_commands 'known_command undo' \
    'known_command fly' known_command isready 'setoption bot random' 'setoption name seed value 4' \
    'setoption nope 1' 'setoption bot' 'time_settings 1000 60000 100' 'time_settings x' 'time_left 500' \
    'time_left' frobnicate "$(printf 'legal\001')" legal view genmove undo showboard final_score position \
    'new_game chess' 'new_game' 'new_game splendor seat=3' 'new_game splendor move_ms=x' \
    'new_game splendor players=2 seed=42 seat=1 move_ms=1000 bank_ms=60000 inc_ms=100' \
    'set_seat 5' 'set_seat x' 'observe [1]' 'observe {"seat":1}' 'play 0 fly' 'play 1 take W B G' 'play 0' \
    'play 0 take W B G' 'undo 1' undo undo 'play 0 take W B G' 'genmove buy 1-1' genmove \
    'game_over' 'game_over result=win rank=1 scores=15,9 ranks=1,2' quit name | "$G" engine --bot random)
contains "protocol_version is 2" "$out" "= 2"
contains "protocol_version takes no arguments" "$out" "? syntax: protocol_version takes no arguments"
contains "name names the bot" "$out" "= gemgames 0.1.0 (random)"
contains "version" "$out" "= 0.1.0"
contains "list_commands lists every command" "$out" "= protocol_version
name
version
list_commands
known_command
isready
setoption
new_game
set_seat
time_settings
time_left
position
view
observe
legal
play
genmove
hint
undo
events
showboard
final_score
game_over
quit"
# hint [N]: the engine's bot's top moves for its seat, MOVE|WIN|VISITS, best first (issue 27)
hint=$(printf '%s\n' 'new_game splendor players=2 seed=3 seat=0' 'hint 2' 'hint 11' legal 'set_seat 1' hint 'set_seat 0' quit | "$G" engine --bot ismcts:iters=300)
T_N=$((T_N + 1))
lines=$(printf '%s\n' "$hint" | grep -E '^(= )?[^|]+\|(0|1)\.[0-9]{3}\|[0-9]+$' | wc -l)
first=$(printf '%s\n' "$hint" | sed -n 's/^= \([^|]*\)|.*/\1/p' | head -1)
if [ "$lines" = 2 ] && printf '%s\n' "$hint" | grep -Eqx "(= )?$first"; then echo "ok $T_N - hint 2 gives two legal moves with win shares and visits ($first)"
else echo "not ok $T_N - hint 2 gives two legal moves with win shares and visits"; printf '%s\n' "$hint" | head -8 | sed 's/^/# /'; fi
contains "hint takes 1 to 10" "$hint" "? syntax: usage: hint [N] (N from 1 to 10)"
contains "a hint out of turn says who is awaited" "$hint" "? seat: seat 1 is not to act now (waiting for seat 0)"
nohint=$(printf '%s\n' 'new_game splendor players=2 seed=3 seat=0' hint quit | "$G" engine --bot random)
contains "a bot that does not search gives no hints" "$nohint" "? option: the random bot gives no hints (ismcts does)"
contains "known_command: true" "$out" "= true"
contains "known_command: false" "$out" "= false"
contains "known_command needs a word" "$out" "? syntax: usage: known_command COMMAND"
contains "isready" "$out" "= readyok"
contains "setoption: an unknown option" "$out" '? option: unknown option "nope" (options: bot, seed)'
contains "setoption: a value is needed" "$out" "? syntax: usage: setoption NAME VALUE"
contains "time_settings: bad" "$out" "? syntax: usage: time_settings MOVE_MS BANK_MS INC_MS"
contains "time_left: bad" "$out" "? syntax: usage: time_left MS"
contains "an unknown command is refused" "$out" '? unknown: unknown command "frobnicate" (list_commands lists them)'
contains "a malformed line is refused" "$out" "? malformed: byte 0x01 at column 6 (printable ASCII only)"
contains "no game yet" "$out" "? state: no game yet (new_game GAME first)"
contains "an unknown game is refused, named, with the games there are" "$out" '? option: unknown game "chess" (games: ys, splendor)'
contains "new_game needs a game" "$out" "? syntax: usage: new_game GAME"
contains "new_game: a seat that is not at the table" "$out" "? seat: there is no seat 3 at this 2-player table"
contains "new_game: a bad time" "$out" "? syntax: a time is a whole number of milliseconds"
contains "set_seat out of range" "$out" "? seat: there is no seat 5 at this 2-player table"
contains "set_seat needs a number" "$out" "? syntax: a seat is a whole number"
contains "observe needs a JSON object" "$out" "? json: observe takes the view, a JSON object"
contains "a move that is not notation" "$out" '? parse: unknown action "fly"'
contains "a move out of turn" "$out" "? seat: seat 1 is not to act now (waiting for seat 0)"
contains "play needs a move" "$out" "? syntax: usage: play K MOVE"
contains "undo takes no arguments" "$out" "? syntax: undo takes no arguments"
contains "undo with nothing left" "$out" "? state: nothing to undo"
contains "genmove: moves that are not the engine's position's" "$out" "? state: the moves listed are not this engine's position's (send position first)"
contains "genmove: the engine's move" "$out" "? state: the moves listed are not this engine's position's (send position first)

= "
contains "game_over needs a result" "$out" "? syntax: usage: game_over result=win|draw|loss ..."
T_N=$((T_N + 1))
# quit ends the session: the "name" after it gets no reply
if [ "$(printf '%s\n' "$out" | grep -c '^= gemgames')" = 1 ]; then echo "ok $T_N - quit ends the session"; else echo "not ok $T_N - quit ends the session"; fi
well_formed "a session of 49 lines" "$out" 48

# showboard is the terminal's board; final_score; the position read back
out=$(printf '%s\n' 'new_game splendor players=2 seed=42' showboard final_score 'play 0 take W B G' genmove position undo position 'position {"game":"splendor"}' 'position [' quit | "$G" engine --bot random)
contains "showboard draws the terminal board" "$out" "= == Splendor ==
Nobles (3 points each, need bonuses):"
contains "showboard shows whose turn it is" "$out" "Now: Seat 1 takes tokens"
contains "showboard names each count (no \"1 cards\")" "$out" "> seat 1 (you): points 0, cards 0, tokens 0 (-)"
contains "final_score during the game" "$out" "= over=false scores=0,0 ranks=1,1 winners=2"
contains "the position is read back after play" "$out" '"supply":[3,3,3,4,4,5]'
contains "undo puts the tokens back" "$out" '"supply":[4,4,4,4,4,5]'
contains "a genmove out of turn says who is awaited" "$out" "? seat: seat 0 is not to act now (waiting for seat 1)"
contains "a position that does not load" "$out" "? json: "
well_formed "showboard session" "$out" 11

# events: what happened, masked for the engine's seat; undo keeps the list.
# The list starts with the set-up (event 0 in a Splendor game: splendor.setup)
out=$(printf '%s\n' 'new_game splendor players=2 seed=42 seat=0' 'play 0 take W B G' 'play 1 reserve deck 1' \
    events 'events 1' 'events text 1' 'events 99999' undo 'events 1' 'play 1 reserve deck 1' 'set_seat 1' 'events 2' \
    'events text' quit | "$G" engine --bot random)
contains "events: the list starts with the set-up" "$out" '= [{"kind":"splendor.setup","nobles":[{"id":1,"points":3,"needs":{"white":4,"black":4}},{"id":4,'
contains "events: the moves played, as events" "$out" '= [{"kind":"splendor.take","seat":0,"tokens":{"white":1,"blue":1,"green":1}},{"kind":"splendor.reserve","seat":1,"from":"deck","variant":"deck","tier":1,"gold":1,"masked":true},{"kind":"splendor.round","final":false}]'
contains "events text: one sentence a line" "$out" "= Seat 1 takes 1 white, 1 blue and 1 green.
Seat 2 reserves the top card of the tier 1 deck, face down, and takes 1 gold.
The round is complete."
contains "events text: the set-up told first" "$out" "= The table is laid out — nobles: 3 points for 4 white and 4 black;"
contains "events: a FROM past the end is refused" "$out" "? syntax: FROM is a whole number from 0 to 4 (the events so far)"
contains "events: undo takes the move's events back, not the set-up" "$out" '=

= [{"kind":"splendor.take","seat":0,"tokens":{"white":1,"blue":1,"green":1}}]'
contains "events: seat 1 sees the card it reserved" "$out" '= [{"kind":"splendor.reserve","seat":1,"from":"deck","variant":"deck","tier":1,"card":{"id":'
well_formed "events session" "$out" 14
# Ys: the set-up is the first round's ys.round; another seat's face-down
# broker is masked; its own seat sees the value
out=$(printf '%s\n' 'new_game ys players=2 seed=5 seat=1' 'events' 'play 0 bid 1+1' 'events 1' 'play 1 bid 0+1' 'play 0 order 1' \
    'play 0 down 0 d1-port' 'events 5' 'set_seat 0' 'events 5' 'genmove' 'events 6' quit | "$G" engine --bot random)
contains "ys events: the set-up is the first round" "$out" '= [{"kind":"ys.round","round":1,"ports":[{"district":1,"gems":["red","blue","yellow"]},'
contains "ys events: another seat's bid is masked" "$out" '= [{"kind":"ys.bid","seat":0,"masked":true}]'
contains "ys events: another seat's face-down broker is masked" "$out" '= [{"kind":"ys.place","seat":0,"variant":"zone","where":"zone","district":1,"zone":"port","face":"down","masked":true}]'
contains "ys events: the seat's own broker shows its value" "$out" '= [{"kind":"ys.place","seat":0,"variant":"zone","where":"zone","district":1,"zone":"port","face":"down","value":0}]'
T_N=$((T_N + 1))
if printf '%s\n' "$out" | sed -n '/^= \[{"kind":"ys.place","seat":0/,$p' | grep -q '^= \[{"kind":"ys\.'; then echo "ok $T_N - ys events: the engine's genmove is recorded"; else echo "not ok $T_N - ys events: the engine's genmove is recorded"; fi
T_N=$((T_N + 1))
if printf '%s\n' "$out" | sed -n '/^= \[{"kind":"ys.place","seat":0/,$p' | grep '"masked":true,"value"\|"value":[0-9]*,"masked"'; then echo "not ok $T_N - ys events: a masked event has no value"; else echo "ok $T_N - ys events: a masked event carries no value"; fi
well_formed "ys events session" "$out" 13

# a loaded position has no past: its list starts empty (no set-up)
pos=$(printf '%s\n' 'new_game splendor players=2 seed=42' 'play 0 take W B G' position quit | "$G" engine --bot random | sed -n 's/^= {/{/p')
out=$(printf '%s\n' 'new_game splendor players=2 seed=42' "position $pos" events quit | "$G" engine --bot random)
contains "events: a loaded position starts an empty list" "$out" '=

= []'

# The protocol's list is the one `replay --events` gives, set-up included,
# for every viewer: a whole bot game of each game, replayed move by move
# through the protocol, then `events` for each seat and a spectator.
for spec in "splendor 3 7" "ys 3 11" "ys 4 12 --option ysplus=on --option events=on"; do
    set -- $spec
    game=$1 np=$2 seed=$3; shift 3
    rm -rf "$TMP/rec"
    "$G" selfplay "$game" --players "$np" --games 1 --seed "$seed" --bots random --records "$TMP/rec" "$@" >/dev/null
    rec=$(ls "$TMP"/rec/*.json | head -1)
    opts=$(jq -r '.options | to_entries | map("\(.key)=\(.value)") | join(" ")' "$rec")
    rseed=$(jq -r '.seed' "$rec")
    {
        printf 'new_game %s seed=%s %s\n' "$game" "$rseed" "$opts"
        jq -r '.actions[] | "play \(.seat) \(.action)"' "$rec"
        echo events # no seat told yet: a spectator's
        for v in $(seq 0 $((np - 1))); do printf 'set_seat %s\nevents\n' "$v"; done
        echo quit
    } > "$TMP/session"
    "$G" engine --bot random < "$TMP/session" | grep '^= \[' > "$TMP/proto"
    same=0 diff=0 line=0
    for v in spectator $(seq 0 $((np - 1))); do
        line=$((line + 1))
        want=$("$G" replay --events --viewer "$v" "$rec" | jq -c .)
        got=$(sed -n "${line}p" "$TMP/proto" | cut -c3- | jq -c .)
        if [ -n "$want" ] && [ "$want" = "$got" ]; then same=$((same + 1)); else diff=$((diff + 1)); fi
    done
    first=$(sed -n 1p "$TMP/proto" | cut -c3- | jq -r '.[0].kind')
    T_N=$((T_N + 1))
    if [ "$same" = $((np + 1)) ] && [ "$first" = "$game.$([ "$game" = ys ] && echo round || echo setup)" ]; then
        echo "ok $T_N - $game $np players ($*): events for a spectator and each seat equal replay --events, set-up ($first) first"
    else
        echo "not ok $T_N - $game $np players ($*): $same seats equal replay --events, $diff differ; first event $first"
    fi
done

# a line over 1 MiB is refused (and not held), and the session goes on
out=$(python3 -c "print('name'); print('x' * 3000000); print('version'); print('quit')" | "$G" engine --bot random)
contains "a line over 1 MiB is refused" "$out" "? malformed: longer than 1048576 bytes

= 0.1.0"

# options (getopt_long)
out=$("$G" engine --help); rc=$?
contains "engine --help prints the usage on stdout" "$out" "usage: gemgames engine [--bot SPEC] [--seed S]"
T_N=$((T_N + 1)); if [ "$rc" = 0 ]; then echo "ok $T_N - engine --help exits 0"; else echo "not ok $T_N - engine --help exits $rc"; fi
"$G" engine --frob </dev/null >/dev/null 2>"$TMP/err"; rc=$?
T_N=$((T_N + 1)); if [ "$rc" = 2 ]; then echo "ok $T_N - a bad option exits 2"; else echo "not ok $T_N - a bad option exits $rc"; fi
contains "the bad option is named" "$(cat "$TMP/err")" "unknown option '--frob'"
expect_fail "engine refuses a bad bot" "$G" engine --bot nonsense
expect_fail "engine refuses a bad seed" "$G" engine --seed=x
contains "--bot=SPEC form" "$(echo name | "$G" engine --bot=heuristic)" "= gemgames 0.1.0 (heuristic)"

for game in $("$G" --help | sed -n 's/^games://p'); do
    out=$(printf 'new_game %s players=2 seed=5\nset_seat 1\nview\nlegal\ngenmove\nset_seat 0\nlegal\nplay 0 no-such-move\nplay 1 x\nset_seat 9\nfinal_score\nshowboard\nquit\n' "$game" | "$G" engine --bot random)
    contains "$game: new_game and set_seat" "$out" "=

=

= {\"game\":\"$game\""
    contains "$game: the view is seat 1's" "$out" '"seat":1'
    contains "$game: the view carries the printed card data" "$out" '"printed":{'
    contains "$game: set_seat out of range" "$out" "? seat: there is no seat 9"
    contains "$game: a bad move is refused" "$out" "? parse"
    well_formed "$game: a session" "$out" 13
    # engine:CMD in a match, both ways round
    m=$("$G" match --game "$game" --players 2 --games 2 --seed 3 --logs "$TMP/logs-$game" --bots "engine:$G engine --bot random,random")
    contains "$game: a match with an engine player runs" "$m" "engine:"
    contains "$game: without forfeits" "$m" "engine:$G engine --bot random 0 forfeits"
    expect_fail "$game: an engine that is not there fails cleanly" "$G" match --game "$game" --players 2 --games 2 --logs "$TMP/l" --bots "engine:/nonexistent/engine,random"
done

# printed data: every Splendor card's cost, every Ys character's rule and window
v=$(printf 'new_game splendor players=2\nview\nquit\n' | "$G" engine --bot random)
contains "splendor: a card's printed cost and bonus" "$v" '{"card":0,"tier":1,"bonus":"white","points":0,"cost":{"white":0,"blue":0,"green":0,"red":2,"black":1}}'
contains "splendor: a noble's requirement" "$v" '{"noble":0,"points":3,"requires":{"white":4,"blue":4,"green":0,"red":0,"black":0}}'
v=$(printf 'new_game ys players=2\nview\nquit\n' | "$G" engine --bot random)
contains "ys: a character's name, rule, window, set, discard and text" "$v" '"banker":{"name":"Banker","rule":"Y-7.5","window":"start_of_scoring","set":"base","discard":"played","text":"Raise one colour'"'"'s rate by 1 and lower another colour'"'"'s rate by 1 (both required)."}'
contains "ys: an event and its text" "$v" '"embassy":{"name":"Embassy","rule":"Y-10.20","kind":"general","text":"Draw an extra ship card'
T_N=$((T_N + 1))
texts=$(printf '%s\n' "$v" | grep -o '"rule":"Y-[0-9.]*","window":"[a-z_]*","set":"[a-z]*","discard":"[a-z_]*","text":"[^"]' | wc -l)
etexts=$(printf '%s\n' "$v" | grep -o '"kind":"[a-z]*","text":"[^"]' | wc -l)
if [ "$texts" = 28 ] && [ "$etexts" = 13 ]; then echo "ok $T_N - ys: all 28 characters and 13 events carry their text"; else echo "not ok $T_N - ys: $texts characters and $etexts events with a text"; fi
contains "ys: a ship card" "$v" '{"card":1,"large":"blue","small":["green","yellow"]}'

# the quoting rule of engine:CMD (no shell), engine-sh:, --bots-file
cat >"$TMP/echo_args.sh" <<'SH'
#!/bin/sh
# an engine that says its arguments on stderr, then plays randomly
printf 'argc=%s' "$#" >&2; for a in "$@"; do printf ' [%s]' "$a" >&2; done; echo >&2
exec python3 examples/bots/random_bot.py
SH
chmod +x "$TMP/echo_args.sh"
"$G" match --game splendor --players 2 --games 2 --seed 1 --logs "$TMP/q1" \
    --bots "engine:$TMP/echo_args.sh 'a, b' \"c\\\"d\" e\\ f \$HOME,random" >"$TMP/q1.out" 2>&1
contains "engine:CMD: quotes keep commas and spaces, no shell expansion" "$(cat "$TMP/q1/entrant-0.log")" 'argc=4 [a, b] [c"d] [e f] [$HOME]'
contains "engine:CMD: the quoted spec is one entrant" "$(cat "$TMP/q1.out")" "random                           0 forfeits"
"$G" match --game splendor --players 2 --games 2 --seed 1 --logs "$TMP/q2" \
    --bots "engine-sh:$TMP/echo_args.sh \$((1+2)) | cat,random" >/dev/null 2>&1
contains "engine-sh:CMD runs under a shell" "$(cat "$TMP/q2/entrant-0.log")" 'argc=1 [3]'
printf '{"bots": [{"engine": ["%s", "x,y", "it'"'"'s"]}, "random"]}\n' "$TMP/echo_args.sh" >"$TMP/bots.json"
"$G" match --game splendor --players 2 --games 2 --seed 1 --logs "$TMP/q3" --bots-file "$TMP/bots.json" >"$TMP/q3.out" 2>&1
contains "--bots-file: an engine's argv, commas and quotes kept" "$(cat "$TMP/q3/entrant-0.log")" "argc=2 [x,y] [it's]"
expect_fail "an unclosed quote is refused" "$G" match --game splendor --players 2 --games 2 --bots "engine:a 'b,random"
# a bad --bots list is answered by which bot is wrong and why, quoting at
# most 60 bytes of it (not the whole list back)
err=$("$G" match --game splendor --players 2 --games 2 --bots "random,engine:a 'b$(printf '%0200d' 0)" 2>&1)
contains "an unclosed quote names the bot" "$err" "bot 2 has an unclosed quote: engine:a 'b000"
contains "an unclosed quote's quotation is cut at 60 bytes" "$err" "engine:a 'b$(printf '%049d' 0)…"
long=$(printf 'ismcts:c=%01100d' 1)
err=$("$G" match --game splendor --players 2 --games 2 --bots "random,$long" 2>&1)
contains "an over-long spec says its length and the limit" "$err" "bot 2 is 1109 bytes long; a spec has at most 1023: ismcts:c=000"
ok_if "an over-long spec's message is short" test "$(printf '%s' "$err" | wc -c)" -lt 200
err=$("$G" match --game splendor --players 2 --games 2 --bots "random,,random" 2>&1)
contains "an empty spec names the bot" "$err" "bot 2 is empty (two commas together, or one at an end)"
err=$("$G" match --lang pl --game splendor --players 2 --games 2 --bots "random,$long" 2>&1)
contains "the over-long message is translated" "$err" "bot 2 ma 1109 bajtów"
printf '{"bots": [{"engine": []}]}' >"$TMP/bad.json"
expect_fail "--bots-file: an empty argv is refused" "$G" match --game splendor --players 2 --games 2 --bots-file "$TMP/bad.json"
expect_fail "--bots and --bots-file together are refused" "$G" match --game splendor --players 2 --games 2 --bots random --bots-file "$TMP/bots.json"

# quit is answered before the pipe closes: a naive bot that writes "=" after
# quit does not die of a broken pipe (its stderr would show a traceback)
"$G" match --game splendor --players 2 --games 2 --seed 2 --logs "$TMP/q4" \
    --bots "engine:python3 examples/bots/random_bot.py,random" >/dev/null 2>&1
T_N=$((T_N + 1))
if grep -q -e Traceback -e BrokenPipe "$TMP/q4/entrant-0.log"; then echo "not ok $T_N - the bot died after quit: $(cat "$TMP/q4/entrant-0.log")"; else echo "ok $T_N - quit's reply is read before the pipe is closed"; fi
