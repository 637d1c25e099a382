#!/usr/bin/env bash
# `make fresh-check`: the README's two commands on a newcomer's machine, on each Debian release
# the desks run (12 and 13). For each, a minimal root (only python3, make, git and
# ca-certificates) with the committed main cloned into it, then:
#   1. as a user who is not root: set-up must stop at once, naming every Debian package to ask for;
#   2. as root: `make test` on that release's own Python, first try, nothing installed by hand;
#   3. `make run` with no display (Xvfb): up for 30 s with no traceback, then Ctrl+C (SIGINT to
#      the whole foreground group) stops it cleanly and leaves no temporary files behind;
#   3b. `make a11y-check` there: every window walked through AT-SPI as Orca reads it, and Orca
#      itself (that release's) heard through the cashier's flow;
#   4. a store's own certificate authority, as IT installs it (update-ca-certificates): the
#      connection check refuses the sandbox served over TLS before, and accepts it after.
# Then the package, built once on Debian 12 (the oldest release it serves: dpkg-shlibdeps writes
# the library versions found there as the lowest it needs) for both:
#   5. make deb in the Debian 12 root (lintian gates it), twice: the same files, the tree left as
#      it was; then lintian of Debian 13 on it, in the Debian 13 root;
#   6-12. the store's apt repository made there (make apt-repo) and served over HTTP; for each
#      release a bare desk (minbase, no Python), its apt asked first what the package's Depends
#      resolve to (--simulate), added to the repository with the README's steps for IT, refused
#      without the key; the newest version installed from it, a payment recorded by keyboard under
#      Xvfb, a newer version published and taken by apt-get upgrade while the app runs (the app
#      says so, goes on, and the newer one reads its journal), one needing a new Debian package
#      (kept back, then apt-get install), one by unattended-upgrades, back to the first over a
#      newer journal (said, left alone), and apt-get purge leaving nothing
#      (packaging/fresh-check-desk.sh).
# FRESH_CHECK_RELEASES names fewer releases ("trixie") for steps 1-4 and the desks; the package
# is built on Debian 12 either way. Needs root on a Debian machine (mmdebstrap, mounts, chroot).
# Takes about half an hour.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
[ "$(id -u)" = 0 ] || { echo "fresh-check: run as root (it builds and enters a Debian root)." >&2; exit 1; }

