# mk/python_env.mk - the Python learning environment (canasta.env,
# bindings/python/canasta/env.py, docs/ENV.md): "make check-python-env",
# part of "make check", and its figures in "make bench".  Included by the
# main Makefile, whose variables it uses.
#
#   make check-python-env  runs bindings/python/test_env.py against the
#                          shared library just built ($(SHARED_LIB)),
#                          then bench_env.py for a twentieth of a second
#                          (its three "bench" lines must be there: the
#                          bench runs; no figure is checked).
#                          Skipped, with a message, only when $(PYTHON)
#                          is not found.
#   make bench-python-env  prints the environment's figures
#                          (bindings/python/bench_env.py: "bench
#                          py_env_steps_per_s N steps/s" and two more);
#                          "make bench" runs the same after the native
#                          figures (BENCH_ENV_CMD, in the bench recipe).
#
# Overridable: PYTHON (default python3); CANASTA_ENV_TEST_SCALE (default 1:
# the number of random games and sampled states; 0.1 for a quick run);
# CANASTA_BENCH_SECONDS and CANASTA_BENCH_ROUNDS (bench_env.py).

PYTHON ?= python3
CANASTA_ENV_TEST_SCALE ?= 1
PYTHON_ENV_DIR = $(srcdir)/bindings/python

.PHONY: check-python-env bench-python-env

check: check-python-env

# PYTHONDONTWRITEBYTECODE and -B: no __pycache__ in the source tree (as
# check-python).
check-python-env: $(SHARED_LIB) $(SHARED_LINKS)
	@if ! command -v $(firstword $(PYTHON)) >/dev/null 2>&1; then \
	    echo "check-python-env: $(PYTHON) not found; skipping the learning environment tests"; \
	    exit 0; \
	fi; \
	echo "check-python-env: $(PYTHON) $(PYTHON_ENV_DIR)/test_env.py"; \
	CANASTA_LIBRARY='$(CURDIR)/$(SHARED_LIB)' \
	CANASTA_ENV_TEST_SCALE='$(CANASTA_ENV_TEST_SCALE)' \
	PYTHONDONTWRITEBYTECODE=1 \
	    $(PYTHON) -B '$(PYTHON_ENV_DIR)/test_env.py' || exit 1; \
	echo "check-python-env: $(PYTHON) $(PYTHON_ENV_DIR)/bench_env.py (a smoke run of make bench's figures, not a measurement)"; \
	out=$$(CANASTA_LIBRARY='$(CURDIR)/$(SHARED_LIB)' CANASTA_BENCH_SECONDS=0.05 \
	    CANASTA_BENCH_ROUNDS=1 PYTHONDONTWRITEBYTECODE=1 \
	    $(PYTHON) -B '$(PYTHON_ENV_DIR)/bench_env.py' 2>&1) || \
	    { printf '%s\n' "$$out" >&2; echo "check-python-env: bench_env.py failed" >&2; exit 1; }; \
	for f in py_env_steps_per_s py_env_observed_steps_per_s py_env_observe_us; do \
	    printf '%s\n' "$$out" | grep "^bench $$f [0-9][0-9.]* [a-z/]*$$" > /dev/null || \
	        { echo "check-python-env: bench_env.py printed no \"bench $$f N UNIT\" line" >&2; exit 1; }; \
	done

ifeq ($(shell command -v $(firstword $(PYTHON)) >/dev/null 2>&1 && echo y),)
BENCH_ENV_CMD = @echo "bench: $(PYTHON) not found; no learning environment figures"
else
BENCH_ENV_CMD = CANASTA_LIBRARY='$(CURDIR)/$(SHARED_LIB)' PYTHONDONTWRITEBYTECODE=1 \
	$(PYTHON) -B '$(PYTHON_ENV_DIR)/bench_env.py'
endif
bench: $(SHARED_LIB) $(SHARED_LINKS)
bench-python-env: $(SHARED_LIB) $(SHARED_LINKS)
	$(BENCH_ENV_CMD)
