# gen_text.awk — data/ys/character_text.csv and event_text.csv (key,"text")
# into C tables of printed texts (src/bots/printed.h). A text is printable
# ASCII (the protocol's lines are), in double quotes, without a double quote.
function fail(msg) { printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"; bad = 1; exit 1 }
BEGIN {
    print "/* Generated from data/ys/character_text.csv and event_text.csv by src/bots/gen_text.awk. */"
    print "#include <stddef.h>"
    print ""
    print "#include \"bots/printed.h\""
    table = ""
}
FNR == 1 {
    if ($0 != "key,text") fail("the header must be key,text")
    if (table != "") print "    {NULL, NULL},\n};"
    table = FILENAME ~ /character/ ? "gg_ys_character_text" : "gg_ys_event_text"
    print "const gg_printed_text " table "[] = {"
    next
}
{
    sub(/\r$/, "")
    comma = index($0, ",")
    key = substr($0, 1, comma - 1)
    text = substr($0, comma + 1)
    if (key !~ /^[a-z_]+$/) fail("a key is lower-case letters and _")
    if (text !~ /^"[^"]+"$/) fail("the text must be in double quotes, without a double quote inside")
    if (text ~ /[^ -~]/ || text ~ /\\/) fail("the text must be printable ASCII without a backslash")
    print "    {\"" key "\", " text "},"
}
END {
    if (bad) exit 1
    print "    {NULL, NULL},\n};"
}
