"""What the packaged program holds and what it leaves out, and the finishing of a built bundle.

PyInstaller collects everything a module might load: Qt Quick and QML (for the on-screen
keyboard plugin), Qt PDF (for an image plugin), Babel's data and Qt's translations for every
language, and every library of this machine those pull in. The spec keeps only what the app
loads (``wanted``); on a Debian machine it also leaves the libraries Debian ships to Debian
(``left_to_debian``): the package depends on them instead, so a store's security updates
reach them and the bundle's Qt plugins load the desktop's own GTK and GLib, not copies.

Run as a program on a built bundle (``make package``) it checks that nothing of
``NEVER_SHIPPED`` is in it and that every library the bundle holds finds every library it needs
(the freezer itself strips the libraries: the spec's ``strip=True``)::

    python packaging/bundle.py finish dist/pos-backoffice
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any

PROGRAM = "pos-backoffice"
"""The programs of the bundle are named from it (``pos-backoffice``, ``pos-backoffice-check``)."""
NEVER_SHIPPED = frozenset(
    {
        # Tests and development tools.
        "pytest", "_pytest", "pluggy", "hypothesis", "schemathesis", "trustme", "mypy",
        "IPython", "tkinter",
        # Build and packaging tools.
        "setuptools", "pkg_resources", "_distutils_hack", "distutils", "pip", "PyInstaller",
        # What only those bring in.
        "pygments", "rich", "requests", "urllib3", "charset_normalizer",
        # A second OpenSSL, linked in statically, which the desk's security updates never reach:
        # the tests make certificates with it, the app reads them with asn1crypto.
        "cryptography",
        # The interactive prompt: it links the GPL-3 libreadline.
        "readline",
    }
)  # fmt: skip
"""Top-level modules the program must never hold: the spec excludes them and ``finish`` fails
the build when one is found (in the archive, as a folder or metadata, as an extension)."""
NEVER_SHIPPED_LIBRARIES = ("libreadline", "libjpeg")
"""Libraries the bundle must not carry: the GPL-3 prompt, a private JPEG decoder."""
LEFT_TO_THE_SYSTEM_ON_LINUX = ("libcrypto", "libssl")
"""A second OpenSSL on Linux, where Python's ``ssl`` uses the desk's own (left to Debian, whose
security updates reach it). Windows has none to use: there Python's own OpenSSL
(``libcrypto-3.dll``) is part of Python and ships with it."""

LANGUAGES = ("en", "pt")
"""The languages the app ships (English and Brazilian Portuguese): data for others is left out."""

# Qt's files are named here as on every system: a plugin by its folder and its name without the
# "lib" and the suffix (``imageformats/qjpeg`` is libqjpeg.so on Linux, qjpeg.dll on Windows), a
# library by its name without them (``Qt6Quick``: libQt6Quick.so.6, Qt6Quick.dll).
UNUSED_QT_PLUGINS = frozenset(
    {
        # The on-screen keyboard: it alone brings Qt Quick and QML (19 MB).
        "platforminputcontexts/qtvirtualkeyboardplugin",
        # Reading PDF files as images: it alone brings Qt PDF. Printing and save-as-PDF are
        # Qt's own (QPrinter), not this plugin.
        "imageformats/qpdf",
        # Platforms without a desktop (embedded boards, VNC, Vulkan displays), and Windows'
        # Direct2D one (the windows platform draws the desk). Kept: xcb, wayland, windows,
        # offscreen (checks and tests).
        "platforms/qeglfs",
        "platforms/qlinuxfb",
        "platforms/qminimal",
        "platforms/qminimalegl",
        "platforms/qvkkhrdisplay",
        "platforms/qvnc",
        "platforms/qdirect2d",
        # Image formats the app never reads (PNG is built in; SVG stays). JPEG carried a private
        # libjpeg.
        "imageformats/qjpeg",
        "imageformats/qgif",
        "imageformats/qico",
        "imageformats/qtiff",
        "imageformats/qwebp",
        "imageformats/qicns",
        "imageformats/qtga",
        "imageformats/qwbmp",
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
    "Qt6Quick",
    "Qt6Qml",
    "Qt6VirtualKeyboard",
    "Qt6Pdf",
    "Qt6EglFS",
    "Qt6EglFsKmsSupport",
    "Qt6Network",
    # Windows: Qt's software OpenGL (Mesa, 20 MB), for Qt Quick where no graphics driver is;
    # the desk's widgets and its chart draw without OpenGL.
    "opengl32sw",
)


_SHARED_LIBRARY = re.compile(r"lib[^/]*\.so(\.[0-9]+)*$")


def _bare(name: str) -> str:
    """A library's or plugin's name as every system shares it: ``libqjpeg.so`` and
    ``qjpeg.dll`` are ``qjpeg``, ``libQt6Core.so.6`` is ``Qt6Core``."""
    return name.removeprefix("lib").split(".", 1)[0]


def _qt_part(parts: tuple[str, ...]) -> tuple[str, ...]:
    """The place of a file of Qt inside PySide6, as every system shares it: Linux's wheel keeps
    Qt under ``PySide6/Qt/`` (``plugins``, ``translations``, ``lib``), Windows' directly under
    ``PySide6/``. Empty for a file outside PySide6."""
    if parts[:2] == ("PySide6", "Qt"):
        return parts[2:]
    return parts[1:] if parts[:1] == ("PySide6",) else ()


def _language_of(stem: str) -> str:
    """``pt`` for ``pt_BR``, ``en`` for ``en_150``, ``root`` for ``root``."""
    return stem.split("_", 1)[0]


def wanted(destination: str) -> bool:
    """Whether a file PyInstaller collected (by its place in the bundle) goes into it."""
    path = PurePosixPath(destination.replace("\\", "/"))
    parts = path.parts
    if parts[:2] == ("babel", "locale-data") and path.suffix == ".dat":
        return _language_of(path.stem) in (*LANGUAGES, "root")
    qt = _qt_part(parts)
    if qt[:1] == ("translations",):
        # qtbase_pt_BR.qm, qt_en.qm: the part after the catalogue's name is the language.
        language = path.stem.split("_", 1)[1] if "_" in path.stem else ""
        return _language_of(language) in LANGUAGES
    if parts[0] == "stdnum" and path.suffix == ".dat":
        # Registries of other countries' numbers (network cards, phone operators): the app
        # checks CPF, CNPJ, EAN and Luhn, which are computed, not looked up.
        return False
    if qt[:1] == ("plugins",) and len(qt) > 2:
        plugin = f"{qt[1]}/{_bare(qt[-1])}"
        return plugin not in UNUSED_QT_PLUGINS and qt[1] not in UNUSED_QT_PLUGIN_FOLDERS
    return not _bare(path.name).startswith(UNUSED_QT_LIBRARIES)


EXCLUDED_MODULES = (
    # Qt modules the app never imports (it uses Core, Gui, Widgets, Svg, PrintSupport, Charts).
    "PySide6.Qt3DAnimation", "PySide6.Qt3DCore", "PySide6.Qt3DExtras", "PySide6.Qt3DInput",
    "PySide6.Qt3DLogic", "PySide6.Qt3DRender", "PySide6.QtBluetooth", "PySide6.QtDataVisualization",
    "PySide6.QtDesigner", "PySide6.QtGraphs", "PySide6.QtHelp", "PySide6.QtHttpServer",
    "PySide6.QtLocation", "PySide6.QtMultimedia", "PySide6.QtMultimediaWidgets", "PySide6.QtNfc",
    "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtPdf", "PySide6.QtPdfWidgets",
    "PySide6.QtPositioning", "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuick3D",
    "PySide6.QtQuickControls2", "PySide6.QtQuickWidgets", "PySide6.QtRemoteObjects",
    "PySide6.QtScxml", "PySide6.QtSensors", "PySide6.QtSerialBus", "PySide6.QtSerialPort",
    "PySide6.QtSpatialAudio", "PySide6.QtSql", "PySide6.QtStateMachine", "PySide6.QtTextToSpeech",
    "PySide6.QtUiTools", "PySide6.QtWebChannel", "PySide6.QtWebEngineCore",
    "PySide6.QtWebEngineQuick", "PySide6.QtWebEngineWidgets", "PySide6.QtWebSockets",
    "PySide6.QtWebView", "PySide6.QtXml", "PySide6.QtTest", "PySide6.QtNetworkAuth",
    "PySide6.QtNetwork",
    *sorted(NEVER_SHIPPED),
    # uvicorn loads YAML only for a logging file given as .yaml; the training sandbox gives none.
    "yaml",
)  # fmt: skip
"""What the freezer is told to leave out (the spec's ``excludes``), for every program it builds
(the app, its check, the start benchmark's empty window)."""

HIDDEN_IMPORTS = (
    # Imported by name as their window or the training sandbox is first asked for.
    "desktop_app.sandbox.server", "desktop_app.sandbox.app",
    "desktop_app.gui.lookups.customers", "desktop_app.gui.lookups.products",
    "desktop_app.gui.lookups.revenue", "desktop_app.gui.payments.payment_dialog",
    "desktop_app.gui.payments.pending_dialog", "desktop_app.gui.invoices.invoice_dialog",
    "desktop_app.gui.help.dialogs", "desktop_app.gui.desk_setup.settings_dialog",
    "PySide6.QtCharts", "PySide6.QtPrintSupport", "PySide6.QtSvg", "uvicorn.logging",
    "uvicorn.loops.auto", "uvicorn.protocols.http.auto", "uvicorn.protocols.http.h11_impl",
    "uvicorn.protocols.http.httptools_impl", "uvicorn.lifespan.off",
    # zoneinfo's fallback where the desk has no zone data of its own (service/time_zone)
    "tzdata",
)  # fmt: skip
"""What the freezer cannot see imported, for every system's spec."""


def datas(root: Path, version_file: Path) -> list[tuple[str, str]]:
    """The program's data files, for every system's spec: its version, the translations, the
    style, the icons and the licences."""
    resources = root / "resources"
    return [
        (str(version_file), "desktop_app"),
        (str(resources / "translations" / "*.qm"), "resources/translations"),
        (str(resources / "style" / "app.qss"), "resources/style"),
        (str(resources / "icons" / "pos-backoffice.svg"), "resources/icons"),
        (str(resources / "icons" / "hicolor"), "resources/icons/hicolor"),
        (str(resources / "icons" / "themes"), "resources/icons/themes"),
        (str(root / "packaging" / "LICENSES.txt"), "."),
    ]


def version_numbers(version: str) -> list[int]:
    """The numbers of a version as Windows writes them: ``1.2.3~rc1`` is 1, 2, 3 (a pre-release
    or build suffix is not a number Windows keeps)."""
    return [int(part) for part in re.split(r"[~+]", version, maxsplit=1)[0].split(".")]


def version_file(version: str, workpath: str) -> Path:
    """The version the build is made as (``POS_BACKOFFICE_VERSION``, set by make package and
    make msi), written where the freezer works: the program says it (--version, About, the
    User-Agent) whatever version of the source tree's metadata is installed."""
    if not version:
        raise SystemExit("the spec: POS_BACKOFFICE_VERSION is not set (make sets it)")
    written = Path(workpath) / "VERSION"
    written.parent.mkdir(parents=True, exist_ok=True)
    written.write_text(version + "\n")
    return written


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


UNNEEDED_RUNTIME_HOOKS = frozenset({"pyi_rth_multiprocessing", "pyi_rth_pkgutil"})
"""The freezer's start-up hooks the program does without: each runs before the first paint
(20 ms together, bench_installed_start). multiprocessing's lets processes it spawns run the
program's code: the app starts none through multiprocessing (uvicorn imports it for workers the
training sandbox never has). pkgutil's lets ``pkgutil.iter_modules`` list frozen packages:
only python-stdnum's list of every number format asks, and the app names the formats it uses.
tests/packaging/test_bundle.py keeps the app's own code from either."""


def trim(analysis: Any) -> None:
    """Apply the bundle's rules to a PyInstaller ``Analysis`` before it is collected: what the
    app never loads goes, so do the libraries a Debian package installed (the .deb depends on
    those packages instead; elsewhere nothing is left to the system), and the libraries strip
    would break or find nothing in go in as plain files (COLLECT's ``strip=True`` strips the
    rest); the start-up hooks of :data:`UNNEEDED_RUNTIME_HOOKS` are not run."""
    from_debian = left_to_debian(analysis.binaries)
    analysis.binaries = [
        (place, source, "DATA" if collected_as_is(place, source) else kind)
        for place, source, kind in analysis.binaries
        if wanted(place) and place not in from_debian
    ]
    analysis.datas = [entry for entry in analysis.datas if wanted(entry[0])]
    analysis.scripts = [hook for hook in analysis.scripts if hook[0] not in UNNEEDED_RUNTIME_HOOKS]


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


def frozen_modules(program: Path) -> set[str]:
    """The modules frozen into ``program``'s archive and its standard library's zip, by name.

    PyInstaller's own reader: it is in the environment that builds the bundle."""
    from PyInstaller.archive.readers import CArchiveReader  # type: ignore[import-untyped]

    archive = CArchiveReader(str(program))
    names = set(archive.open_embedded_archive("PYZ.pyz").toc)
    base_library = program.parent / "_internal" / "base_library.zip"
    if base_library.is_file():
        with zipfile.ZipFile(base_library) as zipped:
            names.update(
                name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
                for name in zipped.namelist()
            )
    return names


def is_windows_bundle(bundle: Path) -> bool:
    """Whether ``bundle`` is the Windows build (its program is an .exe)."""
    return (bundle / f"{PROGRAM}.exe").is_file()


def never_shipped_found(bundle: Path) -> list[str]:
    """What of ``NEVER_SHIPPED`` the bundle holds: modules in its archive, folders and metadata
    of those packages, and libraries they would bring (``libreadline``, ``libjpeg``)."""
    found = []
    programs = sorted(p for p in bundle.iterdir() if p.is_file() and p.name.startswith(PROGRAM))
    never_shipped_libraries: tuple[str, ...] = NEVER_SHIPPED_LIBRARIES
    if not is_windows_bundle(bundle):
        never_shipped_libraries += LEFT_TO_THE_SYSTEM_ON_LINUX
    for program in programs:
        found += sorted(
            f"{program.name}: module {name}"
            for name in frozen_modules(program)
            if name.split(".", 1)[0] in NEVER_SHIPPED
        )
    for path in sorted((bundle / "_internal").rglob("*")):
        place = path.relative_to(bundle / "_internal")
        top = re.split(r"[-.]", place.parts[0], maxsplit=1)[0]
        extension = path.name.split(".", 1)[0]
        if (
            (len(place.parts) == 1 and top in NEVER_SHIPPED)
            or (place.parts[-2:-1] == ("lib-dynload",) and extension in NEVER_SHIPPED)
            or path.name.startswith(never_shipped_libraries)
            or (path.is_file() and not wanted(str(PurePosixPath(*place.parts))))
        ):
            found.append(str(place))
    return found


def collected_as_is(place: str, source: str) -> bool:
    """Whether a library goes into the bundle exactly as its wheel has it, not through the
    freezer's strip: it has no symbol table left to strip, or auditwheel rewrote it after it was
    linked (with patchelf: the libraries it vendors into ``<package>.libs/`` and the package's
    extensions whose run path it set, as in NumPy's wheel). strip, whatever its option, breaks
    those files' load segments ("ELF load command address/offset not page-aligned"); libraries
    linked with a run path of their own (PySide6's ICU) strip well. Windows' DLLs are not ELF:
    the freezer strips none there, and they go as they are."""
    with open(source, "rb") as file:
        if file.read(4) != b"\x7fELF":
            return False
    listed = subprocess.run(
        ["readelf", "--dynamic", "--section-headers", "--wide", source],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    if ".symtab" not in listed:
        return True
    top = PurePosixPath(place).parts[0]
    if top.endswith(".libs"):
        return True
    installed_in = source.removesuffix(place) if source.endswith(place) else None
    repaired = installed_in is not None and Path(installed_in, f"{top}.libs").is_dir()
    return repaired and ("(RPATH)" in listed or "(RUNPATH)" in listed)


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


WINDOWS_REDISTRIBUTABLE = ("msvcp140", "vcruntime140", "concrt140", "vccorlib140")
"""Microsoft's C++ runtime: not part of Windows (a program brings its own), though Wine's
system folder has it."""


def unresolved_windows_libraries(bundle: Path, system: Path) -> dict[str, list[str]]:
    """For each program and library of a Windows ``bundle``, the DLLs it imports that neither
    the bundle holds nor Windows itself does: ``system`` is a Windows system folder (a Wine
    prefix's system32 stands in for one); the API sets (api-ms-win-…) are Windows' own, and
    the C++ runtime must come with the program. Read with mingw-w64's objdump."""
    shipped = {path.name.lower() for path in bundle.rglob("*") if path.suffix.lower() == ".dll"}
    windows_own = {
        path.name.lower()
        for path in system.iterdir()
        if not path.name.lower().startswith(WINDOWS_REDISTRIBUTABLE)
    }
    missing: dict[str, list[str]] = {}
    for path in sorted(bundle.rglob("*")):
        if path.suffix.lower() not in (".exe", ".com", ".dll", ".pyd"):
            continue
        listing = subprocess.run(["x86_64-w64-mingw32-objdump", "-p", str(path)],
                                 capture_output=True, text=True, check=True).stdout  # fmt: skip
        imported = [line.split("DLL Name:")[1].strip() for line in listing.splitlines()
                    if "DLL Name:" in line]  # fmt: skip
        lacking = [
            name
            for name in imported
            if name.lower() not in shipped
            and name.lower() not in windows_own
            and not name.lower().startswith(("api-ms-win-", "ext-ms-win-"))
        ]
        if lacking:
            missing[str(path.relative_to(bundle))] = lacking
    return missing


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def finish(bundle: Path, windows_system: Path | None = None) -> int:
    unwanted = never_shipped_found(bundle)
    for item in unwanted:
        print(f"bundle: {item} is never shipped (bundle.NEVER_SHIPPED, bundle.wanted)")
    if unwanted:
        return 1
    if is_windows_bundle(bundle):
        if windows_system is None:
            sys.exit("bundle: a Windows bundle is checked against a Windows system folder")
        missing = unresolved_windows_libraries(bundle, windows_system)
    else:
        missing = unresolved_libraries(bundle)
    for file, libraries in missing.items():
        print(f"bundle: {file} needs {', '.join(libraries)}: not in the bundle nor on this machine")
    if missing:
        return 1
    print(f"bundle: {bundle} holds {folder_size(bundle) / 2**20:.0f} MiB; every library resolves")
    return 0


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[1] != "finish":
        sys.exit("usage: bundle.py finish BUNDLE_FOLDER [WINDOWS_SYSTEM_FOLDER]")
    sys.exit(finish(Path(sys.argv[2]), Path(sys.argv[3]) if len(sys.argv) == 4 else None))
