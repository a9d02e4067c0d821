#!/bin/sh
# Rule ids (Y-8.12, S-3.4) against the project's rules reference,
# docs/rules/ys.md and docs/rules/splendor.md:
#   - every id the reference defines is defined once (a section heading
#     "## Y-7 ..." or an entry "**Y-7.8 ...");
#   - every id named anywhere in the sources, tests, web files, data and docs
#     (written Y-8.12, or Y_8_12 in test names) is defined there;
#   - every entry the reference defines is named by a test (tests/), and
#     every section by a test or through one of its entries;
#   - the checker itself notices an undefined id and an untested entry.
# Static: needs no build.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/lib/tap.sh

ID='[YS]-[0-9]+(\.[0-9]+)?'
RULES="docs/rules/ys.md docs/rules/splendor.md"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Defined ids, one per line (repeats kept, to find duplicates).
defined() {
    { grep -hoE "^#+ $ID( |$)" "$@" | grep -oE "$ID"
      grep -hoE "\*\*$ID( |\*|\.|:|$)" "$@" | grep -oE "$ID"; } | sort
}

# Ids named in the files and folders given (both spellings), sorted, unique.
named() {
    { grep -rhoE "(^|[^A-Za-z0-9.])$ID([^0-9]|$)" "$@" --exclude-dir=bench-runs \
          --exclude-dir=strength-runs --exclude-dir=node_modules 2>/dev/null | grep -oE "$ID"
      grep -rhoE "(^|[^A-Za-z0-9])[YS]_[0-9]+_[0-9]+" "$@" --exclude-dir=node_modules 2>/dev/null |
          grep -oE "[YS]_[0-9]+_[0-9]+" | sed -E 's/^([YS])_([0-9]+)_([0-9]+)$/\1-\2.\3/'; } |
        sort -u
}

# Lines of $1 not in $2 (both sorted, unique).
missing() { comm -23 "$1" "$2"; }

report() { # what, file of offending ids
    if [ -s "$2" ]; then
        echo "not ok $T_N - $1"
        echo "# $(tr '\n' ' ' <"$2")"
    else
        echo "ok $T_N - $1"
    fi
}

# ------------------------------------------------------------ the reference
defined $RULES >"$TMP/defined.all"
sort -u "$TMP/defined.all" >"$TMP/defined"
uniq -d "$TMP/defined.all" >"$TMP/dups"
T_N=$((T_N + 1)); report "every rule id is defined once in docs/rules/*.md" "$TMP/dups"
n_defined=$(wc -l <"$TMP/defined")
ok_if "the reference defines the ids of both games ($n_defined)" \
    sh -c "[ $n_defined -ge 130 ] && grep -qx 'Y-10.32' '$TMP/defined' && grep -qx 'S-6.4' '$TMP/defined'"

# ------------------------------------------------- named anywhere → defined
SOURCES="src include common cli server tests web data docs fuzz scripts README.md Makefile"
named $SOURCES >"$TMP/named"
missing "$TMP/named" "$TMP/defined" >"$TMP/undefined"
T_N=$((T_N + 1)); report "every rule id named in the sources, tests, web, data and docs is defined in docs/rules/*.md" "$TMP/undefined"
n_named=$(wc -l <"$TMP/named")
ok_if "ids are found where they are used ($n_named named; Y-7.8, S-3.6 among them)" \
    sh -c "grep -qx 'Y-7.8' '$TMP/named' && grep -qx 'S-3.6' '$TMP/named'"

# ------------------------------------------------------ defined → tested
named tests >"$TMP/tested"
grep -E '\.' "$TMP/defined" >"$TMP/entries"
missing "$TMP/entries" "$TMP/tested" >"$TMP/untested"
T_N=$((T_N + 1)); report "every rule entry of docs/rules/*.md is named by a test" "$TMP/untested"
sed -E 's/\..*//' "$TMP/tested" | sort -u >"$TMP/sections_tested"
grep -vE '\.' "$TMP/defined" >"$TMP/sections"
missing "$TMP/sections" "$TMP/sections_tested" >"$TMP/sections_untested"
T_N=$((T_N + 1)); report "every section of docs/rules/*.md is named by a test, or one of its entries is" "$TMP/sections_untested"

# ------------------------------------------------ the checker can fail
mkdir -p "$TMP/fake/docs" "$TMP/fake/tests"
printf '## Y-1 Things\n- **Y-1.1 One.** text\n- **Y-1.2 Two.** text\n' >"$TMP/fake/docs/r.md"
FAKE="Y-9""9.4" # (not spelt out here: this file is scanned too)
printf '/* Y-1.1 and %s */\nstatic void test_Y_1_1_x(void);\n' "$FAKE" >"$TMP/fake/tests/t.c"
defined "$TMP/fake/docs/r.md" | sort -u >"$TMP/fake/defined"
named "$TMP/fake/tests" >"$TMP/fake/named"
ok_if "the checker reports an undefined id ($FAKE)" \
    sh -c "comm -23 '$TMP/fake/named' '$TMP/fake/defined' | grep -qx '$FAKE'"
ok_if "the checker reports an untested entry (Y-1.2) and reads test names (Y_1_1)" \
    sh -c "comm -23 '$TMP/fake/defined' '$TMP/fake/named' | grep -qx 'Y-1.2' &&
           ! comm -23 '$TMP/fake/defined' '$TMP/fake/named' | grep -qx 'Y-1.1'"
