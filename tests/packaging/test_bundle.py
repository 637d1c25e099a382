"""What the packaged program keeps: the parts a desk needs stay, what the app never loads goes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import packaging_tool

bundle = packaging_tool("bundle")
QT = "PySide6/Qt"


@pytest.mark.parametrize(
    "place",
    [
        f"{QT}/plugins/platforms/libqxcb.so",  # X11 desktops
        f"{QT}/plugins/platforms/libqwayland.so",  # Wayland desktops
        f"{QT}/plugins/platforms/libqoffscreen.so",  # the checks
        f"{QT}/plugins/xcbglintegrations/libqxcb-glx-integration.so",
        f"{QT}/plugins/wayland-shell-integration/libxdg-shell.so",
        f"{QT}/plugins/printsupport/libcupsprintersupport.so",  # printing
        f"{QT}/plugins/iconengines/libqsvgicon.so",  # the SVG icons
        f"{QT}/plugins/imageformats/libqsvg.so",
        f"{QT}/plugins/platformthemes/libqgtk3.so",  # the desktop's look and file dialogs
        f"{QT}/plugins/platformthemes/libqxdgdesktopportal.so",
        f"{QT}/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so",  # accents
        f"{QT}/lib/libQt6Charts.so.6",  # the revenue chart
        f"{QT}/lib/libQt6PrintSupport.so.6",
        f"{QT}/lib/libQt6Svg.so.6",
        f"{QT}/lib/libQt6WaylandClient.so.6",
        f"{QT}/translations/qtbase_pt_BR.qm",
        f"{QT}/translations/qtbase_en.qm",
        "babel/locale-data/root.dat",
        "babel/locale-data/pt_BR.dat",
        "babel/locale-data/pt.dat",
        "babel/locale-data/en_US.dat",
        "babel/global.dat",
        "libpython3.11.so.1.0",
    ],
)
def test_what_a_desk_needs_stays(place: str) -> None:
    assert bundle.wanted(place)


@pytest.mark.parametrize(
    "place",
    [
        "PySide6/plugins/platforms/qwindows.dll",  # Windows' desktop
        "PySide6\\plugins\\platforms\\qoffscreen.dll",  # as the freezer writes it there
        "PySide6/plugins/styles/qmodernwindowsstyle.dll",  # the Windows 10 and 11 look
        "PySide6/plugins/iconengines/qsvgicon.dll",
        "PySide6/plugins/imageformats/qsvg.dll",
        "PySide6/Qt6Charts.dll",
        "PySide6/Qt6OpenGL.dll",  # Qt Charts links it on Windows
        "PySide6/Qt6OpenGLWidgets.dll",
        "PySide6/translations/qtbase_pt_BR.qm",
        "PySide6/MSVCP140.dll",  # the C++ runtime Windows does not have
        "libcrypto-3.dll",  # Python's own OpenSSL on Windows
        "babel/locale-data/pt_BR.dat",
    ],
)
def test_what_a_windows_desk_needs_stays(place: str) -> None:
    assert bundle.wanted(place)


@pytest.mark.parametrize(
    "place",
    [
        "PySide6/opengl32sw.dll",  # software OpenGL for Qt Quick: 20 MB
        "PySide6/Qt6Quick.dll",
        "PySide6\\Qt6Qml.dll",
        "PySide6/Qt6QmlModels.dll",
        "PySide6/Qt6Pdf.dll",
        "PySide6/Qt6Network.dll",
        "PySide6/Qt6VirtualKeyboard.dll",
        "PySide6/plugins/platforminputcontexts/qtvirtualkeyboardplugin.dll",
        "PySide6/plugins/platforms/qdirect2d.dll",
        "PySide6/plugins/platforms/qminimal.dll",
        "PySide6/plugins/imageformats/qjpeg.dll",
        "PySide6/plugins/imageformats/qpdf.dll",
        "PySide6/plugins/generic/qtuiotouchplugin.dll",
        "PySide6/translations/qtbase_de.qm",
    ],
)
def test_what_a_windows_desk_never_loads_goes(place: str) -> None:
    assert not bundle.wanted(place)


@pytest.mark.parametrize(
    "place",
    [
        f"{QT}/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so",  # brings Qt Quick
        f"{QT}/plugins/imageformats/libqpdf.so",  # brings Qt PDF
        f"{QT}/plugins/platforms/libqeglfs.so",
        f"{QT}/plugins/egldeviceintegrations/libqeglfs-kms-integration.so",
        f"{QT}/lib/libQt6Quick.so.6",
        f"{QT}/lib/libQt6Qml.so.6",
        f"{QT}/lib/libQt6Pdf.so.6",
        f"{QT}/translations/qtbase_de.qm",
        f"{QT}/translations/qt_ja.qm",
        "babel/locale-data/de_DE.dat",
        "babel/locale-data/ja.dat",
        "stdnum/oui.dat",
        f"{QT}/plugins/imageformats/libqjpeg.so",  # a private libjpeg; the app draws no JPEG
    ],
)
def test_what_the_app_never_loads_goes(place: str) -> None:
    assert not bundle.wanted(place)


@pytest.mark.usefixtures("processes")
def test_only_shared_libraries_are_left_to_debian_never_pythons_own() -> None:
    """A library Debian ships is found by the system's loader where Debian put it; Python's own
    library and its extension modules are opened from the bundle by name, so they stay even
    when they came from Debian's Python (the bundle would not start without them)."""
    zlib = next(str(p) for p in Path("/").glob("*lib/*-linux-gnu/libz.so.1"))  # Debian's zlib1g
    entries = [
        ("libz.so.1", zlib, "BINARY"),
        ("libpython3.11.so.1.0", zlib, "BINARY"),  # as if Debian's: stays all the same
        ("python3.11/lib-dynload/zlib.cpython-311-x86_64-linux-gnu.so", zlib, "EXTENSION"),
        ("libQt6Core.so.6", "/opt/wheels/PySide6/Qt/lib/libQt6Core.so.6", "BINARY"),
    ]
    assert bundle.left_to_debian(entries) == {"libz.so.1"}


