"""What the start benchmarks and tests read, with ``POS_REPORT_FIRST_PAINT`` set: when each step
before the first paint ended (``start-marks``), then the first paint itself and which of the
heavy modules were loaded by then (``first-paint``; bench/bench_gui_startup.py,
bench/bench_installed_start.py, bench/bench_windows_start.py and tests/e2e read it). Without it,
nothing is kept or printed."""

from __future__ import annotations

import os
import sys
import time

HEAVY = ("httpx", "pydantic", "qasync", "jwt", "babel")
"""Modules the first paint must not wait for."""


class StartReport:
    """Marks taken as the start goes, printed at its first paint."""

    def __init__(self) -> None:
        self._marks: list[str] | None = [] if os.environ.get("POS_REPORT_FIRST_PAINT") else None

    def mark(self, step: str) -> None:
        """``step`` ended now."""
        if self._marks is not None:
            self._marks.append(f"{step}={time.time():.6f}")

    def first_paint(self) -> None:
        """The window was painted now: the marks, then the paint's own line."""
        if self._marks is None:
            return
        print(f"start-marks {','.join(self._marks)}", flush=True)
        heavy = [name for name in HEAVY if name in sys.modules]
        if "Qt" in vars(sys.modules["PySide6.QtCore"]):  # made on first use: 20-25 ms
            heavy.append("PySide6.QtCore.Qt")
        print(f"first-paint {time.time():.6f} loaded={','.join(heavy)}", flush=True)
