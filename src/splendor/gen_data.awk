# gen_data.awk — turns data/splendor/cards.csv and nobles.csv into C tables
# (build/gen/splendor_data.c). Refuses malformed data: wrong header, ids out
# of order, unknown colours, tiers not 40/30/20, anything not a small number.
function fail(msg) { printf "gen_data.awk: %s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"; bad = 1; exit 1 }
function num(v, what) { if (v !~ /^[0-9]+$/ || v + 0 > 15) fail(what " must be a whole number from 0 to 15, not \"" v "\""); return v + 0 }
BEGIN {
    FS = ","
    colour["white"] = 0; colour["blue"] = 1; colour["green"] = 2; colour["red"] = 3; colour["black"] = 4
    print "/* Generated from data/splendor/cards.csv and nobles.csv by src/splendor/gen_data.awk. */"
    print "#include \"splendor/splendor.h\""
    print ""
}
{ sub(/\r$/, "") }
FILENAME ~ /cards\.csv$/ && FNR == 1 {
    if ($0 != "id,tier,bonus,points,white,blue,green,red,black") fail("unexpected header")
    print "const spl_card spl_cards[SPL_CARDS] = {"
    next
}
FILENAME ~ /cards\.csv$/ {
    if (NF != 9) fail("expected 9 fields")
    if ($1 != (ncards + 0) "") fail("card ids must run 0, 1, 2, ... in order")
    t = num($2, "tier"); if (t < 1 || t > 3 || t < lasttier) fail("tiers must be 1..3, in order")
    lasttier = t; tiercount[t]++
    if (!($3 in colour)) fail("unknown bonus colour \"" $3 "\"")
    printf "    {{%d, %d, %d, %d, %d}, %d, %d, %d},\n", num($5, "white"), num($6, "blue"), \
        num($7, "green"), num($8, "red"), num($9, "black"), t - 1, colour[$3], num($4, "points")
    cost64[ncards + 0] = sprintf("0x000000%02x%02x%02x%02x%02xull", $9, $8, $7, $6, $5)
    ncards++
    next
}
FILENAME ~ /nobles\.csv$/ && FNR == 1 {
    if ($0 != "id,points,white,blue,green,red,black") fail("unexpected header")
    print "};"
    print ""
    print "const spl_noble spl_nobles[SPL_NOBLES] = {"
    next
}
FILENAME ~ /nobles\.csv$/ {
    if (NF != 7) fail("expected 7 fields")
    if ($1 != (nnobles + 0) "") fail("noble ids must run 0, 1, 2, ... in order")
    printf "    {{%d, %d, %d, %d, %d}, %d},\n", num($3, "white"), num($4, "blue"), \
        num($5, "green"), num($6, "red"), num($7, "black"), num($2, "points")
    nnobles++
    next
}
END {
    if (bad) exit 1
    if (ncards != 90 || tiercount[1] != 40 || tiercount[2] != 30 || tiercount[3] != 20) {
        print "gen_data.awk: cards.csv must hold 40/30/20 cards in tiers 1/2/3" > "/dev/stderr"; exit 1
    }
    if (nnobles != 10) { print "gen_data.awk: nobles.csv must hold 10 nobles" > "/dev/stderr"; exit 1 }
    print "};"
    print ""
    print "/* Tier t holds card ids spl_tier_start[t] to spl_tier_start[t + 1] - 1. */"
    printf "const uint8_t spl_tier_start[SPL_TIERS + 1] = {0, %d, %d, %d};\n", tiercount[1], \
        tiercount[1] + tiercount[2], ncards
    print ""
    print "/* Costs as 64-bit words (byte k = colour k); ids past 89, SPL_NONE included,"
    print " * cost 127 of every colour, so an empty slot is never affordable. */"
    print "const uint64_t spl_cost64[256] = {"
    for (i = 0; i < 256; i++) printf "    %s,\n", (i < ncards ? cost64[i] : "0x0000007f7f7f7f7full")
    print "};"
    take_tables()
    return_tables()
    one_gold_table()
}

