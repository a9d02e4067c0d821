# gemgames — GNU make build.
#   make            library + build/rel/gemgames (optimised)
#   make test       sanitizer build (ASan+UBSan), then every test (tests/run.sh)
#   make python     the Python package in build/python (python/module.mk, docs/python.md)
#   make play       Ys in the terminal against bots
#   make fuzz       libFuzzer targets, each run briefly (FUZZ_SECONDS)
#   make bench      gemgames bench for every game
# Modules add generated sources and flags in their own module.mk files.

.DEFAULT_GOAL := all
VARIANT ?= rel
O       ?= build/$(VARIANT)
GEN     := build/gen

CC      ?= cc
CSTD    := -std=c11 -D_DEFAULT_SOURCE
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wno-missing-field-initializers
INCS    := -Iinclude -Isrc -I$(GEN)
LIBS    := -lcjson -lsqlite3 -lcivetweb -lncursesw -lpthread -lm

ifeq ($(VARIANT),san)
  OPT := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
else ifeq ($(VARIANT),fuzz)
  CC  := clang
  OPT := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
else
  OPT := -O3 -g
endif
CFLAGS  := $(CSTD) $(WARN) $(OPT) $(INCS) $(EXTRA_CFLAGS)
LDFLAGS := $(OPT) $(EXTRA_LDFLAGS)

LIB_SRC  := $(wildcard src/*/*.c)
GEN_SRC  :=
GEN_HDR  :=
CLI_SRC  := $(wildcard cli/*.c) $(wildcard server/*.c)
TEST_SRC := $(wildcard tests/unit/test_*.c)
TSUP_SRC := $(wildcard tests/support/*.c)
FUZZ_SRC := $(wildcard fuzz/fuzz_*.c)

-include $(wildcard src/*/module.mk) $(wildcard cli/module.mk) $(wildcard server/module.mk)
-include python/module.mk

LIB_OBJ  := $(LIB_SRC:%.c=$(O)/obj/%.o) $(GEN_SRC:$(GEN)/%.c=$(O)/obj/gen/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(O)/obj/%.o)
TSUP_OBJ := $(TSUP_SRC:%.c=$(O)/obj/%.o)
TEST_BINS := $(TEST_SRC:tests/unit/%.c=$(O)/tests/%)
LIB      := $(O)/libgemgames.a
BIN      := $(O)/gemgames
DEPS     := build/.deps-ok

.SECONDARY:
.PHONY: all test play fuzz bench clean deps tests-build soak
all: $(BIN)

$(DEPS): scripts/setup.sh
	@sh scripts/setup.sh
	@mkdir -p build && touch $@

deps: $(DEPS)

$(O)/obj/%.o: %.c | $(DEPS) $(GEN_SRC) $(GEN_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(O)/obj/gen/%.o: $(GEN)/%.c | $(DEPS) $(GEN_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LIBS)

$(O)/tests/%: $(O)/obj/tests/unit/%.o $(TSUP_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(TSUP_OBJ) $(LIB) $(LIBS) -lcmocka

tests-build: $(BIN) $(TEST_BINS)

# The test build: sanitizers on, then every unit, CLI and browser test. The
# Splendor rules and 2-player simulation tests also run on a build without
# SSE2 (-U__SSE2__: the scalar fallbacks in splendor.c), as *_scalar.
SCALAR_TESTS := test_splendor_rules test_splendor_sim2p
test:
	@$(MAKE) --no-print-directory VARIANT=san tests-build
	@$(MAKE) --no-print-directory VARIANT=san O=build/san-scalar EXTRA_CFLAGS=-U__SSE2__ \
		$(SCALAR_TESTS:%=build/san-scalar/tests/%)
	@for t in $(SCALAR_TESTS); do cp build/san-scalar/tests/$$t build/san/tests/$${t}_scalar; done
	@$(MAKE) --no-print-directory python
	@sh tests/run.sh build/san

# Ys, 4 players: you against 3 bots (the heuristic bot, or random where the
# game has no heuristic yet). PLAY_ARGS="--seats human,human" etc. overrides.
PLAY_ARGS ?= --players 4
play:
	@$(MAKE) --no-print-directory VARIANT=rel all
	@$(BIN) play $(if $(GAME),$(GAME),ys) $(PLAY_ARGS)

FUZZ_SECONDS ?= 10
FUZZERS := $(FUZZ_SRC:fuzz/%.c=build/fuzz/fuzzers/%)
# fuzz-lib is phony: the library is brought up to date first, and the fuzzers
# are linked again every time (a change in a header or the library counts).
.PHONY: fuzz-lib
fuzz-lib:
	@$(MAKE) --no-print-directory VARIANT=fuzz build/fuzz/libgemgames.a
build/fuzz/fuzzers/%: fuzz/%.c fuzz-lib
	@mkdir -p $(dir $@)
	clang $(CSTD) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined $(INCS) -o $@ $< \
		build/fuzz/libgemgames.a $(LIBS)

fuzz: $(DEPS)
	@for f in $(FUZZ_SRC); do $(MAKE) --no-print-directory build/fuzz/fuzzers/$$(basename $$f .c) || exit 1; done
	@sh tests/fuzz.sh $(FUZZ_SECONDS)

bench: all
	@$(BIN) bench

# The server's crash test at length: kill -9 it CRASH_KILLS times during bot games.
CRASH_KILLS ?= 200
soak: all
	@CRASH_KILLS=$(CRASH_KILLS) GEMGAMES=$(CURDIR)/$(BIN) node tests/web/crash.mjs

clean:
	rm -rf build/rel build/san build/san-scalar build/fuzz build/gen build/pic build/python build/setuptools

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TSUP_OBJ:.o=.d) \
         $(TEST_SRC:tests/unit/%.c=$(O)/obj/tests/unit/%.d)
