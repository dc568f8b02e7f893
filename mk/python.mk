# mk/python.mk - the Python binding (bindings/python): "make check-python",
# part of "make check".  Included by the main Makefile, whose variables it
# uses.
#
#   make check-python     runs every bindings/python/test_*.py but
#                         test_package.py and test_env.py (check-python-package
#                         and check-python-env run those: test_canasta.py,
#                         test_safety.py, test_api.py, ...) against the
#                         shared library just built ($(SHARED_LIB)), with a
#                         C program (tests/python_crosscheck) that replays
#                         test_canasta.py's random game for comparison.
#                         Skipped, with a message, only when $(PYTHON) is
#                         not found.
#   make check-python-package
#                         the package as users install it: a fresh venv in
#                         python-package/ (in the build directory), "pip
#                         install --no-index --no-build-isolation
#                         bindings/python" into it (the package compiles its
#                         own libcanasta), then, from a directory outside
#                         the source tree with CANASTA_LIBRARY unset, a
#                         whole game (bindings/python/test_package.py).
#                         Skipped, with a message, only when $(PYTHON) or
#                         its venv module is missing.
#
# Overridable: PYTHON (default python3); CANASTA_PYTHON_STRICT (default 1:
# a library function the binding declares but the library lacks fails its
# test; 0 makes that a skip, for a library still under construction).

PYTHON ?= python3
CANASTA_PYTHON_STRICT ?= 1
PYTHON_CROSSCHECK = tests/python_crosscheck

PYTHON_PACKAGE_WORK = python-package

.PHONY: check-python check-python-package clean-python

check: check-python check-python-package
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
	status=0; \
	for t in '$(srcdir)'/bindings/python/test_*.py; do \
	    case $$t in */test_package.py|*/test_env.py) continue;; esac; \
	    echo "check-python: $(PYTHON) $$t"; \
	    CANASTA_LIBRARY='$(CURDIR)/$(SHARED_LIB)' \
	    CANASTA_CROSSCHECK='$(CURDIR)/$(PYTHON_CROSSCHECK)' \
	    CANASTA_PYTHON_STRICT='$(CANASTA_PYTHON_STRICT)' \
	    PYTHONDONTWRITEBYTECODE=1 \
	        $(PYTHON) -B "$$t" || status=1; \
	done; \
	exit $$status

# The "system" library of the lookup test is the one just built
# (CANASTA_LIBDIR, through LD_LIBRARY_PATH).  No CANASTA_LIBRARY here: the
# installed package must find its own.
check-python-package: $(SHARED_LIB) $(SHARED_LINKS)
	@if ! command -v $(firstword $(PYTHON)) >/dev/null 2>&1; then \
	    echo "check-python-package: $(PYTHON) not found; skipping the package test"; \
	    exit 0; \
	fi; \
	if ! $(PYTHON) -c 'import venv, ensurepip' >/dev/null 2>&1; then \
	    echo "check-python-package: $(PYTHON) has no venv module (python3-venv); skipping the package test"; \
	    exit 0; \
	fi; \
	echo "check-python-package: $(PYTHON) $(srcdir)/bindings/python/test_package.py"; \
	env -u CANASTA_LIBRARY \
	CANASTA_SRCDIR='$(abspath $(srcdir))' \
	CANASTA_PACKAGE_WORK='$(CURDIR)/$(PYTHON_PACKAGE_WORK)' \
	CANASTA_LIBDIR='$(CURDIR)' \
	PYTHONDONTWRITEBYTECODE=1 \
	    $(PYTHON) -B '$(srcdir)/bindings/python/test_package.py'

clean-python:
	rm -f $(PYTHON_CROSSCHECK) $(PYTHON_CROSSCHECK).d
	rm -rf $(PYTHON_PACKAGE_WORK)

-include $(PYTHON_CROSSCHECK).d
