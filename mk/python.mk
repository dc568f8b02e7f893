# mk/python.mk - the Python binding (bindings/python): "make check-python",
# part of "make check".  Included by the main Makefile, whose variables it
# uses.
#
#   make check-python     runs bindings/python/test_canasta.py against the
#                         shared library just built ($(SHARED_LIB)), with a
#                         C program (tests/python_crosscheck) that replays
#                         the test's random game for comparison.  Skipped,
#                         with a message, only when $(PYTHON) is not found.
#
# Overridable: PYTHON (default python3); CANASTA_PYTHON_STRICT (default 1:
# a library function the binding declares but the library lacks fails its
# test; 0 makes that a skip, for a library still under construction).

PYTHON ?= python3
CANASTA_PYTHON_STRICT ?= 1
PYTHON_CROSSCHECK = tests/python_crosscheck

.PHONY: check-python clean-python

check: check-python
clean: clean-python

# Linked statically, as the examples are.  canasta_game_save is used only
# when the library has it (the text functions of 0.2 land one by one).
$(PYTHON_CROSSCHECK): $(srcdir)/tests/python_crosscheck.c $(STATIC_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@defs=; \
	if $(NM) $(STATIC_LIB) 2>/dev/null | grep -q ' T canasta_game_save$$'; then \
	    defs=-DCROSSCHECK_HAVE_SAVE=1; \
	fi; \
	echo "$(CC) $(BASE_CFLAGS) $(EXAMPLE_ALL_CPPFLAGS) $$defs -o $@ $< $(STATIC_LIB) $(LIBS) -lm"; \
	$(CC) $(BASE_CFLAGS) $(EXAMPLE_ALL_CPPFLAGS) $$defs $(DEP_FLAGS) -MF $@.d -MT $@ \
		$(LDFLAGS) -o $@ $< $(STATIC_LIB) $(LIBS) -lm

# PYTHONDONTWRITEBYTECODE: no __pycache__ in the source tree (distcheck
# builds from a read-only one and checks that nothing changed).
check-python: $(SHARED_LIB) $(SHARED_LINKS) $(PYTHON_CROSSCHECK)
	@if ! command -v $(firstword $(PYTHON)) >/dev/null 2>&1; then \
	    echo "check-python: $(PYTHON) not found; skipping the Python binding tests"; \
	    exit 0; \
	fi; \
	echo "check-python: $(PYTHON) $(srcdir)/bindings/python/test_canasta.py"; \
	CANASTA_LIBRARY='$(CURDIR)/$(SHARED_LIB)' \
	CANASTA_CROSSCHECK='$(CURDIR)/$(PYTHON_CROSSCHECK)' \
	CANASTA_PYTHON_STRICT='$(CANASTA_PYTHON_STRICT)' \
	PYTHONDONTWRITEBYTECODE=1 \
	    $(PYTHON) -B '$(srcdir)/bindings/python/test_canasta.py'

clean-python:
	rm -f $(PYTHON_CROSSCHECK) $(PYTHON_CROSSCHECK).d

-include $(PYTHON_CROSSCHECK).d
