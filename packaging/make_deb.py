"""The Debian package ``pos-backoffice`` from the built bundle (``make deb``).

    python packaging/make_deb.py --bundle dist/pos-backoffice --version 0.1.0 --out dist

What it installs:

- the program under ``/opt/pos-backoffice``, and ``pos-backoffice`` on the path
- the desktop entry, the AppStream metadata and the icons
- the copyright file (generated from what the bundle holds: packaging/copyright.py), the
  changelog, the manual page ``pos-backoffice(1)`` (help2man, from ``--help``), and an example
  of the store-wide settings file under ``/usr/share/doc/pos-backoffice/examples/``, where it
  takes no effect
- lintian's overrides: the tags left, each with its reason (packaging/lintian-overrides)

The package is refused unless ``lintian --pedantic`` finds no error or warning, and the desktop
entry and AppStream metadata pass their own validators.

Depends on the Debian libraries the bundle's libraries load: ``dpkg-shlibdeps`` finds them, the
bundle's own libraries left out. It also depends on what no library reveals: a font, and the
certificate authorities the connection to the service is checked against.

Its maintainer scripts (packaging/debian/) do one thing: each version runs from a copy of its
own made of hard links, switched to at the end of an install, so an upgrade never breaks a
desk that is running (``PROGRAM_FOLDER``). Debian's triggers refresh the menu and icon caches,
and purging leaves nothing behind. Two builds of one commit
give the same files with the same times (``SOURCE_DATE_EPOCH``, the commit's time).
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from bundle import elf_files, library_folders
from copyright import CopyrightError, copyright_file

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "pos-backoffice"
APP_ID = "br.com.posbackoffice.BackOffice"
TOP = Path("opt") / PACKAGE
PROGRAM_FOLDER = TOP / "package"
"""The package's own files. Each version runs from a copy of them made of hard links,
``/opt/pos-backoffice/versions/VERSION``, and ``/opt/pos-backoffice/current`` points to the
newest: packaging/debian/postinst makes them, so an upgrade never takes a file from under a
program still running."""
MAINTAINER_SCRIPTS = ("postinst", "postrm")
NOT_SHIPPED = ("pos-backoffice-check",)
"""Programs of the bundle that check it (``make package-check``): not for a store's desks."""
ALSO_DEPENDS = ("fonts-dejavu-core", "ca-certificates")
"""What no library reveals: a font (else Qt draws empty boxes on a desk without one) and the
system's certificate authorities (the service's certificate is checked against them)."""
MAINTAINER = "POS Back-Office <suporte@posbackoffice.com.br>"
DESCRIPTION = """\
Back office of a retail store: card payments, invoices, lookups
 Cashiers record card payments the terminal has already approved, exactly once
 and with no card number ever typed; managers issue invoices; staff look up
 customers, products and revenue. It talks to the store's service; a training
 mode with practice data runs without one."""


def library_dependencies(program: Path) -> str:
    """The ``Depends`` the bundle's ELF files need from Debian, by ``dpkg-shlibdeps``.

    The bundle's own folders are named as private library folders: what is found there is the
    bundle's, not a dependency. ``dpkg-shlibdeps`` reads a ``debian/control`` of the package
    being built, so it runs in a scratch folder that has one."""
    own = library_folders(program)
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / "debian").mkdir()
        (Path(scratch) / "debian" / "control").write_text(
            f"Source: {PACKAGE}\n\nPackage: {PACKAGE}\nArchitecture: any\n"
        )
        found = subprocess.run(
            [
                "dpkg-shlibdeps",
                "-O",
                "--ignore-missing-info",  # the bundle's own libraries belong to no package
                *(f"-l{folder}" for folder in own),
                *(str(path) for path in elf_files(program)),
            ],
            cwd=scratch,
            capture_output=True,
            text=True,
            check=False,
        )
    if found.returncode != 0:
        sys.exit(f"make_deb: dpkg-shlibdeps failed:\n{found.stderr}")
    line = next(x for x in found.stdout.splitlines() if x.startswith("shlibs:Depends="))
    return line.removeprefix("shlibs:Depends=")


def copy(source: Path, destination: Path, mode: int = 0o644) -> None:
    destination.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, destination)
    destination.chmod(mode)


