# mk/internals.mk - docs/INTERNALS.md's rule table held to the code (read
# by the main Makefile; uses its variables).
#
#   make check-internals   every function the rule table names is defined
#                          in the lib/ file it names, and every rule ID of
#                          $(INTERNALS_SPECS) (docs/RULES.md) has a row
#                          (tests/internals_test.sh).  Part of make check.
#
# INTERNALS_SPECS may name more rule catalogues, e.g. the specification's
# own: make check-internals INTERNALS_SPECS="docs/RULES.md ../shared/RULES.md"

INTERNALS_SPECS ?= $(srcdir)/docs/RULES.md

.PHONY: check-internals

check: check-internals
check-internals:
	$(SHELL) $(srcdir)/tests/internals_test.sh $(srcdir) $(INTERNALS_SPECS)
