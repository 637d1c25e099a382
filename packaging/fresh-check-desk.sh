# Part of `make fresh-check` (sourced by fresh-check-deb.sh once the package is built in the
# newcomer's root): the store's apt repository, made there with `make apt-repo` and served over
# HTTP, and a desk that takes every version from it, as the README tells IT:
#   6. the store's signing key made behind a passphrase given in a file (refused with none and no
#      terminal); a bare Debian 12 root added to the repository with IT's own steps (README),
#      refused without the store's key, 0.1.0 installed from it and started;
#   7. a payment recorded by keyboard (Xvfb, openbox), the app left open;
#   8. 0.2.0 published, taken by `apt-get upgrade` while the app runs: the running version goes on
#      and says a restart brings 0.2.0, which reads its journal ("1 confirmed");
#   9. 0.3.0, which needs a Debian package the desk lacks: `apt-get upgrade` keeps it back,
#      `apt-get install pos-backoffice` takes it with that package;
#  10. 0.4.0, taken by unattended-upgrades with the README's origin;
#  11. back to 0.1.0 over a journal of a newer format: the program says so and leaves it alone;
#  12. purged: nothing of the package left.
# Needs from its caller: $root, $desk, $pos (the project in $root), $dist, $first (the version
# built), and say, step_time, prepare_root, pids_in_root.
# shellcheck shell=bash

