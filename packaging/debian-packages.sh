# Sourced by the checks that need Debian packages of their own (a11y-check.sh, windows-env.sh):
# `debian_packages TOOL PACKAGE...` installs those missing when run as root, and otherwise
# names them for an administrator and ends the check.
debian_packages() {
    local tool=$1 package missing=""
    shift
    for package in "$@"; do
        dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q "^install ok installed" ||
            missing="$missing $package"
    done
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
