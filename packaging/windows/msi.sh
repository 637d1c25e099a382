#!/usr/bin/env bash
# `make msi VERSION=…`: the desk for 64-bit Windows 10 and 11, frozen under Wine and packed into
# a signed, per-machine MSI: dist/pos-backoffice-VERSION-x64.msi (packaging/windows/README.md),
# and beside it the Group Policy template, dist/pos-backoffice-VERSION-PolicyDefinitions.
# Signing needs MSI_SIGNING_PFX and MSI_SIGNING_PASSWORD_FILE (the store's certificate).
set -euo pipefail
cd "$(dirname "$0")/../.."
version=${1:?usage: msi.sh VERSION}
here=packaging/windows
started=$(date +%s)
. packaging/debian-packages.sh
debian_packages msi wixl osslsigncode binutils-mingw-w64-x86-64

# 1. The Windows Python of the build: the app's packages and the freezer's, from the lock.
$here/windows-env.sh package
export WINDOWS_ENV=.venv-windows-package

# 2. The program frozen by that Python under Wine, its folder trimmed as the Linux one is.
rm -rf build/windows dist/windows
mkdir -p build/windows dist/windows
.venv/bin/python $here/make_msi.py icon build/windows/pos-backoffice.ico
# shellcheck source=packaging/windows/wine.sh
. $here/wine.sh
# The commit's time in the programs' headers (the freezer honours SOURCE_DATE_EPOCH), as in
# their signatures and the cabinet: two builds of one commit give the same files.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
PYTHONHASHSEED=0 POS_BACKOFFICE_VERSION=$version \
    POS_BACKOFFICE_ICON=$(windows_path build/windows/pos-backoffice.ico) \
    $here/wine-python.sh -m PyInstaller --noconfirm --clean --log-level ERROR \
    --distpath "$(windows_path dist/windows)" --workpath "$(windows_path build/windows)" \
    $here/pos-backoffice.spec 2>&1 | grep -v "WARNING: Library not found: could not resolve 'api-ms-win-" || true
bundle=dist/windows/pos-backoffice
[ -f $bundle/pos-backoffice.exe ] || { echo "msi: the freezer made no program" >&2; exit 1; }
mv $bundle/pos-backoffice-console.exe $bundle/pos-backoffice.com

# 3. numpy as its wheel has it (the freezer ran with the test prefix's pointed copy), no
#    stand-in of the test prefix, nothing never shipped, every DLL found.
.venv/bin/python $here/test-prefix/stand_ins.py unpoint $bundle
.venv/bin/python $here/test-prefix/stand_ins.py check $bundle
.venv/bin/python packaging/bundle.py finish $bundle "$WINDOWS_ENV/prefix/drive_c/windows/system32"

# (MSI_FOLDER_ONLY=1: the checked folder is all that is wanted, unsigned: the start benchmark.)
[ "${MSI_FOLDER_ONLY:-}" = 1 ] && { echo "msi: the folder $bundle, unsigned, in $(($(date +%s) - started)) s."; exit 0; }

# 4. The program and the MSI signed; the MSI packed by wixl.
.venv/bin/python $here/make_msi.py build $bundle "$version" dist build/windows/msi

# 5. The Group Policy template beside it, as it is to be copied to a domain's Central Store (the
#    MSI does not install it), checked first against the settings' declaration.
.venv/bin/python packaging/settings_docs.py --check
policies=dist/pos-backoffice-$version-PolicyDefinitions
rm -rf "$policies" && cp -r $here/policies "$policies"
echo "msi: the Group Policy template in $policies"
echo "msi: made in $(($(date +%s) - started)) s."
