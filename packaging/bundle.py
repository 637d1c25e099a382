"""What the packaged program holds and what it leaves out, and the finishing of a built bundle.

PyInstaller collects everything a module might load: Qt Quick and QML (for the on-screen
keyboard plugin), Qt PDF (for an image plugin), Babel's data and Qt's translations for every
language, and every library of this machine those pull in. The spec keeps only what the app
loads (``wanted``); on a Debian machine it also leaves the libraries Debian ships to Debian
(``left_to_debian``): the package depends on them instead, so a store's security updates
reach them and the bundle's Qt plugins load the desktop's own GTK and GLib, not copies.

Run as a program on a built bundle (``make package``) it strips debug symbols and checks that
every library the bundle holds finds every library it needs::

    python packaging/bundle.py finish dist/pos-backoffice
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

LANGUAGES = ("en", "pt")
"""The languages the app ships (English and Brazilian Portuguese): data for others is left out."""

UNUSED_QT_PLUGINS = frozenset(
    {
        # The on-screen keyboard: it alone brings Qt Quick and QML (19 MB).
        "platforminputcontexts/libqtvirtualkeyboardplugin.so",
        # Reading PDF files as images: it alone brings Qt PDF. Printing and save-as-PDF are
        # Qt's own (QPrinter), not this plugin.
        "imageformats/libqpdf.so",
        # Platforms without a desktop (embedded boards, VNC, Vulkan displays). Kept: xcb,
        # wayland, offscreen (checks and tests).
        "platforms/libqeglfs.so",
        "platforms/libqlinuxfb.so",
        "platforms/libqminimal.so",
        "platforms/libqminimalegl.so",
        "platforms/libqvkkhrdisplay.so",
        "platforms/libqvnc.so",
        # Image formats the app never reads (PNG is built in; SVG, JPEG, GIF and ICO stay).
        "imageformats/libqtiff.so",
        "imageformats/libqwebp.so",
        "imageformats/libqicns.so",
        "imageformats/libqtga.so",
        "imageformats/libqwbmp.so",
    }
)
UNUSED_QT_PLUGIN_FOLDERS = frozenset(
    {
        "egldeviceintegrations",  # only for the eglfs platform
        "generic",  # raw evdev and TUIO input, for platforms without a desktop
        # Qt's own network stack: the app talks to the service through httpx.
        "tls",
        "networkinformation",
    }
)
UNUSED_QT_LIBRARIES = (
    "libQt6Quick",
    "libQt6Qml",
    "libQt6VirtualKeyboard",
    "libQt6Pdf",
    "libQt6EglFS",
    "libQt6EglFsKmsSupport",
    "libQt6Network",
)


_SHARED_LIBRARY = re.compile(r"lib[^/]*\.so(\.[0-9]+)*$")


def _language_of(stem: str) -> str:
    """``pt`` for ``pt_BR``, ``en`` for ``en_150``, ``root`` for ``root``."""
    return stem.split("_", 1)[0]


def wanted(destination: str) -> bool:
    """Whether a file PyInstaller collected (by its place in the bundle) goes into it."""
    path = PurePosixPath(destination)
    parts = path.parts
    if parts[:2] == ("babel", "locale-data") and path.suffix == ".dat":
        return _language_of(path.stem) in (*LANGUAGES, "root")
    if parts[:3] == ("PySide6", "Qt", "translations"):
        # qtbase_pt_BR.qm, qt_en.qm: the part after the catalogue's name is the language.
        language = path.stem.split("_", 1)[1] if "_" in path.stem else ""
        return _language_of(language) in LANGUAGES
    if parts[0] == "stdnum" and path.suffix == ".dat":
        # Registries of other countries' numbers (network cards, phone operators): the app
        # checks CPF, CNPJ, EAN and Luhn, which are computed, not looked up.
        return False
    if parts[:3] == ("PySide6", "Qt", "plugins") and len(parts) > 4:
        plugin = "/".join(parts[3:])
        return plugin not in UNUSED_QT_PLUGINS and parts[3] not in UNUSED_QT_PLUGIN_FOLDERS
    return not path.name.startswith(UNUSED_QT_LIBRARIES)


def _debian_forms(source: str) -> list[str]:
    """The names dpkg may know a library by: Debian 12 ships some under /lib, some under /usr/lib,
    and both lead to the same file."""
    real = os.path.realpath(source)
    forms = {source, real}
    for path in list(forms):
        if path.startswith("/usr/lib/"):
            forms.add(path.removeprefix("/usr"))
        elif path.startswith("/lib/"):
            forms.add("/usr" + path)
    return sorted(forms)


def left_to_debian(binaries: Iterable[tuple[str, str, str]]) -> set[str]:
    """Of PyInstaller's ``(place, source, kind)`` entries, the places of the shared libraries a
    Debian package installed: the system's loader finds those where Debian put them.

    Never Python's own library (PyInstaller's loader opens it from the bundle by name) nor a
    Python extension module (Python imports them from the bundle's folders): those stay even
    where Debian's Python was the one bundled. Empty where there is no dpkg (Windows, macOS,
    other Linux): there the bundle keeps everything."""
    candidates = {
        place: _debian_forms(source)
        for place, source, _ in binaries
        if _SHARED_LIBRARY.match(place)  # lib*.so* in the bundle's top folder
        and not place.startswith("libpython")
        and source.startswith(("/usr/lib", "/lib"))
    }
    if not candidates or shutil.which("dpkg-query") is None:
        return set()
    found = subprocess.run(
        ["dpkg-query", "--search", *sorted({f for forms in candidates.values() for f in forms})],
        capture_output=True,
        text=True,
        check=False,  # 1 when some name is no package's: those stay in the bundle
    )
    # "libgtk-3-0:amd64: /usr/lib/x86_64-linux-gnu/libgtk-3.so.0", one line per name dpkg knows.
    known = {line.rsplit(": ", 1)[1] for line in found.stdout.splitlines() if ": " in line}
    return {place for place, forms in candidates.items() if known.intersection(forms)}


def elf_files(bundle: Path) -> list[Path]:
    """Every ELF file (program, library, plugin, extension) in ``bundle``, links left out."""
    found = []
    for path in sorted(bundle.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as file:
            if file.read(4) == b"\x7fELF":
                found.append(path)
    return found


def _strip_option(path: Path) -> str | None:
    """How far ``path`` may be stripped: its symbol table too where no tool rewrote it (a
    library with a run path was patched by auditwheel or patchelf, and strip can break those),
    its debug sections only otherwise; None where it has neither."""
    listed = subprocess.run(
        ["readelf", "--section-headers", "--dynamic", "--wide", str(path)],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    patched = "(RPATH)" in listed or "(RUNPATH)" in listed
    if ".symtab" in listed and not patched:
        return "--strip-unneeded"
    if ".debug_info" in listed:
        return "--strip-debug"
    return None


def strip_symbols(bundle: Path) -> int:
    """Remove what only a debugger reads: Python's own library came with 17 MB of debug
    symbols (cryptography's, before it was left out, with 3 MB of symbol table). Returns the
    bytes saved."""
    saved = 0
    # Only the libraries: the program itself carries PyInstaller's archive after its ELF part,
    # which strip would cut off.
    for path in elf_files(bundle / "_internal"):
        option = _strip_option(path)
        if option is None:
            continue
        before = path.stat().st_size
        subprocess.run(["strip", option, str(path)], check=True)
        saved += before - path.stat().st_size
    return saved


def library_folders(bundle: Path) -> list[Path]:
    """The folders the bundle's libraries are found in when it runs."""
    internal = bundle / "_internal"
    return [internal, internal / "PySide6" / "Qt" / "lib"]


def unresolved_libraries(bundle: Path) -> dict[str, list[str]]:
    """For each ELF file of ``bundle``, the libraries it needs that neither the bundle nor
    this machine has (``ldd``'s "not found")."""
    environment = dict(os.environ)
    environment["LD_LIBRARY_PATH"] = os.pathsep.join(str(p) for p in library_folders(bundle))
    missing: dict[str, list[str]] = {}
    for path in elf_files(bundle):
        listed = subprocess.run(
            ["ldd", str(path)], capture_output=True, text=True, env=environment, check=False
        ).stdout
        lacking = [line.split()[0] for line in listed.splitlines() if "not found" in line]
        if lacking:
            missing[str(path.relative_to(bundle))] = lacking
    return missing


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def finish(bundle: Path) -> int:
    saved = strip_symbols(bundle)
    print(f"bundle: symbols stripped, {saved / 2**20:.1f} MiB saved")
    missing = unresolved_libraries(bundle)
    for file, libraries in missing.items():
        print(f"bundle: {file} needs {', '.join(libraries)}: not in the bundle nor on this machine")
    if missing:
        return 1
    print(f"bundle: {bundle} holds {folder_size(bundle) / 2**20:.0f} MiB; every library resolves")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "finish":
        sys.exit("usage: bundle.py finish BUNDLE_FOLDER")
    sys.exit(finish(Path(sys.argv[2])))
