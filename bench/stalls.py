"""What the Qt thread was doing while it held the loop: its Python stack, taken from a thread
of the bench's own while a ``GapMeter``'s timer is late, and set against the long gaps the
meter noted once the run is over.

A stack taken while Qt works in C++ with the interpreter's lock released (laying out, painting,
a style's own drawing) shows the Python frame that handed control to Qt: the event loop's own
frame when no Python code of the app's is running at all. Stacks are kept once each, their
samples as numbers in arrays: the sampler grows the process by a few hundred kilobytes a week.
"""

from __future__ import annotations

import bisect
import sys
import threading
import time
import traceback
from array import array
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

LATE = 0.012
"""The timer is this late (two ticks missed) before the thread's stack is worth a look."""
EVERY = 0.002
"""Seconds between two looks while the timer is late."""
FRAMES = 14
"""The innermost frames kept of each stack."""


def stack_text(frame: FrameType | None) -> str:
    if frame is None:
        return "(no Python frame)"
    lines = []
    for entry in reversed(traceback.extract_stack(frame, limit=FRAMES)):
        module = Path(entry.filename).stem
        lines.append(f"  {module}.{entry.name}:{entry.lineno}")
    return "\n".join(lines)


class StallSampler:
    """Looks at the Qt thread's stack every ``EVERY`` seconds while ``meter``'s last tick is
    ``LATE`` or more ago, and ``meter.running``."""

    def __init__(self, meter: Any) -> None:
        self.meter = meter
        self.thread_id = threading.get_ident()  # made on the Qt thread
        self.taken = array("d")  # when each look was taken (time.monotonic)
        self.stack = array("I")  # its stack's place in stacks
        self.stacks: list[str] = []
        self._places: dict[str, int] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._look, name="stall sampler", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _look(self) -> None:
        while not self._stop.wait(EVERY):
            now = time.monotonic()
            if not self.meter.running or now - self.meter.last_tick < LATE:
                continue
            text = stack_text(sys._current_frames().get(self.thread_id))
            place = self._places.setdefault(text, len(self.stacks))
            if place == len(self.stacks):
                self.stacks.append(text)
            self.taken.append(now)
            self.stack.append(place)

    def within(self, started: float, ended: float) -> Counter[str]:
        """The stacks taken between ``started`` and ``ended``, by how often."""
        return Counter(
            self.stacks[place]
            for taken, place in zip(self.taken, self.stack, strict=True)
            if started <= taken <= ended
        )

    def write(self, gaps: Any, longer_than: float, path: Path) -> None:
        """For each of ``gaps`` (ended, length, phase) over ``longer_than`` seconds, longest
        first: the stacks taken during it; then the stacks of all of them together, by phase."""
        chosen = sorted((g for g in gaps if g[1] > longer_than), key=lambda g: -g[1])
        by_phase: dict[str, Counter[str]] = {}
        lines = [f"{len(chosen)} gaps over {longer_than * 1000:.0f} ms, longest first", ""]
        for ended, length, phase in chosen:
            seen = self.within(ended - length, ended)
            by_phase.setdefault(phase, Counter()).update(seen)
            lines.append(f"{length * 1000:.1f} ms during {phase} ({sum(seen.values())} looks)")
            lines += [f" {count}x\n{stack}" for stack, count in seen.most_common(3)]
            lines.append("")
        for phase, seen in sorted(by_phase.items(), key=lambda item: -item[1].total()):
            lines.append(f"== {phase}: {seen.total()} looks in all, the stacks most seen")
            lines += [f" {count}x\n{stack}" for stack, count in seen.most_common(8)]
            lines.append("")
        path.write_text("\n".join(lines) + "\n")


def write_gaps(gaps: Any, longer_than: float, path: Path) -> None:
    """Each of ``gaps`` over ``longer_than`` seconds as a line: when it began and ended
    (``time.monotonic``, the clock ``perf record -k CLOCK_MONOTONIC`` stamps its samples with),
    and what the app was doing, to set a native profile's samples against."""
    lines = [
        f"{ended - length:.6f}\t{ended:.6f}\t{phase}"
        for ended, length, phase in gaps
        if length > longer_than
    ]
    path.write_text("\n".join(lines) + "\n")


class EventTrail:
    """Every event the application delivers, noted as it starts (when, its type, its
    receiver's class), to read what the loop did inside a long gap: the time from an event's
    start to the next's is its handling's, nested events' aside. Installed on the application
    (``QApplication.installEventFilter``), it is a ``QObject``: made by :func:`event_trail`."""

    taken: array[float]
    event_kinds: array[int]
    receiver_kinds: array[int]
    names: list[str]

    def within(self, started: float, ended: float) -> list[tuple[float, str]]:
        """(seconds until the next event, "type receiver") of the events between the two."""
        times = self.taken
        first = bisect.bisect_left(times, started)
        last = bisect.bisect_right(times, ended)
        found = []
        for at in range(max(first - 1, 0), min(last, len(times) - 1)):
            took = min(times[at + 1], ended) - max(times[at], started)
            found.append(
                (took, f"{event_name(self.event_kinds[at])} {self.names[self.receiver_kinds[at]]}")
            )
        return found

    def write(self, gaps: Any, longer_than: float, path: Path) -> None:
        chosen = sorted((g for g in gaps if g[1] > longer_than), key=lambda g: -g[1])
        lines = [f"{len(chosen)} gaps over {longer_than * 1000:.0f} ms: the events that took most"]
        summed: dict[str, float] = {}
        for ended, length, phase in chosen:
            found = self.within(ended - length, ended)
            lines.append(f"{length * 1000:.1f} ms during {phase}, {len(found)} events")
            for took, what in sorted(found, reverse=True)[:6]:
                lines.append(f"  {took * 1000:6.1f} ms  {what}")
            for took, what in found:
                summed[what] = summed.get(what, 0.0) + took
        for ended, length, phase in chosen[:4]:  # the longest, event by event
            lines.append(f"== {length * 1000:.1f} ms during {phase}, every event of 0.2 ms or more")
            lines += [
                f"  {took * 1000:6.1f} ms  {what}"
                for took, what in self.within(ended - length, ended)
                if took >= 0.0002
            ]
        lines.append("== in all those gaps, by event (ms)")
        lines += [
            f"  {took * 1000:8.1f}  {what}"
            for what, took in sorted(summed.items(), key=lambda i: -i[1])[:30]
        ]
        path.write_text("\n".join(lines) + "\n")


def event_name(kind: int) -> str:
    from PySide6.QtCore import QEvent

    try:
        return QEvent.Type(kind).name
    except ValueError:
        return str(kind)


def event_trail(app: Any) -> EventTrail:
    """An :class:`EventTrail` installed on ``app``."""
    from PySide6.QtCore import QEvent, QObject

    class Trail(QObject, EventTrail):
        def __init__(self) -> None:
            super().__init__()
            self.taken, self.event_kinds, self.receiver_kinds = array("d"), array("H"), array("I")
            self.names: list[str] = []
            self._places: dict[type, int] = {}

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            kind = type(watched)
            place = self._places.get(kind)
            if place is None:
                place = self._places[kind] = len(self.names)
                self.names.append(kind.__name__)
            self.taken.append(time.monotonic())
            self.event_kinds.append(event.type().value)
            self.receiver_kinds.append(place)
            return False

    trail = Trail()
    app.installEventFilter(trail)
    return trail
