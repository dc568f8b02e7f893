# mk/fuzz.mk - fuzzing: the harnesses in tests/fuzz/ (see tests/fuzz/fuzz.h).
#
#   make fuzz          libFuzzer binaries build/fuzz/fuzz_NAME, one per
#                      tests/fuzz/fuzz_NAME.c, built by clang with
#                      -fsanitize=fuzzer,address,undefined from the
#                      library's sources compiled the same way
#   make fuzz-driver   the same harnesses linked with tests/fuzz/driver.c
#                      instead of libFuzzer, by $(FUZZ_DRIVER_CC) (cc)
#                      with ASan and UBSan: build/fuzz/driver/fuzz_NAME
#   make fuzz-smoke    run every harness for FUZZ_SECONDS (default 20) on
#                      its seed corpus tests/fuzz/corpus/NAME; fails on any
#                      crash or failed check.  With libFuzzer when
#                      $(FUZZ_CLANG) can link it, else with the driver (the
#                      corpus, then random inputs from FUZZ_SEED).  The
#                      committed corpus is never written: libFuzzer works
#                      on a scratch copy in build/fuzz/smoke/NAME.
#   make clean-fuzz    remove build/fuzz (also part of make clean)
#
# Knobs: FUZZ_ENGINE=auto|libfuzzer|driver, FUZZ_SECONDS, FUZZ_SEED,
# FUZZ_RUNS (driver: most random inputs per harness), FUZZ_TIMEOUT (s per
# input, libFuzzer), FUZZ_ARGS (more libFuzzer flags), FUZZ_NAMES (the
# harnesses to run, default all), FUZZ_CLANG, FUZZ_DRIVER_CC.
#
# A new harness is one new file, tests/fuzz/fuzz_NAME.c, plus its seed
# corpus directory tests/fuzz/corpus/NAME/ (and optionally a libFuzzer
# dictionary tests/fuzz/NAME.dict); the lists below are made from the file
# names.  Outputs go below $(FUZZ_DIR) in the build directory, never next
# to the in-tree objects, whose flags differ.

FUZZ_DIR ?= build/fuzz
FUZZ_CLANG ?= $(CLANG)
FUZZ_DRIVER_CC ?= $(CC)
FUZZ_ENGINE ?= auto
FUZZ_SECONDS ?= 20
FUZZ_SEED ?= 1
FUZZ_RUNS ?= 100000000
FUZZ_TIMEOUT ?= 25
FUZZ_ARGS ?=
FUZZ_OPT_CFLAGS ?= -g -O1 -fno-omit-frame-pointer

