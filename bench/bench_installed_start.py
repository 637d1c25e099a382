"""Start of the installed program: its first paint and its orders shown (training mode), against
an empty PySide6 window frozen with the same freezer and options (``bench/empty_window.spec``),
timed from process start in the same run. Target: first paint within 1.3x; orders shown reported.

The program is the installed one (``/opt/pos-backoffice/current/pos-backoffice``), else the
built folder (``dist/pos-backoffice``, what the package installs, file for file), else one built
now with ``make package``; ``BENCH_PROGRAM`` names another, ``BENCH_EMPTY_WINDOW`` an empty window
frozen elsewhere. Five rounds, each the empty window
and then the program, both from a fresh home folder (a person's first start); medians of the
rounds.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from bench.common import report

ROOT = Path(__file__).resolve().parents[1]
INSTALLED = Path("/opt/pos-backoffice/current/pos-backoffice")
BUILT = ROOT / "dist" / "pos-backoffice" / "pos-backoffice"
FROZEN = ROOT / "bench" / "out" / "frozen"
ROUNDS = 5


def program() -> Path:
    named = os.environ.get("BENCH_PROGRAM")
    if named:
        return Path(named)
    if INSTALLED.exists():
        return INSTALLED
    if not BUILT.exists():
        subprocess.run(["make", "--no-print-directory", "package"], cwd=ROOT, check=True)
    return BUILT


def empty_window() -> Path:
    """The empty window, frozen now by the packaging environment's freezer; or the one
    ``BENCH_EMPTY_WINDOW`` names (frozen where the program was: on Debian 12 for a Debian 13
    desk, whose own freezer would bring another Python)."""
    named = os.environ.get("BENCH_EMPTY_WINDOW")
    if named:
        return Path(named)
    subprocess.run(["make", "--no-print-directory", "setup-packaging"], cwd=ROOT, check=True)
    subprocess.run(
        [
            str(ROOT / ".venv-package" / "bin" / "pyinstaller"), "--noconfirm", "--clean",
            "--log-level", "WARN", "--distpath", str(FROZEN),
            "--workpath", str(FROZEN.with_name("frozen-build")),
            str(ROOT / "bench" / "empty_window.spec"),
        ],
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=True,
    )  # fmt: skip
    return FROZEN / "empty-window" / "empty-window"


def timed_start(
    command: list[str], more: dict[str, str] | None = None
) -> tuple[float, float | None]:
    """Seconds from process start to its first paint, and to its orders shown (None for a
    program that shows none), from a fresh home folder; ``more`` adds to its environment."""
    with tempfile.TemporaryDirectory(prefix="bench-home-") as home:
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home,
            "LANG": "C.UTF-8",
            "QT_QPA_PLATFORM": "offscreen",
            "POS_REPORT_FIRST_PAINT": "1",
            **(more or {}),
        }
        started = time.time()
        process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=environment,
            text=True,
        )
        assert process.stdout is not None
        painted = shown = None
        for line in process.stdout:
            if line.startswith("first-paint "):
                painted = float(line.split()[1]) - started
                if "--quit-after-start" not in command:
                    break
            elif "showing" in line and "orders" in line:
                shown = time.time() - started
                break
        process.kill()
        process.wait()
    assert painted is not None, f"{command[0]} never painted"
    return painted, shown


def main() -> None:
    app = program()
    empty = empty_window()
    app_command = [str(app), "--training", "--quit-after-start", "--log-level", "INFO"]
    empty_paints, app_paints, orders = [], [], []
    for _ in range(ROUNDS):
        empty_paints.append(timed_start([str(empty)])[0])
        painted, shown = timed_start(app_command)
        assert shown is not None, f"{app} showed no orders"
        app_paints.append(painted)
        orders.append(shown)
    print(f"program: {app}")
    report(start_figures(empty_paints, app_paints, orders))


def start_figures(
    empty_paints: list[float], app_paints: list[float], orders: list[float]
) -> dict[str, float]:
    """The medians of the rounds, and the program's against the empty window of each round."""
    return {
        "empty_window_paint_s": statistics.median(empty_paints),
        "installed_first_paint_s": statistics.median(app_paints),
        "installed_orders_shown_s": statistics.median(orders),
        "first_paint_ratio": statistics.median(
            a / e for a, e in zip(app_paints, empty_paints, strict=True)
        ),
        "orders_shown_ratio": statistics.median(
            o / e for o, e in zip(orders, empty_paints, strict=True)
        ),
    }


if __name__ == "__main__":
    main()
