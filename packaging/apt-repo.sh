#!/usr/bin/env bash
# `make apt-repo`: a signed apt repository of the packages in dist/ (every version there), for
# a store's desks to take updates from one place (README: "Every desk from one place").
#
#   APT_REPO      where the repository is written (default dist/apt): publish that folder as
#                 it is, on any web server the desks reach (or a shared folder: file:/…)
#   APT_KEY_HOME  the store's signing key (default ~/.local/share/pos-backoffice/repo-key):
#                 made on first use, kept outside the repository and outside this tree
#   APT_KEY_PASSPHRASE_FILE  a file holding the key's passphrase, for a run with no terminal
#                 (a script); in a terminal gpg's agent asks for it, and keeps it a while.
#                 APT_KEY_PASSPHRASE=none makes a key with none (kept in clear: not advised)
#
# The key: Ed25519, for signing only, valid two years (KEY_VALIDITY). The public half goes into
# the repository as pos-backoffice-archive-keyring.gpg, for /etc/apt/keyrings on each desk.
set -euo pipefail
cd "$(dirname "$0")/.."

repo=${APT_REPO:-dist/apt}
key_home=${APT_KEY_HOME:-$HOME/.local/share/pos-backoffice/repo-key}
key_name=${APT_KEY_NAME:-POS Back-Office packages}
key_validity=${KEY_VALIDITY:-2y}
suite=stable
component=main
arch=$(dpkg --print-architecture)

fail() { echo "apt-repo: $*" >&2; exit 1; }

shopt -s nullglob
debs=(dist/pos-backoffice_*_"$arch".deb)
[ ${#debs[@]} -gt 0 ] || fail "no package in dist/: run 'make deb' first (once per version to publish)."
case "$(realpath -m "$key_home")/" in
"$(realpath .)"/*) fail "APT_KEY_HOME ($key_home) is inside this tree: the signing key must live outside it." ;;
esac

export GNUPGHOME=$key_home
mkdir -p "$GNUPGHOME" && chmod 700 "$GNUPGHOME"
fingerprint() {
    gpg --batch --with-colons --list-secret-keys "$key_name" 2>/dev/null |
        awk -F: '$1 == "fpr" { print $10; exit }'
}
# How the passphrase reaches gpg: from a file (a script), from a person through gpg's agent (a
# terminal), or not at all (a key kept in clear, only when asked for by name).
if [ -n "${APT_KEY_PASSPHRASE_FILE:-}" ]; then
    [ -r "$APT_KEY_PASSPHRASE_FILE" ] || fail "APT_KEY_PASSPHRASE_FILE ($APT_KEY_PASSPHRASE_FILE) cannot be read."
    given=file passphrase=(--pinentry-mode loopback --passphrase-file "$APT_KEY_PASSPHRASE_FILE")
elif [ "${APT_KEY_PASSPHRASE:-}" = none ]; then
    given=none passphrase=(--pinentry-mode loopback --passphrase '')
elif [ -t 0 ]; then
    given=person passphrase=() && GPG_TTY=$(tty) && export GPG_TTY # where the agent asks
else
    given=nobody passphrase=(--pinentry-mode error) # a key that needs its passphrase fails
fi
if [ -z "$(fingerprint)" ]; then
    [ "$given" != nobody ] || fail "the store's signing key is made with a passphrase: run this in a
terminal (gpg asks for it), or name a file holding it with APT_KEY_PASSPHRASE_FILE.
APT_KEY_PASSPHRASE=none makes one without, kept in clear (not advised: README, 'Keeping the key')."
    echo "apt-repo: making the store's signing key in $GNUPGHOME (valid $key_validity)"
    [ "$given" != none ] ||
        echo "apt-repo: warning: the key has no passphrase: whoever copies $GNUPGHOME can publish to every desk." >&2
    gpg --batch --quiet "${passphrase[@]}" \
        --quick-generate-key "$key_name" ed25519 sign "$key_validity"
fi
key=$(fingerprint)
# The agent says how the secret half is kept: P (behind a passphrase) or C (in clear).
grip=$(gpg --batch --with-colons --with-keygrip --list-secret-keys "$key" | awk -F: '$1 == "grp" { print $10; exit }')
kept=$(gpg-connect-agent "keyinfo $grip" /bye | awk '$2 == "KEYINFO" { print $8 }')
if [ "$given" != none ] && [ "$kept" = C ]; then
    echo "apt-repo: warning: the signing key has no passphrase: give it one with" \
        "'GNUPGHOME=$GNUPGHOME gpg --passwd $key' (README, 'Keeping the key')." >&2
fi
expires=$(gpg --batch --with-colons --list-keys "$key" | awk -F: '$1 == "pub" { print $7; exit }')
if [ -n "$expires" ]; then
    left=$(((expires - $(date +%s)) / 86400))
    [ "$left" -gt 0 ] || fail "the signing key $key has expired: see the README, 'Rotating the key'."
    [ "$left" -gt 60 ] || echo "apt-repo: warning: the signing key expires in $left days: rotate it (README)." >&2
fi

# The repository from scratch each time (the pool holds exactly dist/'s packages), made beside
# the published one and put in its place once signed: a run that fails leaves it as it was.
published=$repo repo=$repo.new
rm -rf "$repo"
pool=$repo/pool/$component
lists=$repo/dists/$suite/$component/binary-$arch
mkdir -p "$pool" "$lists"
cp "${debs[@]}" "$pool/"
(cd "$repo" && apt-ftparchive packages "pool/$component") >"$lists/Packages"
gzip -9n --keep "$lists/Packages"
apt-ftparchive \
    -o APT::FTPArchive::Release::Origin="POS Back-Office" \
    -o APT::FTPArchive::Release::Label="POS Back-Office" \
    -o APT::FTPArchive::Release::Suite="$suite" \
    -o APT::FTPArchive::Release::Codename="$suite" \
    -o APT::FTPArchive::Release::Architectures="$arch" \
    -o APT::FTPArchive::Release::Components="$component" \
    -o APT::FTPArchive::Release::Description="POS Back-Office for this store's desks" \
    release "$repo/dists/$suite" >"$repo/Release.tmp"
mv "$repo/Release.tmp" "$repo/dists/$suite/Release"
sign() { gpg --batch --yes "${passphrase[@]}" --local-user "$key" "$@" "$repo/dists/$suite/Release" ||
    fail "the index could not be signed: the key's passphrase is needed (see above); $published is as it was."; }
sign --clearsign -o "$repo/dists/$suite/InRelease"
sign --armor --detach-sign -o "$repo/dists/$suite/Release.gpg"
gpg --batch --yes --export "$key" >"$repo/pos-backoffice-archive-keyring.gpg"
rm -rf "$published.old"
[ ! -e "$published" ] || mv "$published" "$published.old"
mv "$repo" "$published" && rm -rf "$published.old"
repo=$published

echo "apt-repo: $repo: ${#debs[@]} package(s), signed by $key (expires $(date -d "@${expires:-0}" +%F 2>/dev/null || echo never))"
for deb in "${debs[@]}"; do echo "  $(basename "$deb")"; done
