"""The end of a run never waits for a name lookup nobody needs any more: a stop signal after the
service check (or a sign-in cancelled while the name was looked up) ended the run, yet the
process waited for the resolver, and only a second signal ended it."""

from __future__ import annotations

import asyncio
import threading
import time

from PySide6.QtCore import QDeadlineTimer, QThread
from PySide6.QtWidgets import QApplication

from desktop_app.gui.shell.event_loop import EXECUTOR_GRACE, AppEventLoop


def test_the_loop_closes_in_time_beside_a_lookup_that_does_not_come_back(
    qapp: QApplication,
) -> None:
    resolver_answers = threading.Event()  # a resolver that does not answer: a thread that waits
    loop = AppEventLoop(qapp)
    asyncio.set_event_loop(loop)
    # As loop.getaddrinfo runs a lookup; then its time-out, which cancels the wait, not the thread.
    looked_up = loop.run_in_executor(None, resolver_answers.wait, 60)
    looked_up.cancel()
    started = time.monotonic()
    try:
        loop.close()  # the run is over: the executor shut down, its threads waited for in time
        took = time.monotonic() - started
        assert took < EXECUTOR_GRACE + 1.0
        assert loop.left_working()  # the program then ends without it (shell/app.py)
    finally:
        resolver_answers.set()
        asyncio.set_event_loop(None)
    for worker in loop._executor.workers():  # the lookup's thread ends once it is answered
        assert QThread.wait(worker, QDeadlineTimer(10_000))
    assert not loop.left_working()
