# The two commands of the README: `make run` (training mode) and `make test` (everything CI runs).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python

# (windows-env and test-windows: packaging/windows/README.md)
.PHONY: mutants coverage windows-env test-windows msi msi-check run test test-fast bench soak setup setup-display setup-tests setup-packaging lock screenshots translations docs package package-check deb apt-repo fresh-check a11y-check clean

setup:
	@packaging/setup-dev.sh

setup-display:
	@packaging/setup-dev.sh --with-display

# What make test needs besides: an X server, a window manager and xdotool (tests/desk).
setup-tests:
	@packaging/setup-dev.sh --for-tests

# Packaging runs on the distribution's own Python, whatever python3 comes first on the path
# (pyenv, a virtual environment): the bundle carries that Python's library, and no run path
# leads out of it. Its environment holds the app's packages and the freezer, nothing of the tests.
PACKAGING_PYTHON ?= /usr/bin/python3
PKG_VENV := .venv-package
PKG_PY := $(PKG_VENV)/bin/python
setup-packaging:
	@PYTHON=$(PACKAGING_PYTHON) VENV=$(PKG_VENV) packaging/setup-dev.sh --for-packaging

# The lock (uv.lock) after a change to pyproject.toml's dependencies, on purpose; commit it.
# UPGRADE=name moves one package to its newest allowed version, UPGRADE=all every package.
UPGRADE ?=
# The tests' bite, one module at a time (docs/testing.md, "Mutants"): its mutants against the
# Qt-free layers' tests, two at a time; the last line is one JSON object (score, time).
mutants: setup
	@test -n "$(MODULE)" || { echo "make mutants MODULE=core/money (a module under desktop_app/)"; exit 2; }
	$(VENV)/bin/python tests/mutants.py $(MODULE)

lock:
	@packaging/setup-dev.sh --uv-only
	UV_SYSTEM_CERTS=1 .venv/bin/uv lock $(if $(filter all,$(UPGRADE)),--upgrade,$(if $(UPGRADE),--upgrade-package $(UPGRADE)))

run: setup-display
	@packaging/run-training.sh

# Tests run on every core, a module to a process (--dist loadfile: a module's shared sandbox
# starts once). PYTEST_WORKERS=0 runs them in this one process.
PYTEST_WORKERS ?= auto
# A worker that crashes ends the run at once: xdist's restart of it once left a run hanging.
PYTEST := QT_QPA_PLATFORM=offscreen $(VENV)/bin/pytest -q --dist loadfile --max-worker-restart=0

test: setup-tests
	$(VENV)/bin/ruff check desktop_app tests bench packaging
	$(VENV)/bin/ruff format --check desktop_app tests bench packaging
	$(VENV)/bin/mypy
	@# The app's own modules compiled once: the tests start it in many processes of its own.
	$(PY) -m compileall -q -j 0 desktop_app
	$(PYTEST) -n $(PYTEST_WORKERS)

# Between edits: every test that starts no process and waits on no real time (the conftest
# marks the others "slow" from the fixtures they use). Under two minutes on two cores. Two
# workers a core: these tests mostly wait on a turn of the loop or on loopback, not on the CPU
# (one a core: 111 s here, a core's worth of time idle; two: 89 s).
FAST_WORKERS ?= $(shell echo $$(( 2 * $$(nproc 2>/dev/null || echo 1) )))
test-fast: setup
	$(PYTEST) -n $(FAST_WORKERS) -m "not slow"

# Branch coverage per layer (docs/testing.md, "Coverage"): the whole suite as make test runs it,
# coverage following every process it starts; then each layer's figure, and the lines of core
# and api no test reaches. The last line is one JSON object.
coverage: setup-tests
	rm -rf build/coverage && mkdir -p build/coverage
	$(PY) -m compileall -q -j 0 desktop_app
	$(PYTEST) -n $(PYTEST_WORKERS) --cov --cov-report=
	$(PY) tests/coverage_by_layer.py

# The desk's Windows side, checked from Linux: Windows CPython with the locked win_amd64 wheels,
# run by Wine (packaging/windows/README.md). test-windows runs the Qt-free layers' tests there.
windows-env: setup
	@packaging/windows/windows-env.sh
# Two workers, a module each; a test may take 600 s there, not 120: Wine starts a process in a
# second or two (the property test of the outbox starts dozens: 120 s alone, more beside another).
WINDOWS_TESTS ?= tests/core tests/api tests/process tests/sandbox
test-windows: windows-env
	packaging/windows/wine-python.sh -m pytest -q -p no:cacheprovider -o timeout=600 \
		-n 2 --dist loadfile --max-worker-restart=0 $(WINDOWS_TESTS)

# Every benchmark at one size: make bench BENCH_ORDERS=1000000 (each size seeded once).
BENCH_ORDERS ?= 100000
bench: setup
	@export BENCH_ORDERS=$(BENCH_ORDERS) BENCH_SHIFT_PAYMENTS=$${BENCH_SHIFT_PAYMENTS:-200}; \
	set -e; for b in bench/bench_*.py; do \
		echo "== $$b"; QT_QPA_PLATFORM=offscreen $(PY) -m bench.$$(basename $$b .py); done

