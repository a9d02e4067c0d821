# Core: the message catalogues (data/i18n/<lang>.json) become C strings, with
# the pseudo-locale xx made from en.json (every template wrapped [[...]]: the
# tests' check that no text on screen bypasses a catalogue, docs/i18n.md).
I18N_JSON := $(sort $(wildcard data/i18n/*.json)) $(GEN)/i18n/xx.json
GEN_SRC += $(GEN)/catalogue.c

$(GEN)/i18n/xx.json: data/i18n/en.json
	@mkdir -p $(dir $@)
	sed -e '/^  "_/!s/^\(  "[^"]*": "\)\(.*\)"\(,\?\)$$/\1[[\2]]"\3/' -e 's/"_lang": "en"/"_lang": "xx"/' $< >$@

$(GEN)/catalogue.c: $(I18N_JSON) src/core/gen_catalogue.awk
	@mkdir -p $(GEN)
	awk -f src/core/gen_catalogue.awk $(I18N_JSON) >$@.tmp
	@mv $@.tmp $@
