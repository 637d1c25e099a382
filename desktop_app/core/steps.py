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
from collections.abc import Generator
from typing import TypeVar, cast

T = TypeVar("T")

Steps = Generator[None, None, T]
"""A computation that yields between slices of work and returns its result."""

STEP_BUDGET = 0.006
"""Seconds of work between two turns of the event loop: well inside a 16 ms frame."""


def finish(steps: Steps[T]) -> T:
    """Run ``steps`` to its end at once (small inputs, and code that is not on a loop)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast("T", done.value)


async def run_in_steps(steps: Steps[T], budget: float = STEP_BUDGET) -> T:
    """Run ``steps`` on the running loop, giving the loop a turn after ``budget`` seconds."""
    try:
        while True:
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
