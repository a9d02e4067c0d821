# gen_data.awk — turns data/ys/*.csv into C (build/gen/ys_data.h and ys_data.c).
# Run once with -v out=h for the header and once with -v out=c for the tables.
# Refuses malformed data: wrong headers, unknown colours, a white large gem or
# white twice on a ship (Y-1.5), numbers out of range.
function fail(msg) { printf "ys gen_data.awk: %s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"; bad = 1; exit 1 }
function int_in(v, lo, hi, what) { if (v !~ /^-?[0-9]+$/ || v + 0 < lo || v + 0 > hi) fail(what " must be a whole number from " lo " to " hi ", not \"" v "\""); return v + 0 }
function gem(v) { if (!(v in colour)) fail("unknown gem colour \"" v "\""); return colour[v] }
function header(want) { if ($0 != want) fail("unexpected header (want " want ")") }
BEGIN {
    FS = ","; nships = ncards = ncp = nblack = nthrone = 0
    colour["blue"] = 0; colour["green"] = 1; colour["yellow"] = 2; colour["red"] = 3; colour["white"] = 5
    win["start_of_placement"] = "YS_WIN_START_OF_PLACEMENT"; win["before_placing"] = "YS_WIN_BEFORE_PLACING"
    win["after_placing"] = "YS_WIN_AFTER_PLACING"; win["start_of_scoring"] = "YS_WIN_START_OF_SCORING"
    win["end_of_scoring"] = "YS_WIN_END_OF_SCORING"; win["immediate"] = "YS_WIN_IMMEDIATE"
    win["reaction"] = "YS_WIN_REACTION"
    set["base"] = 0; set["ysplus"] = 1; set["blue"] = 2
    ekind["general"] = 0; ekind["district"] = 1; nevents = nekinds = 0
}
{ sub(/\r$/, "") }
FILENAME ~ /ships\.csv$/ {
    if (FNR == 1) { header("id,large,small1,small2"); next }
    if (NF != 4) fail("expected 4 fields")
    if ($1 != nships + 1) fail("ship ids must run 1, 2, 3, ... in order")
    if ($2 == "white") fail("a large gem is never white (Y-1.5)")
    if ($3 == "white" && $4 == "white") fail("white twice on one ship (Y-1.5)")
    ship[nships++] = sprintf("{%d, {%d, %d}}", gem($2), gem($3), gem($4))
    next
}
FILENAME ~ /characters\.csv$/ {
    if (FNR == 1) { header("key,name,rule,window,set,discard"); next }
    if (NF != 6) fail("expected 6 fields")
    if ($1 !~ /^[a-z_]+$/) fail("card keys are lower-case words")
    if (!($4 in win)) fail("unknown window \"" $4 "\"")
    if (!($5 in set)) fail("unknown set \"" $5 "\"")
    key[ncards] = $1; name[ncards] = $2; rule[ncards] = $3; window[ncards] = win[$4]; cset[ncards] = set[$5]
    disc[ncards] = $6
    ncards++
    next
}
FILENAME ~ /events\.csv$/ {
    if (FNR == 1) { header("key,name,rule,kind,copies"); next }
    if (NF != 5) fail("expected 5 fields")
    if ($1 !~ /^[a-z_]+$/) fail("event keys are lower-case words")
    if (!($4 in ekind)) fail("unknown event kind \"" $4 "\" (general or district)")
    ekey[nekinds] = $1; ename[nekinds] = $2; erule[nekinds] = $3; edistrict[nekinds] = ekind[$4]
    ncopy = int_in($5, 1, 4, "copies")
    for (i = 0; i < ncopy; i++) { ecard[nevents] = nekinds; ecopy[nevents] = i; nevents++ }
    nekinds++
    next
}
FILENAME ~ /rates\.csv$/ {
    if (FNR == 1) { header("what,value"); next }
    rate[$1] = int_in($2, -20, 20, $1)
    next
}
FILENAME ~ /colour_points\.csv$/ {
    if (FNR == 1) { header("colour_rank,first,second,third,fourth,fifth"); next }
    if (int_in($1, 1, 4, "colour rank") != FNR - 1) fail("colour ranks must run 1..4")
    cp[FNR - 2] = sprintf("{%d, %d, %d, %d, %d}", int_in($2, 0, 99, "points"), int_in($3, 0, 99, "points"),
                          int_in($4, 0, 99, "points"), int_in($5, 0, 99, "points"), int_in($6, 0, 99, "points"))
    ncp++
    next
}
FILENAME ~ /black_points\.csv$/ {
    if (FNR == 1) { header("black_gems,points"); next }
    if (int_in($1, 0, 7, "black gems") != FNR - 2) fail("black gem counts must run 0..7")
    black[nblack++] = int_in($2, 0, 99, "points")
    next
}
FILENAME ~ /throne_points\.csv$/ {
    if (FNR == 1) { header("place,points"); next }
    if (int_in($1, 1, 5, "place") != FNR - 1) fail("throne places must run 1..5")
    throne[nthrone++] = int_in($2, 0, 99, "points")
    next
}
FILENAME ~ /brokers\.csv$/ {
    if (FNR == 1) { header("set,values"); next }
    n = split($2, v, " ")
    s = ""
    for (i = 1; i <= n; i++) s = s (i > 1 ? ", " : "") int_in(v[i], 0, 4, "broker value")
    brokers[$1] = "{" n ", {" s "}}"
    next
}
END {
    if (bad) exit 1
    if (nships != 24) { print "ys gen_data.awk: ships.csv must hold 24 ships (Y-1.5)" > "/dev/stderr"; exit 1 }
    if (ncp != 4 || nblack != 8 || nthrone != 5) { print "ys gen_data.awk: a scoring table is incomplete" > "/dev/stderr"; exit 1 }
    if (nevents != 14) { print "ys gen_data.awk: events.csv must hold 14 event cards (Y-1.4)" > "/dev/stderr"; exit 1 }
    if (!("min" in rate) || !("max" in rate) || !("start" in rate)) { print "ys gen_data.awk: rates.csv needs min, max, start" > "/dev/stderr"; exit 1 }
    split("standard short kings_favour_reserve neutral strong_neutral", need, " ")
    for (i = 1; i <= 5; i++) if (!(need[i] in brokers)) { print "ys gen_data.awk: brokers.csv lacks " need[i] > "/dev/stderr"; exit 1 }
    if (out == "h") {
        print "/* Generated from data/ys/characters.csv and rates.csv by src/ys/gen_data.awk. */"
        print "#ifndef GG_YS_DATA_H"
        print "#define GG_YS_DATA_H"
        print "enum ys_card_id {"
        for (i = 0; i < ncards; i++) printf "    YC_%s = %d,\n", toupper(key[i]), i
        printf "    YS_CARD_KINDS = %d\n};\n", ncards
        print "enum ys_event_id {"
        for (i = 0; i < nekinds; i++) printf "    YE_%s = %d,\n", toupper(ekey[i]), i
        printf "    YS_EVENT_KINDS = %d\n};\n", nekinds
        printf "enum { YS_EVENT_CARDS = %d };\n", nevents
        printf "enum { YS_RATE_MIN = %d, YS_RATE_MAX = %d, YS_RATE_START = %d };\n", rate["min"], rate["max"], rate["start"]
        print "#endif"
        exit 0
    }
    print "/* Generated from the CSV files in data/ys/ by src/ys/gen_data.awk. */"
    print "#include \"ys/ys.h\""
    print ""
    print "const ys_ship ys_ships[YS_SHIPS] = {"
    for (i = 0; i < nships; i++) printf "    %s,\n", ship[i]
    print "};"
    print ""
    print "const ys_card_info ys_cards[YS_CARD_KINDS] = {"
    for (i = 0; i < ncards; i++)
        printf "    {\"%s\", \"%s\", \"%s\", %s, %d, \"%s\"},\n", key[i], name[i], rule[i], window[i], cset[i], disc[i]
    print "};"
    print ""
    print "/* the cards played in each window (bit c: card c; immediate cards are never played) */"
    print "const uint32_t ys_window_cards[YS_WIN_REACTION + 1] = {"
    for (i = 0; i < ncards; i++) {
        if (window[i] == "YS_WIN_IMMEDIATE") continue
        sep = (window[i] in wcards) ? " | " : ""
        wcards[window[i]] = wcards[window[i]] sep "1u << " i
    }
    for (w in wcards) worder[++nw] = w
    for (i = 1; i <= nw; i++) # sorted by name: the same file from every awk
        for (j = i + 1; j <= nw; j++)
            if (worder[j] < worder[i]) { t = worder[i]; worder[i] = worder[j]; worder[j] = t }
    for (i = 1; i <= nw; i++) printf "    [%s] = %s,\n", worder[i], wcards[worder[i]]
    print "};"
    print ""
    print "/* the k-th (from 0) set bit of each byte, 0 past its last one (the random placement pick) */"
    print "const uint8_t ys_nth_bit[256][8] = {"
    for (b = 0; b < 256; b++) {
        n = 0; line = ""
        for (k = 0; k < 8; k++) if (int(b / 2 ^ k) % 2) { line = line (n ? ", " : "") k; n++ }
        for (; n < 8; n++) line = line (n ? ", " : "") 0
        printf "    {%s},\n", line
    }
    print "};"
    print ""
    print "const ys_event_info ys_events[YS_EVENT_KINDS] = {"
    for (i = 0; i < nekinds; i++) printf "    {\"%s\", \"%s\", \"%s\", %d},\n", ekey[i], ename[i], erule[i], edistrict[i]
    print "};"
    printf "const uint8_t ys_event_card_kind[YS_EVENT_CARDS] = {"
    for (i = 0; i < nevents; i++) printf "%s%d", i ? ", " : "", ecard[i]
    print "};"
    printf "const uint8_t ys_event_card_copy[YS_EVENT_CARDS] = {"
    for (i = 0; i < nevents; i++) printf "%s%d", i ? ", " : "", ecopy[i]
    print "};"
    print ""
    print "const uint8_t ys_colour_points[4][5] = {"
    for (i = 0; i < 4; i++) printf "    %s,\n", cp[i]
    print "};"
    printf "const uint8_t ys_black_points[8] = {"
    for (i = 0; i < 8; i++) printf "%s%d", i ? ", " : "", black[i]
    print "};"
    printf "const uint8_t ys_throne_points[5] = {"
    for (i = 0; i < 5; i++) printf "%s%d", i ? ", " : "", throne[i]
    print "};"
    printf "const ys_broker_set ys_brokers_standard = %s;\n", brokers["standard"]
    printf "const ys_broker_set ys_brokers_short = %s;\n", brokers["short"]
    printf "const ys_broker_set ys_brokers_reserve = %s;\n", brokers["kings_favour_reserve"]
    printf "const ys_broker_set ys_brokers_neutral = %s;\n", brokers["neutral"]
    printf "const ys_broker_set ys_brokers_strong_neutral = %s;\n", brokers["strong_neutral"]
}
