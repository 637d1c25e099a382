"""Work over a store's orders, at once or in steps between the window's events: a view of
100,000 orders computed at once holds the window for a second, and a million orders freed at
once half a second. What runs in steps runs as a named task on the window's loop (a newer task
of the same name cancels it); small work runs at once, as before, so a filter of 40 orders
answers in the same keystroke."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from desktop_app.core.steps import Steps, finish

T = TypeVar("T")

BACKGROUND_ABOVE = 5_000
"""Views of more orders than this are computed in steps between the window's events."""

Background = Callable[[str, Steps[Any], Callable[[Any], None], bool], None]
"""Runs a computation in steps on the window's loop as a named task (a newer one of the same
name cancels it), then its callback with the result. The flag says it is idle-time work, which
nobody waits for: the window does not show it as "Working"."""


class InSteps:
    """Where the orders model's work runs: through ``background`` when large, else at once;
    ``cancel`` stops ``background``'s task of a name; ``freed`` is called once every list
    handed to :meth:`free` is empty."""

    def __init__(
        self,
        background: Background | None,
        cancel: Callable[[str], None] | None,
        freed: Callable[[], None],
    ) -> None:
        self.background = background
        self._cancel = cancel
        self._freed = freed
        self._trash: list[list[Any]] = []

    def cancel(self, name: str) -> None:
        """Stop the task ``name`` running in steps, if one is."""
        if self._cancel is not None:
            self._cancel(name)

    def run(
        self,
        name: str,
        steps: Steps[T],
        then: Callable[[T], None],
        size: int | None = None,
        idle: bool = True,
    ) -> None:
        """Run ``steps`` at once or in steps on the loop (:meth:`in_steps`)."""
        if self.background is not None and self.in_steps(size):
            self.background(name, steps, then, idle)
        else:
            self.cancel(name)  # one still in steps would apply its older view after this
            then(finish(steps))

    def in_steps(self, size: int | None) -> bool:
        """Whether work over ``size`` orders runs in steps on the loop: when large (more than
        ``BACKGROUND_ABOVE``) or of no given size, and there is a loop; else at once."""
        return self.background is not None and (size is None or size > BACKGROUND_ABOVE)

    def free(self, *lists: list[Any]) -> None:
        """Free replaced lists a slice at a time: at once, 100,000 orders take ~50 ms."""
        self._trash.extend(lists)

        def free() -> Steps[None]:
            # Drains every list waiting, so a newer task (which cancels this one) loses nothing.
            while self._trash:
                shrinking = self._trash[-1]
                while shrinking:
                    del shrinking[-2_000:]
                    yield
                self._trash.pop()

        self.run("orders-free", free(), lambda _: self._freed())

    @property
    def freeing(self) -> bool:
        """Whether replaced lists are still being freed (``freed`` follows when done)."""
        return bool(self._trash)
