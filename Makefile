# The two commands a newcomer needs: `make play` and `make test`.
# Both install what they need on a fresh Debian machine (run as root for apt-get).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
SITE   := _site
PORT   ?= 8000

.PHONY: play test test-unit test-slow test-browser engines site bench bench-startup tournament lint lock clean

play: site
	$(PYTHON) tools/serve.py --dir $(SITE) --port $(PORT)

# three stages: the quick one (lint, types, every test but the slow and the browser's) stops a
# broken change within two minutes; then the slow checks of the built site (the pinned Pyodide
# under node) and the browser tests
test: test-unit test-slow test-browser

# the quick loop: lint and every test but the slow and the browser's (no Chromium needed), on
# every core (pytest-xdist); within one package: .venv/bin/python -m pytest tests/<package>
test-unit: $(VENV)/.stamp node_modules/.stamp lint
	$(PY) -m pytest -n auto --dist loadgroup -m "not slow" tests longana

test-slow: $(VENV)/.stamp node_modules/.stamp
	$(PY) -m pytest -m slow tests longana

# two browsers at once (each test mostly waits on its page); a module whose tests share a
# browser or a played match keeps them on one worker (its xdist_group)
test-browser: $(VENV)/.stamp site /usr/bin/chromium engines
	$(PY) -m pytest -n 2 --dist loadgroup e2e

# Python: ruff and mypy; JavaScript: Biome (biome.jsonc), which fails on any finding
lint: $(VENV)/.stamp node_modules/.stamp
	$(PY) -m ruff check longana tests e2e tools ui
	$(PY) -m ruff format --check longana tests e2e tools ui
	$(PY) -m mypy
	node_modules/.bin/biome ci --error-on-warnings

site: node_modules/.stamp
	$(PYTHON) tools/build_site.py --out $(SITE)

bench: $(VENV)/.stamp
	$(PY) -m longana.lab.bench

# Chromium's figures, then WebKit's and Firefox's beside them (tools/bench_engines.py)
bench-startup: $(VENV)/.stamp site /usr/bin/chromium engines
	$(PY) tools/bench_startup.py
	$(PY) tools/bench_engines.py

# hard against three normal and against three of the frozen baseline (hard-2025); JOBS processes
JOBS ?= 2
tournament: $(VENV)/.stamp
	$(PY) -m longana tournament --matches 200 --jobs $(JOBS)
	$(PY) -m longana tournament --matches 200 --jobs $(JOBS) --levels hard,normal,normal,normal
	$(PY) -m longana tournament --matches 200 --jobs $(JOBS) --levels hard,hard-2025,hard-2025,hard-2025

# the test tools come from a lock file with hashes (make lock writes it from pyproject.toml)
$(VENV)/.stamp: pyproject.toml requirements-lock.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r requirements-lock.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

lock:
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet pip-tools==7.6.2
	.lock-venv/bin/pip-compile --quiet --generate-hashes --extra test --strip-extras \
		--no-emit-index-url --no-emit-find-links -o requirements-lock.txt pyproject.toml
	rm -rf .lock-venv

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

/usr/bin/chromium:
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# the other engines of the smoke suite (e2e/engines/): WebKitGTK (Safari's family: MiniBrowser
# and WebKitWebDriver, drawn on Xvfb) and Firefox ESR (driven by puppeteer-core from npm)
ENGINE_PROGRAMS := /usr/bin/WebKitWebDriver /usr/bin/Xvfb /usr/bin/firefox-esr
engines:
	@for p in $(ENGINE_PROGRAMS); do test -x $$p || missing=1; done; \
	if [ -n "$$missing" ]; then \
		apt-get update && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y webkit2gtk-driver xvfb firefox-esr; \
	fi

clean:
	rm -rf $(SITE) $(VENV) .lock-venv node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis
