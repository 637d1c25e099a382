"""Start of the Windows program under Wine (Debian 12's Wine 8 on Xvfb: Wine's figure, not a
Windows desk's): its first paint and its orders shown in training mode, against an empty
PySide6 window frozen for Windows the same way (``bench/empty_window_windows.spec``), timed
from process start in the same run. Target: first paint within 1.3x. A second floor, the same
window with one line of text (``--one-line``), says what the first text drawn costs: under Wine
its font database is built then (0.2 s), which the empty window never pays and any window of
the program must.

Both run as console programs (the program as ``pos-backoffice.com``, its console twin: a
windowed one has no output to report on) in the Wine prefix of ``.venv-windows-package``, whose
stand-ins Wine 8 needs (packaging/windows/README.md); the program is the folder ``make msi``
froze (``dist/windows/pos-backoffice``, frozen now unsigned if absent), copied with its numpy
pointed at the prefix's math stand-in. A first round warms Wine (its server, its DLL cache)
and is not counted; then five rounds, each the two floors and then the program; medians.
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
    try:
        while not (X_SOCKETS / f"X{display[1:]}").exists():
            time.sleep(0.05)
        app_command = ["wine", str(app), "--training", "--quit-after-start", "--log-level", "INFO"]
        empty_command = ["wine", str(empty)]
        one_line_command = [*empty_command, "--one-line"]
        timed_start(empty_command, wine)  # Wine's server and caches warmed: not counted
        timed_start(app_command, wine)
        empty_paints, one_line_paints, app_paints, orders = [], [], [], []
        for _ in range(ROUNDS):
            empty_paints.append(timed_start(empty_command, wine)[0])
            one_line_paints.append(timed_start(one_line_command, wine)[0])
            painted, shown = timed_start(app_command, wine)
            assert shown is not None, f"{app} showed no orders"
            app_paints.append(painted)
            orders.append(shown)
    finally:
        subprocess.run(["wineserver", "-k"], env={**os.environ, **wine}, check=False)
        screen.terminate()
        screen.wait()
    print(f"program: {app} (under Wine 8: Wine's figures, not a Windows desk's)")
    figures = start_figures(empty_paints, app_paints, orders)
    # The second floor: Wine builds its font database as the first text is drawn, which an
    # empty window never does and any window of the program must.
    figures["one_line_window_paint_s"] = statistics.median(one_line_paints)
    figures["first_paint_over_one_line_window_ratio"] = statistics.median(
        a / o for a, o in zip(app_paints, one_line_paints, strict=True)
    )
    report(figures)


if __name__ == "__main__":
    main()
