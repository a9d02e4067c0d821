# The printed texts of the Ys characters and events (data/ys/*_text.csv), for
# the engine protocol's views (src/bots/printed.c).
GEN_SRC += $(GEN)/printed_text.c

$(GEN)/printed_text.c: data/ys/character_text.csv data/ys/event_text.csv src/bots/gen_text.awk
	@mkdir -p $(GEN)
	awk -f src/bots/gen_text.awk data/ys/character_text.csv data/ys/event_text.csv >$@.tmp
	@mv $@.tmp $@
