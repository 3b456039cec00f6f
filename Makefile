# The two commands a newcomer needs: `make play` and `make test`.
# Both install what they need on a fresh Debian machine (run as root for apt-get).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
SITE   := _site
PORT   ?= 8000

.PHONY: play test test-unit site bench bench-startup tournament lint clean

play: site
	$(PYTHON) tools/serve.py --dir $(SITE) --port $(PORT)

test: $(VENV)/.stamp site /usr/bin/chromium lint
	$(PY) -m pytest

# the quick loop: lint and every test but the browser's (no Chromium needed)
test-unit: $(VENV)/.stamp node_modules/.stamp lint
	$(PY) -m pytest tests longana

lint: $(VENV)/.stamp
	$(PY) -m ruff check longana tests e2e tools ui
	$(PY) -m mypy

site: node_modules/.stamp
	$(PYTHON) tools/build_site.py --out $(SITE)

bench: $(VENV)/.stamp
	$(PY) -m longana.lab.bench

bench-startup: $(VENV)/.stamp site /usr/bin/chromium
	$(PY) tools/bench_startup.py

# hard against three normal and against three of the frozen baseline (hard-2025); JOBS processes
JOBS ?= 2
tournament: $(VENV)/.stamp
	$(PY) -m longana tournament --matches 200 --jobs $(JOBS)
	$(PY) -m longana tournament --matches 200 --jobs $(JOBS) --levels hard,normal,normal,normal
	$(PY) -m longana tournament --matches 200 --jobs $(JOBS) --levels hard,hard-2025,hard-2025,hard-2025

$(VENV)/.stamp: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

/usr/bin/chromium:
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

clean:
	rm -rf $(SITE) $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis
