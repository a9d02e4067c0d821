# The Python package (docs/python.md): `make python` builds build/python/gemgames,
# importable with PYTHONPATH=build/python. The extension links a position-independent
# release build of the library (build/pic), never the sanitizer build: an ASan
# library cannot be loaded into an ordinary python without LD_PRELOAD of libasan.
PYTHON    ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
PY_SRC    := $(wildcard python/gemgames/*.c)
PY_HDR    := $(wildcard python/gemgames/*.h) include/gemgames.h
PY_FILES  := $(wildcard python/gemgames/*.py)
PY_OUT    := build/python/gemgames
PY_INFO    = $(shell $(PYTHON) -c "import sysconfig, numpy; print(sysconfig.get_paths()['include'], numpy.get_include(), sysconfig.get_config_var('EXT_SUFFIX'))")
PIC_LIB   := build/pic/libgemgames.a

.PHONY: python python-lib
# (the library's objects wait for $(DEPS), scripts/setup.sh, in the sub-make)
python-lib:
	@$(MAKE) --no-print-directory O=build/pic EXTRA_CFLAGS=-fPIC $(PIC_LIB)

python: python-lib
	@mkdir -p $(PY_OUT)
	@set -- $(PY_INFO); \
	$(CC) $(CSTD) $(WARN) -Wno-unused-function -O2 -g -fPIC -shared -Iinclude -I$$1 -I$$2 \
		-o $(PY_OUT)/_core$$3 $(PY_SRC) $(PIC_LIB) -lcjson -lpthread -lm && \
	echo "built $(PY_OUT)/_core$$3"
	@cp $(PY_FILES) $(PY_OUT)/
