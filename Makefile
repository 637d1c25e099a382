# The two commands of the README: `make run` (training mode) and `make test` (everything CI runs).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test bench setup setup-display lock screenshots translations package package-check fresh-check clean

setup:
	@packaging/setup-dev.sh

setup-display:
	@packaging/setup-dev.sh --with-display

# The lock (uv.lock) after a change to pyproject.toml's dependencies, on purpose; commit it.
# UPGRADE=name moves one package to its newest allowed version, UPGRADE=all every package.
UPGRADE ?=
lock:
	@packaging/setup-dev.sh --uv-only
	UV_SYSTEM_CERTS=1 .venv/bin/uv lock $(if $(filter all,$(UPGRADE)),--upgrade,$(if $(UPGRADE),--upgrade-package $(UPGRADE)))

run: setup-display
	@packaging/run-training.sh

test: setup
	$(VENV)/bin/ruff check desktop_app tests bench packaging
	$(VENV)/bin/ruff format --check desktop_app tests bench packaging
	$(VENV)/bin/mypy
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/pytest -q

# Every benchmark at one size: make bench BENCH_ORDERS=1000000 (each size seeded once).
BENCH_ORDERS ?= 100000
bench: setup
	@export BENCH_ORDERS=$(BENCH_ORDERS); \
	set -e; for b in bench/bench_*.py; do \
		echo "== $$b"; QT_QPA_PLATFORM=offscreen $(PY) -m bench.$$(basename $$b .py); done

# Refresh the catalogue from the code and forms, keeping translations of strings that moved;
# prints what is left to translate.
translations: setup
	$(PY) packaging/translations.py

screenshots: setup-display
	xvfb-run -a -s "-screen 0 1366x800x24" $(PY) packaging/screenshots.py

# A one-folder build of the app (PyInstaller), and a check that the built program runs.
package: setup
	QT_QPA_PLATFORM=offscreen $(PY) packaging/make_icons.py
	$(VENV)/bin/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build packaging/pos-backoffice.spec
	$(PY) packaging/bundle.py finish dist/pos-backoffice

package-check: package
	QT_QPA_PLATFORM=offscreen HOME=$$(mktemp -d) timeout 120 dist/pos-backoffice/pos-backoffice --training --quit-after-start
	@du -sh dist/pos-backoffice

# The README's two commands on a newcomer's minimal Debian 12 (as root; minutes, not part of test).
fresh-check:
	@packaging/fresh-check.sh

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
