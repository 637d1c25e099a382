"""Start-up. The app's first window painted, against an empty ``QMainWindow`` painted
by a minimal PySide6 program, both timed from process start in the same run. Target: 1.5x."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.common import report

EMPTY_WINDOW = Path(__file__).with_name("empty_window.py")


def time_to_paint(command: list[str]) -> float:
    env = dict(os.environ, POS_REPORT_FIRST_PAINT="1", QT_QPA_PLATFORM="offscreen")
    started = time.time()
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True
    )
    assert process.stdout is not None
    painted = None
    for line in process.stdout:
        if line.startswith("first-paint "):
            painted = float(line.split()[1])
            break
    process.kill()
    process.wait()
    assert painted is not None, command
    return painted - started


def main() -> None:
    # Pairs taken back to back, and the median of their ratios: on these shared machines the
    # same start-up varies by a third from one second to the next.
    empty, app = [], []
    for _ in range(7):
        empty.append(time_to_paint([sys.executable, str(EMPTY_WINDOW)]))
        app.append(time_to_paint([sys.executable, "-m", "desktop_app", "--training"]))
    report({
        "empty_window_paint_s": statistics.median(empty),
        "app_first_paint_s": statistics.median(app),
        "first_paint_ratio": statistics.median(a / e for a, e in zip(app, empty, strict=True)),
    })  # fmt: skip


if __name__ == "__main__":
    main()
