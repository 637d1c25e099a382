"""The one call policy: every network call of every window runs through :class:`Calls`.

Each window owns one :class:`Calls`. Its tasks are named within that window: starting a task of
a name cancels the one already running under that name in the same window (search-as-you-type,
a second refresh), never another window's; closing the window cancels its own. Progress shows
after 150 ms; errors become words through
:func:`desktop_app.gui.words.errors.describe`; a 401 opens sign-in over the window that
asked and then runs the same call again; a Retry sits on the message it belongs to and runs
again exactly the call that failed.

:class:`TaskRunner` is the engine underneath: named asyncio tasks on the qasync loop, results
and errors delivered on the Qt thread, strong references kept until they end.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QDialog, QWidget

from desktop_app.api import Listing
from desktop_app.gui.calls.reach import service_reach, until_it_answers
from desktop_app.gui.widgets.message_bar import Ends
from desktop_app.gui.words.errors import Remedy, UserMessage, describe
from desktop_app.gui.words.list_parts import unread_words

if TYPE_CHECKING:  # asyncio itself is imported after the first paint (40 ms)
    import asyncio

log = logging.getLogger("desktop_app.gui.calls.policy")
T = TypeVar("T")

PROGRESS_AFTER_MS = 150


class TaskRunner(QObject):
    """Runs named coroutines on the qasync loop."""

    busy_changed = Signal(bool)
    ended = Signal(str)  # a task's name: none of that name runs now (answered, failed, stopped)

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
                if name not in self._tasks:
                    self.ended.emit(name)  # stopped, with no newer one of its name
                return
            if error is not None:
                log.info("task %s failed: %s", name, type(error).__name__)
                on_error(error)
            else:
                on_result(done.result())
            if shiboken6.isValid(self._busy_timer) and name not in self._tasks:
                self.ended.emit(name)  # after its words: "Sending…" goes unless they replaced it

        task.add_done_callback(finished)
        return task

    def is_running(self, name: str) -> bool:
        """Whether a task of ``name`` is under way: until its answer is handed over (a task
        that has just ended still has its answer to deliver, and a window that asked "still
        reading?" then must not act on what it showed before)."""
        return name in self._tasks

    def cancel(self, name: str) -> None:
        """Cancel task ``name`` (a person stopped it): nothing of it is delivered, and its end
        says "no longer busy" as any task's end does."""
        task = self._tasks.pop(name, None)
        if task is not None:
            task.cancel()

    def cancel_all(self) -> list[asyncio.Task[Any]]:
        """Cancel every task (a window closes, the session ends); the tasks cancelled, for
        whoever must see them end (a cancelled call closes its connection as it ends)."""
        cancelled = list(self._tasks.values())
        for task in cancelled:
            task.cancel()
        self._tasks.clear()
        self._quiet.clear()
        self._busy_timer.stop()
        return cancelled

    def _waited_for(self) -> bool:
        return any(task not in self._quiet for task in self._tasks.values())

    def _show_busy(self) -> None:
        if self._waited_for():
            self.busy_changed.emit(True)


Retry = Callable[[], None]
"""Runs again exactly the call that failed."""
ErrorHandler = Callable[[UserMessage, Retry | None], None]


class SignInGate(Protocol):
    """Who opens sign-in: over ``window``, saying ``reason``; ``then`` runs once signed in."""

    def request_sign_in(
        self, window: QWidget, reason: str, then: Callable[[], None] | None = None
    ) -> object: ...

    def sign_in_count(self) -> object:
        """A number that changes with each new token (a refusal is about the token its call
        carried, not a newer one)."""
        ...


class MessageSink(Protocol):
    """Where a window says what went wrong (its message bar)."""

    def show_error(
        self, text: str, retry: Retry | None = None, *, ends: Ends | None = None
    ) -> None: ...

    def show_warning(
        self,
        text: str,
        details: str = "",
        retry: Retry | None = None,
        *,
        ends: Ends | None = None,
    ) -> None: ...


class Calls(QObject):
    """The call policy of one window (see the module's docstring)."""

    busy_changed = Signal(bool)
    answered = Signal(str)  # a task's name: its call answered, and its answer was delivered

    def __init__(self, window: QWidget, gate: SignInGate, messages: MessageSink | None) -> None:
        super().__init__(window)
        self._gate = gate
        self._messages = messages
        self._runner = TaskRunner(self)
        self._runner.busy_changed.connect(self.busy_changed)  # the window shows it its way
        window.installEventFilter(self)
        if isinstance(window, QDialog):
            window.finished.connect(self.cancel_all)  # accept() and reject() close no event

    def _watched_window(self) -> QWidget:
        """The window, its parent (never an attribute: a cycle the collector would break by
        clearing this object's attributes while the window can still send it events)."""
        window = self.parent()
        assert isinstance(window, QWidget)
        return window

    def run(
        self,
        name: str,
        make: Callable[[], Coroutine[Any, Any, T]],
        on_result: Callable[[T], None],
        *,
        on_error: ErrorHandler | None = None,
        on_sign_in: Callable[[], None] | None = None,
        quiet: bool = False,
    ) -> None:
        """Start ``make()`` as this window's task ``name``.

        ``make`` is called again for the same call after sign-in or on Retry. Errors go to
        ``on_error(message, retry)`` when given, else to the window's message bar. A 401 is
        never theirs: sign-in opens over this window (``on_sign_in`` lets the window say that
        the call waits for it), and the call runs again once signed in. A ``quiet`` task is
        idle-time work that never shows progress. A list answer read only in part is delivered
        (the rows that were read), and the window's message bar says how many were not."""

        def again() -> None:
            self.run(name, make, on_result, on_error=on_error, on_sign_in=on_sign_in, quiet=quiet)

        sent_with = self._gate.sign_in_count()

        def failed(error: BaseException) -> None:
            service_reach().note(error)  # the one place every call's end is heard
            message = replace(describe(error), ends=self.failure_ends(name, error))
            if message.remedy is Remedy.SIGN_IN:
                if self._gate.sign_in_count() != sent_with:
                    # Refused for a token older than the one signed in with since (a slow
                    # answer to a call sent before): asking again would wipe the new token.
                    # The same call goes again with it.
                    again()
                    return
                if on_sign_in is not None:
                    on_sign_in()
                self._gate.request_sign_in(self._watched_window(), message.text, again)
                return
            # A setting corrected in Settings applies at once: Retry runs the same call again.
            retry = again if message.remedy in (Remedy.RETRY, Remedy.SETTINGS) else None
            if on_error is not None:
                on_error(message, retry)
            elif self._messages is not None:
                self._messages.show_error(message.text, retry, ends=message.ends)
            else:
                log.warning("no one to tell of a failed call %s", name)

        def delivered(result: T) -> None:
            service_reach().heard()
            on_result(result)
            self.answered.emit(name)

            words = unread_words(result) if isinstance(result, Listing) else None
            if words is not None and self._messages is not None:  # until it is read again
                self._messages.show_warning(*words, ends=self.failure_ends(name, None))

        self._runner.run(name, make(), delivered, failed, quiet=quiet)

    def failure_ends(self, name: str, error: BaseException | None) -> Ends | None:
        """What ends the words of call ``name``'s failure: the same call answering (run again
        by Retry, a key or the window itself), or, when the service could not be reached, any
        call answering."""
        return Ends.either(
            Ends(self.answered, ended=lambda answered: answered == name),
            until_it_answers(error),
        )

    def while_running(self, name: str) -> Ends:
        """What ends the words of call ``name`` under way ("Sending…", "Checking…"): its end,
        whatever it was (its answer's own words replace them first)."""
        return Ends(self._runner.ended, ended=lambda ended: ended == name)

    def is_running(self, name: str) -> bool:
        """Whether this window's task ``name`` is under way."""
        return self._runner.is_running(name)

    def cancel(self, name: str) -> None:
        """Cancel this window's task ``name`` (a person stopped it)."""
        self._runner.cancel(name)

    def cancel_all(self) -> None:
        """Cancel every task of this window."""
        self._runner.cancel_all()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """A window that closes takes its calls with it."""
        if watched is self.parent() and event.type() == QEvent.Type.Close:
            self._runner.cancel_all()
        return False
