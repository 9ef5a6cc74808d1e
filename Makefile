# Everything a fresh machine needs is installed here; `make run` and `make test` do all the set-up.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

# `make bench` also measures Gin Rummy against its peers (RLCard, OpenSpiel), in an environment of their own
# so the test environment stays free of them.
BENCH_VENV  := .venv-bench
BENCH_STAMP := $(BENCH_VENV)/.installed-stamp
PEERS       := rlcard==1.2.0 open-spiel==2.0.2

.PHONY: install run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/gamenight play yaniv

test: $(STAMP)
	$(PY) -m pytest -n 2

$(BENCH_STAMP): pyproject.toml
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -e . $(PEERS)
	touch $(BENCH_STAMP)

bench: $(STAMP) $(BENCH_STAMP)
	$(PY) benchmarks/run.py
	$(BENCH_VENV)/bin/python benchmarks/gin_rummy_peers.py

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .hypothesis
