# gemgames — GNU make build.
#   make            library + build/rel/gemgames (optimised) + the Python package
#   make test       sanitizer build (ASan+UBSan), then every test (tests/run.sh)
#   make python     the Python package in build/python (python/module.mk, docs/python.md)
#   make play       Ys in the terminal against bots
#   make fuzz       libFuzzer targets, each run briefly (FUZZ_SECONDS)
#   make bench      gemgames bench for every game
#   make install    PREFIX=/usr/local DESTDIR=: program, library, UI, manual (uninstall)
# Modules add generated sources and flags in their own module.mk files.

.DEFAULT_GOAL := all
VARIANT ?= rel
O       ?= build/$(VARIANT)
GEN     := build/gen

CC      ?= cc
CSTD    := -std=c11 -D_DEFAULT_SOURCE
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wno-missing-field-initializers
INCS    := -Iinclude -Isrc -Icommon -I$(GEN) -I/usr/include/postgresql
LIBS    := -lcjson -lsqlite3 -lpq -lwebsockets -lncursesw -lpthread -lm

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
CLI_SRC  := $(wildcard common/*.c) $(wildcard cli/*.c) $(wildcard server/*.c)
TEST_SRC := $(wildcard tests/unit/test_*.c)
TSUP_SRC := $(wildcard tests/support/*.c)
FUZZ_SRC := $(wildcard fuzz/fuzz_*.c)

# Defined before the module files, whose rules name them as prerequisites
# (a prerequisite is expanded when its rule is read: src/learn/module.mk).
LIB      := $(O)/libgemgames.a
BIN      := $(O)/gemgames

-include $(wildcard src/*/module.mk) $(wildcard cli/module.mk) $(wildcard server/module.mk)
-include python/module.mk

LIB_OBJ  := $(LIB_SRC:%.c=$(O)/obj/%.o) $(GEN_SRC:$(GEN)/%.c=$(O)/obj/gen/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(O)/obj/%.o)
TSUP_OBJ := $(TSUP_SRC:%.c=$(O)/obj/%.o)
TEST_BINS := $(TEST_SRC:tests/unit/%.c=$(O)/tests/%)
DEPS     := build/.deps-ok

.SECONDARY:
.PHONY: all test play fuzz bench clean deps tests-build soak
# make: the program and the Python package (build/python, docs/python.md)
all: $(BIN) locale python

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

# the terminal's catalogues (cli/module.mk) come with the program
$(BIN): $(CLI_OBJ) $(LIB) | $(MO_FILES)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LIBS)

