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

.PHONY: js check-js js-pack bench-js clean-js js-tools js-version js-version-check

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

js-pack: $(JS_STAMP)
	cd $(JS_DIR) && $(NPM) pack --loglevel=error

clean: clean-js
clean-js:
	rm -rf $(JS_DIR)
	rm -f $(JS_TRACE) $(JS_TRACE).d

-include $(JS_TRACE).d
