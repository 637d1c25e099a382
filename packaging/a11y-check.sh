#!/usr/bin/env bash
# `make a11y-check`: what a screen reader meets, read through AT-SPI (the interface Orca uses),
# then heard from Orca itself.
# 1. Runs the app in training mode with Qt's Linux accessibility on, under Xvfb and a window
#    manager, on a D-Bus session of its own with the accessibility bus; Debian's own python3
#    with python3-pyatspi walks each window and listens while packaging/a11y_walk.py drives the
#    cashier's flow by keyboard.
# 2. For English and Brazilian Portuguese, each on a display and a D-Bus session of its own:
#    Orca runs (packaging/orca_speech.py: its speech logged, no synthesizer) while
#    packaging/orca_walk.py drives the cashier's flow and compares what Orca said with
#    tests/a11y/cashier.LANG.txt. Transcripts in dist/a11y/.
# Installs what it needs when run as root (fresh-check runs it in its fresh root, after
# `make test` and `make setup-display`). Exit 0: nothing unnamed, the problems of the flow
# announced, and every must-say of both languages heard, in order, with no never-say.
set -euo pipefail
cd "$(dirname "$0")/.."
. packaging/debian-packages.sh
debian_packages a11y-check python3-pyatspi at-spi2-core dbus dbus-x11 xvfb openbox xdotool orca
[ -x .venv/bin/python ] || make setup-display
home=$(mktemp -d /tmp/a11y-check.XXXXXX)
display=":$((90 + RANDOM % 9))"
# What follows ("$@") on a display of its own with a window manager, both gone after it.
on_a_display() {
    Xvfb "$display" -screen 0 1366x768x24 -nolisten tcp >/dev/null 2>&1 &
    local xvfb=$!
    for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
    export DISPLAY=$display
    openbox >/dev/null 2>&1 &
    local wm=$!
    local status=0
    "$@" || status=$?
    kill "$wm" "$xvfb" 2>/dev/null || true
    wait 2>/dev/null || true
    return "$status"
}
# The AT-SPI walk, beside the app as a desk runs it: its own home, no registry certificates,
# Qt's bridge on.
walked() {
    env -u SSL_CERT_FILE -u SSL_CERT_DIR -u QT_QPA_PLATFORM HOME="$home" \
        XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
        QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 .venv/bin/python -m desktop_app --training \
        >"$home/app.log" 2>&1 &
    local app=$!
    local status=0
    /usr/bin/python3 packaging/a11y_walk.py || status=$?
    kill "$app" 2>/dev/null || true
    return "$status"
}
export -f on_a_display walked
export home display
quiet() { grep -v -e "^dbus-daemon" -e "SpiRegistry" >&2; }
status=0
dbus-run-session -- bash -c "on_a_display walked" 2> >(quiet) || status=$?
rm -rf "$home"
# Orca itself, in each language: a session bus of its own (Orca replaces any screen reader
# already on the bus), and the app started by the walk.
for lang in en_US pt_BR; do
    dbus-run-session -- bash -c "on_a_display .venv/bin/python packaging/orca_walk.py $lang dist/a11y" \
        2> >(quiet) || status=1
done
exit "$status"
