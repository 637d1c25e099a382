# Part of `make fresh-check` (sourced by fresh-check.sh, which owns the roots and their clean-up):
# the Debian package, built with `make deb` in the newcomer's root ($root), twice: the same files.
# fresh-check-desk.sh then publishes it and its later versions in the store's apt repository, for
# a bare Debian 12 root ($desk) to install, upgrade and purge.
# shellcheck shell=bash

say "5. make deb, twice: the same files, lintian-gated"
first=$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
pos=/root/pos # the project in the newcomer's root
dist=$root$pos/dist
start=$(date +%s)
# The files of a built package, each with its sha256 (what two builds of one commit must share).
package_files() {
    rm -rf "$root/tmp/unpacked" && mkdir "$root/tmp/unpacked"
    dpkg-deb -x "$dist/pos-backoffice_${first}_amd64.deb" "$root/tmp/unpacked"
    (cd "$root/tmp/unpacked" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
}
for build in first second; do
    in_root bash -c "cd $pos && make deb >/root/deb.log 2>&1" ||
        { tail -n 30 "$root/root/deb.log"; echo "FAIL: make deb" >&2; exit 1; }
    package_files >"$root/tmp/files-$build"
done
grep -A3 "^lintian:" "$root/root/deb.log"
[ -f "$dist/pos-backoffice_${first}_amd64.deb" ] ||
    { echo "FAIL: no dist/pos-backoffice_${first}_amd64.deb" >&2; exit 1; }
diff "$root/tmp/files-first" "$root/tmp/files-second" >&2 ||
    { echo "FAIL: two builds of one commit gave different files" >&2; exit 1; }
git -C "$root$pos" status --porcelain | grep . && { echo "FAIL: the builds changed the tree" >&2; exit 1; }
echo "ok: built in $(step_time "$start"), lintian clean, twice: the same $(wc -l <"$root/tmp/files-first") files;" \
    "the tree as it was; the folder $(du -sh "$dist/pos-backoffice" | cut -f1), the .deb $(du -h "$dist/pos-backoffice_${first}_amd64.deb" | cut -f1)"

if [ -n "${newcomer[13]:-}" ]; then
    say "5b. lintian of Debian 13 on the package built on Debian 12"
    cp "$dist/pos-backoffice_${first}_amd64.deb" "${newcomer[13]}/tmp/"
    chroot "${newcomer[13]}" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive sh -ec "
        apt-get install -qq --no-install-recommends lintian appstream >/dev/null
        lintian --version
        lintian --pedantic --fail-on error,warning --tag-display-limit 0 /tmp/pos-backoffice_${first}_amd64.deb
    " 2>&1 | grep -v "running with root privileges" ||
        fail "lintian of Debian 13 found an error or a warning (above)"
    echo "ok: lintian of Debian 13 clean (the package's overrides, each with its reason)"
    # Its place on the disk is for the desks now.
    remove_root "${newcomer[13]}"
fi

# shellcheck source=packaging/fresh-check-desk.sh
. packaging/fresh-check-desk.sh