$(O)/tests/%: $(O)/obj/tests/unit/%.o $(TSUP_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(TSUP_OBJ) $(LIB) $(LIBS) -lcmocka

# A simulation test linked with sim.c built for one game in N under the
# sanitizers (the scalar Ys simulation, SCALAR_SHARED_TESTS below; set
# before the rule, whose prerequisites are expanded as it is read).
SCALAR_SIM_SHARE ?= 8
$(O)/obj/tests/support/sim_share%.o: tests/support/sim.c | $(DEPS) $(GEN_SRC) $(GEN_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DSIM_SHARE=$* -MMD -MP -c $< -o $@
$(O)/tests/%_share: \
		$(O)/obj/tests/unit/%.o $(filter-out %/sim.o,$(TSUP_OBJ)) $(O)/obj/tests/support/sim_share$(SCALAR_SIM_SHARE).o $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $(filter-out $(LIB),$^) $(LIB) $(LIBS) -lcmocka

# The store race test links the two stores (server/store.h) as well.
STORE_OBJ := $(O)/obj/server/store_pg.o $(O)/obj/server/store_sqlite.o
$(O)/tests/test_store_race: $(O)/obj/tests/unit/test_store_race.o $(STORE_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(STORE_OBJ) $(LIB) $(LIBS) -lcmocka

tests-build: $(BIN) locale $(TEST_BINS)

# The test build: sanitizers on, then every unit, CLI and browser test. The
# Splendor rules and 2-player simulation tests and the Ys rules and 4-player
# simulation tests also run on a build without SSE2 (-U__SSE2__: the scalar
# fallbacks in splendor.c and ys.c), as *_scalar. The scalar Splendor
# simulation plays every game under the sanitizers (SIM_SHARE=1); the scalar
# Ys one, 2000 games a configuration, plays one in SCALAR_SIM_SHARE (its own
# copy of sim.o, sim_share<N>.o, linked into <test>_share), as the
# sanitizer build does.
# The random simulations (test_*sim*) play every game in an optimised build
# with assertions on (build/rel, run as *_rel) and one game in SIM_SHARE under
# the sanitizers (tests/support/sim.h). Builds run TEST_JOBS at a time.
SCALAR_TESTS := test_splendor_rules test_splendor_sim2p test_ys_rules
SCALAR_SHARED_TESTS := test_ys_sim_4p
# (a wildcard: make's filter takes one % only, so test_%sim% matched nothing)
SIM_TESTS    := $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_*sim*.c))
SIM_SHARE    ?= 8
TEST_JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
TEST_J        = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(TEST_JOBS))
ifeq ($(VARIANT),san)
$(O)/obj/tests/support/sim.o: CFLAGS += -DSIM_SHARE=$(SIM_SHARE)
endif
test:
	@GG_TEST_START=$$(date +%s); export GG_TEST_START; \
	$(MAKE) --no-print-directory $(TEST_J) VARIANT=san tests-build && \
	$(MAKE) --no-print-directory $(TEST_J) VARIANT=rel build/rel/gemgames $(SIM_TESTS:%=build/rel/tests/%) && \
	$(MAKE) --no-print-directory $(TEST_J) VARIANT=san O=build/san-scalar SIM_SHARE=1 \
		EXTRA_CFLAGS=-U__SSE2__ $(SCALAR_TESTS:%=build/san-scalar/tests/%) \
		$(SCALAR_SHARED_TESTS:%=build/san-scalar/tests/%_share) && \
	for t in $(SCALAR_TESTS); do cp build/san-scalar/tests/$$t build/san/tests/$${t}_scalar; done && \
	for t in $(SCALAR_SHARED_TESTS); do \
		cp build/san-scalar/tests/$${t}_share build/san/tests/$${t}_scalar; done && \
	$(MAKE) --no-print-directory python && \
	sh tests/run.sh build/san build/rel

# Ys, 4 players: you against 3 bots (the heuristic bot, or random where the
# game has no heuristic yet). PLAY_ARGS="--seats human,human" etc. overrides.
PLAY_ARGS ?= --players 4
play:
	@$(MAKE) --no-print-directory VARIANT=rel $(BIN) locale
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

# fuzz_server also links the server's request handling (not the transport, http.c,
# nor serve.c): the tables, the guard, the bot list and the SQLite store.
FUZZ_SERVER_OBJ := $(addprefix build/fuzz/obj/server/,guard.o tables.o botlist.o bots.o util.o \
                     store_sqlite.o oplog.o people.o chat.o clock.o sync.o)
build/fuzz/fuzzers/fuzz_server: fuzz/fuzz_server.c fuzz-lib
	@$(MAKE) --no-print-directory VARIANT=fuzz $(FUZZ_SERVER_OBJ)
	@mkdir -p $(dir $@)
	clang $(CSTD) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined $(INCS) -o $@ $< \
		$(FUZZ_SERVER_OBJ) build/fuzz/libgemgames.a $(LIBS)

fuzz: $(DEPS)
	@for f in $(FUZZ_SRC); do $(MAKE) --no-print-directory build/fuzz/fuzzers/$$(basename $$f .c) || exit 1; done
	@sh tests/fuzz.sh $(FUZZ_SECONDS)

bench: all
	@$(BIN) bench

# The server's crash test at length: kill -9 it CRASH_KILLS times during bot games.
CRASH_KILLS ?= 200
soak: all
	@CRASH_KILLS=$(CRASH_KILLS) GEMGAMES=$(CURDIR)/$(BIN) node tests/web/crash.mjs

