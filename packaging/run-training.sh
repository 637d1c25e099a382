#!/usr/bin/env bash
# `make run`: the app in training mode (sandbox inside, demo data, signed in).
# With no display, it runs on a virtual one (Xvfb) so the command still works headless.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
    echo "No display found: running on a virtual screen (Xvfb). Press Ctrl+C to stop."
    exec xvfb-run -a .venv/bin/python -m desktop_app --training "$@"
fi
exec .venv/bin/python -m desktop_app --training "$@"
