# Part of `make fresh-check` (sourced by fresh-check-deb.sh once the package is built in the
# newcomer's Debian 12 root): the store's apt repository, made there with `make apt-repo` and
# served over HTTP, and for each release a desk that takes every version from it, as the README
# tells IT:
#   6. the store's signing key made behind a passphrase given in a file (refused with none and no
#      terminal); then, per desk: a bare root of that release, its apt asked what the package's
#      Depends resolve to (--simulate: the names met only by another package's Provides listed),
#      added to the repository with IT's own steps (README), refused without the store's key, the
#      newest version installed from it and started;
#   7. a payment recorded by keyboard (Xvfb, openbox), the app left open;
#   8. a newer version published, taken by `apt-get upgrade` while the app runs: the running
#      version goes on and says a restart brings the newer, which reads its journal ("1 confirmed");
#   9. a version that needs a Debian package the desk lacks: `apt-get upgrade` keeps it back,
#      `apt-get install pos-backoffice` takes it with that package;
#  10. one more, taken by unattended-upgrades with the README's origin;
#  11. back to the first version over a journal of a newer format: the program says so and
#      leaves it alone;
#  12. purged: nothing of the package left.
# Needs from its caller: $root (the Debian 12 root), $pos (the project in it), $dist, $first (the
# version built), $releases, and say, fail, step_time, new_root, remove_root, pids_in_root,
# free_port.
# shellcheck shell=bash

in_desk() { chroot "$desk" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
# The person at the desk: not root, the journal and the log in their own folders.
as_desk() { chroot --userspec=1000:1000 "$desk" /usr/bin/env -i PATH=/usr/bin:/bin \
    HOME=/home/desk LANG=C.UTF-8 "$@"; }
installed_version() { in_desk dpkg-query -W -f='${Version}' pos-backoffice; }
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

# The versions published after the first: 0.2.0, 0.3.0… (one more minor number each time).
IFS=. read -r major minor _ <<<"$first"
newest=$first
next_version() { minor=$((minor + 1)); next=$major.$minor.0; }

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
    newest=$version
    echo "published $version: $(grep -c '^Package:' "$dist/apt/dists/stable/main/binary-amd64/Packages") version(s) in the repository"
}

say "6. the store's repository: its signing key behind a passphrase, served over HTTP"
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
# The repository as a web server the desks reach would serve it.
port=$(free_port python3)
in_root setsid python3 -m http.server --bind 127.0.0.1 --directory "$pos/dist/apt" "$port" \
    >"$root/tmp/repo-server.log" 2>&1 &
for _ in $(seq 100); do grep -q "Serving HTTP" "$root/tmp/repo-server.log" && break; sleep 0.1; done
url=http://127.0.0.1:$port
echo "ok: the key is kept behind its passphrase; the repository is served at $url"