# S-3.1 as a table: for each set of colours that still have tokens (bit c =
# colour c), the colour masks a "take 3 different" may name, ascending: three
# colours; when fewer than three colours remain, any non-empty set of them
# (two left: one of each, or one of either; one left: that one).
function bits(m,   k) { k = 0; while (m) { k += m % 2; m = int(m / 2) } return k }
function subset(a, b,   i) { for (i = 0; i < 5; i++) { if (a % 2 && !(b % 2)) return 0; a = int(a / 2); b = int(b / 2) } return 1 }
# Entries are whole actions (kind << 24 | payload, splendor.h): take3 = 1,
# take2 = 2 (payload: the colour).
function take_tables(   avail, few, m, n, line, c) {
    print ""
    print "const spl_take_list spl_take3[32] = {"
    for (avail = 0; avail < 32; avail++) {
        few = bits(avail) < 3
        n = 0; line = ""
        for (m = 1; m < 32; m++)
            if ((few || bits(m) == 3) && subset(m, avail)) { line = line (n ? ", " : "") (16777216 + m) "u"; n++ }
        printf "    {%d, {%s}},\n", n, (line == "" ? "0" : line)
    }
    print "};"
    print ""
    print "/* S-3.2: for each set of colours whose pile holds 4 or more, the take2 actions. */"
    print "const spl_take_list spl_take2[32] = {"
    for (avail = 0; avail < 32; avail++) {
        n = 0; line = ""; m = avail
        for (c = 0; c < 5; c++) { if (m % 2) { line = line (n ? ", " : "") (33554432 + c) "u"; n++ } m = int(m / 2) }
        printf "    {%d, {%s}},\n", n, (line == "" ? "0" : line)
    }
    print "};"
}

# S-4.1 as tables: the ways to give back `left` (0..3) tokens, as fields of 2
# bits per token kind (kind k at bits 2k), split in a high half (red, black,
# gold: bits 6..11) and a low half (white, blue, green: bits 0..5). A half's
# "caps" are its three kinds' holdings, each capped at 3 (no more than 3 are
# ever returned), 2 bits each in the same layout: 64 cases per half.
# spl_ret_hi[left][caps]: the high halves that fit the caps and return at most
# `left`, ascending, each with how many the low half must then return;
# spl_ret_lo[caps][k]: the low halves that fit the caps and return exactly k,
# ascending. Each high half followed by its low halves comes out ascending.
function fits(f, caps,   i) { for (i = 0; i < 3; i++) { if (f % 4 > caps % 4) return 0; f = int(f / 4); caps = int(caps / 4) } return 1 }
function digits(f) { return f % 4 + int(f / 4) % 4 + int(f / 16) }
function return_tables(   left, caps, f, n, line, k) {
    print ""
    print "const spl_return_hi spl_ret_hi[4][64] = {"
    for (left = 0; left < 4; left++) {
        print "    {"
        for (caps = 0; caps < 64; caps++) {
            n = 0; line = ""
            for (f = 0; f < 64; f++)
                if (fits(f, caps) && digits(f) <= left) { line = line (n ? ", " : "") "{" f ", " (left - digits(f)) "}"; n++ }
            printf "        {%d, {%s}},\n", n, line
        }
        print "    },"
    }
    print "};"
    print ""
    print "const spl_return_lo spl_ret_lo[64][4] = {"
    for (caps = 0; caps < 64; caps++) {
        printf "    {"
        for (k = 0; k < 4; k++) {
            n = 0; line = ""
            for (f = 0; f < 64; f++)
                if (fits(f, caps) && digits(f) == k) { line = line (n ? ", " : "") f; n++ }
            printf "%s{{%s}, %d}", (k ? ", " : ""), (line == "" ? "0" : line), n
        }
        print "},"
    }
    print "};"
}

# S-3.4 with one gold token: for each set of colours (5 bits), the gold field
# of a buy paying one gold in that colour (1 << 3c), ascending, padded with 0.
function one_gold_table(   m, c, line, k) {
    print ""
    print "const uint16_t spl_one_gold[32][8] = {"
    for (m = 0; m < 32; m++) {
        line = ""; k = 0
        for (c = 0; c < 5; c++)
            if (int(m / 2 ^ c) % 2) { line = line (k ? ", " : "") (2 ^ (3 * c)); k++ }
        printf "    {%s},\n", (line == "" ? "0" : line)
    }
    print "};"
}
