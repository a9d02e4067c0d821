# gen_catalogue.awk — the message catalogues data/i18n/<lang>.json as C
# strings (build/gen/catalogue.c), so the library carries them; the browser
# reads the same files. Usage: awk -f gen_catalogue.awk data/i18n/*.json
function flush() {
    if (lang != "") { printf ";\n"; langs[n++] = lang }
}
FNR == 1 {
    flush()
    lang = FILENAME
    sub(/.*\//, "", lang)
    sub(/\.json$/, "", lang)
    if (lang !~ /^[a-z][a-z](_[A-Z][A-Z])?$/) { print "bad catalogue name " FILENAME > "/dev/stderr"; exit 1 }
    printf "static const char cat_%s[] =\n", lang
}
{
    line = $0
    gsub(/\\/, "\\\\", line)
    gsub(/"/, "\\\"", line)
    printf "    \"%s\\n\"\n", line
}
END {
    flush()
    print "#include <stddef.h>"
    print "const struct gg_catalogue { const char *lang, *json; } gg_catalogues[] = {"
    for (i = 0; i < n; i++) printf "    {\"%s\", cat_%s},\n", langs[i], langs[i]
    print "    {NULL, NULL},"
    print "};"
}