def test_a_bundle_holding_a_tool_or_a_second_openssl_is_refused(tmp_path: Path) -> None:
    """make package fails on what a store's IT would refuse to sign off: the tests' and the
    build's packages, Python's readline (GPL-3 libreadline), a private OpenSSL or libjpeg."""
    internal = tmp_path / "_internal"
    shipped = [
        "setuptools/__init__.py",
        "pygments-2.19.1.dist-info/METADATA",
        "cryptography/hazmat/bindings/_rust.abi3.so",
        "python3.11/lib-dynload/readline.cpython-311-x86_64-linux-gnu.so",
        "libcrypto.so.3",
        f"{QT}/plugins/imageformats/libqjpeg.so",
    ]
    kept = [
        "libpython3.11.so.1.0",
        "python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so",
        "numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so",
        f"{QT}/plugins/imageformats/libqsvg.so",
        "pos_backoffice-0.1.0.dist-info/METADATA",
    ]
    for place in [*shipped, *kept]:
        (internal / place).parent.mkdir(parents=True, exist_ok=True)
        (internal / place).touch()
    # A package is named once, by its folder: what is inside it goes with it.
    named = ["setuptools", "pygments-2.19.1.dist-info", "cryptography", *shipped[3:]]
    assert sorted(bundle.never_shipped_found(tmp_path)) == sorted(named)


def test_the_app_needs_none_of_the_start_up_hooks_the_program_leaves_out() -> None:
    """The program runs without the freezer's multiprocessing and pkgutil hooks
    (bundle.UNNEEDED_RUNTIME_HOOKS): a process started through multiprocessing would run the
    program itself again, and a listing of frozen packages would come back empty."""
    import ast

    assert {"pyi_rth_multiprocessing", "pyi_rth_pkgutil"} <= bundle.UNNEEDED_RUNTIME_HOOKS
    app = Path(__file__).resolve().parents[2] / "desktop_app"
    uses = []
    for source in sorted(app.rglob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom)
                else [node.attr] if isinstance(node, ast.Attribute)
                else []
            )  # fmt: skip
            for name in names:
                if name.split(".")[0] in {"multiprocessing", "pkgutil"} or name in {
                    "get_number_modules", "get_cc_module", "ProcessPoolExecutor",
                }:  # fmt: skip
                    uses.append(f"{source.relative_to(app.parent)}: {name}")
    assert uses == []


def test_trimming_leaves_out_those_hooks_and_keeps_the_others() -> None:
    from types import SimpleNamespace

    analysis = SimpleNamespace(
        binaries=[],
        datas=[],
        scripts=[
            ("pyi_rth_inspect", "/hooks/pyi_rth_inspect.py", "PYSOURCE"),
            ("pyi_rth_multiprocessing", "/hooks/pyi_rth_multiprocessing.py", "PYSOURCE"),
            ("pyi_rth_pkgutil", "/hooks/pyi_rth_pkgutil.py", "PYSOURCE"),
            ("pyi_rth_pyside6", "/hooks/pyi_rth_pyside6.py", "PYSOURCE"),
            ("entry", "/work/packaging/entry.py", "PYSOURCE"),
        ],
    )
    bundle.trim(analysis)
    assert [name for name, _, _ in analysis.scripts] == [
        "pyi_rth_inspect", "pyi_rth_pyside6", "entry",
    ]  # fmt: skip


def test_a_windows_bundle_keeps_pythons_own_openssl_and_refuses_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows has no OpenSSL for Python to use: its own ships (on Linux a second one is
    refused); the tests' packages and a private libjpeg are refused there as well."""
    (tmp_path / "pos-backoffice.exe").write_bytes(b"MZ")
    # Its archive holds the app alone (reading a real one is PyInstaller's, and starts ldd).
    monkeypatch.setattr(bundle, "frozen_modules", lambda program: {"desktop_app"})
    internal = tmp_path / "_internal"
    for place in ["libcrypto-3.dll", "libssl-3.dll", "_ssl.pyd", "libjpeg-9.dll", "pytest/x.py"]:
        (internal / place).parent.mkdir(parents=True, exist_ok=True)
        (internal / place).touch()
    found = bundle.never_shipped_found(tmp_path)
    assert sorted(found) == ["libjpeg-9.dll", "pytest"]
