# make run           : the bot (console game on the sample package when no messenger token is set)
# make test          : the whole test suite on SQLite
# make test-postgres : the whole test suite again on a throwaway PostgreSQL cluster
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PG_STAMP := $(VENV)/.installed-postgres
# Test processes side by side (pytest-xdist): one per core of CI's 2-core machine. Each has its
# own databases (tests/databases.py) and ports (all picked free), so the tests do not meet;
# worksteal: an idle process takes tests queued for the other (a few tests take a minute).
TEST_WORKERS ?= 2

.PHONY: run test test-postgres lint bench soak clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(PG_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,postgres]'
	touch $(PG_STAMP)

run: $(STAMP)
	$(BIN)/chgk-bot run

test: $(STAMP)
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist worksteal
	@echo "That was SQLite. The same suite on PostgreSQL: make test-postgres (needs PostgreSQL's initdb, e.g. apt-get install postgresql)"

# .ci/with-postgres starts a cluster of its own on 127.0.0.1 (a temporary data directory, a
# free port) and removes it afterwards; the tests create a database per test there.
test-postgres: $(PG_STAMP)
	bash .ci/with-postgres $(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist worksteal

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python -m bench

soak: $(STAMP)
	$(BIN)/python -m bench.soak

clean:
	rm -rf $(VENV) .pytest_cache
