# Part of `make fresh-check` (sourced by fresh-check.sh, which owns the roots and their clean-up):
# the Debian package, built with `make deb` in the newcomer's root ($root), installed with apt on
# a bare Debian 12 root ($desk), started, upgraded with a payment in its journal, and purged.
# shellcheck shell=bash

say "5. make deb, an older and a newer version (the newer twice: the same files), lintian-gated"
newer=$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
older=0.0.1
start=$(date +%s)
in_root bash -c "cd /root/pos && make deb VERSION=$older >/root/deb-older.log 2>&1" ||
    { tail -n 30 "$root/root/deb-older.log"; echo "FAIL: make deb VERSION=$older" >&2; exit 1; }
dist=$root/root/pos/dist
# The files of a built package, each with its sha256 (what two builds of one commit must share).
package_files() {
    rm -rf "$root/tmp/unpacked" && mkdir "$root/tmp/unpacked"
    dpkg-deb -x "$dist/pos-backoffice_${newer}_amd64.deb" "$root/tmp/unpacked"
    (cd "$root/tmp/unpacked" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
}
for build in first second; do
    in_root bash -c "cd /root/pos && make deb >/root/deb-newer.log 2>&1" ||
        { tail -n 30 "$root/root/deb-newer.log"; echo "FAIL: make deb" >&2; exit 1; }
    package_files >"$root/tmp/files-$build"
done
grep -A3 "^lintian:" "$root/root/deb-newer.log"
for version in "$older" "$newer"; do
    [ -f "$dist/pos-backoffice_${version}_amd64.deb" ] ||
        { echo "FAIL: no dist/pos-backoffice_${version}_amd64.deb" >&2; exit 1; }
done
diff "$root/tmp/files-first" "$root/tmp/files-second" >&2 ||
    { echo "FAIL: two builds of one commit gave different files" >&2; exit 1; }
git -C "$root/root/pos" status --porcelain | grep . && { echo "FAIL: the builds changed the tree" >&2; exit 1; }
echo "ok: built in $(step_time "$start"), lintian clean; the newer twice, the same $(wc -l <"$root/tmp/files-first") files;" \
    "the tree as it was; the folder $(du -sh "$dist/pos-backoffice" | cut -f1), the .deb $(du -h "$dist/pos-backoffice_${newer}_amd64.deb" | cut -f1)"

say "6. a desk: a bare Debian 12 root, the older package installed with apt-get"
start=$(date +%s)
mmdebstrap --quiet --variant=minbase bookworm "$desk" "$mirror"
prepare_root "$desk"
cp "$dist/pos-backoffice_${older}_amd64.deb" "$dist/pos-backoffice_${newer}_amd64.deb" "$desk/tmp/"
in_desk() { chroot "$desk" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
# The person at the desk: not root, the journal and the log in their own folders.
in_desk useradd --create-home --uid 1000 desk
as_desk() { chroot --userspec=1000:1000 "$desk" /usr/bin/env -i PATH=/usr/bin:/bin \
    HOME=/home/desk LANG=C.UTF-8 "$@"; }
in_desk apt-get update -qq
in_desk apt-get install -y -qq "/tmp/pos-backoffice_${older}_amd64.deb" >"$desk/tmp/apt-older.log" 2>&1 ||
    { tail -n 30 "$desk/tmp/apt-older.log"; echo "FAIL: apt-get could not install the .deb" >&2; exit 1; }
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
    [ -e "$desk$path" ] || [ -L "$desk$path" ] || { echo "FAIL: $path was not installed" >&2; exit 1; }
done
# The example must never be where it takes effect.
[ ! -e "$desk/etc/xdg/POS Back-Office" ] || { echo "FAIL: the package wrote IT's settings file" >&2; exit 1; }
echo "ok: installed with its dependencies in $(step_time "$start")" \
    "($(in_desk dpkg-query -W -f='${Version}' pos-backoffice))"

said=$(as_desk pos-backoffice --version)
[ "$said" = "pos-backoffice $older" ] || { echo "FAIL: --version says '$said', not $older" >&2; exit 1; }
as_desk QT_QPA_PLATFORM=offscreen timeout 120 pos-backoffice --training --quit-after-start \
    --log-level INFO 2>"$desk/tmp/first-start.log" ||
    { cat "$desk/tmp/first-start.log"; echo "FAIL: the installed program did not start" >&2; exit 1; }
grep -q "showing [0-9]* orders" "$desk/tmp/first-start.log" ||
    { cat "$desk/tmp/first-start.log"; echo "FAIL: the installed program showed no orders" >&2; exit 1; }
echo "ok: '$said'; started offscreen in training mode, showed the orders and quit"

say "7. a payment recorded by keyboard (Xvfb, openbox), the journal in the user's folder"
in_desk apt-get install -y -qq --no-install-recommends xvfb openbox xdotool >/dev/null
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
    echo "FAIL: $3 did not come within 60 s" >&2
    exit 1
}
key() { as_desk DISPLAY=:77 xdotool "$@"; }
window_named() { # the id of the visible window whose title matches $1, once it shows
    timeout 60 chroot --userspec=1000:1000 "$desk" /usr/bin/env -i PATH=/usr/bin:/bin \
        HOME=/home/desk DISPLAY=:77 xdotool search --sync --onlyvisible --name "$1" | head -n 1
}
wait_in_log "showing [0-9]* orders" 1 "the orders list"
main_window=$(window_named "^POS Back-Office$") ||
    { cat "$log"; echo "FAIL: no main window on the display" >&2; exit 1; }
key windowactivate --sync "$main_window"
# The demo data's first unpaid order in the first store (the seed is fixed): R$661.38.
key key ctrl+f
key type 100003
key key F8
window_named "^Record payment — order 100003$" >/dev/null ||
    { cat "$log"; echo "FAIL: F8 did not open the payment form" >&2; exit 1; }
reads=$(grep -c "orders-payment/payments" "$log" || true)
key type 4242
key key Tab
key type 778899
key key Tab
key type AB12CD
key key alt+b
key type V
key key Return
wait_in_log "orders-payment/payments" $((reads + 1)) "the duplicate check"
sleep 0.5 # the review page is drawn after that read's answer, in the same turn of the loop
key key Return
wait_in_log "payment .* confirmed by the service" 1 "the service's confirmation"
app=$(pids_in_root "pos-backoffice --training --journal" "$desk" | head -n 1)
[ -f "$desk$journal" ] || { echo "FAIL: no journal at $journal" >&2; exit 1; }
echo "ok: a payment of order 100003 recorded by keyboard, kept in $journal; the app stays open"

say "8. the newer package installed while the older runs; the older goes on, the newer reads its journal"
in_desk apt-get install -y -qq "/tmp/pos-backoffice_${newer}_amd64.deb" >"$desk/tmp/apt-newer.log" 2>&1 ||
    { tail -n 30 "$desk/tmp/apt-newer.log"; echo "FAIL: the newer .deb did not install over the older" >&2; exit 1; }
version=$(in_desk dpkg-query -W -f='${Version}' pos-backoffice)
[ "$version" = "$newer" ] || { echo "FAIL: $version installed, not $newer" >&2; exit 1; }
kill -0 "$app" 2>/dev/null || { cat "$log"; echo "FAIL: the running $older ended during the upgrade" >&2; exit 1; }
# The older program opens a window it had not loaded yet: Revenue (its module, Qt Charts and
# the chart's libraries come from the files of the version it started from).
key windowactivate --sync "$main_window"
key key alt+l
key key r
window_named "^Revenue$" >/dev/null ||
    { cat "$log"; echo "FAIL: the running $older could not open Revenue after the upgrade" >&2; exit 1; }
key key Escape
key windowactivate --sync "$main_window"
key key ctrl+q
for _ in $(seq 100); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$app" 2>/dev/null; then cat "$log"; echo "FAIL: the older program did not quit" >&2; exit 1; fi
if grep -qE "Traceback|Error calling Python|ImportError|cannot open shared object" "$log"; then
    cat "$log"; echo "FAIL: the older program failed after the upgrade" >&2; exit 1
fi
echo "ok: $older ran on through the upgrade, opened Revenue and quit cleanly"
said=$(as_desk pos-backoffice --version)
[ "$said" = "pos-backoffice $newer" ] || { echo "FAIL: after the upgrade, --version says '$said'" >&2; exit 1; }
as_desk QT_QPA_PLATFORM=offscreen timeout 120 pos-backoffice --training --quit-after-start \
    --journal "$journal" --log-level INFO 2>"$desk/tmp/upgraded.log" ||
    { cat "$desk/tmp/upgraded.log"; echo "FAIL: the upgraded program did not start" >&2; exit 1; }
grep "payment journal $journal: 1 confirmed" "$desk/tmp/upgraded.log" ||
    { cat "$desk/tmp/upgraded.log"; echo "FAIL: the newer version did not read the older's journal" >&2; exit 1; }
echo "ok: $older upgraded to $newer; the payment is still in the journal"

say "9. purged: nothing of it left outside the user's folders"
mapfile -t files < <(in_desk dpkg-query -L pos-backoffice)
in_desk apt-get purge -y -qq pos-backoffice >/dev/null
left=""
for path in "${files[@]}"; do
    # Folders other packages share (/usr/share/icons/hicolor/48x48/apps…) stay, as they should.
    { [ -e "$desk$path" ] || [ -L "$desk$path" ]; } && [ ! -d "$desk$path" ] && left="$left $path"
    [ -d "$desk$path" ] && [[ "$path" == *pos-backoffice* ]] && left="$left $path"
done
named=$(cd "$desk" && find . -xdev \( -path ./proc -o -path ./sys -o -path ./dev -o -path ./home \
    -o -path ./root -o -path ./tmp -o -path ./var/log -o -path ./var/cache/apt \) -prune -o \
    \( -iname '*pos-backoffice*' -o -iname '*posbackoffice*' \) -print)
[ -z "$left$named" ] || { echo "FAIL: left behind:$left $named" >&2; exit 1; }
[ -f "$desk$journal" ] || { echo "FAIL: the purge took the user's journal" >&2; exit 1; }
echo "ok: ${#files[@]} paths installed, none left; the user's journal stays in their folder"
