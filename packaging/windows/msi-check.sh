#!/usr/bin/env bash
# `make msi-check`: the MSI as a store's IT uses it, under Wine on Xvfb (what Wine cannot judge:
# docs/windows.md's checklist for a real desk). With a certificate made for the check:
#   1. `make msi` twice: the two builds of one commit hold the same files and tables, and every
#      signature (the programs', the MSI's) verifies against the certificate;
#   2. a newer version: the same folder stamped with the next patch version, packed and signed
#      (as fresh-check's newer .deb versions are);
#   3. a silent install (msiexec /i … /qn) in a fresh Wine prefix: the files in Program Files,
#      `current`, the Start-menu entry, the uninstall entry with the version;
#   4. the desk against a sandbox whose address Group Policy set (the registry's Policies key): a
#      value there that does not read named by --check-connection and at start; signed in and a
#      payment recorded by keyboard; Settings showing the policies' values greyed (looked at);
#   5. the newer MSI installed silently while it runs: the desk goes on and says the newer
#      version is in; closed, the launcher runs the newer one;
#   6. removed silently: nothing left of the program, the person's journal and settings kept.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=packaging/windows
version=${1:?usage: msi-check.sh VERSION}
# The next patch version (Windows Installer compares three numbers: 0.1.0.1 would be 0.1.0).
newer=$(echo "${version%%[~+]*}" | awk -F. -v OFS=. '{ $3 = $3 + 1; print $1, $2, $3 }')
work=$PWD/build/msi-check
started=$(date +%s)
. packaging/debian-packages.sh
debian_packages msi-check wine wine64 xvfb openbox xdotool imagemagick wixl msitools osslsigncode openssl
fail() { echo "FAIL: $*" >&2; exit 1; }
say() { echo; echo "== $*"; }
seconds() { echo "$(($(date +%s) - $1)) s"; }
rm -rf "$work" && mkdir -p "$work"

say "1. make msi twice, signed with a certificate made for the check"
step=$(date +%s)
(umask 077 && head -c 24 /dev/urandom | base64 >"$work/password")
openssl req -x509 -newkey rsa:3072 -sha256 -days 2 -nodes -subj "/CN=POS Back-Office check" \
    -addext "extendedKeyUsage=codeSigning" -keyout "$work/key.pem" -out "$work/certificate.pem" 2>/dev/null
openssl pkcs12 -export -inkey "$work/key.pem" -in "$work/certificate.pem" \
    -passout "file:$work/password" -out "$work/signing.pfx"
export MSI_SIGNING_PFX=$work/signing.pfx MSI_SIGNING_PASSWORD_FILE=$work/password
msi=dist/pos-backoffice-$version-x64.msi
$here/msi.sh "$version" >"$work/build-1.log" 2>&1 || { tail -n 30 "$work/build-1.log"; fail "make msi failed"; }
mv "$msi" "$work/first.msi"
$here/msi.sh "$version" >"$work/build-2.log" 2>&1 || { tail -n 30 "$work/build-2.log"; fail "make msi failed again"; }
.venv/bin/python $here/make_msi.py compare "$work/first.msi" "$msi" "$work/compare" ||
    fail "two builds of one commit differ"
for signed in "$msi" dist/windows/pos-backoffice/pos-backoffice.exe dist/windows/pos-backoffice/pos-backoffice.com; do
    osslsigncode verify -CAfile "$work/certificate.pem" -in "$signed" >"$work/verify.log" 2>&1 ||
        { cat "$work/verify.log"; fail "$signed: its signature does not verify"; }
done
for file in pos-backoffice.admx en-US/pos-backoffice.adml pt-BR/pos-backoffice.adml; do
    [ -f "dist/pos-backoffice-$version-PolicyDefinitions/$file" ] || fail "no $file beside the MSI"
done
size=$(stat -c %s "$msi")
echo "ok: reproducible, every signature verifies; $(grep -o 'holds [0-9]* MiB' "$work/build-2.log"), the MSI" \
    "$((size / 1048576)) MiB ($size bytes), in $(seconds "$step")"

say "2. version $newer: the same folder stamped $newer, packed and signed"
echo "$newer" >dist/windows/pos-backoffice/_internal/desktop_app/VERSION
.venv/bin/python $here/make_msi.py build dist/windows/pos-backoffice "$newer" "$work" "$work/newer" \
    >"$work/build-newer.log" 2>&1 || { cat "$work/build-newer.log"; fail "the newer MSI was not made"; }
cp "$msi" "$work/older.msi"
echo "ok: $(tail -n 1 "$work/build-newer.log")"

