"""Pause Python's cyclic garbage collector while many objects are built, then freeze them.

Shared by the client's list decoding and the GUI's large views: both build ~100,000 objects in
steps between the window's events, and a collection triggered meanwhile holds the thread long
enough to freeze the window.

Freezing moves *every* object alive at that moment out of the collector's sight, not only the
ones just built: a window open at the time, which later closes, is never collected if it holds
a reference cycle (a Qt window and its parts always do). So only a large build is frozen (a
small one costs a young collection a few milliseconds), and :func:`thaw` gives what was
frozen back to the collector at a moment nobody is waiting (the app calls it when it locks).

The pauses, the freezing at start-up and the thaw keep their place by the week's soak, run with
them and without them, interleaved, three weeks each (``bench/soak_pieces.py``, 2026-11-27):
without them the week grew 2.27, 2.11 and 2.16 MiB per 1,000 payments (target 2; with them
1.81, 1.73 and 1.90) and its largest timer gap was 191, 235 and 163 ms (with them 61 to 122
ms on this machine, and one week of 278 ms while other work ran). Weighed again by the
targets a desk feels (issue "A lighter house (3a)", two rounds, 2026-11-30): without them the
loop was held 40.5 and 32.0 ms outside a window's building, over the 30 ms target (with
everything 29.99 and 28.91 ms). Memory grew less without them (1.53 and 1.69 MiB per 1,000
payments against 1.79 and 2.10): what is frozen while a window is open waits for the thaw at the
next lock; both are under the 3 MiB target, and the holds decide. Weighed once more after the
bench's days were made days (two rounds, 2026-11-30, 618cb44): without them the loop was held
17.4 and 114.8 ms outside a window's building (with everything 19.1 and 16.9 ms); memory 1.19
and 1.07 MiB per 1,000 payments (with everything 1.14 and 1.14). The code with them, and without
glibc's threshold, measured by three two-week soaks (adf2dc7): the largest hold outside a
window's building 18.3, 23.2 and 20.0 ms; a window opened by keys in 12.3, 12.8 and 12.4 ms at
the 95th percentile; 0.62, 0.40 and 0.48 MiB per 1,000 payments, the second week 0.03, 0.08
and 0.05 of the first.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

FREEZE_ABOVE = 20_000
"""Objects the collector would track, built under one pause, above which they are frozen. A
young collection walks 20,000 fresh objects in about 2 ms; a store's 100,000 orders are 100,000
at least. The payments of an order, a customer search, a store of a few hundred orders stay
below, and leave nothing frozen."""

_pause_lock = threading.Lock()
_pause_depth = 0
_pause_reenable = False
_tracked_before = 0
_frozen_since_thaw = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a result is built; freeze it if it is large.

    A full collection over 100,000 fresh objects takes about 90 ms on the GUI thread; freezing
    moves the loaded objects out of the collector's sight, so later collections stay short. The
    objects are still freed by reference counting when the list is dropped.
    """
    global _pause_depth, _pause_reenable, _tracked_before, _frozen_since_thaw
    with _pause_lock:
        if _pause_depth == 0:
            _pause_reenable = gc.isenabled()
            gc.disable()
            _tracked_before = gc.get_count()[0]
        _pause_depth += 1
    try:
        yield
    finally:
        with _pause_lock:
            _pause_depth -= 1
            if _pause_depth == 0:
                # The young generation's count: objects the collector tracks, made less freed.
                if gc.get_count()[0] - _tracked_before > FREEZE_ABOVE:
                    gc.freeze()
                    _frozen_since_thaw = True
                if _pause_reenable:
                    gc.enable()


def build_under_way() -> bool:
    """Whether a large build has the collector paused now (a collection would stall it)."""
    return _pause_depth > 0


def thaw() -> bool:
    """Give everything frozen since start-up back to the collector, collect once, and freeze
    what is still alive: what died since a freeze (a window closed after a large list was
    read) is freed. A full collection (tens of milliseconds, more with a million orders):
    called when nobody waits for the window. Whether there was anything to thaw."""
    global _frozen_since_thaw
    with _pause_lock:
        if not _frozen_since_thaw or _pause_depth:
            return False  # nothing frozen since the last thaw, or a build under way
        _frozen_since_thaw = False
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        return True
