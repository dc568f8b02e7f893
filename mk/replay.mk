# mk/replay.mk - tools/canasta-replay, the record checker installed with
# the library (read by the main Makefile; uses its variables).
#
#   make tools            build tools/canasta-replay (plain make does too)
#   make check            also runs check-replay: the program on the
#                         records in examples/records (tests/replay_test.sh)
#   make install          also installs it into $(DESTDIR)$(BINDIR)
#
# Like the examples it uses only the public header (and the shared option
# parser, tools/cli.o) and links statically against libcanasta.a.

REPLAY_PROG = tools/canasta-replay

.PHONY: tools check-replay install-tools uninstall-tools clean-tools \
	distclean-tools

tools: $(REPLAY_PROG)

$(REPLAY_PROG): tools/%: $(srcdir)/tools/%.c $(CLI_OBJ) $(STATIC_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(EXAMPLE_ALL_CPPFLAGS) $(CLI_CPPFLAGS) $(DEP_FLAGS) -MF $@.d -MT $@ \
		$(LDFLAGS) -o $@ $< $(CLI_OBJ) $(STATIC_LIB) $(LIBS) -lm

check: tools check-replay

check-replay: $(REPLAY_PROG)
	$(SHELL) $(srcdir)/tests/replay_test.sh ./$(REPLAY_PROG) \
		$(srcdir)/examples/records

install: install-tools
install-tools: $(REPLAY_PROG)
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)'
	$(INSTALL) -m 755 $(REPLAY_PROG) '$(DESTDIR)$(BINDIR)/canasta-replay'

uninstall: uninstall-tools
uninstall-tools:
	rm -f '$(DESTDIR)$(BINDIR)/canasta-replay'

clean: clean-tools
clean-tools:
	rm -f $(REPLAY_PROG) $(REPLAY_PROG).d $(REPLAY_PROG).tmp

# In a separate build directory distclean leaves nothing behind.
distclean: distclean-tools
distclean-tools: clean-tools
ifneq ($(realpath $(srcdir)),$(realpath $(CURDIR)))
	@if [ -d tools ]; then rmdir tools 2>/dev/null || :; fi
endif

-include $(REPLAY_PROG).d