in_desk() { chroot "$desk" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
# The person at the desk: not root, the journal and the log in their own folders.
as_desk() { chroot --userspec=1000:1000 "$desk" /usr/bin/env -i PATH=/usr/bin:/bin \
    HOME=/home/desk LANG=C.UTF-8 "$@"; }
installed_version() { in_desk dpkg-query -W -f='${Version}' pos-backoffice; }
fail() { echo "FAIL: $*" >&2; exit 1; }
# A command run as root on the desk, its output kept in $desk/tmp/NAME.log and shown if it fails.
desk_step() { # $1: NAME, $2: what failed; the rest: the command
    local name=$1 what=$2
    shift 2
    in_desk "$@" >"$desk/tmp/$name.log" 2>&1 || { tail -n 30 "$desk/tmp/$name.log"; fail "$what"; }
}
# The installed program started by the person, offscreen in training mode, until its orders
# show; its log ($desk/tmp/NAME.log) must hold a line matching PATTERN.
starts_and_logs() { # $1: NAME, $2: PATTERN, $3: what it failed to say; the rest: more options
    local name=$1 pattern=$2 what=$3
    shift 3
    as_desk QT_QPA_PLATFORM=offscreen timeout 120 pos-backoffice --training --quit-after-start \
        --log-level INFO "$@" 2>"$desk/tmp/$name.log" ||
        { cat "$desk/tmp/$name.log"; fail "the installed program did not start ($name)"; }
    grep -- "$pattern" "$desk/tmp/$name.log" || { cat "$desk/tmp/$name.log"; fail "$what"; }
}

# Publishing a version: the bundle built in step 5, stamped with that version's number (versions
# differ in nothing else here, and a build takes minutes), packaged and lintian-gated as every
# version is, then the repository made again from dist/ (README: "Every desk from one place").
publish() { # $1: the version; $2: a Debian package it needs that earlier versions did not
    local version=$1 deb=$dist/pos-backoffice_$1_amd64.deb stamp=$dist/pos-backoffice/_internal/desktop_app/VERSION
    if [ ! -f "$deb" ]; then
        [ -f "$stamp" ] || fail "the bundle has no $stamp"
        echo "$version" >"$stamp"
        in_root bash -c "cd $pos && .venv-package/bin/python packaging/make_deb.py --bundle dist/pos-backoffice \
            --version $version --out dist" >"$root/tmp/deb-$version.log" 2>&1 ||
            { tail -n 30 "$root/tmp/deb-$version.log"; fail "the package of $version was not made"; }
    fi
    if [ -n "${2:-}" ]; then # the dependency added as a new version's own control file would add it
        rm -rf "$root/tmp/repack" && dpkg-deb -R "$deb" "$root/tmp/repack"
        sed -i "s/^Depends: /Depends: $2, /" "$root/tmp/repack/DEBIAN/control"
        dpkg-deb --root-owner-group -b "$root/tmp/repack" "$deb" >/dev/null
    fi
    in_root bash -c "cd $pos && APT_KEY_PASSPHRASE_FILE=/root/.repo-passphrase make apt-repo" \
        >"$root/tmp/apt-repo-$version.log" 2>&1 </dev/null ||
        { cat "$root/tmp/apt-repo-$version.log"; fail "make apt-repo did not publish $version"; }
    echo "published $version: $(grep -c '^Package:' "$dist/apt/dists/stable/main/binary-amd64/Packages") version(s) in the repository"
}

say "6. a desk: a bare Debian 12 root, added to the store's repository with IT's steps (README)"
start=$(date +%s)
# The store's signing key has a passphrase: a script gives it in a file of its own.
in_root sh -c 'umask 077 && echo "store key words $(date +%N)" >/root/.repo-passphrase'
publish "$first"
# With no terminal and none given, a new key is refused, never made in clear.
if in_root bash -c "cd $pos && APT_KEY_HOME=/root/another-key make apt-repo" \
    >"$root/tmp/apt-repo-no-passphrase.log" 2>&1 </dev/null; then
    cat "$root/tmp/apt-repo-no-passphrase.log"; fail "make apt-repo made a signing key with no passphrase"
fi
grep -q "made with a passphrase" "$root/tmp/apt-repo-no-passphrase.log" ||
    { cat "$root/tmp/apt-repo-no-passphrase.log"; fail "make apt-repo did not say why it refused"; }
# Its secret half is kept behind that passphrase: gpg's agent says P (protected), not C (clear).
key_home=/root/.local/share/pos-backoffice/repo-key
grip=$(in_root env GNUPGHOME=$key_home gpg --batch --with-colons --with-keygrip --list-secret-keys |
    awk -F: '$1 == "grp" { print $10; exit }')
kept=$(in_root env GNUPGHOME=$key_home gpg-connect-agent "keyinfo $grip" /bye | awk '$2 == "KEYINFO" { print $8 }')
[ "$kept" = P ] || fail "the store's signing key is kept in clear ($kept), not behind its passphrase"
# The repository as a web server the desks reach would serve it (a port free now).
port=$(in_root python3 -c "
import socket
with socket.socket() as s:
    s.bind(('127.0.0.1', 0))
    print(s.getsockname()[1])
")
in_root setsid python3 -m http.server --bind 127.0.0.1 --directory "$pos/dist/apt" "$port" \
    >"$root/tmp/repo-server.log" 2>&1 &
for _ in $(seq 100); do grep -q "Serving HTTP" "$root/tmp/repo-server.log" && break; sleep 0.1; done
url=http://127.0.0.1:$port
mmdebstrap --quiet --variant=minbase bookworm "$desk" "$mirror"
prepare_root "$desk"
# IT answers apt's "Do you want to continue?"; here its configuration does.
echo 'APT::Get::Assume-Yes "true";' >"$desk/etc/apt/apt.conf.d/90fresh-check-yes"
in_desk useradd --create-home --uid 1000 desk
# Without the store's key the repository is refused: nothing of it can be installed.
echo "deb $url stable main" >"$desk/etc/apt/sources.list.d/pos-backoffice.list"
if in_desk apt-get update >"$desk/tmp/apt-unsigned.log" 2>&1; then
    cat "$desk/tmp/apt-unsigned.log"; fail "apt took the repository without the store's key"
fi
grep -q "NO_PUBKEY" "$desk/tmp/apt-unsigned.log" ||
    { cat "$desk/tmp/apt-unsigned.log"; fail "apt did not refuse the repository for its key"; }
rm "$desk/etc/apt/sources.list.d/pos-backoffice.list"
# IT's steps, as the README writes them, with this repository's address.
it_steps=$(awk '/^\*\*On each desk, once\*\*/ { found = 1 }
    found && /^```sh$/ { block = 1; next } block && /^```$/ { exit } block { print }' "$root$pos/README.md")
[[ "$it_steps" == *"signed-by=/etc/apt/keyrings/"* ]] || fail "no IT steps with a signed-by keyring in the README"
desk_step apt-first "IT's steps from the README failed" sh -ec "${it_steps//https:\/\/repo.loja.example/$url}"
[ "$(installed_version)" = "$first" ] || fail "$(installed_version) installed, not $first"
installed=(
    /opt/pos-backoffice/current/pos-backoffice
    /usr/bin/pos-backoffice
    /usr/share/applications/br.com.posbackoffice.BackOffice.desktop
    /usr/share/metainfo/br.com.posbackoffice.BackOffice.metainfo.xml
    /usr/share/icons/hicolor/scalable/apps/pos-backoffice.svg
    /usr/share/icons/hicolor/48x48/apps/pos-backoffice.png
    /usr/share/doc/pos-backoffice/examples/pos-backoffice.conf
    /usr/share/doc/pos-backoffice/copyright
    /usr/share/doc/pos-backoffice/changelog.gz
    /usr/share/man/man1/pos-backoffice.1.gz
)
# -L as well: /usr/bin/pos-backoffice links to /opt, which from outside the root leads nowhere.
for path in "${installed[@]}"; do
    [ -e "$desk$path" ] || [ -L "$desk$path" ] || fail "$path was not installed"
done
# The example must never be where it takes effect.
[ ! -e "$desk/etc/xdg/POS Back-Office" ] || fail "the package wrote IT's settings file"
echo "ok: refused without the store's key; with IT's steps, $first installed from the repository" \
    "with its dependencies in $(step_time "$start")"

said=$(as_desk pos-backoffice --version)
[ "$said" = "pos-backoffice $first" ] || fail "--version says '$said', not $first"
starts_and_logs first-start "showing [0-9]* orders" "the installed program showed no orders"
echo "ok: '$said'; started offscreen in training mode, showed the orders and quit"

say "7. a payment recorded by keyboard (Xvfb, openbox), the journal in the user's folder"
in_desk apt-get install -qq --no-install-recommends xvfb openbox xdotool >/dev/null
journal=/home/desk/.local/share/pos-backoffice/journal.sqlite3
log=$desk/tmp/payment.log
as_desk Xvfb :77 -screen 0 1366x768x24 -nolisten tcp >/dev/null 2>&1 &
for _ in $(seq 100); do [ -e "$desk/tmp/.X11-unix/X77" ] && break; sleep 0.1; done
as_desk DISPLAY=:77 openbox >/dev/null 2>&1 &
as_desk DISPLAY=:77 pos-backoffice --training --journal "$journal" --lang en_US --log-level INFO \
    2>"$log" &
# Each step waits for what the person would see: the orders, the form, the review page's
# duplicate check (its read of the order's payments), the service's confirmation.
wait_in_log() { # $1: pattern, $2: how many lines must match, $3: what is awaited
    for _ in $(seq 600); do
        [ "$(grep -c -- "$1" "$log" || true)" -ge "$2" ] && return 0
        sleep 0.1
    done
    cat "$log"
    fail "$3 did not come within 60 s"
}
key() { as_desk DISPLAY=:77 xdotool "$@"; }
window_named() { # the id of the visible window whose title matches $1, once it shows
    timeout 60 chroot --userspec=1000:1000 "$desk" /usr/bin/env -i PATH=/usr/bin:/bin \
        HOME=/home/desk DISPLAY=:77 xdotool search --sync --onlyvisible --name "$1" | head -n 1
}
wait_in_log "showing [0-9]* orders" 1 "the orders list"
main_window=$(window_named "^POS Back-Office$") || { cat "$log"; fail "no main window on the display"; }
key windowactivate --sync "$main_window"
# The demo data's first unpaid order in the first store (the seed is fixed): R$661.38.
# shellcheck source=packaging/payment-by-keys.sh
. packaging/payment-by-keys.sh
payment_by_keys 100003 "$log"
app=$(pids_in_root "pos-backoffice --training --journal" "$desk" | head -n 1)
[ -f "$desk$journal" ] || fail "no journal at $journal"
echo "ok: a payment of order 100003 recorded by keyboard, kept in $journal; the app stays open"

say "8. 0.2.0 published, taken by apt-get upgrade while $first runs"
publish 0.2.0
desk_step apt-upgrade "apt-get upgrade failed" sh -ec "apt-get update && apt-get upgrade"
[ "$(installed_version)" = 0.2.0 ] || { tail -n 30 "$desk/tmp/apt-upgrade.log"; fail "apt-get upgrade left $(installed_version)"; }
kill -0 "$app" 2>/dev/null || { cat "$log"; fail "the running $first ended during the upgrade"; }
# It is told (a line over its window, and its log): a restart brings 0.2.0.
wait_in_log "version 0.2.0 was installed" 1 "the running $first's word that 0.2.0 was installed"
# The older program opens a window it had not loaded yet: Revenue (its module, Qt Charts and
# the chart's libraries come from the files of the version it started from).
key windowactivate --sync "$main_window"
key key alt+l
key key r
window_named "^Revenue$" >/dev/null || { cat "$log"; fail "the running $first could not open Revenue after the upgrade"; }
key key Escape
key windowactivate --sync "$main_window"
key key ctrl+q
for _ in $(seq 100); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
kill -0 "$app" 2>/dev/null && { cat "$log"; fail "the older program did not quit"; }
if grep -qE "Traceback|Error calling Python|ImportError|cannot open shared object" "$log"; then
    cat "$log"; fail "the older program failed after the upgrade"
fi
echo "ok: $first ran on through the upgrade, said 0.2.0 was installed, opened Revenue and quit cleanly"
said=$(as_desk pos-backoffice --version)
[ "$said" = "pos-backoffice 0.2.0" ] || fail "after the upgrade, --version says '$said'"
starts_and_logs upgraded "payment journal $journal: 1 confirmed" \
    "the newer version did not read the older's journal" --journal "$journal"
echo "ok: $first upgraded to 0.2.0; the payment is still in the journal"

say "9. 0.3.0, which needs a Debian package the desk lacks (bc, here)"
in_desk dpkg-query -W bc >/dev/null 2>&1 && fail "the desk already has bc"
publish 0.3.0 bc
desk_step apt-kept "apt-get upgrade failed" sh -ec "apt-get update && apt-get upgrade"
grep -A1 "kept back" "$desk/tmp/apt-kept.log" | grep -q pos-backoffice ||
    { cat "$desk/tmp/apt-kept.log"; fail "apt-get upgrade did not say it kept 0.3.0 back"; }
[ "$(installed_version)" = 0.2.0 ] || fail "apt-get upgrade installed $(installed_version)"
desk_step apt-install "apt-get install pos-backoffice failed" apt-get install pos-backoffice
[ "$(installed_version)" = 0.3.0 ] || fail "apt-get install pos-backoffice left $(installed_version)"
in_desk dpkg-query -W bc >/dev/null || fail "0.3.0 came without bc"
echo "ok: apt-get upgrade kept 0.3.0 back; apt-get install pos-backoffice took it, and bc with it"

say "10. 0.4.0, taken by unattended-upgrades with the store's origin (README)"
in_desk apt-get install -qq --no-install-recommends unattended-upgrades >/dev/null
pattern=$(grep -o 'Unattended-Upgrade::Origins-Pattern { .* };' "$root$pos/README.md")
[ -n "$pattern" ] || fail "no Origins-Pattern line in the README"
echo "$pattern" >"$desk/etc/apt/apt.conf.d/51pos-backoffice"
publish 0.4.0
in_desk apt-get update -qq
desk_step unattended "unattended-upgrade failed" unattended-upgrade --verbose
[ "$(installed_version)" = 0.4.0 ] || { cat "$desk/tmp/unattended.log"; fail "unattended-upgrades left $(installed_version)"; }
echo "ok: unattended-upgrades took 0.4.0 from the store's origin"

say "11. back to $first over a journal of a newer format"
# A later version's journal, as a format newer than any of these versions (they share one).
python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version = 99'); c.commit(); c.close()" \
    "$desk$journal"
before=$(sha256sum <"$desk$journal")
desk_step apt-downgrade "apt-get could not go back to $first" \
    apt-get install --allow-downgrades "pos-backoffice=$first"
[ "$(installed_version)" = "$first" ] || fail "the downgrade left $(installed_version)"
starts_and_logs downgraded "payment journal $journal records nothing (too_new)" \
    "$first did not say the journal is newer" --journal "$journal"
[ "$(sha256sum <"$desk$journal")" = "$before" ] || fail "$first changed the newer journal"
echo "ok: $first says the journal is of a newer version, and left it as it was"

say "12. purged: nothing of it left outside the user's folders"
mapfile -t files < <(in_desk dpkg-query -L pos-backoffice)
in_desk apt-get purge -qq pos-backoffice >/dev/null
left=""
for path in "${files[@]}"; do
    # Folders other packages share (/usr/share/icons/hicolor/48x48/apps…) stay, as they should.
    { [ -e "$desk$path" ] || [ -L "$desk$path" ]; } && [ ! -d "$desk$path" ] && left="$left $path"
    [ -d "$desk$path" ] && [[ "$path" == *pos-backoffice* ]] && left="$left $path"
done
# The repository's own list and key stay: IT added them, and removes them.
named=$(cd "$desk" && find . -xdev \( -path ./proc -o -path ./sys -o -path ./dev -o -path ./home \
    -o -path ./root -o -path ./tmp -o -path ./var/log -o -path ./var/cache/apt -o -path ./var/lib/apt/lists \
    -o -path ./etc/apt \) -prune -o \( -iname '*pos-backoffice*' -o -iname '*posbackoffice*' \) -print)
[ -z "$left$named" ] || fail "left behind:$left $named"
[ -f "$desk$journal" ] || fail "the purge took the user's journal"
echo "ok: ${#files[@]} paths installed, none left; the user's journal stays in their folder"
