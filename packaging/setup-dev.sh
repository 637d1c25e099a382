#!/usr/bin/env bash
# Prepares a machine to run and test the app: the Debian packages Python and Qt need (installed
# as root when missing; named for an administrator otherwise), the virtual environment at .venv,
# and the project with its dev tools. With --for-packaging (make package): a virtual environment
# of its own ($VENV, the Makefile's .venv-package) with the app's packages and the freezer only,
# made with the Python named by $PYTHON (Debian's /usr/bin/python3 there). Safe to run again: it does only what is missing, and it
# rebuilds a .venv that is broken. Quiet when all goes well, loud when something fails.
set -euo pipefail
cd "$(dirname "$0")/.."

want_xcb=0
[ "${1:-}" = "--with-display" ] && want_xcb=1
# The tests drive the program on a real X server too (tests/desk): a window manager, the tool
# that types into it and the one that reads its stacking, besides Xvfb.
want_desk=0
[ "${1:-}" = "--for-tests" ] && want_desk=1 && want_xcb=1
want_packaging=0
# Packaging checks the program under Xvfb too (make package-check).
[ "${1:-}" = "--for-packaging" ] && want_packaging=1 && want_xcb=1
python=${PYTHON:-python3}
venv=${VENV:-.venv}
# What goes into $venv besides the app's own packages: the dev tools, or only the freezer (and
# uv itself, which must not uninstall itself), so that nothing of the tests can be frozen in.
groups=""
[ "$want_packaging" = 1 ] && groups=" --no-default-groups --group package"

fail() {
    echo "set-up: $*" >&2
    exit 1
}

command -v "$python" >/dev/null 2>&1 || fail "no '$python' on this machine: install Python 3.11 or newer."
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    fail "$("$python" -V 2>&1) is too old: install Python 3.11 or newer (or set PYTHON=python3.12)."
py_version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')

# Libraries PySide6's wheels load but do not ship; and a font, or Qt draws empty boxes.
offscreen_pkgs="libglib2.0-0 libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6 \
libxkbcommon0 libbrotli1 fonts-dejavu-core"
xcb_pkgs="xvfb xauth libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 \
libxcb-keysyms1 libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 \
libxcb-sync1 libxcb-util1 libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0"
# The tests' own tools: a window manager and keys for the walks; the MSI's maker and reader
# (wixl, msiinfo) and the Authenticode signer, for the Windows installer's tests.
desk_pkgs="openbox xdotool x11-utils wixl msitools osslsigncode"
# Building the bundle, the .deb and the apt repository: readelf, dpkg-shlibdeps, the manual
# page's maker, the checkers that gate the package (lintian, the desktop entry's and AppStream's
# own), the repository's indexer and signer (apt-ftparchive, gpg), Python's shared library
# (PyInstaller puts it in the bundle; Debian ships it apart from python3), and the libraries the
# kept Qt plugins load (GTK theme, printing, Wayland): dpkg-shlibdeps names the package of each
# only when it is installed here, and the bundle's check refuses a library it cannot find.
packaging_pkgs="binutils dpkg-dev help2man lintian desktop-file-utils appstream apt-utils gnupg \
libpython${py_version} libgtk-3-0 libcups2 libwayland-client0 libwayland-cursor0 libwayland-egl1"
# Debian's Python makes virtual environments only with its venv package (it holds ensurepip).
venv_pkg=""
"$python" -c 'import ensurepip, venv' 2>/dev/null || venv_pkg="python${py_version}-venv"

# shellcheck source=packaging/debian-packages.sh
. packaging/debian-packages.sh

if command -v dpkg-query >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    missing=$(missing_debian_packages $offscreen_pkgs $venv_pkg)
    if [ "$want_xcb" = 1 ]; then
        # shellcheck disable=SC2086
        missing="$missing$(missing_debian_packages $xcb_pkgs)"
    fi
    if [ "$want_desk" = 1 ]; then
        # shellcheck disable=SC2086
        missing="$missing$(missing_debian_packages $desk_pkgs)"
    fi
    if [ "$want_packaging" = 1 ]; then
        # shellcheck disable=SC2086
        missing="$missing$(missing_debian_packages $packaging_pkgs)"
    fi
    if [ -n "${missing// /}" ]; then
        [ "$(id -u)" = 0 ] ||
            fail "ask an administrator to install these Debian packages, then run this again:$missing"
        echo "set-up: installing Debian packages:$missing"
        apt_log=$(mktemp)
        # Another install under way (the desk updating itself) holds dpkg's lock: apt waits
        # for it up to 10 minutes, where it stopped at once and the set-up with it.
        # shellcheck disable=SC2086
        if ! { apt-get -o DPkg::Lock::Timeout=600 update -qq && DEBIAN_FRONTEND=noninteractive \
            apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
            $missing; } >"$apt_log" 2>&1; then
            cat "$apt_log" >&2
            rm -f "$apt_log"
            fail "apt-get could not install:$missing"
        fi
        rm -f "$apt_log"
    fi
elif [ -n "$venv_pkg" ]; then
    fail "$("$python" -V 2>&1) cannot make virtual environments (no ensurepip): install its venv module."
fi

