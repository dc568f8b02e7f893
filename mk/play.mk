# mk/play.mk - the tests of the two example programs that play whole
# games (read by the main Makefile; uses its variables).
#
#   make check-play   examples/play, the terminal game, driven through its
#                     stdin by tests/play_test.py: options, a session
#                     (moves, hint, refused moves, undo, save, load, quit)
#                     and whole games answered with the hint's move.
#                     Skipped, with a line, when $(PYTHON) is not found.
#   make check-demo   examples/demo plays every preset to the end with the
#                     reference player (tests/demo_test.sh).
#
# Both are part of make check.

.PHONY: check-play check-demo

check: check-play check-demo

check-play: examples/play
	@if ! command -v $(firstword $(PYTHON)) >/dev/null 2>&1; then \
	    echo "check-play: $(PYTHON) not found; skipping the examples/play tests"; \
	    exit 0; \
	fi; \
	echo "$(PYTHON) $(srcdir)/tests/play_test.py examples/play"; \
	PYTHONDONTWRITEBYTECODE=1 $(PYTHON) -B '$(srcdir)/tests/play_test.py' examples/play

check-demo: examples/demo
	$(SHELL) $(srcdir)/tests/demo_test.sh ./examples/demo
