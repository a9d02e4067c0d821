# Core: the message catalogues (data/i18n/<lang>.json) become C strings.
I18N_JSON := $(sort $(wildcard data/i18n/*.json))
GEN_SRC += $(GEN)/catalogue.c

$(GEN)/catalogue.c: $(I18N_JSON) src/core/gen_catalogue.awk
	@mkdir -p $(GEN)
	awk -f src/core/gen_catalogue.awk $(I18N_JSON) >$@.tmp
	@mv $@.tmp $@