say() { printf '\n== fresh-check: %s\n' "$*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
step_time() { echo "$(($(date +%s) - $1)) s"; }

if ! command -v mmdebstrap >/dev/null; then
    say "installing mmdebstrap"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mmdebstrap >/dev/null
fi

# The Debian mirror this machine's own apt uses (deb822 sources first, then the one-line form).
mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
if [ -z "$mirror" ]; then
    mirror=$(awk '$1 == "deb" && $2 !~ /^\[/ { print $2; exit }' /etc/apt/sources.list \
        /etc/apt/sources.list.d/*.list 2>/dev/null || true)
fi
[ -n "$mirror" ] || { echo "fresh-check: no Debian mirror found in this machine's apt sources." >&2; exit 1; }

# Each release the desks run: its Debian version and its codename, as mmdebstrap takes it.
declare -A codename=([12]=bookworm [13]=trixie)
builds_on=12 # the package's release (above)
releases=()
for name in ${FRESH_CHECK_RELEASES:-bookworm trixie}; do
    for number in "${!codename[@]}"; do [ "${codename[$number]}" = "$name" ] && releases+=("$number"); done
done
mapfile -t releases < <(printf '%s\n' "${releases[@]}" | sort -n)
[ "${#releases[@]}" -gt 0 ] || { echo "fresh-check: FRESH_CHECK_RELEASES names none of ${codename[*]}." >&2; exit 1; }

made=() # every root made, removed at the end (or as soon as it is done with)
# new_root VAR RELEASE [mmdebstrap options]: a minbase root of that Debian release, its folder
# in VAR, ready to enter (prepare_root).
new_root() {
    local tree
    tree=$(mktemp -d "/tmp/fresh-$2.XXXXXX")
    made+=("$tree")
    printf -v "$1" %s "$tree"
    mmdebstrap --quiet --variant=minbase "${@:3}" "${codename[$2]}" "$tree" "$mirror"
    prepare_root "$tree"
}
root="" # the newcomer's root being checked
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LANG=C.UTF-8 "$@"; }
# The pids of processes inside the root ($2, or the newcomer's) whose command line matches $1.
pids_in_root() {
    local pid tree=${2:-$root}
    for pid in $(pgrep -f -- "$1" || true); do
        [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$tree" ] && echo "$pid"
    done
    return 0
}
remove_root() { # $1: a root made here, with whatever still runs in it
    local proc tree=$1
    [ -d "$tree" ] || return 0
    # Whatever still runs inside a root goes first, or its mounts stay busy.
    for proc in /proc/[0-9]*; do
        [ "$(readlink "$proc/root" 2>/dev/null)" = "$tree" ] && kill -9 "${proc#/proc/}" 2>/dev/null
    done
    # Killed is not yet gone: a mount stays busy until its last process has ended.
    for _ in $(seq 100); do
        [ -z "$(pids_in_root "" "$tree")" ] && break
        sleep 0.1
    done
    for mount in dev sys proc; do
        mountpoint -q "$tree/$mount" && umount -R "$tree/$mount"
    done
    if mountpoint -q "$tree"; then umount -R "$tree"; fi
    # Only once nothing is mounted under it may a root be removed.
    if ! grep -qE " $tree(/| )" /proc/mounts; then rm -rf "$tree"; else echo "fresh-check: $tree is still mounted" >&2; fi
}
# A TCP port free now on this machine (another sandbox may hold the usual ones), by $1 (a
# Python) run in the newcomer's root.
free_port() {
    in_root "$1" -c "
import socket
with socket.socket() as s:
    s.bind(('127.0.0.1', 0))
    print(s.getsockname()[1])
"
}
clean_up() {
    local tree
    for tree in "${made[@]}"; do remove_root "$tree"; done
}
# A root reaches the package registries and the mirror as this machine does, and has what
# /proc, /sys and /dev give a running system.
prepare_root() {
    cp /etc/resolv.conf "$1/etc/resolv.conf"
    # The hosts file the Debian installer writes on every machine (a bare root has none, and
    # then not even "localhost" has an address).
    printf '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n' >"$1/etc/hosts"
    # Its / a mount point, as on any machine: a mount namespace of a test's own (unshare)
    # makes / private, which a plain folder cannot be.
    mount --bind "$1" "$1"
    mount -t proc proc "$1/proc"
    mount --rbind /sys "$1/sys" && mount --make-rslave "$1/sys"
    mount --rbind /dev "$1/dev" && mount --make-rslave "$1/dev"
}
trap clean_up EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The newcomer's root of Debian $1, in $root: python3, make, git and ca-certificates only.
newcomer_root() {
    local start
    say "building a minimal Debian $1 root (mirror from this machine's apt sources)"
    start=$(date +%s)
    new_root root "$1" --include=python3,make,git,ca-certificates
    newcomer[$1]=$root
    echo "built in $(step_time "$start"): $root, $(in_root python3 -V)"
    # Reach the package registries as this machine does: its CA bundle and pip config.
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    [ -f /etc/pip.conf ] && cp /etc/pip.conf "$root/etc/pip.conf"
    return 0
}
declare -A newcomer=()

# Steps 1-4 in the newcomer's root of Debian $1.
newcomer_checks() {
    local output status start log run_pid app_pid group leftovers heard port sandbox_pid before \
        before_status after venv_package
    # The Debian package that holds this release's venv (set-up names it for the administrator).
    venv_package=$(in_root python3 -c 'import sys; print(f"python3.{sys.version_info[1]}-venv")')
    git clone --quiet --branch main "$repo" "$root/home/newcomer/pos"
    chown -R 65534:65534 "$root/home/newcomer"

    say "Debian $1 · 1. make test as a user who is not root"
    set +e
    output=$(chroot --userspec=65534:65534 "$root" /usr/bin/env -i PATH=/usr/bin:/bin \
        HOME=/home/newcomer bash -c 'cd /home/newcomer/pos && make test' 2>&1)
    status=$?
    set -e
    echo "$output" | tail -n 3
    [ "$status" != 0 ] || { echo "FAIL: set-up went on without the Debian packages it needs" >&2; exit 1; }
    echo "$output" | grep -q "ask an administrator.*$venv_package" ||
        { echo "FAIL: set-up did not name $venv_package for the administrator" >&2; exit 1; }
    [ ! -e "$root/home/newcomer/pos/.venv" ] || { echo "FAIL: a .venv was made anyway" >&2; exit 1; }
    echo "ok: stopped at once (status $status), naming the packages"

    say "Debian $1 · 2. make test as root, first try"
    rm -rf "$root/home/newcomer/pos"
    git clone --quiet --branch main "$repo" "$root/root/pos"
    start=$(date +%s)
    in_root CI=true bash -c 'cd /root/pos && make test'
    echo "ok: make test passed in $(step_time "$start") ($(du -sh "$root/root/pos/.venv" | cut -f1) in .venv)"

    say "Debian $1 · 3. make run with no display, 30 s, then Ctrl+C"
    start=$(date +%s)
    in_root bash -c 'cd /root/pos && make setup-display' # the Xvfb libraries: not part of the 30 s
    echo "display libraries installed in $(step_time "$start")"
    log=$root/root/run.log
    # setsid: make, the script and the app in one process group of their own, as in a terminal.
    in_root setsid bash -c 'cd /root/pos && exec make run' >"$log" 2>&1 &
    run_pid=$!
    for _ in $(seq 300); do
        [ -n "$(pids_in_root "-m desktop_app --training")" ] && break
        sleep 0.1
    done
    sleep 30
    kill -0 "$run_pid" 2>/dev/null || { cat "$log"; echo "FAIL: make run ended by itself" >&2; exit 1; }
    app_pid=$(pids_in_root "-m desktop_app --training" | head -n 1)
    [ -n "$app_pid" ] || { cat "$log"; echo "FAIL: the app is not running after 30 s" >&2; exit 1; }
    echo "up for 30 s (app pid $app_pid); sending SIGINT to the group as Ctrl+C does"
    # The group setsid made for make, the script and the app (not this script's own group).
    group=$(ps -o pgid= "$app_pid" | tr -d ' ')
    [ "$group" != "$(ps -o pgid= $$ | tr -d ' ')" ] || { echo "FAIL: the app runs in this script's group" >&2; exit 1; }
    kill -INT -- "-$group"
    for _ in $(seq 300); do
        kill -0 "$app_pid" 2>/dev/null || break
        sleep 0.1
    done
    wait "$run_pid" 2>/dev/null || true
    cat "$log"
    if kill -0 "$app_pid" 2>/dev/null; then echo "FAIL: the app did not stop on SIGINT" >&2; exit 1; fi
    if grep -qE "Traceback|KeyboardInterrupt|Error calling Python|connection broke" "$log"; then
        echo "FAIL: the run printed an error" >&2
        exit 1
    fi
    # make test and make setup-display installed what it needs: later runs install nothing
    # (Debian 13's renamed libraries were asked for again at every run).
    if grep "set-up: installing Debian packages" "$log"; then
        fail "make run installed Debian packages again after the set-up"
    fi
    leftovers=$(cd "$root/tmp" && ls -d pos-training-* .X*-lock .X11-unix/* tmp.* 2>/dev/null || true)
    [ -z "$leftovers" ] || { echo "FAIL: left behind in /tmp: $leftovers" >&2; exit 1; }
    [ -z "$(pids_in_root Xvfb)" ] || { echo "FAIL: Xvfb still runs" >&2; exit 1; }
    echo "ok: stopped cleanly, nothing left in /tmp"

    say "Debian $1 · 3b. what a screen reader meets, through AT-SPI (Debian's python3-pyatspi, installed here)"
    start=$(date +%s)
    heard=0
    in_root bash -c 'cd /root/pos && packaging/a11y-check.sh' | grep -vE "^\s+(focus|announcement):" ||
        heard=$?
    # What Orca said there, kept whether it passed or not (the root goes at the end).
    rm -rf "dist/a11y-fresh-check/$1"
    mkdir -p dist/a11y-fresh-check && cp -r "$root/root/pos/dist/a11y" "dist/a11y-fresh-check/$1" 2>/dev/null || true
    [ "$heard" = 0 ] || { echo "FAIL: make a11y-check (Orca's transcripts: dist/a11y-fresh-check/$1)" >&2; exit 1; }
    echo "ok: nothing unnamed, the problems announced, Orca heard as expected ($(step_time "$start"))"

    say "Debian $1 · 4. the store's own certificate authority, from the system's store"
    # Last: update-ca-certificates rewrites the bundle this machine's registries were reached with.
    in_root bash -c 'cd /root && pos/.venv/bin/python -c "
import trustme
authority = trustme.CA(organization_name=\"Loja Exemplo\")
authority.cert_pem.write_to_path(\"store-ca.pem\")
issued = authority.issue_cert(\"localhost\", \"127.0.0.1\")
issued.private_key_and_cert_chain_pem.write_to_path(\"service.pem\")
issued.private_key_pem.write_to_path(\"service.key\")
"'
    # A port free now (another sandbox on this machine may hold the usual ones).
    port=$(free_port /root/pos/.venv/bin/python)
    in_root setsid bash -c "cd /root && exec pos/.venv/bin/pos-sandbox serve --db tls.sqlite3 \
        --port $port --tls-cert service.pem --tls-key service.key --log-level info" \
        >"$root/root/tls.log" 2>&1 &
    sandbox_pid=$!
    # Seeding comes first: up to a minute before the port answers.
    for _ in $(seq 600); do
        grep -q "Uvicorn running on https" "$root/root/tls.log" 2>/dev/null && break
        kill -0 "$sandbox_pid" 2>/dev/null || { cat "$root/root/tls.log"; echo "FAIL: the TLS sandbox did not start" >&2; exit 1; }
        sleep 0.1
    done
    grep -q "Uvicorn running on https" "$root/root/tls.log" ||
        { cat "$root/root/tls.log"; echo "FAIL: the TLS sandbox did not start" >&2; exit 1; }
    check() { in_root /root/pos/.venv/bin/pos-backoffice --check-connection --lang en_US \
        --api-url "https://localhost:$port"; }
    set +e
    before=$(check 2>&1)
    before_status=$?  # 2: the service cannot be reached (the exit table of --check-connection)
    set -e
    echo "$before"
    [ "$before_status" = 2 ] && echo "$before" | grep -q "an authority this computer does not trust" ||
        { echo "FAIL: the unknown authority was not refused in words (status $before_status)" >&2; exit 1; }
    cp "$root/root/store-ca.pem" "$root/usr/local/share/ca-certificates/loja-exemplo.crt"
    in_root update-ca-certificates
    after=$(check 2>&1) || { echo "$after"; echo "FAIL: the installed authority was not trusted" >&2; exit 1; }
    echo "$after"
    kill -- "$(pids_in_root "pos-sandbox serve" | head -n 1)" 2>/dev/null || true
    echo "ok: refused before update-ca-certificates, the service answers after"
    # update-ca-certificates rebuilt the root's bundle from Debian's authorities: the registries are
    # reached through this machine's again (the packaging environment is installed next).
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
}

for number in "${releases[@]}"; do
    newcomer_root "$number"
    newcomer_checks "$number"
done
# The package is built in the Debian 12 root, made now if Debian 12 was not checked.
if [ -z "${newcomer[$builds_on]:-}" ]; then
    newcomer_root "$builds_on"
    git clone --quiet --branch main "$repo" "$root/root/pos"
fi
root=${newcomer[$builds_on]}

# The Debian package: built in this root, installed on a bare one (same helpers, same clean-up).
# shellcheck source=packaging/fresh-check-deb.sh
. packaging/fresh-check-deb.sh
say "passed"
