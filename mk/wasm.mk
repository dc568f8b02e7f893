# mk/wasm.mk - the WebAssembly build of the library (read by the main
# Makefile; uses its variables).
#
#   make wasm             wasm/libcanasta.wasm: the same lib/*.c, compiled
#                         for wasm32-wasi as a reactor module (it has no
#                         main; _initialize runs the C start-up once) with
#                         clang, lld's wasm-ld, the wasi-libc sysroot and
#                         compiler-rt's wasm32 builtins.  It exports every
#                         canasta_* function, its memory, and malloc and
#                         free (for the buffers a binding passes in), and
#                         imports only the three WASI calls that wasi-libc's
#                         stdio links in (fd_write, fd_seek, fd_close);
#                         bindings/js provides them itself.
#
# binaryen's wasm-opt, when it is installed, optimises the module once more
# (WASM_OPT= on the command line skips it).
#
# Overridable: CLANG (default clang), WASI_SYSROOT (default /usr, where
# Debian's wasi-libc puts include/wasm32-wasi and lib/wasm32-wasi; a
# wasi-sdk sysroot works too), WASM_OPT (default wasm-opt), WASM_CFLAGS.

WASI_SYSROOT ?= /usr
WASM_OPT ?= wasm-opt
WASM_TARGET = --target=wasm32-wasi
# -mbulk-memory: struct copies and clears become memory.copy/memory.fill,
# which every engine the package supports has (Node 18, current browsers).
# (-flto, whole-library optimisation by wasm-ld, was tried: the package's
# reference play 1.05 times as fast, median of 20 alternating runs with a
# wide spread, for a module 10% larger; -msimd128 -msign-ext gained
# nothing.  Left out until a quieter machine shows a clear gain.)
WASM_CFLAGS ?= -O3
WASM_ALL_CFLAGS = $(WASM_TARGET) --sysroot=$(WASI_SYSROOT) -std=c99 \
	$(WARN_CFLAGS) $(WASM_CFLAGS) -mbulk-memory -fvisibility=hidden
WASM_LDFLAGS = $(WASM_TARGET) --sysroot=$(WASI_SYSROOT) -mexec-model=reactor \
	-Wl,--export-dynamic -Wl,--export=malloc -Wl,--export=free \
	-Wl,--strip-debug

WASM_DIR = wasm
WASM_MODULE = $(WASM_DIR)/libcanasta.wasm
WASM_OBJS := $(patsubst $(srcdir)/lib/%.c,$(WASM_DIR)/lib/%.o,$(LIB_SRCS))
WASM_STAMP = $(WASM_DIR)/.flags

.PHONY: wasm wasm-tools clean-wasm

wasm: $(WASM_MODULE)

# One line per missing tool, naming the Debian package (as make check does
# for Check).  Run once, before anything of the module is built.
wasm-tools:
	@if ! command -v $(firstword $(CLANG)) >/dev/null 2>&1; then \
	    echo "make wasm needs clang: apt-get install clang" >&2; exit 1; \
	fi; \
	if ! $(CLANG) -print-targets 2>/dev/null | grep -q wasm32; then \
	    echo "make wasm needs a clang with the WebAssembly target: apt-get install clang" >&2; exit 1; \
	fi; \
	if ! command -v wasm-ld >/dev/null 2>&1 && \
	   ! ls "$$(dirname "$$(command -v $(firstword $(CLANG)))")"/wasm-ld* >/dev/null 2>&1; then \
	    echo "make wasm needs wasm-ld: apt-get install lld" >&2; exit 1; \
	fi; \
	if [ ! -f '$(WASI_SYSROOT)/lib/wasm32-wasi/libc.a' ] && \
	   [ ! -f '$(WASI_SYSROOT)/lib/libc.a' ]; then \
	    echo "make wasm needs wasi-libc in $(WASI_SYSROOT): apt-get install wasi-libc" >&2; exit 1; \
	fi; \
	rt="$$($(CLANG) -print-resource-dir)/lib/wasi/libclang_rt.builtins-wasm32.a"; \
	if [ ! -f "$$rt" ]; then \
	    ver="$$($(CLANG) -dumpversion | cut -d. -f1)"; \
	    echo "make wasm needs compiler-rt's wasm32 builtins ($$rt): apt-get install libclang-rt-$$ver-dev-wasm32" >&2; \
	    exit 1; \
	fi

$(WASM_STAMP): FORCE
	@mkdir -p $(@D)
	@$(call canasta_write_if_changed,$(CLANG) $(WASM_ALL_CFLAGS) | $(WASM_LDFLAGS) | $(WASM_OPT))

$(WASM_OBJS): $(WASM_DIR)/lib/%.o: $(srcdir)/lib/%.c $(WASM_STAMP) | wasm-tools
	@mkdir -p $(@D)
	$(CLANG) $(WASM_ALL_CFLAGS) $(LIB_ALL_CPPFLAGS) $(DEP_FLAGS) -c -o $@ $<

$(WASM_MODULE): $(WASM_OBJS) | wasm-tools
	$(CLANG) $(WASM_LDFLAGS) -o $@.tmp $(WASM_OBJS)
	@if [ -n '$(WASM_OPT)' ] && command -v $(firstword $(WASM_OPT)) >/dev/null 2>&1; then \
	    echo "$(WASM_OPT) -O3 --enable-bulk-memory -o $@ $@.tmp"; \
	    $(WASM_OPT) -O3 --enable-bulk-memory -o $@ $@.tmp && rm -f $@.tmp; \
	else \
	    echo "wasm: $(WASM_OPT) not found (apt-get install binaryen); the module is not optimised further"; \
	    mv -f $@.tmp $@; \
	fi

clean: clean-wasm
clean-wasm:
	rm -rf $(WASM_DIR)

-include $(WASM_OBJS:.o=.d)
