# The learned evaluation's weights (data/learn/*.value) into C (src/learn/value.c),
# and the program that trains them (tools/train_value.c, docs/bots.md).
VALUE_FILES := $(sort $(wildcard data/learn/*.value))
GEN_SRC += $(GEN)/value_weights.c

$(GEN)/value_weights.c: $(VALUE_FILES) src/learn/gen_value.awk
	@mkdir -p $(GEN)
	awk -f src/learn/gen_value.awk $(VALUE_FILES) </dev/null >$@.tmp
	@mv $@.tmp $@

$(O)/train_value: $(O)/obj/tools/train_value.o $(LIB)
	$(CC) $(LDFLAGS) -o $@ $< $(LIB) $(LIBS)

.PHONY: train-value
train-value: $(O)/train_value

# tests/cli/learned_value.sh runs the trainer of the test build
tests-build: $(O)/train_value
