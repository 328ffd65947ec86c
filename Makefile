# Two commands for a new checkout: `make run` and `make test`.
# Each installs what it needs (Debian packages, a virtualenv in .venv) and skips what is there.

VENV := .venv
PYTHON := $(VENV)/bin/python
# Debian's own Python is built with PGO and LTO: about 1.7x faster here than a plain
# source build, so the virtualenv is made from it when it is there.
BASE_PYTHON := $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
ENSURE_PACKAGES := bash scripts/ensure-system-packages.sh

# WeasyPrint renders PDFs through Pango.
RUN_PACKAGES := python3-venv libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core
# Browser tests drive Debian's chromium; database tests use a local PostgreSQL, and the
# test of several instances (tests/web/test_multi_instance.py) a throwaway redis-server.
TEST_PACKAGES := $(RUN_PACKAGES) chromium postgresql redis-server

PYTEST_ARGS ?=
# Where `make run` listens: every interface (the phones on the Wi-Fi, and 127.0.0.1), port
# 5000. `HOST=127.0.0.1 make run` keeps the app on this machine.
HOST ?= 0.0.0.0
PORT ?= 5000

# The steps of each target depend on one another; keep them in order under -j.
.NOTPARALLEL:

.PHONY: run test run-system-packages test-system-packages
.PHONY: translations translations-extract translations-update

run: run-system-packages $(VENV)/.installed-run translations
	@# Create or upgrade the database (SQLite in instance/, or DATABASE_URL) before starting.
	$(VENV)/bin/flask --app app db upgrade
	@# gunicorn (not Flask's development server); it prints the addresses to open.
	HOST=$(HOST) PORT=$(PORT) $(VENV)/bin/gunicorn -c scripts/gunicorn_conf.py app:app

test: test-system-packages $(VENV)/.installed-test translations
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PYTHON) -m pytest $(PYTEST_ARGS)
	@# The database tests again, on a throwaway PostgreSQL cluster.
	bash scripts/with-postgres.sh $(PYTHON) -m pytest -m db $(PYTEST_ARGS)

run-system-packages:
	@$(ENSURE_PACKAGES) $(RUN_PACKAGES)

test-system-packages:
	@$(ENSURE_PACKAGES) $(TEST_PACKAGES)

$(PYTHON):
	$(BASE_PYTHON) -m venv $(VENV)

# The stamps are redone whenever pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml | $(PYTHON)
	$(PYTHON) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PYTHON)
	$(PYTHON) -m pip install --quiet -e '.[test]'
	touch $@

# The texts' gettext catalogues (README, "Translations"): translations/ for the pages, and
# each game package's own domain in ulti_ledger/games/<game>/locale/ (the engine's, English
# msgids, in ulti_ledger/settlement/locale/). The .mo files are
# built here, never committed; `make run` and `make test` compile them first.
PYBABEL := $(VENV)/bin/pybabel
GAME_LOCALES := ulti_ledger/settlement/locale $(wildcard ulti_ledger/games/*/locale)

# A missing or fuzzy catalogue fails here: pybabel compile would skip it with a warning.
translations: $(VENV)/.installed-run
	$(PYTHON) scripts/check_catalogues.py
	$(PYBABEL) -q compile -d translations -D messages
	@for dir in $(GAME_LOCALES); do \
	  echo $(PYBABEL) -q compile -d $$dir -D $$(basename $$(dirname $$dir)); \
	  $(PYBABEL) -q compile -d $$dir -D $$(basename $$(dirname $$dir)) || exit 1; \
	done

# Every message marked in code and templates (t(), _(), gettext, ngettext), for comparing
# with translations/messages.pot (tests/words/test_translations.py does it on every run).
translations-extract: $(VENV)/.installed-run
	mkdir -p build
	$(PYBABEL) -q extract -F babel.cfg -k t -w 100 -o build/extracted.pot .

# Each language's .po takes the template's new and removed msgids (after editing a .pot by
# hand or with scripts/dicts_to_po.py); then `make translations` compiles them.
translations-update: $(VENV)/.installed-run
	$(PYBABEL) -q update -i translations/messages.pot -d translations -D messages -w 100 -N
	@for dir in $(GAME_LOCALES); do \
	  domain=$$(basename $$(dirname $$dir)); \
	  $(PYBABEL) -q update -i $$dir/$$domain.pot -d $$dir -D $$domain -w 100 -N || exit 1; \
	done
