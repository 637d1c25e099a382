"""Start of the Windows program under Wine (Debian 12's Wine 8 on Xvfb: Wine's figure, not a
Windows desk's): its first paint and its orders shown in training mode, against an empty
PySide6 window frozen for Windows the same way (``bench/empty_window_windows.spec``), timed
from process start in the same run. Target: first paint within 1.3x.

The figures that carry the target are taken with Qt's GDI font engine (``QT_QPA_PLATFORM=
windows:fontengine=gdi``, set in the prefix's environment for the rounds): with Qt's default,
DirectWrite, Wine builds its whole font collection as the first text is drawn (0.2 s, which
Windows' font cache service makes a few milliseconds), so any window with words pays it and the
empty window never does. The same rounds with Qt's default follow (``directwrite_…``), and a
second floor in both, the empty window with one line of text (``--one-line``).

Both run as console programs (the program as ``pos-backoffice.com``, its console twin: a
windowed one has no output to report on) in the Wine prefix of ``.venv-windows-package``, whose
stand-ins Wine 8 needs (packaging/windows/README.md); the program is the folder ``make msi``
froze (``dist/windows/pos-backoffice``, frozen now unsigned if absent), copied with its numpy
pointed at the prefix's math stand-in. Per engine, a first round warms Wine (its server, its
DLL cache) and is not counted; then five rounds, each the two floors and then the program;
medians.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import time
import tomllib
from pathlib import Path

from bench.bench_installed_start import start_figures, timed_start
from bench.common import report

ROOT = Path(__file__).resolve().parents[1]
WINDOWS = ROOT / "packaging" / "windows"
ENV = ROOT / ".venv-windows-package"
BUILT = ROOT / "dist" / "windows" / "pos-backoffice"
OUT = ROOT / "bench" / "out" / "windows"
ROUNDS = 5
X_SOCKETS = Path("/tmp/.X11-unix")  # noqa: S108  (where Xvfb makes its socket: no file of ours)


def windows_path(path: Path) -> str:
    return "Z:" + str(path.resolve()).replace("/", "\\")


def program() -> Path:
    """The frozen program's console twin, in a copy whose numpy Wine 8 can load."""
    if not (BUILT / "pos-backoffice.com").exists():
        version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
        subprocess.run([str(WINDOWS / "msi.sh"), version], cwd=ROOT, check=True,
                       env={**os.environ, "MSI_FOLDER_ONLY": "1"})  # fmt: skip
    copy = OUT / "program"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(BUILT, copy)
    stand_ins = WINDOWS / "test-prefix" / "stand_ins.py"
    python = ROOT / ".venv" / "bin" / "python"
    subprocess.run([str(python), str(stand_ins), "point", str(copy)], check=True)
    return copy / "pos-backoffice.com"


def empty_window() -> Path:
    """The empty window, frozen now by the Windows freezer under Wine."""
    subprocess.run(
        [str(WINDOWS / "wine-python.sh"), "-m", "PyInstaller", "--noconfirm", "--clean",
         "--log-level", "ERROR", "--distpath", windows_path(OUT / "frozen"),
         "--workpath", windows_path(OUT / "frozen-build"),
         str(ROOT / "bench" / "empty_window_windows.spec")],
        env={**os.environ, "PYTHONHASHSEED": "0", "WINDOWS_ENV": ENV.name},
        check=True, capture_output=True,
    )  # fmt: skip
    return OUT / "frozen" / "empty-window" / "empty-window.exe"


def rounds(commands: dict[str, list[str]], wine: dict[str, str]) -> dict[str, list[float]]:
    """First paints of each command (and the program's orders shown, as "orders"), a round
    each in turn, after a round that warms Wine (its server, its DLL cache) and is not counted."""
    for command in commands.values():
        timed_start(command, wine)
    found: dict[str, list[float]] = {name: [] for name in [*commands, "orders"]}
    for _ in range(ROUNDS):
        for name, command in commands.items():
            painted, shown = timed_start(command, wine)
            found[name].append(painted)
            if name == "program":
                assert shown is not None, f"{command[1]} showed no orders"
                found["orders"].append(shown)
    return found


def font_engine(engine: str | None, wine: dict[str, str]) -> None:
    """Qt's font engine for every program of the prefix, as a person's environment variable
    would set it (Wine hands no QT_ variable of Linux's to a Windows program): "gdi", or None
    for Qt's own choice, DirectWrite."""
    key = ["wine", "reg", "add" if engine else "delete", r"HKCU\Environment", "/v",
           "QT_QPA_PLATFORM", "/f"]  # fmt: skip
    if engine:
        key[-1:-1] = ["/d", f"windows:fontengine={engine}"]
    subprocess.run(key, env={**os.environ, **wine}, check=False, capture_output=True)
    subprocess.run(["wineserver", "-k"], env={**os.environ, **wine}, check=False)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    app = program()
    empty = empty_window()
    display = f":{200 + os.getpid() % 100}"
    screen = subprocess.Popen(["Xvfb", display, "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    wine = {
        "WINEPREFIX": str(ENV / "prefix"),
        "WINEDEBUG": "-all",
        "WINEDLLOVERRIDES": "winedbg.exe=d;mscoree,mshtml=",
        "DISPLAY": display,
    }
    commands = {
        "empty": ["wine", str(empty)],
        "one_line": ["wine", str(empty), "--one-line"],
        "program": ["wine", str(app), "--training", "--quit-after-start", "--log-level", "INFO"],
    }
    try:
        while not (X_SOCKETS / f"X{display[1:]}").exists():
            time.sleep(0.05)
        # Qt's default font engine on Windows, DirectWrite: under Wine its font collection is
        # built as the first text is drawn (0.2 s; Windows' font cache service makes it a few
        # ms). With Qt's GDI engine under Wine the first text costs what it costs on Windows.
        font_engine("gdi", wine)
        gdi = rounds(commands, wine)
        font_engine(None, wine)
        directwrite = rounds(commands, wine)
    finally:
        font_engine(None, wine)
        screen.terminate()
        screen.wait()
    print(f"program: {app} (under Wine 8: Wine's figures, not a Windows desk's)")
    figures = start_figures(gdi["empty"], gdi["program"], gdi["orders"])
    figures["one_line_window_paint_s"] = statistics.median(gdi["one_line"])
    # Qt's default engine under Wine, and the program against the window with one line there.
    figures["directwrite_empty_window_paint_s"] = statistics.median(directwrite["empty"])
    figures["directwrite_one_line_window_paint_s"] = statistics.median(directwrite["one_line"])
    figures["directwrite_first_paint_s"] = statistics.median(directwrite["program"])
    figures["directwrite_first_paint_ratio"] = statistics.median(
        a / e for a, e in zip(directwrite["program"], directwrite["empty"], strict=True)
    )
    figures["directwrite_first_paint_over_one_line_ratio"] = statistics.median(
        a / o for a, o in zip(directwrite["program"], directwrite["one_line"], strict=True)
    )
    report(figures)


if __name__ == "__main__":
    main()
