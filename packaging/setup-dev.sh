#!/usr/bin/env bash
# Prepares a machine to run and test the app: the Qt system libraries (as root, when missing),
# the virtual environment at .venv, and the project with its dev tools. Safe to run again:
# it does only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

want_xcb=0
[ "${1:-}" = "--with-display" ] && want_xcb=1

# Libraries PySide6's wheels load (see shared/ENVIRONMENT.md); a font, or Qt draws empty boxes.
offscreen_pkgs="libglib2.0-0 libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6 \
libxkbcommon0 libbrotli1 fonts-dejavu-core"
xcb_pkgs="xvfb xauth libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 \
libxcb-keysyms1 libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 \
libxcb-sync1 libxcb-util1 libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0"

missing_pkgs() {
    local missing=""
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing="$missing $pkg"
    done
    echo "$missing"
}

if command -v dpkg-query >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    missing=$(missing_pkgs $offscreen_pkgs)
    if [ "$want_xcb" = 1 ]; then
        # shellcheck disable=SC2086
        missing="$missing $(missing_pkgs $xcb_pkgs)"
    fi
    if [ -n "${missing// /}" ]; then
        if [ "$(id -u)" = 0 ]; then
            echo "Installing Qt system libraries:$missing"
            apt-get update -qq
            # shellcheck disable=SC2086
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
        else
            echo "Qt needs these Debian packages; ask an administrator to install them:$missing" >&2
        fi
    fi
fi

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
    .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
    .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]"
    rm -f .venv/.installed-*
    touch "$stamp"
fi
# The compiled translations (.qm) are built from the committed catalogues (.ts).
for ts in resources/translations/*.ts; do
    qm="${ts%.ts}.qm"
    if [ ! -f "$qm" ] || [ "$ts" -nt "$qm" ]; then
        .venv/bin/pyside6-lrelease -silent "$ts" -qm "$qm"
    fi
done
