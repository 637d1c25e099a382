# Sourced by the set-up and the checks that need Debian packages of their own (setup-dev.sh,
# a11y-check.sh, windows-env.sh…): `debian_packages TOOL PACKAGE...` installs those missing when
# run as root, and otherwise names them for an administrator and ends the check.
# shellcheck shell=bash

# Each of the named packages that no installed package is or provides, with a space before it.
# A name may be met by another package's Provides: Debian 13 renamed libraries for 64-bit time
# (libglib2.0-0 is provided by libglib2.0-0t64), and asking dpkg for the old name alone said
# "missing" after every install, and named it again for an administrator at every run.
missing_debian_packages() {
    local installed package missing=""
    installed=$(dpkg-query -W -f='${db:Status-Abbrev}|${Package}|${Provides}\n' 2>/dev/null |
        awk -F'|' '$1 ~ /^ii/ {
            print $2
            count = split($3, provided, ", ")
            for (i = 1; i <= count; i++) { sub(/ .*/, "", provided[i]); print provided[i] }
        }')
    for package in "$@"; do
        grep -qxF -- "$package" <<<"$installed" || missing="$missing $package"
    done
    echo "$missing"
}

debian_packages() {
    local tool=$1 missing
    shift
    missing=$(missing_debian_packages "$@")
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" != 0 ]; then
        echo "$tool: ask an administrator for these Debian packages:$missing" >&2
        exit 1
    fi
    echo "$tool: installing$missing" >&2
    # Another install under way holds dpkg's lock: wait for it (10 minutes at most).
    apt-get -o DPkg::Lock::Timeout=600 update -qq && DEBIAN_FRONTEND=noninteractive \
        apt-get -o DPkg::Lock::Timeout=600 install -y -qq $missing >/dev/null
}
