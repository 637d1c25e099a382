#!/usr/bin/env bash
# The Windows Python of `make windows-env`, run by Wine with the arguments given, from the
# directory it is called in (Wine sees it as Z:\…). Its output passes through a pipe: Wine's
# console cannot write to a regular file it is handed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
env_dir=$repo/${WINDOWS_ENV:-.venv-windows}
[ -f "$env_dir/python/python.exe" ] || { echo "wine-python: run 'make windows-env' first." >&2; exit 1; }
# shellcheck source=packaging/windows/wine.sh
. "$repo/packaging/windows/wine.sh"
use_wine_prefix "$env_dir/prefix"
# Wine hands a Windows program none of the QT_ variables: passed under another name, set
# back as Python starts (windows-env.sh's wine-passed-environment.pth).
while IFS='=' read -r name value; do
    export "WINE_PASSED_$name=$value"
done < <(env | grep '^QT_' || true)
status=0
wine "$env_dir/python/python.exe" "$@" </dev/null 2>&1 | cat || status=$?
exit "$status"
