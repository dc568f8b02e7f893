# mk/sanitize.mk - the unit-test suite under sanitizers and valgrind
# (read by the Makefile; docs/TESTING.md says how long each takes).
#
#   make check-asan       AddressSanitizer + UndefinedBehaviorSanitizer
#   make check-tsan       ThreadSanitizer
#   make check-valgrind   valgrind memcheck, leaks included
#
# Each builds its own copy of the library and of tests/check_canasta in
# build/asan, build/tsan or build/valgrind below the current directory, by
# running this Makefile again there (an out-of-tree build), so the usual
# objects are never mixed with instrumented ones.  Like check-unit, the
# suite links the checked library (-DCN_CHECKED=1: cn_state_check after
# every move, ALWAYS/NEVER abort).  Any report fails the target.  CC=clang works too (Debian: apt-get install libclang-rt-14-dev).
#
# Overridable: ASAN_CFLAGS TSAN_CFLAGS VALGRIND_CFLAGS VALGRIND
#              VALGRIND_FLAGS ASAN_TEST_SCALE TSAN_TEST_SCALE
#              VALGRIND_TEST_SCALE (CANASTA_TEST_SCALE for that run: a
#              percentage of the long random-play loops; 100 = full size)

# CANASTA_CHECK_OWN_MOVES: canasta_player_play checks the player's move
# as canasta_apply would (lib/player.c), so these runs also catch a
# player move the rules refuse.
ASAN_CFLAGS = -g -O1 -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-DCANASTA_CHECK_OWN_MOVES
TSAN_CFLAGS = -g -O1 -fno-omit-frame-pointer -fsanitize=thread
# CN_NO_SIMD: the valgrind run tests the portable ways of lib/bits.h and
# lib/player.h that machines without SSE2 use.
VALGRIND_CFLAGS = -g -O1 -DCANASTA_CHECK_OWN_MOVES -DCN_NO_SIMD
VALGRIND = valgrind
# Leak kinds: all, still reachable blocks included.  The run ends with
# nothing allocated (CK_FORK=no: Check's runner frees what it made, and
# valgrind has glibc free its own buffers), so any block left at exit was
# lost or kept by the library or a test; the library keeps no global state
# that could hold one on purpose.
VALGRIND_FLAGS = --tool=memcheck --leak-check=full --show-leak-kinds=all \
	--errors-for-leak-kinds=all --error-exitcode=99 --num-callers=30

# Chosen so each check takes a few minutes on a 2-core machine (measured:
# docs/TESTING.md).  Valgrind and TSan slow the random-play tests most.
ASAN_TEST_SCALE = 50
TSAN_TEST_SCALE = 10
VALGRIND_TEST_SCALE = 10

# halt_on_error and abort_on_error: the first report aborts the process.
# ASan runs the suite in one process (CK_FORK=no), like valgrind: the first
# report stops the run (its stack names the test), and LeakSanitizer's
# check at exit covers every test.  In Check's fork mode each test's
# process ran its own leak check, about half a second apiece under ASan
# (355 s against 56 s for the suite at scale 25).  TSan keeps fork mode:
# the runner never starts a thread, so every test is forked from a
# single-threaded process and only starts threads afterwards, the case
# TSan supports; Check then names a failing test (signal 6) and goes on.
ASAN_RUN_ENV = CK_FORK=no \
	ASAN_OPTIONS='halt_on_error=1:abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1' \
	UBSAN_OPTIONS='halt_on_error=1:abort_on_error=1:print_stacktrace=1' \
	CK_TIMEOUT_MULTIPLIER=10 CANASTA_TEST_SCALE='$(ASAN_TEST_SCALE)'
TSAN_RUN_ENV = \
	TSAN_OPTIONS='halt_on_error=1:abort_on_error=1:second_deadlock_stack=1' \
	CK_TIMEOUT_MULTIPLIER=20 CANASTA_TEST_SCALE='$(TSAN_TEST_SCALE)'
