"""Python's cyclic garbage collector, run on the Qt thread only.

CPython collects on whichever thread happens to allocate past the threshold: the sandbox's
server thread in training mode, a thread decoding a store's orders, httpx's. A collection frees
every unreachable cycle it finds, and a Qt window and its parts always hold cycles: its Qt
objects were then destroyed on that thread, behind the back of the Qt thread using them (Qt
forbids it: "Timers cannot be stopped from another thread", and the test suite's segmentation
faults in ``isVisible`` of a widget Qt still listed). So automatic collection is off, and a Qt
timer collects, generation by generation by CPython's own thresholds, on the Qt thread; never
while a large build has the collector paused (:mod:`desktop_app.process.collector`). Objects
without cycles are freed at once by reference counting, on any thread, as before.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

from desktop_app.process.collector import build_under_way

LOOK_EVERY_MS = 100
"""How often the Qt thread looks whether a generation is due (a look is a few counters)."""


class QtThreadCollection(QObject):
    """While started: the cyclic collector runs on the Qt thread alone (see the module)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(LOOK_EVERY_MS)
        self._timer.timeout.connect(self.collect_when_due)
        self._was_enabled = False

    def start(self) -> None:
        """Collection by Qt's timer from now on, none on any other thread."""
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        """What is garbage now collected here, and automatic collection as it was."""
        self._timer.stop()
        gc.collect()
        if self._was_enabled:
            gc.enable()

    @staticmethod
    def collect_when_due() -> int:
        """Collect the oldest generation that is due by CPython's thresholds (700 new objects
        for the youngest; ten collections of the one below for each older); the generation
        collected, or -1."""
        if build_under_way():
            return -1
        counts, thresholds = gc.get_count(), gc.get_threshold()
        if not thresholds[0] or counts[0] <= thresholds[0]:
            return -1  # as CPython: the youngest's allocations set it off
        generation = max(g for g in range(3) if counts[g] > thresholds[g])  # the oldest due
        gc.collect(generation)
        return generation
