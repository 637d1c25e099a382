"""What a paused collector leaves frozen: only large builds, and nothing past a thaw.

A cycle stands for a window (a Qt window and its parts always hold one): alive while a list
is read, closed afterwards. Frozen, it would never be collected; the app stays open all week.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from desktop_app.process import collector as gc_pause
from desktop_app.process.collector import FREEZE_ABOVE, collector_paused, thaw


class Window:
    """An object in a reference cycle, freed only by the collector."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def _nothing_frozen() -> Iterator[None]:
    gc.unfreeze()
    gc_pause._frozen_since_thaw = False
    yield
    gc.unfreeze()
    gc_pause._frozen_since_thaw = False


def closed_after_a_build(size: int) -> weakref.ref[Window]:
    """A window open while ``size`` objects are built, closed (dropped) after."""
    window = Window()
    built: list[dict[str, int]] = []
    with collector_paused():
        built.extend({} for _ in range(size))
    closed = weakref.ref(window)
    del window
    return closed


def test_a_window_open_during_a_small_read_is_freed_when_closed() -> None:
    closed = closed_after_a_build(1_000)  # an order's payments, a customer search
    gc.collect()
    assert closed() is None
    assert gc.get_freeze_count() == 0


def test_a_window_open_during_a_large_read_is_freed_at_the_next_thaw() -> None:
    closed = closed_after_a_build(FREEZE_ABOVE + 10_000)  # a store's orders
    assert gc.get_freeze_count() > FREEZE_ABOVE  # out of the collector's sight
    gc.collect()
    assert closed() is not None  # frozen: what the thaw is for
    assert thaw()
    assert closed() is None
    assert gc.get_freeze_count() > 0  # what is still alive is frozen again
    assert not thaw()  # nothing frozen since


def test_the_collector_runs_again_after_a_pause() -> None:
    was = gc.isenabled()
    gc.enable()
    try:
        with collector_paused(), collector_paused():
            assert not gc.isenabled()
        assert gc.isenabled()
    finally:
        if not was:
            gc.disable()
