"""The one async bridge: every network call of the GUI runs here as a named task.

Starting a task of a name cancels the one already running under it (search-as-you-type, a
second refresh); results and errors come back to callbacks on the Qt thread; strong references
keep tasks alive until they end; :meth:`TaskRunner.cancel_all` runs when a window closes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

import shiboken6
from PySide6.QtCore import QObject, QTimer, Signal

if TYPE_CHECKING:  # asyncio itself is imported after the first paint (40 ms)
    import asyncio

log = logging.getLogger("desktop_app.gui.bridge")
T = TypeVar("T")

PROGRESS_AFTER_MS = 150


class TaskRunner(QObject):
    """Runs named coroutines on the qasync loop."""

    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks: dict[str, asyncio.Task[Any]] = {}
        self._quiet: set[asyncio.Task[Any]] = set()
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(PROGRESS_AFTER_MS)
        self._busy_timer.timeout.connect(self._show_busy)

    def run(
        self,
        name: str,
        coro: Coroutine[Any, Any, T],
        on_result: Callable[[T], None],
        on_error: Callable[[BaseException], None],
        *,
        quiet: bool = False,
    ) -> asyncio.Task[T]:
        """Start ``coro`` as task ``name`` (cancelling an older one of that name).

        A ``quiet`` task is idle-time work nobody waits for: it never shows as busy."""
        import asyncio

        old = self._tasks.pop(name, None)
        if old is not None and not old.done():
            old.cancel()
        task = asyncio.get_event_loop().create_task(coro, name=name)
        self._tasks[name] = task
        if quiet:
            self._quiet.add(task)
        elif not self._busy_timer.isActive():
            self._busy_timer.start()

        def finished(done: asyncio.Task[T]) -> None:
            # Taken even when unused, or asyncio reports the error as never retrieved.
            error = None if done.cancelled() else done.exception()
            if not shiboken6.isValid(self._busy_timer):
                return  # the window that asked is gone: nobody to tell
            self._quiet.discard(done)
            current = self._tasks.get(name) is done
            if current:
                del self._tasks[name]
            if not self._waited_for():
                self._busy_timer.stop()
                self.busy_changed.emit(False)
            if done.cancelled() or not current:
                # Superseded, or cancelled with its window, perhaps after it had already
                # ended: its answer is stale, and the window may be closing.
                return
            if error is not None:
                log.info("task %s failed: %s", name, type(error).__name__)
                on_error(error)
            else:
                on_result(done.result())

        task.add_done_callback(finished)
        return task

    def is_running(self, name: str) -> bool:
        """Whether a task of ``name`` is under way."""
        task = self._tasks.get(name)
        return task is not None and not task.done()

    def cancel_all(self) -> None:
        """Cancel every task (a window closes, the session ends)."""
        for task in list(self._tasks.values()):
            task.cancel()
        self._tasks.clear()
        self._quiet.clear()
        self._busy_timer.stop()

    def _waited_for(self) -> bool:
        return any(task not in self._quiet for task in self._tasks.values())

    def _show_busy(self) -> None:
        if self._waited_for():
            self.busy_changed.emit(True)