say "3. installed silently in a fresh Wine prefix"
step=$(date +%s)
# A display of its own (Xvfb takes a free number and says which), for every Wine process from
# the first: Wine's desktop is made by the first, and with no display nothing is ever shown.
Xvfb -displayfd 3 -screen 0 1366x768x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
xvfb=$!
service=
trap 'kill $service $xvfb 2>/dev/null; wineserver -k 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
display=:$(head -n 1 "$work/display")
[ "$display" != : ] || fail "Xvfb did not start"
export DISPLAY=$display
openbox >/dev/null 2>&1 &
# shellcheck source=packaging/windows/wine.sh
. $here/wine.sh
make_wine_prefix "$work/prefix" .venv-windows-package/stand-ins # with Wine 8's gaps filled
drive=$WINEPREFIX/drive_c
top="$drive/Program Files/POS Back-Office"
msiexec() { wine msiexec "$@" </dev/null 2>&1 | cat; return "${PIPESTATUS[0]}"; }
uninstall_entry() { wine reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall' /s \
    </dev/null 2>/dev/null | tr -d '\r' | grep -A20 "DisplayName.*POS Back-Office" || true; }
msiexec /i "$(windows_path "$work/older.msi")" /qn || fail "msiexec /i ended with $?"
[ -f "$top/versions/$version/pos-backoffice.exe" ] || fail "no program in $top/versions/$version"
[ "$(tr -d '\r\n' <"$top/current")" = "$version" ] || fail "current does not name $version"
find "$drive" -name "POS Back-Office.lnk" | grep -q . || fail "no Start-menu entry"
uninstall_entry | grep -q "DisplayVersion.*$version" || fail "no uninstall entry of $version"
# numpy pointed at the test prefix's math stand-in, in the installed copy only (README beside).
.venv/bin/python $here/test-prefix/stand_ins.py point "$top/versions/$version"
echo "ok: $(find "$top" -type f | wc -l) files, current $version, the Start-menu and uninstall" \
    "entries, in $(seconds "$step")"

say "4. the desk against a sandbox named by Group Policy: signed in and a payment recorded by keyboard"
port=$(.venv/bin/python -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
.venv/bin/python -m desktop_app.sandbox serve --db "$work/service.sqlite3" --port "$port" \
    >"$work/service.log" 2>&1 &
service=$!
for _ in $(seq 100); do grep -q "Uvicorn running" "$work/service.log" && break; sleep 0.1; done
profile=$drive/users/$(whoami) # Wine names the Windows user after the Unix one
log=$profile/AppData/Local/pos-backoffice/Logs/pos-backoffice.log
# IT's settings as Group Policy writes them (the template's keys and types): the service's
# address, which the desk is given nowhere else (it reaches the sandbox only through the
# policy), an idle lock, and a time-out that does not read.
policies='HKLM\Software\Policies\POS Back-Office\pos-backoffice'
policy() { wine reg add "$policies\\$1" /v "$2" /t "$3" /d "$4" /f </dev/null >/dev/null 2>&1 ||
    fail "the policy $1\\$2 was not written"; }
policy service url REG_SZ "http://127.0.0.1:$port"
policy session idle_lock_minutes REG_DWORD 30
policy service timeout REG_SZ soon
wrong="$policies\\service, timeout: it is not a number."
set +e # its exit status is what is checked
wine cmd /c "C:\\Program Files\\POS Back-Office\\pos-backoffice.cmd" --check-connection --lang en_US \
    </dev/null 2>&1 | tr -d '\r' >"$work/check-connection.txt"
status=${PIPESTATUS[0]}
set -e
grep -qF -- "$wrong" "$work/check-connection.txt" && [ "$status" = 1 ] ||
    { cat "$work/check-connection.txt"; fail "--check-connection (exit $status) does not name the policy value that does not read"; }
echo "ok: --check-connection at a prompt names it and exits 1: $wrong"
DISPLAY=$display wine "C:\\Program Files\\POS Back-Office\\versions\\$version\\pos-backoffice.exe" \
    --lang en_US --log-level INFO </dev/null 2>&1 | cat >"$work/desk.log" &
wait_in_log() { # $1: pattern, $2: how many lines must match, $3: what is awaited
    for _ in $(seq 900); do
        count=$(grep -c -- "$1" "$log" 2>/dev/null || true)
        [ "${count:-0}" -ge "$2" ] && return 0
        sleep 0.1
    done
    tail -n 40 "$log" 2>/dev/null; fail "$3 did not come within 90 s"
}
key() { DISPLAY=$display xdotool "$@"; }
# The visible window whose title matches $1, once it shows. Asked again each 0.2 s, not with
# --sync: Wine makes and destroys windows as a program starts, and a search that meets one being
# destroyed ends at once, with nothing.
window_named() {
    local id
    for _ in $(seq 450); do
        id=$(DISPLAY=$display xdotool search --onlyvisible --limit 1 --name "$1" 2>/dev/null || true)
        [ -n "$id" ] && { echo "$id"; return 0; }
        sleep 0.2
    done
    return 1
}
wait_in_log "the main window is up" 1 "the main window"
main_window=$(window_named "^POS Back-Office$") || fail "no main window"
said=$(window_named "^Settings set by your administrator$") || fail "no word at start of the policy value that does not read"
grep -qF -- "$wrong" "$log" || fail "the log does not name the policy value that does not read"
key windowactivate --sync "$said" # (its text painted by then: the shot is looked at)
import -display "$display" -window root "$work/policy-said.png"
key key Return # read: the box goes
key windowactivate --sync "$main_window"
key key Return # the page's Sign in button, which has the focus at start
window_named "^Sign in$" >/dev/null || fail "no sign-in from the start page"
key type --delay 20 cashier
key key Tab
key type --delay 20 cashier
key key Return
wait_in_log "showing [0-9]* orders" 1 "the orders list"
order=$(.venv/bin/python - "$work/service.sqlite3" <<'EOF'
import sqlite3, sys
with sqlite3.connect(sys.argv[1]) as db:
    print(db.execute("SELECT order_id FROM orders WHERE store_id = (SELECT min(id) FROM stores)"
                     " AND amount_paid_cents = 0 ORDER BY order_id LIMIT 1").fetchone()[0])
EOF
)
key windowactivate --sync "$main_window"
# shellcheck source=packaging/payment-by-keys.sh
. packaging/payment-by-keys.sh
payment_by_keys "$order" "$log"
paid=$(.venv/bin/python -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(
    'SELECT amount_paid_cents = amount_cents FROM orders WHERE order_id = ?', (int(sys.argv[2]),)).fetchone()[0])" \
    "$work/service.sqlite3" "$order")
[ "$paid" = 1 ] || fail "the service does not have order $order paid"
import -display "$display" -window root "$work/payment.png"
key windowactivate --sync "$main_window"
key key ctrl+comma # File ▸ Settings: what the policies set, greyed (policy-greyed.png, looked at)
settings=$(window_named "^Settings$") || fail "no Settings window"
import -display "$display" -window root "$work/policy-greyed.png"
key windowactivate --sync "$settings"
key key Escape
echo "ok: the service's address from the policy alone; the wrong value said at start; signed in," \
    "order $order paid by keyboard (the service has it); Settings in $work/policy-greyed.png; the desk left open"

say "5. $newer installed silently while $version runs"
step=$(date +%s)
running() { pgrep -f "versions.$version.pos-backoffice.exe" >/dev/null; }
running || fail "the desk is not running"
status=0
msiexec /i "$(windows_path "$work/pos-backoffice-$newer-x64.msi")" /qn || status=$?
case $status in
    0 | 3010) ;; # 3010: what the older version still holds goes at the next restart
    *) fail "msiexec /i of $newer ended with $status" ;;