# A week at the desk without a restart (2,000 payments and what goes with them; under 20
# minutes here): memory, widgets, descriptors and tasks left behind, and whether it slows.
soak: setup
	QT_QPA_PLATFORM=offscreen $(PY) -m bench.bench_shift

# Refresh the catalogue from the code and forms, keeping translations of strings that moved;
# prints what is left to translate.
translations: setup
	$(PY) packaging/translations.py

# The README's settings tables and packaging/pos-backoffice.conf.example, from the settings'
# one declaration (desktop_app/gui/settings/preferences.py); a test fails when they are stale.
docs: setup
	$(PY) packaging/settings_docs.py

screenshots: setup-display
	xvfb-run -a -s "-screen 0 1366x800x24" $(PY) packaging/screenshots.py

# A one-folder build of the app (PyInstaller) of version VERSION (pyproject.toml's by default),
# trimmed to what the app loads and checked: nothing of the tests or the tools is in it, and
# every library it holds finds the libraries it needs. PySide6's refcount regression test runs
# first, under the Python being frozen.
VERSION ?= $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
package: setup-packaging
	$(PKG_PY) -c 'import runpy; runpy.run_path("tests/gui/test_pyside_refcount.py")["test_void_calls_keep_the_refcount_of_none"]()'
	QT_QPA_PLATFORM=offscreen $(PKG_PY) packaging/make_icons.py
	PYTHONHASHSEED=0 POS_BACKOFFICE_VERSION=$(VERSION) $(PKG_VENV)/bin/pyinstaller --noconfirm --clean \
		--log-level WARN --distpath dist --workpath build packaging/pos-backoffice.spec
	$(PKG_PY) packaging/bundle.py finish dist/pos-backoffice

# The same folder with pos-backoffice-check in it: the program starts in training mode, prints
# the invoice and the day close to PDF, exports CSV, draws icons and the chart (offscreen), and
# draws the README's pictures as the source does (compared pixel by pixel).
CHECKED := build/package-check
package-check: setup-display
	POS_BACKOFFICE_CHECK=1 $(MAKE) --no-print-directory package
	QT_QPA_PLATFORM=offscreen HOME=$$(mktemp -d) timeout 120 dist/pos-backoffice/pos-backoffice --training --quit-after-start
	rm -rf $(CHECKED) && mkdir -p $(CHECKED)
	QT_QPA_PLATFORM=offscreen HOME=$$(mktemp -d) timeout 300 dist/pos-backoffice/pos-backoffice-check features $(CHECKED)/features
	HOME=$(CURDIR)/$(CHECKED)/home xvfb-run -a -s "-screen 0 1366x800x24" timeout 300 dist/pos-backoffice/pos-backoffice-check screenshots $(CHECKED)/bundle >/dev/null
	HOME=$(CURDIR)/$(CHECKED)/home xvfb-run -a -s "-screen 0 1366x800x24" $(PY) packaging/screenshots.py $(CHECKED)/source >/dev/null
	QT_QPA_PLATFORM=offscreen $(PY) packaging/bundle_check.py compare $(CHECKED)/bundle $(CHECKED)/source

# The Debian package dist/pos-backoffice_<version>_amd64.deb from a fresh bundle;
# make deb VERSION=1.2.3 sets its version (pyproject.toml's by default). lintian gates it.
deb: package
	$(PKG_PY) packaging/make_deb.py --bundle dist/pos-backoffice --version $(VERSION) --out dist

# The signed MSI for 64-bit Windows 10 and 11, dist/pos-backoffice-<version>-x64.msi, built here
# (PyInstaller under Wine, wixl, osslsigncode). Signing takes the store's certificate from
# MSI_SIGNING_PFX and MSI_SIGNING_PASSWORD_FILE (packaging/windows/README.md).
msi: setup
	@packaging/windows/msi.sh $(VERSION)
# The MSI as IT uses it, under Wine on Xvfb, signed with a certificate made for the check:
# reproducible, installed silently, a payment by keyboard, upgraded while the desk runs, removed.
msi-check: setup
	@packaging/windows/msi-check.sh $(VERSION)

# A signed apt repository of every package in dist/ (APT_REPO, default dist/apt), signed with the
# store's key (APT_KEY_HOME, outside this tree, made on first use): README, "Every desk from one
# place".
apt-repo: setup-packaging
	@packaging/apt-repo.sh

# The README's two commands on a newcomer's minimal Debian 12 and 13, the package built on 12 and
# installed on a bare desk of each (as root; half an hour, not part of test).
# FRESH_CHECK_RELEASES=trixie (or bookworm) checks one release's newcomer and desk.
fresh-check:
	@packaging/fresh-check.sh

# What a screen reader meets, through AT-SPI (installs Debian's python3-pyatspi when root).
a11y-check:
	@packaging/a11y-check.sh

clean:
	rm -rf $(VENV) $(PKG_VENV) .mypy_cache .ruff_cache .pytest_cache