fuzz_src = $(srcdir)/tests/fuzz
FUZZ_HARNESS_SRCS := $(sort $(wildcard $(fuzz_src)/fuzz_*.c))
FUZZ_ALL_NAMES := $(patsubst $(fuzz_src)/fuzz_%.c,%,$(FUZZ_HARNESS_SRCS))
FUZZ_NAMES ?= $(FUZZ_ALL_NAMES)
# Everything in tests/fuzz/ that is not a harness or the driver is shared.
FUZZ_SUPPORT_SRCS := $(filter-out $(FUZZ_HARNESS_SRCS) $(fuzz_src)/driver.c,\
	$(sort $(wildcard $(fuzz_src)/*.c)))

FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=all
# CN_CHECKED: the library checks the whole state after every move, undo
# and deal (cn_state_check) and its ALWAYS/NEVER assertions abort, so an
# input that breaks an invariant fails even where no harness looks.
FUZZ_ALL_CPPFLAGS = -I$(srcdir)/include -I$(srcdir)/lib -I$(fuzz_src) \
	-DCN_CHECKED=1 $(CPPFLAGS)
FUZZ_COMMON_CFLAGS = -std=c99 $(WARN_CFLAGS) $(FUZZ_OPT_CFLAGS)

# libFuzzer build: every object with the compile half of -fsanitize=fuzzer
# (coverage feedback) plus ASan/UBSan; the link adds libFuzzer's main.
fuzz_lf_dir = $(FUZZ_DIR)/obj-libfuzzer
FUZZ_LF_CFLAGS = $(FUZZ_COMMON_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_SAN)
FUZZ_LF_LDFLAGS = -fsanitize=fuzzer $(FUZZ_SAN)
fuzz_lf_obj = $(patsubst $(srcdir)/%.c,$(fuzz_lf_dir)/%.o,$(1))
FUZZ_LF_LIB_OBJS := $(call fuzz_lf_obj,$(LIB_SRCS))
FUZZ_LF_SUPPORT_OBJS := $(call fuzz_lf_obj,$(FUZZ_SUPPORT_SRCS))
FUZZ_LF_BINS := $(addprefix $(FUZZ_DIR)/fuzz_,$(FUZZ_ALL_NAMES))

# Driver build: the same sources, no coverage instrumentation.
fuzz_dr_dir = $(FUZZ_DIR)/obj-driver
FUZZ_DR_CFLAGS = $(FUZZ_COMMON_CFLAGS) $(FUZZ_SAN)
FUZZ_DR_LDFLAGS = $(FUZZ_SAN)
fuzz_dr_obj = $(patsubst $(srcdir)/%.c,$(fuzz_dr_dir)/%.o,$(1))
FUZZ_DR_LIB_OBJS := $(call fuzz_dr_obj,$(LIB_SRCS))
FUZZ_DR_SUPPORT_OBJS := $(call fuzz_dr_obj,$(FUZZ_SUPPORT_SRCS) $(fuzz_src)/driver.c)
FUZZ_DR_BINS := $(addprefix $(FUZZ_DIR)/driver/fuzz_,$(FUZZ_ALL_NAMES))

# Flag stamps: a changed compiler or flag remakes that build.
FUZZ_LF_STAMP = $(FUZZ_DIR)/.flags-libfuzzer
FUZZ_DR_STAMP = $(FUZZ_DIR)/.flags-driver

.PHONY: fuzz fuzz-driver fuzz-smoke fuzz-smoke-libfuzzer fuzz-smoke-driver \
	clean-fuzz

fuzz: $(FUZZ_LF_BINS)
fuzz-driver: $(FUZZ_DR_BINS)

$(FUZZ_LF_STAMP): FORCE
	@mkdir -p $(@D)
	@$(call canasta_write_if_changed,$(FUZZ_CLANG) $(FUZZ_LF_CFLAGS) $(FUZZ_ALL_CPPFLAGS) | $(FUZZ_LF_LDFLAGS))

$(FUZZ_DR_STAMP): FORCE
	@mkdir -p $(@D)
	@$(call canasta_write_if_changed,$(FUZZ_DRIVER_CC) $(FUZZ_DR_CFLAGS) $(FUZZ_ALL_CPPFLAGS) | $(FUZZ_DR_LDFLAGS))

# The shared checks loop over every card after every move; tracing their
# comparisons would cost more than half the run time and guide the fuzzer
# by the checker's loops rather than by the library's.
$(FUZZ_LF_SUPPORT_OBJS): fuzz_lf_extra = -fno-sanitize-coverage=trace-cmp

$(fuzz_lf_dir)/%.o: $(srcdir)/%.c $(FUZZ_LF_STAMP)
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_LF_CFLAGS) $(fuzz_lf_extra) $(FUZZ_ALL_CPPFLAGS) $(DEP_FLAGS) -c -o $@ $<

$(fuzz_dr_dir)/%.o: $(srcdir)/%.c $(FUZZ_DR_STAMP)
	@mkdir -p $(@D)
	$(FUZZ_DRIVER_CC) $(FUZZ_DR_CFLAGS) $(FUZZ_ALL_CPPFLAGS) $(DEP_FLAGS) -c -o $@ $<

$(FUZZ_LF_BINS): $(FUZZ_DIR)/fuzz_%: $(fuzz_lf_dir)/tests/fuzz/fuzz_%.o \
		$(FUZZ_LF_SUPPORT_OBJS) $(FUZZ_LF_LIB_OBJS)
	$(FUZZ_CLANG) $(FUZZ_LF_LDFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(FUZZ_DR_BINS): $(FUZZ_DIR)/driver/fuzz_%: $(fuzz_dr_dir)/tests/fuzz/fuzz_%.o \
		$(FUZZ_DR_SUPPORT_OBJS) $(FUZZ_DR_LIB_OBJS)
	@mkdir -p $(@D)
	$(FUZZ_DRIVER_CC) $(FUZZ_DR_LDFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# Can $(FUZZ_CLANG) link a libFuzzer program with the sanitizers?  (clang
# without libclang-rt-NN-dev compiles, but has no libFuzzer to link.)
define fuzz_have_libfuzzer
{ command -v $(firstword $(FUZZ_CLANG)) >/dev/null 2>&1 && \
  mkdir -p $(FUZZ_DIR) && \
  printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
      'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
      'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' \
      > $(FUZZ_DIR)/probe.c && \
  $(FUZZ_CLANG) $(FUZZ_LF_LDFLAGS) -o $(FUZZ_DIR)/probe $(FUZZ_DIR)/probe.c \
      >/dev/null 2>&1; }
endef

fuzz-smoke:
	@engine='$(FUZZ_ENGINE)'; \
	if [ "$$engine" = auto ]; then \
	    if $(fuzz_have_libfuzzer); then engine=libfuzzer; \
	    else \
	        echo "fuzz-smoke: $(FUZZ_CLANG) cannot link libFuzzer (apt-get install clang libclang-rt-14-dev); using the standalone driver"; \
	        engine=driver; \
	    fi; \
	fi; \
	case "$$engine" in libfuzzer|driver) ;; \
	*) echo "fuzz-smoke: FUZZ_ENGINE must be auto, libfuzzer or driver" >&2; exit 1;; esac; \
	echo "fuzz-smoke: $$engine, $(FUZZ_SECONDS) s per harness: $(FUZZ_NAMES)"; \
	$(MAKE) -f '$(canasta_makefile)' srcdir='$(srcdir)' fuzz-smoke-$$engine

# The scratch corpus is rebuilt from the committed one on every run, so a
# run never feeds on the inputs of an earlier one.
fuzz-smoke-libfuzzer: $(addprefix $(FUZZ_DIR)/fuzz_,$(FUZZ_NAMES))
	@mkdir -p $(FUZZ_DIR)/artifacts; \
	failed=; \
	for n in $(FUZZ_NAMES); do \
	    work=$(FUZZ_DIR)/smoke/$$n; \
	    rm -rf "$$work"; mkdir -p "$$work/corpus"; \
	    if [ -d '$(fuzz_src)/corpus/'"$$n" ]; then \
	        cp '$(fuzz_src)/corpus/'"$$n"/* "$$work/corpus/" 2>/dev/null || :; \
	    fi; \
	    dict=; \
	    if [ -f '$(fuzz_src)/'"$$n.dict" ]; then dict='-dict=$(fuzz_src)/'"$$n.dict"; fi; \
	    echo "fuzz-smoke: fuzz_$$n (log: $$work/log)"; \
	    if $(FUZZ_DIR)/fuzz_$$n -max_total_time=$(FUZZ_SECONDS) \
	        -timeout=$(FUZZ_TIMEOUT) -print_final_stats=1 \
	        -artifact_prefix=$(FUZZ_DIR)/artifacts/$$n- $$dict $(FUZZ_ARGS) \
	        "$$work/corpus" > "$$work/log" 2>&1; then \
	        sed -n 's/^\(Done [0-9]* runs in [0-9]* second.*\)/  \1/p' "$$work/log"; \
	    else \
	        tail -n 40 "$$work/log"; \
	        echo "fuzz-smoke: fuzz_$$n FAILED; the input is in $(FUZZ_DIR)/artifacts/" >&2; \
	        failed="$$failed $$n"; \
	    fi; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz-smoke: FAILED:$$failed" >&2; exit 1; fi; \
	echo "fuzz-smoke: all harnesses passed"

fuzz-smoke-driver: $(addprefix $(FUZZ_DIR)/driver/fuzz_,$(FUZZ_NAMES))
	@mkdir -p $(FUZZ_DIR)/artifacts; \
	failed=; \
	for n in $(FUZZ_NAMES); do \
	    corpus=; \
	    if [ -d '$(fuzz_src)/corpus/'"$$n" ]; then corpus='$(fuzz_src)/corpus/'"$$n"; fi; \
	    echo "fuzz-smoke: driver/fuzz_$$n"; \
	    if ! $(FUZZ_DIR)/driver/fuzz_$$n -t $(FUZZ_SECONDS) -n $(FUZZ_RUNS) \
	        -s $(FUZZ_SEED) -o $(FUZZ_DIR)/artifacts $$corpus; then \
	        echo "fuzz-smoke: driver/fuzz_$$n FAILED; the input is in $(FUZZ_DIR)/artifacts/" >&2; \
	        failed="$$failed $$n"; \
	    fi; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz-smoke: FAILED:$$failed" >&2; exit 1; fi; \
	echo "fuzz-smoke: all harnesses passed"

clean: clean-fuzz
clean-fuzz:
	rm -rf $(FUZZ_DIR)
	@rmdir $(patsubst %/,%,$(dir $(FUZZ_DIR))) 2>/dev/null || :

-include $(wildcard $(fuzz_lf_dir)/*/*.d $(fuzz_lf_dir)/*/*/*.d \
	$(fuzz_dr_dir)/*/*.d $(fuzz_dr_dir)/*/*/*.d)