esac
running || fail "the running $version ended during the upgrade"
[ "$(tr -d '\r\n' <"$top/current")" = "$newer" ] || fail "current does not name $newer"
wait_in_log "version $newer was installed" 1 "the running $version's word that $newer is in"
import -display "$display" -window root "$work/upgraded.png"
key windowactivate --sync "$main_window"
key key alt+F4
for _ in $(seq 300); do running || break; sleep 0.1; done
running && fail "the desk did not close"
said=$(wine cmd /c "C:\\Program Files\\POS Back-Office\\pos-backoffice.cmd" --version </dev/null 2>&1 | tr -d '\r')
[ "$said" = "pos-backoffice $newer" ] || fail "the launcher says '$said', not $newer"
uninstall_entry | grep -q "DisplayVersion.*$newer" || fail "no uninstall entry of $newer"
[ "$(uninstall_entry | grep -c 'DisplayName.*POS Back-Office')" = 1 ] || fail "two uninstall entries"
echo "ok: exit status $status, the desk went on and said $newer is in; closed, '$said'," \
    "one uninstall entry, in $(seconds "$step")"

say "6. removed silently: the person's data stays"
journal=$(find "$profile/AppData/Local/pos-backoffice" -name "journal.sqlite3" | head -n 1)
[ -n "$journal" ] || fail "no journal before the removal"
msiexec /x "$(windows_path "$work/pos-backoffice-$newer-x64.msi")" /qn || fail "msiexec /x ended with $?"
left=$(find "$top" -type f 2>/dev/null | grep -v "/versions/$version/" || true)
[ -z "$left" ] || fail "left behind: $left"
find "$drive" -name "POS Back-Office.lnk" | grep -q . && fail "the Start-menu entry stayed"
[ -z "$(uninstall_entry)" ] || fail "the uninstall entry stayed"
[ -f "$journal" ] || fail "the removal took the person's journal"
wine reg query 'HKCU\Software\POS Back-Office\pos-backoffice' </dev/null >/dev/null 2>&1 ||
    fail "the removal took the person's settings"
held=$(find "$top/versions/$version" -type f 2>/dev/null | wc -l)
# The files the older version held as it ran: Windows deletes them at the next restart (the
# real-desk checklist); Wine's installer leaves them.
echo "ok: nothing of the program left$( [ "$held" -gt 0 ] && echo " but the $held files $version held as it ran, which Windows deletes at the next restart and Wine leaves"); the journal and the settings kept"
echo
echo "msi-check: passed in $(seconds "$started")."
