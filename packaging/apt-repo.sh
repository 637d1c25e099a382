#!/usr/bin/env bash
# `make apt-repo`: a signed apt repository of the packages in dist/ (every version there), for
# a store's desks to take updates from one place (README: "Every desk from one place").
#
#   APT_REPO      where the repository is written (default dist/apt): publish that folder as
#                 it is, on any web server the desks reach (or a shared folder: file:/…)
#   APT_KEY_HOME  the store's signing key (default ~/.local/share/pos-backoffice/repo-key):
#                 made on first use, kept outside the repository and outside this tree
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
if [ -z "$(fingerprint)" ]; then
    echo "apt-repo: making the store's signing key in $GNUPGHOME (valid $key_validity)"
    gpg --batch --quiet --passphrase '' --pinentry-mode loopback \
        --quick-generate-key "$key_name" ed25519 sign "$key_validity"
fi
key=$(fingerprint)
expires=$(gpg --batch --with-colons --list-keys "$key" | awk -F: '$1 == "pub" { print $7; exit }')
if [ -n "$expires" ]; then
    left=$(((expires - $(date +%s)) / 86400))
    [ "$left" -gt 0 ] || fail "the signing key $key has expired: see the README, 'Rotating the key'."
    [ "$left" -gt 60 ] || echo "apt-repo: warning: the signing key expires in $left days: rotate it (README)." >&2
fi

# The repository from scratch each time: the pool holds exactly dist/'s packages.
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
gpg --batch --yes --local-user "$key" --clearsign -o "$repo/dists/$suite/InRelease" "$repo/dists/$suite/Release"
gpg --batch --yes --local-user "$key" --armor --detach-sign -o "$repo/dists/$suite/Release.gpg" "$repo/dists/$suite/Release"
gpg --batch --yes --export "$key" >"$repo/pos-backoffice-archive-keyring.gpg"

echo "apt-repo: $repo: ${#debs[@]} package(s), signed by $key (expires $(date -d "@${expires:-0}" +%F 2>/dev/null || echo never))"
for deb in "${debs[@]}"; do echo "  $(basename "$deb")"; done
