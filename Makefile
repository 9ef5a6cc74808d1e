# Everything a fresh machine needs is installed here; `make run` and `make test` do all the set-up.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
SERVE_STAMP := $(VENV)/.installed-serve-stamp
# The end-to-end tests drive Debian's Chromium with Playwright (Playwright never downloads a browser of its own).
CHROMIUM := /usr/bin/chromium
JA_FONT  := /usr/share/fonts/opentype/ipafont-gothic/ipag.ttf
# The page tests also run the table's scripts in Node: the machine's node, else Debian's nodejs
NODE     := $(firstword $(shell command -v node nodejs 2>/dev/null) /usr/bin/node)
# The storage tests run on PostgreSQL too, on a throwaway server they start themselves (tests/web/pg_cluster.py) from
# The browser tests check the pages with axe-core (WCAG 2.1 A/AA), from the npm registry, pinned in
# tests/e2e/package-lock.json and installed in tests/e2e/node_modules with the machine's npm (else Debian's)
NPM      := $(firstword $(shell command -v npm 2>/dev/null) /usr/bin/npm)
AXE      := tests/e2e/node_modules/axe-core/axe.min.js
# Debian's postgresql binaries: any installed version's initdb, else the one the package installs
PG_INITDB := $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb) /usr/lib/postgresql/initdb)
SUDO     := $(if $(filter 0,$(shell id -u)),,sudo)
APT_GET  := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get
HOST ?= 127.0.0.1
PORT ?= 8000

# `make bench` also measures Gin Rummy against its peers (RLCard, OpenSpiel), plays its bots against OpenSpiel's simple
# gin bot in lockstep (benchmarks/gin_rummy_outside_peers.py, a small check), and the learning environments against
# PettingZoo's gin_rummy_v4 and RLCard's (benchmarks/rl_peers.py), in an environment of their own so the test
# environment stays free of them.
BENCH_VENV  := .venv-bench
BENCH_STAMP := $(BENCH_VENV)/.installed-stamp
PEERS       := rlcard==1.2.0 open-spiel==2.0.2 pettingzoo==1.26.1 pygame

# `make examples` trains an agent with sb3-contrib's MaskablePPO (examples/train_maskable_ppo.py) in an environment
# of its own too: PyTorch is far too heavy for the test environment, and `make test` never runs it. torch is pinned
# to the CPU build (a range that admits a newer release would fetch a multi-gigabyte CUDA build); stable-baselines3
# 2.9 wants torch >= 2.8 and gymnasium < 2.
EXAMPLES_VENV  := .venv-examples
EXAMPLES_STAMP := $(EXAMPLES_VENV)/.installed-stamp
EXAMPLES_DEPS  := torch==2.13.0 stable-baselines3==2.9.2 sb3-contrib==2.9.2
EXAMPLES_OUT   := examples/output

.PHONY: install run test check lint bench examples clean catalogs

