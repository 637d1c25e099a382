# Sourced by the scripts of this folder that run Wine (wine-python.sh, windows-env.sh, msi.sh,
# msi-check.sh): the one way a Wine prefix of this project is made and used.
# shellcheck shell=bash

# use_wine_prefix DIR: Wine's settings for the prefix DIR: its messages off, no crash waiting
# in Wine's debugger, no .NET or Gecko installer offered.
use_wine_prefix() {
    export WINEPREFIX=$1 WINEDEBUG=${WINEDEBUG:--all}
    export WINEDLLOVERRIDES="winedbg.exe=d;mscoree,mshtml="
}

# make_wine_prefix DIR STAND_INS: a new prefix DIR, with the test prefix's stand-ins (built in
# the folder STAND_INS: what Wine 8 lacks of Windows 10, README.md beside) in its system32.
make_wine_prefix() {
    use_wine_prefix "$1"
    wineboot --init </dev/null >/dev/null 2>&1
    wineserver --wait
    cp "$2"/*.dll "$1/drive_c/windows/system32/"
}

# windows_path PATH: how a Windows program under Wine names PATH (Wine's drive Z: is /).
windows_path() { echo "Z:$(realpath "$1" | tr / '\\')"; }
