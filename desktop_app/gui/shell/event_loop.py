"""The app's asyncio loop on Qt's: qasync's, with timers that go as soon as they are cancelled,
and an end that does not wait for ever for a name lookup.

qasync starts a Qt timer for every ``call_later`` and keeps it, with its handle, until it
fires, cancelled or not. Every request arms a 30-second deadline (httpcore a few more) and
cancels it when the answer comes: at a busy desk thousands of dead timers stood in Qt's timer
list, each holding its handle and a copy of its task's context (the week's bench counted
~3,800, some 14 MiB). Here a cancelled handle kills its timer at once.

Checked against qasync 0.28.0 (the version uv.lock holds): its ``_SimpleTimer`` still keeps a
cancelled callback's timer until it fires. Upstream, the nearest thread is qasync's issue #35
on its timers, and pull request #58 ("Cleanup timers", a pool of QTimers per delay), closed in
2023 without being merged; this exact leak is not reported there from here (this project's
machines reach package registries, not GitHub's tracker). After a qasync upgrade, that
test (``tests/gui/test_a_long_day.py``: no timer left by answered requests) run on qasync's own
loop tells whether this is still needed.

A name lookup (``loop.getaddrinfo``: the service check's, and httpx's through anyio) runs in the
loop's executor, and a time-out or a cancel leaves its thread waiting for the resolver. qasync's
``close()`` waited for every such thread: after a stop signal the windows closed and the run was
over, yet the process waited for a resolver that might not answer for a minute, and only a
second signal ended it. Here the executor waits for its threads :data:`EXECUTOR_GRACE` seconds at
most; what still runs then is a lookup nobody needs, and the program ends without it
(:meth:`AppEventLoop.left_working`, ``shell/app.py``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextvars import Context
from typing import Any

import qasync
import shiboken6
from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QObject, QThread, QTimerEvent

EXECUTOR_GRACE = 2.0
"""Seconds the loop's end waits for its executor's threads (a lookup, a key's derivation)."""
EXECUTOR_THREADS = 4
"""The executor's threads: lookups and a sign-in's key, a few at a time."""


class _ExecutorThatEndsInTime(qasync.QThreadExecutor):  # type: ignore[misc]
    """qasync's executor, whose shutdown waits for its threads a bounded time."""

    def shutdown(self, wait: bool = True) -> None:
        super().shutdown(wait=False)
        if not wait:
            return
        deadline = time.monotonic() + EXECUTOR_GRACE
        for worker in self.workers():
            left_ms = max(0, int((deadline - time.monotonic()) * 1000))
            # Qt's own wait, which takes a deadline (qasync's worker overrides it with none).
            QThread.wait(worker, QDeadlineTimer(left_ms))

    def workers(self) -> list[Any]:
        """Its threads (qasync keeps them under a private name)."""
        return list(getattr(self, "_QThreadExecutor__workers", []))

    def working(self) -> bool:
        """Whether a thread of it still runs (a lookup that has not come back)."""
        return any(worker.isRunning() for worker in self.workers())


class _Handle(asyncio.Handle):
    """A callback with a Qt timer that is killed when the callback is cancelled."""

    __slots__ = ("_timer_id", "_timers")

    def __init__(
        self,
        timers: _Timers,
        callback: Callable[..., object],
        args: tuple[Any, ...],
        loop: asyncio.AbstractEventLoop,
        context: Context | None,
    ) -> None:
        super().__init__(callback, args, loop, context=context)
        self._timers = timers
        self._timer_id = 0

    def cancel(self) -> None:
        if not self.cancelled():
            self._timers.forget(self)
        super().cancel()


class _Timers(QObject):
    """One Qt timer per pending callback (what qasync's own timer object does), each gone
    when its callback runs or is cancelled."""

    def __init__(self) -> None:
        super().__init__()
        self._pending: dict[int, _Handle] = {}
        self._stopped = False

    def add_callback(self, handle: _Handle, delay: float = 0) -> _Handle:
        handle._timer_id = self.startTimer(int(max(0.0, delay) * 1000))
        self._pending[handle._timer_id] = handle
        return handle

    def forget(self, handle: _Handle) -> None:
        if self._pending.pop(handle._timer_id, None) is not None and shiboken6.isValid(self):
            self.killTimer(handle._timer_id)

    def pending(self) -> int:
        """Callbacks waiting for their time."""
        return len(self._pending)

    def timerEvent(self, event: QTimerEvent) -> None:  # noqa: N802
        timer_id = event.timerId()
        self.killTimer(timer_id)
        handle = self._pending.pop(timer_id, None)
        if handle is not None and not handle.cancelled() and not self._stopped:
            handle._run()

    def stop(self) -> None:
        """The loop closes: nothing more runs."""
        self._stopped = True

    def set_debug(self, enabled: bool) -> None:
        """qasync's debug log of each timer: not kept here."""


class AppEventLoop(qasync.QEventLoop):  # type: ignore[misc]
    """qasync's loop, whose cancelled callbacks leave no timer behind."""

    _timer: _Timers

    def __init__(self, app: QCoreApplication | None = None) -> None:
        super().__init__(app)
        shiboken6.delete(self._timer)  # qasync's own, never used
        self._timer = _Timers()
        self._executor = _ExecutorThatEndsInTime(EXECUTOR_THREADS)
        self.set_default_executor(self._executor)

    def left_working(self) -> bool:
        """Whether, the loop closed, a thread of its executor still runs (a name lookup the
        resolver has not answered): the program then ends without waiting for it."""
        return self._executor.working()

    def call_later(
        self,
        delay: float,
        callback: Callable[..., object],
        *args: Any,
        context: Context | None = None,
    ) -> asyncio.Handle:
        if asyncio.iscoroutinefunction(callback):
            raise TypeError("coroutines cannot be used with call_later")
        handle = _Handle(self._timer, callback, args, self, context)
        return self._timer.add_callback(handle, delay)
