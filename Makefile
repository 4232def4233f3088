# Barbu, the static site: `make run` to play locally, `make test` to check everything.
# Works from a fresh clone: each target installs what it needs (npm ci, a .venv, a Chromium).

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
VENV_PYTHON := $(VENV)/bin/python
NPM_STAMP := node_modules/.package-lock.json
VENV_STAMP := $(VENV)/.installed

.PHONY: build run lint test test-fast bench bench-first lighthouse bench-rules bench-bots bench-replay bench-friends bench-taps bench-worker-dom soak chromium clean

## build: the deployable site in dist/ (installs the pinned npm packages first if needed)
build: $(NPM_STAMP)
	$(PYTHON) -m tools.site.build

## run: build, then serve dist/ on http://127.0.0.1:$(PORT)/
run: build
	$(PYTHON) -m tools.dev.serve --port $(PORT) dist

## lint: ruff (lint and format check) on the Python, mypy --strict on the engine (barbu/), the
## page (web/) and the tools (tools/), as pyproject.toml's [tool.mypy] says
lint: $(VENV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

## test: lint, install the test tools and a Chromium, build, run tests/ and e2e/ on $(JOBS)
## processes (pytest-xdist; JOBS=0 runs them in this one)
JOBS ?= 2
test: lint $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m pytest -n $(JOBS)

## test-fast: lint, then the tests of tests/ that need no browser, no build and no Node.js (all
## but those marked build or slow: pyproject.toml), on $(JOBS) processes; `make test` runs them all
test-fast: lint $(VENV_STAMP)
	$(VENV_PYTHON) -m pytest -n $(JOBS) -m "not build and not slow" tests

## bench: boot benchmark (figures in docs/BENCHMARKS.md; not a test), then the first visit's on an
## emulated line (20 Mbit/s, 40 ms) and without (bench-first alone)
bench: $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m tools.bench.boot
	$(VENV_PYTHON) -m tools.bench.first_visit

## bench-first: a first visit (the build's table, the contract chosen on it, Python behind it)
## and the visit after, with and without network emulation, against a bare loadPyodide()
bench-first: $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m tools.bench.first_visit

## lighthouse: Lighthouse's mobile defaults on the built site served by tools/dev/serve.py: the
## game's first visit and a rules page (reports in lighthouse/)
lighthouse: $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m tools.bench.lighthouse

## bench-rules: the rules page's text and its first demo answer, cold and warm (not a test)
bench-rules: $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m tools.bench.rules

## bench-bots: computer players' decision times on CPython and in Chromium (not a test)
bench-bots: $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m tools.bench.bots

## bench-replay: a deal's replay stepped 100 times forward and back in Chromium (not a test)
bench-replay: $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m tools.bench.replay

## bench-friends: a friends' table between four browser contexts on loopback: the invitation's
## size and QR version, the join and connect times, a friend's card's latency (not a test)
bench-friends: $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m tools.bench.friends

## bench-taps: a phone's taps over a deal, tap to paint, and the boot's long tasks, with the CPU
## slowed 4× (not a test)
bench-taps: $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m tools.bench.taps

## bench-worker-dom: the table's redraw drawn from a PyScript worker (through its DOM proxies, or
## one call a region to a builder on the main thread) against the main thread's Python (not a test)
bench-worker-dom: $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m tools.bench.worker_dom

## soak: a long evening in one phone tab, ten sessions at the master level with a review, a
## replay and the statistics page in each; memory, DOM nodes and listeners after each (not a test)
soak: $(VENV_STAMP) chromium build
	$(VENV_PYTHON) -m tools.bench.soak

chromium: $(VENV_STAMP)
	bash tools/dev/install_chromium.sh $(VENV_PYTHON)

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

$(VENV_STAMP): tools/dev/requirements-test.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV_PYTHON) -m pip install --quiet --disable-pip-version-check -r tools/dev/requirements-test.txt
	@touch $@

clean:
	rm -rf dist test-results
