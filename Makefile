# The two commands of the README: `make run` (training mode) and `make test` (everything CI runs).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test bench setup setup-display screenshots translations clean

setup:
	@packaging/setup-dev.sh

setup-display:
	@packaging/setup-dev.sh --with-display

run: setup-display
	@packaging/run-training.sh

test: setup
	$(VENV)/bin/ruff check desktop_app tests bench packaging
	$(VENV)/bin/ruff format --check desktop_app tests bench packaging
	$(VENV)/bin/mypy
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/pytest -q

bench: setup
	@set -e; for b in bench/bench_*.py; do echo "== $$b"; QT_QPA_PLATFORM=offscreen $(PY) $$b; done

# Refresh the catalogues from the code (then translate what lupdate marks unfinished).
translations: setup
	$(VENV)/bin/pyside6-lupdate $$(git ls-files 'desktop_app/gui/*.py') -no-obsolete \
		-ts resources/translations/pos_backoffice_pt_BR.ts
	$(VENV)/bin/pyside6-lrelease resources/translations/pos_backoffice_pt_BR.ts

screenshots: setup-display
	xvfb-run -a -s "-screen 0 1366x800x24" $(PY) packaging/screenshots.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