# ---------------------------------------------------------------- install
# make install [PREFIX=/usr/local] [DESTDIR=...]: the program, the library
# with its header and pkg-config file, the browser UI with the two npm
# libraries it loads (node_modules/, from npm ci), the manual, the bash
# completion and the docs. `gemgames serve` finds the UI relative to its own
# binary (BINDIR/../share/gemgames/web), so a DESTDIR or any PREFIX works.
VERSION     := $(shell sed -n 's/^\#define GG_VERSION "\(.*\)"$$/\1/p' include/gemgames.h)
PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
LIBDIR      ?= $(PREFIX)/lib
INCLUDEDIR  ?= $(PREFIX)/include
DATADIR     ?= $(PREFIX)/share
MANDIR      ?= $(DATADIR)/man
DOCDIR      ?= $(DATADIR)/doc/gemgames
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
PKGDATADIR  := $(DATADIR)/gemgames
INSTALL     ?= install
WEB_FILES   := $(shell find web -type f | sort)
VENDOR_FILES := preact/LICENSE preact/package.json preact/dist/preact.module.js \
                preact/hooks/dist/hooks.module.js htm/LICENSE htm/package.json \
                htm/dist/htm.module.js
DOC_FILES   := $(wildcard README.md LICENSE CHANGELOG.md docs/guide.md docs/notation.md \
               docs/formats.md docs/bots.md docs/protocol.md docs/server.md docs/terminal.md)
.PHONY: install uninstall
install: build/rel/gemgames build/rel/libgemgames.a locale
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR) \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(DOCDIR)
	$(INSTALL) -m 755 build/rel/gemgames $(DESTDIR)$(BINDIR)/gemgames
	$(INSTALL) -m 644 build/rel/libgemgames.a $(DESTDIR)$(LIBDIR)/libgemgames.a
	$(INSTALL) -m 644 include/gemgames.h $(DESTDIR)$(INCLUDEDIR)/gemgames.h
	printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$(INCLUDEDIR)' 'libdir=$(LIBDIR)' '' \
		'Name: gemgames' 'Description: rules engine and bots for Ys and Splendor' \
		'Version: $(VERSION)' 'Requires: libcjson' 'Cflags: -I$${includedir}' \
		'Libs: -L$${libdir} -lgemgames -lpthread -lm' >$(DESTDIR)$(LIBDIR)/pkgconfig/gemgames.pc
	chmod 644 $(DESTDIR)$(LIBDIR)/pkgconfig/gemgames.pc
	$(INSTALL) -m 644 man/gemgames.1 $(DESTDIR)$(MANDIR)/man1/gemgames.1
	$(INSTALL) -m 644 completion/gemgames $(DESTDIR)$(BASHCOMPDIR)/gemgames
	$(INSTALL) -m 644 $(DOC_FILES) $(DESTDIR)$(DOCDIR)/
	for f in $(WEB_FILES); do \
		$(INSTALL) -D -m 644 $$f $(DESTDIR)$(PKGDATADIR)/$$f || exit 1; done
	for f in $(VENDOR_FILES); do \
		$(INSTALL) -D -m 644 node_modules/$$f $(DESTDIR)$(PKGDATADIR)/node_modules/$$f || exit 1; done
	for l in $(PO_LANGS); do $(INSTALL) -D -m 644 build/locale/$$l/LC_MESSAGES/gemgames.mo \
		$(DESTDIR)$(DATADIR)/locale/$$l/LC_MESSAGES/gemgames.mo || exit 1; done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gemgames $(DESTDIR)$(LIBDIR)/libgemgames.a \
		$(DESTDIR)$(LIBDIR)/pkgconfig/gemgames.pc $(DESTDIR)$(INCLUDEDIR)/gemgames.h \
		$(DESTDIR)$(MANDIR)/man1/gemgames.1 $(DESTDIR)$(BASHCOMPDIR)/gemgames \
		$(PO_LANGS:%=$(DESTDIR)$(DATADIR)/locale/%/LC_MESSAGES/gemgames.mo)
	rm -rf $(DESTDIR)$(PKGDATADIR) $(DESTDIR)$(DOCDIR)

clean:
	rm -rf build/rel build/san build/san-scalar build/fuzz build/gen build/locale build/pic build/python build/setuptools

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TSUP_OBJ:.o=.d) \
         $(TEST_SRC:tests/unit/%.c=$(O)/obj/tests/unit/%.d)
