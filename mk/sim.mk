# mk/sim.mk - tools/canasta-sim, the game simulator installed with the
# library (read by the main Makefile; uses its variables).
#
#   make tools            also builds tools/canasta-sim
#   make check            also runs check-sim: the command-line tests of
#                         tests/sim_test.sh (exit codes, reproducibility,
#                         shards and merge, threads, --csv/--json)
#   make check            also runs check-study: tests/study_test.sh, the
#                         recipes that run a study on many machines
#                         (tools/study-parallel.sh, tools/study-slurm.sh)
#                         on this machine
#   make install          also installs it into $(DESTDIR)$(BINDIR), next
#                         to canasta-replay
#   make strategy-study   reruns the study of docs/STRATEGY.md
#                         (tools/strategy-study.sh; long: see the doc)
#   make old-player-match the reference player against 1.0.0's
#                         (tools/old-player-match.sh)
#
# Like the examples it uses only the public header (and the shared option
# parser, tools/cli.o) and links statically against libcanasta.a; it runs games on threads (-pthread).

SIM_PROG = tools/canasta-sim
# dlopen (--plugin) is in libdl on glibc before 2.34 (an empty stub after);
# systems without a libdl set DL_LIBS= on the command line.
DL_LIBS ?= -ldl
SIM_LIBS = -pthread $(DL_LIBS)

.PHONY: check-sim install-sim uninstall-sim clean-sim strategy-study

tools: $(SIM_PROG)

$(SIM_PROG): tools/%: $(srcdir)/tools/%.c $(CLI_OBJ) $(STATIC_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(EXAMPLE_ALL_CPPFLAGS) $(CLI_CPPFLAGS) $(DEP_FLAGS) -MF $@.d -MT $@ \
		$(LDFLAGS) -o $@ $< $(CLI_OBJ) $(STATIC_LIB) $(LIBS) $(SIM_LIBS) -lm

check: check-sim

# tests/sim_plugin.so: a plugin (the reference player with knobs from its
# arguments) for the --plugin tests; libcanasta is linked into it, like
# examples/ismcts.so.
SIM_TEST_PLUGIN = tests/sim_plugin.so
$(SIM_TEST_PLUGIN): $(srcdir)/tests/sim_plugin.c $(STATIC_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) -fPIC -shared $(EXAMPLE_ALL_CPPFLAGS) $(LDFLAGS) \
		-o $@ $< $(STATIC_LIB) -Wl,--exclude-libs,ALL

check-sim: $(SIM_PROG) $(SIM_TEST_PLUGIN) $(EXAMPLE_PLUGINS)
	$(SHELL) $(srcdir)/tests/sim_test.sh ./$(SIM_PROG) ./$(SIM_TEST_PLUGIN) \
		./examples/ismcts.so

# GNU parallel's part is skipped (one line) where parallel is missing.
.PHONY: check-study
check: check-study
check-study: $(SIM_PROG)
	$(SHELL) $(srcdir)/tests/study_test.sh ./$(SIM_PROG)

strategy-study: $(SIM_PROG)
	SIM=./$(SIM_PROG) $(SHELL) $(srcdir)/tools/strategy-study.sh

# The current reference player against 1.0.0's in a mirrored match
# (tools/old-player-match.sh; about a minute on one core).
.PHONY: old-player-match
old-player-match: $(SIM_PROG) $(STATIC_LIB)
	SIM=./$(SIM_PROG) $(SHELL) $(srcdir)/tools/old-player-match.sh

install: install-sim
install-sim: $(SIM_PROG)
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)'
	$(INSTALL) -m 755 $(SIM_PROG) '$(DESTDIR)$(BINDIR)/canasta-sim'

uninstall: uninstall-sim
uninstall-sim:
	rm -f '$(DESTDIR)$(BINDIR)/canasta-sim'

# clean-tools (mk/replay.mk) removes the tools directory of an out-of-tree
# build in distclean; the simulator must be gone by then.
clean: clean-sim
clean-tools: clean-sim
clean-sim:
	rm -f $(SIM_PROG) $(SIM_PROG).d $(SIM_PROG).tmp $(SIM_TEST_PLUGIN)

-include $(SIM_PROG).d
