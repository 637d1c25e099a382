"""Long computations as generators of short steps, run on the event loop between its events.

In a Python GUI a worker thread does not make CPU work parallel: it takes turns with the GUI
thread at the GIL, and every call Qt makes into Python while painting waits for that turn (up
to a switch interval each, hundreds of times per frame). So large computations (filtering and
sorting 100,000 orders, building their search index) are written as generators that ``yield``
after each slice of a few milliseconds, and :func:`run_in_steps` runs them on the loop the
window already uses: a paint or a key press waits for one slice at most, and a newer request
cancels an older one at once instead of letting it run on.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Generator
from typing import TypeVar, cast

T = TypeVar("T")

Steps = Generator[None, None, T]
"""A computation that yields between slices of work and returns its result."""

STEP_BUDGET = 0.004
"""Seconds of work between two turns of the event loop: well inside a 16 ms frame, with room
for a paint and a slow step. A turn with nothing else to do costs about 10 microseconds."""


def finish(steps: Steps[T]) -> T:
    """Run ``steps`` to its end at once (small inputs, and code that is not on a loop)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast("T", done.value)


async def run_in_steps(
    steps: Steps[T],
    budget: float = STEP_BUDGET,
    before_turn: Callable[[], Awaitable[object]] | None = None,
) -> T:
    """Run ``steps`` on the running loop, giving the loop a turn after ``budget`` seconds
    (and awaiting ``before_turn()`` before each turn of work, when given)."""
    try:
        while True:
            if before_turn is not None:
                await before_turn()
            deadline = time.perf_counter() + budget
            while True:  # at least one step per turn, however small the budget
                try:
                    next(steps)
                except StopIteration as done:
                    return cast("T", done.value)
                if time.perf_counter() >= deadline:
                    break
            await asyncio.sleep(0)
    finally:
        steps.close()  # a cancelled computation ends here (its ``finally`` blocks run now)


class Turns:
    """Who works first: a computation a person is waiting for (a sort, a filter) before the
    idle-time ones (building the search index for later).

    Side by side, the two took turns on the loop and the sort of a million orders took twice
    as long; now idle-time work waits whenever a waited-for computation runs."""

    def __init__(self) -> None:
        self._waited_for = 0
        self._free: asyncio.Event | None = None

    def _idle_may_run(self) -> asyncio.Event:
        if self._free is None:  # made on the loop that runs the computations
            self._free = asyncio.Event()
            self._free.set()
        return self._free

    async def run(self, steps: Steps[T], idle: bool) -> T:
        """Run ``steps`` in steps; ``idle`` work yields to any that is waited for."""
        free = self._idle_may_run()
        if idle:
            return await run_in_steps(steps, before_turn=free.wait)
        self._waited_for += 1
        free.clear()
        try:
            return await run_in_steps(steps)
        finally:
            self._waited_for -= 1
            if not self._waited_for:
                free.set()