desk="" # the desk being checked
# The whole life of the package on a bare desk of Debian $1, from the repository as it is now
# (its newest version first), on X display $2.
desk_checks() {
    local release=$1 display=$2 start simulated provided name it_steps path said journal log \
        main_window app running before files left named pattern
    say "Debian $release · 6. a desk: a bare root, added to the store's repository with IT's steps (README)"
    start=$(date +%s)
    new_root desk "$release"
    # IT answers apt's "Do you want to continue?"; here its configuration does.
    echo 'APT::Get::Assume-Yes "true";' >"$desk/etc/apt/apt.conf.d/90fresh-check-yes"
    in_desk useradd --create-home --uid 1000 desk
    # First, what the package's Depends (written on Debian 12) resolve to on this release.
    cp "$dist/pos-backoffice_${first}_amd64.deb" "$desk/tmp/"
    in_desk apt-get update -qq
    desk_step simulate "the package's Depends do not resolve on Debian $release" \
        apt-get install --simulate --no-install-recommends "/tmp/pos-backoffice_${first}_amd64.deb"
    simulated=$(grep -c '^Inst ' "$desk/tmp/simulate.log")
    # Each Depends with no package of its name here, met by another's Provides (Debian 13's
    # 64-bit time renames: libglib2.0-0 by libglib2.0-0t64…).
    provided=""
    for name in $(dpkg-deb --field "$desk/tmp/pos-backoffice_${first}_amd64.deb" Depends |
        tr ',|' '\n\n' | awk '{ print $1 }'); do
        case $(in_desk apt-cache policy "$name" | awk '/Candidate:/ { print $2 }') in
            "" | "(none)") ;;
            *) continue ;;
        esac
        provided="$provided $name (by $(in_desk apt-cache showpkg "$name" |
                awk '/^Reverse Provides:/ { found = 1; next } found && NF { print $1; exit }'))"
    done
    echo "ok: the Depends resolve: $simulated packages to install;" \
        "met only by a Provides:${provided:- none}"
    rm "$desk/tmp/pos-backoffice_${first}_amd64.deb"
    # Without the store's key the repository is refused: nothing of it can be installed.
    echo "deb $url stable main" >"$desk/etc/apt/sources.list.d/pos-backoffice.list"
    if in_desk apt-get update >"$desk/tmp/apt-unsigned.log" 2>&1; then
        cat "$desk/tmp/apt-unsigned.log"; fail "apt took the repository without the store's key"
    fi
    # Debian 12's apt says NO_PUBKEY (gpgv), Debian 13's "Missing key" (sqv).
    grep -qE "NO_PUBKEY|Missing key" "$desk/tmp/apt-unsigned.log" ||
        { cat "$desk/tmp/apt-unsigned.log"; fail "apt did not refuse the repository for its key"; }
    rm "$desk/etc/apt/sources.list.d/pos-backoffice.list"
    # IT's steps, as the README writes them, with this repository's address.
    it_steps=$(awk '/^\*\*On each desk, once\*\*/ { found = 1 }
        found && /^```sh$/ { block = 1; next } block && /^```$/ { exit } block { print }' "$root$pos/README.md")
    [[ "$it_steps" == *"signed-by=/etc/apt/keyrings/"* ]] || fail "no IT steps with a signed-by keyring in the README"
    desk_step apt-first "IT's steps from the README failed" sh -ec "${it_steps//https:\/\/repo.loja.example/$url}"
    [ "$(installed_version)" = "$newest" ] || fail "$(installed_version) installed, not $newest"
    running=$newest
    for path in "${installed[@]}"; do
        # -L as well: /usr/bin/pos-backoffice links to /opt, which from outside the root leads nowhere.
        [ -e "$desk$path" ] || [ -L "$desk$path" ] || fail "$path was not installed"
    done
    # The example must never be where it takes effect.
    [ ! -e "$desk/etc/xdg/POS Back-Office" ] || fail "the package wrote IT's settings file"
    echo "ok: refused without the store's key; with IT's steps, $running installed from the repository" \
        "with its dependencies in $(step_time "$start") ($(grep -o '[0-9.,]* [kMG]B of additional disk space' \
        "$desk/tmp/apt-first.log" | tail -n 1 || true) used)"

    said=$(as_desk pos-backoffice --version)
    [ "$said" = "pos-backoffice $running" ] || fail "--version says '$said', not $running"
    starts_and_logs first-start "showing [0-9]* orders" "the installed program showed no orders"
    echo "ok: '$said'; started offscreen in training mode, showed the orders and quit"

    say "Debian $release · 7. a payment recorded by keyboard (Xvfb, openbox), the journal in the user's folder"
    in_desk apt-get install -qq --no-install-recommends xvfb openbox xdotool >/dev/null
    journal=/home/desk/.local/share/pos-backoffice/journal.sqlite3
    log=$desk/tmp/payment.log
    as_desk Xvfb "$display" -screen 0 1366x768x24 -nolisten tcp >/dev/null 2>&1 &
    for _ in $(seq 100); do [ -e "$desk/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
    as_desk DISPLAY="$display" openbox >/dev/null 2>&1 &
    as_desk DISPLAY="$display" pos-backoffice --training --journal "$journal" --lang en_US \
        --log-level INFO 2>"$log" &
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
    key() { as_desk DISPLAY="$display" xdotool "$@"; }
    window_named() { # the id of the visible window whose title matches $1, once it shows
        timeout 60 chroot --userspec=1000:1000 "$desk" /usr/bin/env -i PATH=/usr/bin:/bin \
            HOME=/home/desk DISPLAY="$display" xdotool search --sync --onlyvisible --name "$1" | head -n 1
    }
    wait_in_log "showing [0-9]* orders" 1 "the orders list"
    main_window=$(window_named "^POS Back-Office$") || { cat "$log"; fail "no main window on the display"; }
    key windowactivate --sync "$main_window"
    # The demo data's first unpaid order in the first store (the seed is fixed): R$661.38.
    payment_by_keys 100003 "$log"
    app=$(pids_in_root "pos-backoffice --training --journal" "$desk" | head -n 1)
    [ -f "$desk$journal" ] || fail "no journal at $journal"
    echo "ok: a payment of order 100003 recorded by keyboard, kept in $journal; the app stays open"

    next_version
    say "Debian $release · 8. $next published, taken by apt-get upgrade while $running runs"
    publish "$next"
    desk_step apt-upgrade "apt-get upgrade failed" sh -ec "apt-get update && apt-get upgrade"
    [ "$(installed_version)" = "$next" ] || { tail -n 30 "$desk/tmp/apt-upgrade.log"; fail "apt-get upgrade left $(installed_version)"; }
    kill -0 "$app" 2>/dev/null || { cat "$log"; fail "the running $running ended during the upgrade"; }
    # It is told (a line over its window, and its log): a restart brings the newer version.
    wait_in_log "version $next was installed" 1 "the running $running's word that $next was installed"
    # The older program opens a window it had not loaded yet: Revenue (its module, Qt Charts and
    # the chart's libraries come from the files of the version it started from).
    key windowactivate --sync "$main_window"
    key key alt+l
    key key r
    window_named "^Revenue$" >/dev/null || { cat "$log"; fail "the running $running could not open Revenue after the upgrade"; }
    key key Escape
    key windowactivate --sync "$main_window"
    key key ctrl+q
    for _ in $(seq 100); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$app" 2>/dev/null && { cat "$log"; fail "the older program did not quit"; }
    if grep -qE "Traceback|Error calling Python|ImportError|cannot open shared object" "$log"; then
        cat "$log"; fail "the older program failed after the upgrade"
    fi
    echo "ok: $running ran on through the upgrade, said $next was installed, opened Revenue and quit cleanly"
    said=$(as_desk pos-backoffice --version)
    [ "$said" = "pos-backoffice $next" ] || fail "after the upgrade, --version says '$said'"
    starts_and_logs upgraded "payment journal $journal: 1 confirmed" \
        "the newer version did not read the older's journal" --journal "$journal"
    echo "ok: $running upgraded to $next; the payment is still in the journal"
    running=$next

    next_version
    say "Debian $release · 9. $next, which needs a Debian package the desk lacks (bc, here)"
    in_desk dpkg-query -W bc >/dev/null 2>&1 && fail "the desk already has bc"
    publish "$next" bc
    desk_step apt-kept "apt-get upgrade failed" sh -ec "apt-get update && apt-get upgrade"
    grep -A1 "kept back" "$desk/tmp/apt-kept.log" | grep -q pos-backoffice ||
        { cat "$desk/tmp/apt-kept.log"; fail "apt-get upgrade did not say it kept $next back"; }
    [ "$(installed_version)" = "$running" ] || fail "apt-get upgrade installed $(installed_version)"
    desk_step apt-install "apt-get install pos-backoffice failed" apt-get install pos-backoffice
    [ "$(installed_version)" = "$next" ] || fail "apt-get install pos-backoffice left $(installed_version)"
    in_desk dpkg-query -W bc >/dev/null || fail "$next came without bc"
    echo "ok: apt-get upgrade kept $next back; apt-get install pos-backoffice took it, and bc with it"

    next_version
    say "Debian $release · 10. $next, taken by unattended-upgrades with the store's origin (README)"
    in_desk apt-get install -qq --no-install-recommends unattended-upgrades >/dev/null
    pattern=$(grep -o 'Unattended-Upgrade::Origins-Pattern { .* };' "$root$pos/README.md")
    [ -n "$pattern" ] || fail "no Origins-Pattern line in the README"
    echo "$pattern" >"$desk/etc/apt/apt.conf.d/51pos-backoffice"
    publish "$next"
    in_desk apt-get update -qq
    desk_step unattended "unattended-upgrade failed" unattended-upgrade --verbose
    [ "$(installed_version)" = "$next" ] || { cat "$desk/tmp/unattended.log"; fail "unattended-upgrades left $(installed_version)"; }
    echo "ok: unattended-upgrades took $next from the store's origin"

    say "Debian $release · 11. back to $first over a journal of a newer format"
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

    say "Debian $release · 12. purged: nothing of it left outside the user's folders"
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
    # Its display, its apps and its place on the disk go before the next desk's.
    remove_root "$desk"
}

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
# shellcheck source=packaging/payment-by-keys.sh
. packaging/payment-by-keys.sh
display_number=77
for number in "${releases[@]}"; do
    desk_checks "$number" ":$display_number"
    display_number=$((display_number + 1))
done