def compressed(data: bytes) -> bytes:
    """gzip at its strongest, with no name or time in it: two builds give the same bytes."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def changelog(version: str, epoch: int) -> bytes:
    """The package's changelog: one entry, this version, at the commit's time."""
    commit = subprocess.run(
        ["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    built = f", built from commit {commit}" if commit else ""
    date = email.utils.format_datetime(datetime.fromtimestamp(epoch, UTC))
    return (
        f"{PACKAGE} ({version}) stable; urgency=medium\n\n"
        f"  * POS Back-Office {version}{built}.\n\n"
        f" -- {MAINTAINER}  {date}\n"
    ).encode()


def changelog_name(version: str) -> str:
    """A native version (no Debian revision: 0.1.0) names its changelog changelog.gz; a
    revision (0.1.0-1) makes the package a Debian packaging of it, with changelog.Debian.gz."""
    return "changelog.Debian.gz" if "-" in version else "changelog.gz"


def manual_page(program: Path, epoch: int) -> bytes:
    """``pos-backoffice(1)``, made by help2man from the program's own ``--help`` and
    ``--version`` (with packaging/pos-backoffice.h2m's name, description and files)."""
    environment = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LC_ALL": "C.UTF-8",
        "SOURCE_DATE_EPOCH": str(epoch),
        # One line per option and the usage on one line: help2man reads it so.
        "COLUMNS": "400",
    }
    made = subprocess.run(
        [
            "help2man", "--no-info", "--section=1",
            f"--include={ROOT / 'packaging' / f'{PACKAGE}.h2m'}", str(program),
        ],
        capture_output=True,
        env=environment,
        check=False,
    )  # fmt: skip
    if made.returncode != 0:
        sys.exit(f"make_deb: help2man failed:\n{made.stderr.decode(errors='replace')}")
    page = made.stdout.decode()
    # help2man knows "Usage:", argparse writes "usage:": the line goes to a SYNOPSIS of its own
    # (with the font changes help2man guessed into it taken out), the parser's one-line
    # description after it (the NAME line says more) goes.
    found = re.search(r"^\.PP\nusage: (.*)\n(?:\.PP\n[^.\n][^\n]*\n)?", page, re.M)
    if found:
        usage = re.sub(r"\\f[BIR]", "", found.group(1))
        page = page[: found.start()] + page[found.end() :]
        page = page.replace(".SH DESCRIPTION", f".SH SYNOPSIS\n{usage}\n.SH DESCRIPTION", 1)
    return page.encode()


def lay_out(tree: Path, bundle: Path, version: str, epoch: int) -> None:
    """The files of the package, as they land on a desk."""
    program = tree / PROGRAM_FOLDER
    shutil.copytree(
        bundle, program, symlinks=True, ignore=lambda folder, names: set(NOT_SHIPPED) & set(names)
    )
    command = tree / "usr" / "bin" / PACKAGE
    command.parent.mkdir(parents=True)
    # The program finds its _internal folder next to its own real path, through the links:
    # the newest version's copy (postinst switches "current" once it is complete).
    command.symlink_to(Path("/") / TOP / "current" / PACKAGE)
    share = tree / "usr" / "share"
    copy(ROOT / "packaging" / f"{APP_ID}.desktop", share / "applications" / f"{APP_ID}.desktop")
    copy(
        ROOT / "packaging" / f"{APP_ID}.metainfo.xml",
        share / "metainfo" / f"{APP_ID}.metainfo.xml",
    )
    icons = ROOT / "resources" / "icons"
    for png in sorted((icons / "hicolor").glob(f"*/apps/{PACKAGE}.png")):
        copy(png, share / "icons" / "hicolor" / png.relative_to(icons / "hicolor"))
    copy(
        icons / f"{PACKAGE}.svg",
        share / "icons" / "hicolor" / "scalable" / "apps" / f"{PACKAGE}.svg",
    )
    doc = share / "doc" / PACKAGE
    doc.mkdir(parents=True)
    try:
        (doc / "copyright").write_text(copyright_file(bundle, version))
    except CopyrightError as error:
        sys.exit(f"make_deb: the copyright file cannot be written: {error}")
    (doc / changelog_name(version)).write_bytes(compressed(changelog(version, epoch)))
    man = share / "man" / "man1" / f"{PACKAGE}.1.gz"
    man.parent.mkdir(parents=True)
    man.write_bytes(compressed(manual_page(program / PACKAGE, epoch)))
    overrides = share / "lintian" / "overrides" / PACKAGE
    copy(ROOT / "packaging" / "lintian-overrides", overrides)
    copy(ROOT / "packaging" / f"{PACKAGE}.conf.example", doc / "examples" / f"{PACKAGE}.conf")


def normalise(tree: Path, epoch: int) -> None:
    """Modes as Debian expects (directories and the program 755; libraries, which are loaded,
    never run, and the rest 644) and every time set to the commit's, so two builds of one
    commit are the same."""
    programs = {tree / PROGRAM_FOLDER / PACKAGE, *(tree / "DEBIAN" / s for s in MAINTAINER_SCRIPTS)}
    for path in [tree, *tree.rglob("*")]:
        if path.is_symlink():
            os.utime(path, (epoch, epoch), follow_symlinks=False)
            continue
        path.chmod(0o755 if path.is_dir() or path in programs else 0o644)
        os.utime(path, (epoch, epoch))


