# mk/web.mk - the reference web app (examples/web) on the npm package of
# mk/wasm_js.mk (read before this file: the names sort so).  Read by the
# main Makefile; uses its variables.
#
#   make web              builds the app into web/ (below the build
#                         directory, so a read-only source tree works):
#                         examples/web is staged in web-app/, npm ci
#                         installs its devDependencies (esbuild,
#                         playwright-core, typescript: pinned in its
#                         package-lock.json), node_modules/libcanasta is the
#                         package staged by "make js", tsc checks the types,
#                         and build.mjs bundles src/main.ts into web/app.js
#                         beside index.html, style.css and libcanasta.wasm.
#                         Serve web/ with any static file server.
#   make check-web        builds it, serves it on 127.0.0.1 (a free port;
#                         examples/web/test/serve.mjs) and drives it in
#                         headless Chromium with playwright-core (Node's
#                         test runner on examples/web/test).  Screenshots go
#                         to web-app/screenshots/.  Not part of "make check"
#                         (CI runs it as a step of its own).  Skipped, with
#                         one line naming what to install, where node, npm
#                         or chromium is missing.
#
# Overridable: CHROMIUM (default /usr/bin/chromium), and NODE and NPM of
# mk/wasm_js.mk.

CHROMIUM ?= /usr/bin/chromium
WEB_SRC = $(srcdir)/examples/web
WEB_WORK = web-app
WEB_DIR = web
WEB_STAMP = $(WEB_DIR)/.built
WEB_DEPS_STAMP = $(WEB_WORK)/node_modules/.canasta-npm-ci
WEB_FILES := $(sort $(wildcard $(WEB_SRC)/src/*.ts) $(WEB_SRC)/index.html $(WEB_SRC)/style.css $(WEB_SRC)/sw.js \
	$(WEB_SRC)/build.mjs $(WEB_SRC)/tsconfig.json)
WEB_TESTS := $(sort $(wildcard $(WEB_SRC)/test/*.mjs))

.PHONY: web check-web clean-web

# npm ci again only when the lockfile changed.
$(WEB_DEPS_STAMP): $(WEB_SRC)/package.json $(WEB_SRC)/package-lock.json | js-tools
	@mkdir -p $(WEB_WORK)
	cp $(WEB_SRC)/package.json $(WEB_SRC)/package-lock.json $(WEB_WORK)/
	@chmod u+w $(WEB_WORK)/package.json $(WEB_WORK)/package-lock.json
	cd $(WEB_WORK) && $(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

$(WEB_STAMP): $(WEB_DEPS_STAMP) $(JS_STAMP) $(WEB_FILES) $(WEB_TESTS)
	@rm -rf $(WEB_WORK)/src $(WEB_WORK)/test $(WEB_DIR)
	cp -R $(WEB_SRC)/src $(WEB_SRC)/test $(WEB_SRC)/index.html $(WEB_SRC)/style.css $(WEB_SRC)/sw.js \
		$(WEB_SRC)/build.mjs $(WEB_SRC)/tsconfig.json $(WEB_WORK)/
	@chmod -R u+w $(WEB_WORK)
	ln -sfn '$(abspath $(JS_DIR))' $(WEB_WORK)/node_modules/libcanasta
	cd $(WEB_WORK) && $(NODE) node_modules/typescript/bin/tsc -p tsconfig.json
	cd $(WEB_WORK) && $(NODE) build.mjs '$(abspath $(WEB_DIR))'
	@touch $@

web: $(WEB_STAMP)

ifeq ($(shell command -v $(firstword $(NODE)) >/dev/null 2>&1 && command -v $(firstword $(NPM)) >/dev/null 2>&1 && test -x '$(CHROMIUM)' && echo y),)
check-web:
	@echo "check-web: node, npm or chromium not found; skipping the browser tests of examples/web (apt-get install chromium nodejs npm)"
else
check-web: $(WEB_STAMP)
	cd $(WEB_WORK) && CANASTA_WEB_DIR='$(abspath $(WEB_DIR))' \
	    CANASTA_WEB_SHOTS='$(abspath $(WEB_WORK))/screenshots' \
	    CHROMIUM='$(CHROMIUM)' \
	    $(NODE) --test --test-concurrency=1 test/*.test.mjs
endif

clean: clean-web
clean-web:
	rm -rf $(WEB_DIR) $(WEB_WORK)
