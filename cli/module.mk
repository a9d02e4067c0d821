# The terminal's message catalogues (docs/i18n.md). po/<lang>.po are compiled
# by msgfmt into build/locale/<lang>/LC_MESSAGES/gemgames.mo, where
# cli/i18n.c finds them from the binary (build/rel/../locale); make install
# puts them in DATADIR/locale. The template build/gen/gemgames.pot is
# extracted from cli/*.c at every build (xgettext: _, N_, ngettext), and the
# pseudo-locale xx (every message wrapped [[...]], scripts/i18n-pseudo.sh)
# is made from it, so the tests see every string the sources have today.
PO_LANGS  := $(patsubst po/%.po,%,$(wildcard po/*.po))
MO_FILES  := $(PO_LANGS:%=build/locale/%/LC_MESSAGES/gemgames.mo) \
             build/locale/xx/LC_MESSAGES/gemgames.mo
XGETTEXT  := xgettext --from-code=UTF-8 --language=C --keyword=_ --keyword=N_ \
             --keyword=ngettext:1,2 --add-comments=TRANSLATORS: --sort-by-file \
             --package-name=gemgames --msgid-bugs-address=gemgames
# (the commands' help and errors: common/opts.c and server/serve.c too)
POT_SRC   := $(sort $(wildcard cli/*.c)) common/opts.c server/serve.c
build/gen/gemgames.pot: $(POT_SRC) $(wildcard cli/*.h)
	@mkdir -p $(dir $@)
	$(XGETTEXT) -o $@.tmp $(POT_SRC) && mv $@.tmp $@
build/locale/xx/LC_MESSAGES/gemgames.mo: build/gen/gemgames.pot scripts/i18n-pseudo.sh
	@mkdir -p $(dir $@)
	sh scripts/i18n-pseudo.sh $< >build/gen/xx.po
	msgfmt --check -o $@ build/gen/xx.po
$(PO_LANGS:%=build/locale/%/LC_MESSAGES/gemgames.mo): build/locale/%/LC_MESSAGES/gemgames.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<
# make pot: po/gemgames.pot from the sources, and every po/<lang>.po merged
# with it (new messages appear untranslated: scripts/i18n-missing.sh lists them)
.PHONY: pot locale
pot: build/gen/gemgames.pot
	cp build/gen/gemgames.pot po/gemgames.pot
	for l in $(PO_LANGS); do msgmerge --quiet --update --backup=none --no-fuzzy-matching \
		po/$$l.po po/gemgames.pot || exit 1; done
locale: $(MO_FILES)