# the languages' message catalogs: installing the package compiles them (hatch_build.py), so a changed
# catalog installs again
PO := $(wildcard src/gamenight/locale/*/LC_MESSAGES/*.po)

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml hatch_build.py $(PO) | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# `make run` needs only the server (the web and terminal extras), not the test tools
$(SERVE_STAMP): pyproject.toml hatch_build.py $(PO) | $(PY)
	$(PY) -m pip install --quiet -e '.[web,cli]'
	touch $(SERVE_STAMP)

$(CHROMIUM):
	@echo "Installing Debian's chromium and chromium-driver for the end-to-end tests"
	$(APT_GET) update && $(APT_GET) install -y chromium chromium-driver \
	  || { echo "error: could not install chromium with apt-get (it needs root or sudo); the end-to-end tests need $(CHROMIUM)" >&2; exit 1; }
	@test -x $(CHROMIUM) || { echo "error: $(CHROMIUM) is still missing after installing chromium" >&2; exit 1; }

$(NODE):
	@echo "Installing Debian's nodejs for the page tests"
	$(APT_GET) update && $(APT_GET) install -y nodejs \
	  || { echo "error: could not install nodejs with apt-get (it needs root or sudo); the page tests need node" >&2; exit 1; }

$(NPM): | $(NODE)
	@echo "Installing Debian's npm for the browser tests' axe-core"
	$(APT_GET) update && $(APT_GET) install -y npm \
	  || { echo "error: could not install npm with apt-get (it needs root or sudo); the browser tests need axe-core" >&2; exit 1; }

$(AXE): tests/e2e/package.json tests/e2e/package-lock.json | $(NODE) $(NPM)
	cd tests/e2e && $(NPM) ci --no-audit --no-fund --loglevel=error
	@test -f $(AXE) || { echo "error: $(AXE) is missing after npm ci in tests/e2e" >&2; exit 1; }
	touch $(AXE)

# the system's own cluster is neither created nor started (create_main_cluster = false, set before the server is
# installed): the tests need only the binaries
$(PG_INITDB):
	@echo "Installing Debian's postgresql for the storage tests"
	$(APT_GET) update && $(APT_GET) install -y postgresql-common \
	  && $(SUDO) sed -i -E 's/^#? *create_main_cluster *=.*/create_main_cluster = false/' \
	       /etc/postgresql-common/createcluster.conf \
	  && $(APT_GET) install -y postgresql \
	  || { echo "error: could not install postgresql with apt-get (it needs root or sudo); the storage tests need it" >&2; exit 1; }
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
	  || { echo "error: no /usr/lib/postgresql/*/bin/initdb after installing postgresql" >&2; exit 1; }

# a Japanese font, so the browser tests' screenshots of pages in Japanese show the text (not empty boxes)
$(JA_FONT):
	@echo "Installing Debian's fonts-ipafont-gothic for the pages in Japanese"
	$(APT_GET) update && $(APT_GET) install -y fonts-ipafont-gothic \
	  || { echo "error: could not install fonts-ipafont-gothic with apt-get (it needs root or sudo)" >&2; exit 1; }

install: $(STAMP) $(CHROMIUM) $(NODE) $(AXE) $(JA_FONT) $(PG_INITDB)

# The web app: tables are kept in ./gamenight.db and survive a restart.
run: $(SERVE_STAMP)
	@echo "gamenight: open http://$(HOST):$(PORT)/ in your browser (Ctrl-C stops the server; tables are kept in ./gamenight.db)"
	$(VENV)/bin/gamenight serve --host $(HOST) --port $(PORT) --db sqlite:///gamenight.db

# the whole suite: lint and types first (a ruff or mypy finding fails it), then every test, the slow ones included
test: lint $(CHROMIUM) $(NODE) $(AXE) $(JA_FONT) $(PG_INITDB)
	$(PY) -m pytest -n 2

# lint, types and layers: ruff on everything, mypy --strict on the whole package, and import-linter's
# contracts (each layer imports only from those below it; see pyproject.toml)
lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks experiments examples
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# the everyday fast lane: lint, types, and every test but the browser's and the slow ones (marked `slow`: real
# servers under load for a minute, thousands of random matches, the largest tables; `make test` runs them)
check: lint $(NODE) $(PG_INITDB)
	$(PY) -m pytest -n 2 --ignore=tests/e2e -m "not slow"

$(BENCH_STAMP): pyproject.toml
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -e '.[rl]' $(PEERS)
	touch $(BENCH_STAMP)

# after run.py (which runs web_load.py's two modes on SQLite), the web load again at issue 17's load: 1,000 bot tables
# on one SQLite server, one PostgreSQL server, then two servers sharing PostgreSQL (a throwaway cluster, started by
# the script as the tests start theirs), side by side; a few minutes; then a move's cost at 150 bot tables against
# 906b419's server (issue 42), the two side by side; then 150 bot tables with reactions off, at one every 15 s a
# person and at the server's limit (one every 2 s), side by side (issue 44; about 70 s)
bench: $(STAMP) $(BENCH_STAMP) $(PG_INITDB)
	$(PY) benchmarks/run.py
	$(PY) benchmarks/web_load.py --compare
	$(PY) benchmarks/web_load.py --mode bots --tables 150 --against 906b419
	$(PY) benchmarks/web_load.py --mode bots --tables 150 --reactions 0,0.0667,0.5
	$(BENCH_VENV)/bin/python benchmarks/gin_rummy_peers.py
	$(BENCH_VENV)/bin/python benchmarks/gin_rummy_outside_peers.py
	$(BENCH_VENV)/bin/python benchmarks/gin_rummy_rlcard_novice.py
	$(BENCH_VENV)/bin/python benchmarks/rl_peers.py

$(EXAMPLES_STAMP): pyproject.toml hatch_build.py $(PO)
	$(PYTHON) -m venv $(EXAMPLES_VENV)
	$(EXAMPLES_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(EXAMPLES_VENV)/bin/python -m pip install --quiet -e '.[rl,plot]' $(EXAMPLES_DEPS)
	touch $(EXAMPLES_STAMP)

# a MaskablePPO agent learns YESSIR! against the random bot (under 10 minutes on one core); its learning curve,
# as CSV and PNG, goes to examples/output/ (docs/rl.md, "Training example", gives a measured run)
examples: $(EXAMPLES_STAMP)
	$(EXAMPLES_VENV)/bin/python examples/train_maskable_ppo.py --out $(EXAMPLES_OUT)

# for translators: gather every text a person reads into the template, and add the new ones to each language's
# catalog (then translate them there; the tests fail while any is missing or fuzzy)
catalogs: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg --no-location --no-wrap --sort-output --project gamenight \
	  -k t -k nt:1,2 -k pt:1c,2 -k N_ -k Text -k nText:1,2 -k option:2 \
	  -o src/gamenight/locale/gamenight.pot .
	$(VENV)/bin/pybabel update -i src/gamenight/locale/gamenight.pot -d src/gamenight/locale -D gamenight \
	  --no-wrap --no-fuzzy-matching --ignore-obsolete

clean:
	rm -rf $(VENV) $(BENCH_VENV) $(EXAMPLES_VENV) $(EXAMPLES_OUT) .pytest_cache .hypothesis test-artifacts