def architecture() -> str:
    return subprocess.run(
        ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
    ).stdout.strip()


def control(tree: Path, version: str, depends: str) -> str:
    size_kib = sum((p.lstat().st_size + 1023) // 1024 for p in tree.rglob("*") if not p.is_dir())
    return (
        f"Package: {PACKAGE}\n"
        f"Version: {version}\n"
        f"Architecture: {architecture()}\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {size_kib}\n"
        f"Depends: {', '.join([depends, *ALSO_DEPENDS])}\n"
        "Section: misc\n"
        "Priority: optional\n"
        f"Description: {DESCRIPTION}\n"
    )


def md5sums(tree: Path) -> str:
    lines = []
    for path in sorted(tree.rglob("*")):
        if path.is_file() and not path.is_symlink():
            digest = hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()
            lines.append(f"{digest}  {path.relative_to(tree)}\n")
    return "".join(lines)


def commit_time() -> int:
    if "SOURCE_DATE_EPOCH" in os.environ:
        return int(os.environ["SOURCE_DATE_EPOCH"])
    shown = subprocess.run(
        ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return int(shown.stdout.strip() or 0)


def build(bundle: Path, version: str, out: Path) -> Path:
    if not re.fullmatch(r"[0-9][A-Za-z0-9.+~-]*", version):
        sys.exit(f"make_deb: {version!r} is not a Debian version (digits first: 0.1.0, 1.2~rc1)")
    if not (bundle / PACKAGE).is_file():
        sys.exit(f"make_deb: no program in {bundle}: build it first (make package)")
    # Absolute: dpkg-shlibdeps runs in a scratch folder of its own.
    bundle, out = bundle.resolve(), out.resolve()
    epoch = commit_time()
    said = subprocess.run(
        [str(bundle / PACKAGE), "--version"], capture_output=True, text=True, check=False
    ).stdout.split()
    if said[-1:] != [version]:
        sys.exit(f"make_deb: the bundle says {' '.join(said)!r}, not {version}: make package again")
    with tempfile.TemporaryDirectory(prefix="deb-", dir=out) as scratch:
        tree = Path(scratch) / PACKAGE
        lay_out(tree, bundle, version, epoch)
        depends = library_dependencies(tree / PROGRAM_FOLDER)
        meta = tree / "DEBIAN"
        meta.mkdir()
        (meta / "md5sums").write_text(md5sums(tree))
        (meta / "control").write_text(control(tree, version, depends))
        for script in MAINTAINER_SCRIPTS:
            text = (ROOT / "packaging" / "debian" / script).read_text()
            (meta / script).write_text(text.replace("@VERSION@", version))
        normalise(tree, epoch)
        deb = out / f"{PACKAGE}_{version}_{architecture()}.deb"
        environment = {**os.environ, "SOURCE_DATE_EPOCH": str(epoch)}
        subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(tree), str(deb)],
            env=environment,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return deb


def gate(deb: Path) -> None:
    """Refuse the package unless lintian (pedantic), the desktop entry's validator and
    AppStream's find no error or warning; what they say is shown either way."""
    checks = [
        (["lintian", "--pedantic", "--fail-on", "error,warning", "--tag-display-limit", "0",
          str(deb)], "lintian"),
        (["desktop-file-validate", str(ROOT / "packaging" / f"{APP_ID}.desktop")],
         "desktop-file-validate"),
        # Pedantic hints are shown, not refused: the one left is the application id's capitals
        # (a reverse domain name, kept as desks have it pinned; README: the desktop entry).
        (["appstreamcli", "validate", "--pedantic", "--no-net",
          str(ROOT / "packaging" / f"{APP_ID}.metainfo.xml")], "appstreamcli"),
    ]  # fmt: skip
    for command, name in checks:
        ran = subprocess.run(command, capture_output=True, text=True, check=False)
        said = (ran.stdout + ran.stderr).strip()
        print(f"{name}: {said or 'clean'}")
        if ran.returncode != 0 or (name == "appstreamcli" and re.search(r"^[EW]: ", said, re.M)):
            sys.exit(f"make_deb: {deb.name} refused by {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / PACKAGE)
    parser.add_argument("--version", required=True)
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    deb = build(args.bundle, args.version, args.out)
    print(f"{deb}: {deb.stat().st_size / 2**20:.1f} MiB")
    gate(deb)
    depends = subprocess.run(
        ["dpkg-deb", "--field", str(deb), "Depends"], capture_output=True, text=True, check=True
    )
    print(f"Depends: {depends.stdout.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
