# Splendor: card and noble tables are generated from data/splendor/*.csv.
GEN_SRC += $(GEN)/splendor_data.c

$(GEN)/splendor_data.c: data/splendor/cards.csv data/splendor/nobles.csv src/splendor/gen_data.awk
	@mkdir -p $(GEN)
	awk -f src/splendor/gen_data.awk data/splendor/cards.csv data/splendor/nobles.csv >$@.tmp
	@mv $@.tmp $@