# CK_FORK=no: one process for valgrind to follow, and its leak check at
# exit covers every test.  Check enforces no timeouts without fork.
VALGRIND_RUN_ENV = CK_FORK=no CANASTA_TEST_SCALE='$(VALGRIND_TEST_SCALE)'

canasta_sanitize_dir := build
canasta_sanitize_makefile := $(abspath $(canasta_makefile))
canasta_sanitize_srcdir := $(abspath $(srcdir))

# $(call canasta_sanitize_make,DIR,CFLAGS,GOAL): the Makefile run again in
# build/DIR.  The tools are passed on, since config.mak is not read there.
canasta_sanitize_make = $(MAKE) -C '$(canasta_sanitize_dir)/$(1)' \
	-f '$(canasta_sanitize_makefile)' srcdir='$(canasta_sanitize_srcdir)' \
	CC='$(CC)' AR='$(AR)' PKG_CONFIG='$(PKG_CONFIG)' CPPFLAGS='$(CPPFLAGS)' \
	LIBS='$(LIBS)' CFLAGS='$(2)' LDFLAGS='$(strip $(2) $(LDFLAGS))' $(3)

# Fails early, and says why, when $(CC) cannot link with these flags (the
# sanitizer runtimes are separate packages for clang).
canasta_sanitize_probe = printf 'int main(void) { return 0; }\n' | \
	$(CC) $(1) -x c -o /dev/null - >/dev/null 2>&1 || { \
	echo "$@: $(CC) cannot link a program with $(1)" >&2; \
	echo "$@: (for clang on Debian: apt-get install libclang-rt-14-dev)" >&2; \
	exit 1; }

.PHONY: check-asan check-tsan check-valgrind clean-sanitize \
	canasta-valgrind-run

check-asan:
	@$(call canasta_sanitize_probe,$(ASAN_CFLAGS))
	@mkdir -p '$(canasta_sanitize_dir)/asan'
	+$(ASAN_RUN_ENV) $(call canasta_sanitize_make,asan,$(ASAN_CFLAGS),check-unit)

check-tsan:
	@$(call canasta_sanitize_probe,$(TSAN_CFLAGS))
	@mkdir -p '$(canasta_sanitize_dir)/tsan'
	+$(TSAN_RUN_ENV) $(call canasta_sanitize_make,tsan,$(TSAN_CFLAGS),check-unit)

check-valgrind:
	@command -v $(firstword $(VALGRIND)) >/dev/null 2>&1 || { \
	    echo "$@: needs valgrind: apt-get install valgrind" >&2; exit 1; }
	@mkdir -p '$(canasta_sanitize_dir)/valgrind'
	+$(call canasta_sanitize_make,valgrind,$(VALGRIND_CFLAGS),canasta-valgrind-run)

# Run inside build/valgrind by check-valgrind: check-unit with valgrind
# in front.  It needs Check as check-unit does.
canasta-valgrind-run: $(TEST_PROG)
	CANASTA_SRCDIR='$(srcdir)' $(VALGRIND_RUN_ENV) \
	    $(VALGRIND) $(VALGRIND_FLAGS) ./$(TEST_PROG)

ifneq ($(filter canasta-valgrind-run,$(MAKECMDGOALS)),)
ifeq ($(shell $(PKG_CONFIG) --exists check >/dev/null 2>&1 && echo y),)
$(error make check-valgrind needs pkg-config and the Check unit-test framework: apt-get install pkg-config check)
endif
endif

clean: clean-sanitize
clean-sanitize:
	rm -rf '$(canasta_sanitize_dir)/asan' '$(canasta_sanitize_dir)/tsan' \
	    '$(canasta_sanitize_dir)/valgrind'
	@if [ -d '$(canasta_sanitize_dir)' ]; then \
	    rmdir '$(canasta_sanitize_dir)' 2>/dev/null || :; fi
