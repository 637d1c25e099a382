#!/usr/bin/env bash
# `make run`: the app in training mode (sandbox inside, demo data, signed in).
# With no display, it runs on a virtual one (Xvfb) so the command still works headless.
set -euo pipefail
cd "$(dirname "$0")/.."
app=(.venv/bin/python -m desktop_app --training "$@")

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ] || ! command -v Xvfb >/dev/null; then
    exec "${app[@]}"
fi

# The virtual screen runs in a session of its own, so Ctrl+C in this terminal reaches the app
# (which closes as if its window were closed) but not the screen it is still drawing on; the
# screen goes once the app has stopped, on every way out of this script.
echo "No display found: running on a virtual screen (Xvfb). Press Ctrl+C to stop."
display_file=$(mktemp)
xvfb_pid=""
stop_screen() {
    if [ -n "$xvfb_pid" ]; then
        kill "$xvfb_pid" 2>/dev/null || true
        wait "$xvfb_pid" 2>/dev/null || true
    fi
    rm -f "$display_file"
}
trap stop_screen EXIT
trap 'exit 143' TERM
setsid Xvfb -displayfd 3 -screen 0 1366x768x24 -nolisten tcp 3>"$display_file" 2>/dev/null &
xvfb_pid=$!
for _ in $(seq 100); do
    [ -s "$display_file" ] && break
    kill -0 "$xvfb_pid" 2>/dev/null || { echo "run: Xvfb did not start." >&2; exit 1; }
    sleep 0.1
done
[ -s "$display_file" ] || { echo "run: Xvfb did not start within 10 s." >&2; exit 1; }
display=$(head -n 1 "$display_file")
export DISPLAY=":$display"
# Not exec: this shell stays to take the screen down. A Ctrl+C the app handles (it exits 0)
# lets the shell go on to its trap.
status=0
"${app[@]}" || status=$?
exit "$status"
