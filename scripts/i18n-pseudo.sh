#!/bin/sh
# i18n-pseudo.sh POT — the pseudo-locale xx for the tests (docs/i18n.md):
# every message of the template translated as itself wrapped in [[...]]
# (each line of a message, so a screen line shows where its text came
# from), placeholders kept. A string on screen outside [[...]] under
# --lang xx did not go through the catalogue.
set -e
sed -e '/^#, fuzzy$/d' -e 's/charset=CHARSET/charset=UTF-8/' \
    -e 's/^"Language: \\n"/"Language: xx\\n"/' \
    -e 's/^"Plural-Forms: .*"/"Plural-Forms: nplurals=2; plural=(n != 1);\\n"/' \
    -e 's/^"PO-Revision-Date: .*"/"PO-Revision-Date: 2026-01-01 00:00+0000\\n"/' \
    -e 's/^"Last-Translator: .*"/"Last-Translator: make\\n"/' \
    -e 's/^"Language-Team: .*"/"Language-Team: none\\n"/' \
    -e 's/^"Project-Id-Version: .*"/"Project-Id-Version: gemgames\\n"/' "$1" |
    msgen - | msgfilter --keep-header -o - sed -e 's/^\(.\)/[[\1/' -e 's/\(.\)$/\1]]/'