# What is wrong with an existing .venv, if anything (empty: usable as it is).
venv_problem() {
    [ -e $venv/.installing ] && { echo "an earlier install was interrupted"; return; }
    [ -x $venv/bin/python ] || { echo "it has no Python"; return; }
    local want have
    want=$("$python" -c 'import sys; print(sys.version_info[:2], sys.base_prefix)')
    have=$($venv/bin/python -c 'import sys; print(sys.version_info[:2], sys.base_prefix)' 2>/dev/null) ||
        { echo "its Python does not start"; return; }
    [ "$want" = "$have" ] || echo "it was made with another Python"
}

if [ -e "$venv" ]; then
    problem=$(venv_problem)
    if [ -n "$problem" ]; then
        echo "set-up: rebuilding $venv: $problem."
        rm -rf "$venv"
    fi
fi
started=$(date +%s%N) # the Python-package step: the venv, uv, the locked packages
if [ ! -e "$venv" ]; then
    echo "set-up: creating $venv and installing the locked Python packages (first run: ~0.9 GB)."
    "$python" -m venv --without-pip "$venv" >/dev/null ||
        { rm -rf "$venv"; fail "'$python -m venv' failed (see above)."; }
fi

# uv installs the packages; pip brings uv in first: the very version uv.lock names, checked
# against the lock's hashes. The venv's Python runs pip straight from Python's own pip wheel
# (ensurepip's), so .venv needs no pip of its own (putting pip and setuptools into it took 2 s
# of a 6 s step); where there is no such wheel, the venv gets pip as usual.
export UV_PYTHON_DOWNLOADS=never UV_SYSTEM_CERTS=1 UV_PROJECT_ENVIRONMENT=$venv
uv_wanted=$("$python" packaging/locked_uv.py --version)
if [ "$($venv/bin/uv --version 2>/dev/null | cut -d' ' -f2)" != "$uv_wanted" ]; then
    log=$venv/uv-install.log
    "$python" packaging/locked_uv.py --requirement >$venv/uv-requirement.txt
    pip_wheel=$("$python" packaging/locked_uv.py --pip-wheel)
    if [ -n "$pip_wheel" ]; then
        pip=($venv/bin/python "$pip_wheel/pip")
    else
        $venv/bin/python -m ensurepip >"$log" 2>&1 || { cat "$log" >&2; fail "no pip to bring uv in."; }
        pip=($venv/bin/python -m pip)
    fi
    if ! "${pip[@]}" install --disable-pip-version-check --no-deps --require-hashes \
        -r $venv/uv-requirement.txt >"$log" 2>&1; then
        tail -n 20 "$log" >&2
        fail "pip could not install uv $uv_wanted (whole output: $log)."
    fi
fi
[ "${1:-}" = "--uv-only" ] && exit 0

# Exactly the lock: what pyproject.toml asks for must be what uv.lock holds (never --frozen).
# The packages are compiled to bytecode as pip would: a machine that writes none at run time
# (PYTHONDONTWRITEBYTECODE) otherwise compiles every library again at each start, ~2 s.
installing="uv sync --locked --compile-bytecode$groups"
stamp=$venv/.installed-$(cat pyproject.toml uv.lock <(echo "$installing") | sha256sum | cut -c1-16)
if [ ! -f "$stamp" ]; then
    # Marked while uv works: an interrupted install is rebuilt on the next run, not trusted.
    touch $venv/.installing
    log=$venv/uv-sync.log
    if ! $venv/bin/$installing --quiet >"$log" 2>&1; then
        if grep -q "needs to be updated" "$log"; then
            rm -f $venv/.installing # refused before anything was installed: $venv is as it was
            fail "pyproject.toml and uv.lock disagree: run 'make lock', then commit uv.lock."
        fi
        tail -n 40 "$log" >&2
        fail "uv could not install the locked packages (whole output: $log)."
    fi
    rm -f $venv/.installed-* $venv/.installing
    touch "$stamp"
    tenths=$((($(date +%s%N) - started) / 100000000))
    echo "set-up: Python packages installed from uv.lock in $((tenths / 10)).$((tenths % 10)) s."
fi
# The compiled translations (.qm) are built from the committed catalogues (.ts).
for ts in resources/translations/*.ts; do
    qm="${ts%.ts}.qm"
    if [ ! -f "$qm" ] || [ "$ts" -nt "$qm" ]; then
        $venv/bin/pyside6-lrelease -silent "$ts" -qm "$qm"
    fi
done
# The Designer forms (ui/*.ui) are compiled into desktop_app/gui/generated/: never edited by
# hand, never committed; a test checks that what the app imports is what ui/ compiles to now.
generated=desktop_app/gui/generated
mkdir -p "$generated"
[ -f "$generated/__init__.py" ] ||
    echo '"""Compiled Designer forms (pyside6-uic from ui/): never edited by hand."""' >"$generated/__init__.py"
for ui in ui/*.ui; do
    py="$generated/ui_$(basename "$ui" .ui).py"
    if [ ! -f "$py" ] || [ "$ui" -nt "$py" ]; then
        $venv/bin/pyside6-uic "$ui" -o "$py"
    fi
done
for py in "$generated"/ui_*.py; do  # a form whose .ui is gone goes too
    [ -e "$py" ] && [ ! -f "ui/$(basename "$py" .py | sed 's/^ui_//').ui" ] && rm -f "$py"
done
exit 0
