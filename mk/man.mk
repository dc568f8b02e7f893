# mk/man.mk - the man pages of the installed programs, man/canasta-replay.1
# and man/canasta-sim.1 (plain man(7) macros; read by the main Makefile,
# uses its variables).
#
#   make install          also installs them into $(DESTDIR)$(MANDIR)/man1
#                         (MANDIR: $(PREFIX)/share/man unless set, or what
#                         configure's --mandir says)
#   make uninstall        removes them
#   make check            also runs check-man: each page renders with
#                         "man -l" without a warning, has NAME, SYNOPSIS,
#                         OPTIONS and EXIT STATUS, and names every option
#                         of its program's --help (tests/man_test.sh;
#                         skipped, with a line, where man is missing)

MAN1_PAGES = canasta-replay.1 canasta-sim.1
MAN1DIR = $(MANDIR)/man1

.PHONY: check-man install-man uninstall-man

check: check-man
# "tools": the programs whose --help the pages are checked against.
check-man: tools
	$(SHELL) $(srcdir)/tests/man_test.sh $(srcdir)/man \
		$(srcdir)/include/canasta.h ./tools/canasta-replay ./tools/canasta-sim

install: install-man
install-man:
	$(INSTALL) -d '$(DESTDIR)$(MAN1DIR)'
	for p in $(MAN1_PAGES); do \
	    $(INSTALL) -m 644 $(srcdir)/man/$$p '$(DESTDIR)$(MAN1DIR)/'$$p || exit 1; \
	done

uninstall: uninstall-man
uninstall-man:
	for p in $(MAN1_PAGES); do rm -f '$(DESTDIR)$(MAN1DIR)/'$$p; done
