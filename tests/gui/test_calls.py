"""The one call policy: named tasks scoped to their window, answers that arrive too late are not
delivered, a 401 signs in and runs the same call again, Retry runs exactly the call that failed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtWidgets import QDialog, QWidget
from pytestqt.qtbot import QtBot

from desktop_app import api
from desktop_app.gui.calls.policy import Calls, TaskRunner
from desktop_app.gui.widgets.message_bar import MessageBar


async def answer(text: str, wait: asyncio.Event | None = None) -> str:
    if wait is not None:
        await wait.wait()
    return text


def test_a_newer_task_of_a_name_replaces_the_older(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    runner = TaskRunner()
    shown: list[str] = []
    never = asyncio.Event()
    old = runner.run("search", answer("mar", never), shown.append, lambda e: None)
    runner.run("search", answer("maria"), shown.append, lambda e: None)
    qtbot.waitUntil(lambda: shown == ["maria"])
    assert old.cancelled()


def test_an_answer_that_ended_just_before_its_window_closed_is_dropped(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    runner = TaskRunner()
    shown: list[str] = []

    async def answer_as_the_window_closes() -> str:
        # The close is queued before the task's own callbacks, which come once it returns.
        asyncio.get_running_loop().call_soon(runner.cancel_all)
        return "stale"

    first = runner.run("orders", answer_as_the_window_closes(), shown.append, lambda e: None)
    qtbot.waitUntil(first.done)
    runner.run("other", answer("fresh"), shown.append, lambda e: None)
    qtbot.waitUntil(lambda: shown == ["fresh"])
    assert first.result() == "stale" and not runner.is_running("orders")


def test_a_call_is_under_way_until_its_answer_is_shown(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    """An order read that has ended but not yet been shown is still being read: whoever asks
    "is the order read?" in between would act on the order shown before."""
    runner = TaskRunner()
    shown: list[str] = []
    seen: list[tuple[bool, list[str], bool]] = []
    task: asyncio.Task[str]

    async def read_order() -> str:
        # Runs once the task has ended and before it hands its answer over.
        asyncio.get_running_loop().call_soon(
            lambda: seen.append((task.done(), list(shown), runner.is_running("order")))
        )
        return "the order as it stands now"

    task = runner.run("order", read_order(), shown.append, lambda e: None)
    qtbot.waitUntil(lambda: shown != [])
    assert seen == [(True, [], True)]
    assert not runner.is_running("order")


def test_a_call_a_person_waits_for_shows_progress_well_before_a_second(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    """A search answered in 0.6 s shows that it is under way while it runs (a cashier who
    sees nothing move for half a second presses the key again): progress comes at 150 ms."""
    runner = TaskRunner()
    seen: list[bool] = []
    runner.busy_changed.connect(seen.append)
    task = runner.run("search", asyncio.sleep(0.6, "found"), lambda _: None, lambda e: None)
    qtbot.waitUntil(task.done, timeout=5_000)
    qtbot.waitUntil(lambda: seen[-1:] == [False], timeout=5_000)
    assert seen == [True, False]  # shown while under way, and gone with the answer


def test_idle_work_never_keeps_the_window_busy(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    runner = TaskRunner()
    states: list[bool] = []
    runner.busy_changed.connect(states.append)
    idle_ends, load_ends = asyncio.Event(), asyncio.Event()
    ignore = lambda _: None  # noqa: E731
    runner.run("prepare", answer("index", idle_ends), ignore, ignore, quiet=True)
    runner.run("load", answer("orders", load_ends), ignore, ignore)
    qtbot.waitUntil(lambda: states == [True], timeout=2_000)  # a load over 150 ms shows
    load_ends.set()
    qtbot.waitUntil(lambda: states == [True, False])  # and stops showing when it ends...
    assert runner.is_running("prepare")  # ...though idle work goes on
    idle_ends.set()
    qtbot.waitUntil(lambda: not runner.is_running("prepare"))


class Gate:
    """Signs in at once when asked (as a person who types the password would)."""

    def __init__(self) -> None:
        self.asked: list[tuple[QWidget, str]] = []

    def request_sign_in(
        self, window: QWidget, reason: str, then: Callable[[], None] | None = None
    ) -> object:
        self.asked.append((window, reason))
        if then is not None:
            then()
        return None

    def sign_in_count(self) -> object:
        return len(self.asked)  # each time it is asked, it signs in


def test_two_windows_tasks_of_one_name_never_cancel_each_other(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    first, second = QDialog(), QDialog()
    for dialog in (first, second):
        qtbot.addWidget(dialog)
    gate = Gate()
    shown: list[str] = []
    slow = asyncio.Event()
    Calls(first, gate, None).run("payment-check", lambda: answer("first", slow), shown.append)
    Calls(second, gate, None).run("payment-check", lambda: answer("second"), shown.append)
    qtbot.waitUntil(lambda: shown == ["second"])
    slow.set()
    qtbot.waitUntil(lambda: shown == ["second", "first"])


def test_closing_a_window_cancels_its_own_calls_only(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    closing, staying = QDialog(), QDialog()
    for dialog in (closing, staying):
        qtbot.addWidget(dialog)
        dialog.show()
    gate = Gate()
    shown: list[str] = []
    never, later = asyncio.Event(), asyncio.Event()
    closing_calls = Calls(closing, gate, None)
    closing_calls.run("load", lambda: answer("closed", never), shown.append)
    Calls(staying, gate, None).run("load", lambda: answer("stayed", later), shown.append)
    closing.reject()
    assert not closing_calls.is_running("load")
    later.set()
    qtbot.waitUntil(lambda: shown == ["stayed"])


def test_a_401_signs_in_over_the_window_that_asked_and_runs_the_same_call_again(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    gate = Gate()
    shown: list[str] = []
    attempts: list[int] = []

    async def read() -> str:
        attempts.append(len(attempts))
        if len(attempts) == 1:
            raise api.AuthenticationError("expired", status_code=401)
        return "orders"

    Calls(window, gate, None).run("orders", read, shown.append)
    qtbot.waitUntil(lambda: shown == ["orders"])
    assert attempts == [0, 1] and len(gate.asked) == 1 and gate.asked[0][0] is window
    assert "session has ended" in gate.asked[0][1]


def a_window_with_its_bar(qtbot: QtBot) -> tuple[QWidget, MessageBar, Calls]:
    """A window (held by the test: qtbot holds it weakly), its message bar, and the calls that
    tell it."""
    window = QWidget()
    qtbot.addWidget(window)
    bar = MessageBar(window)
    return window, bar, Calls(window, Gate(), bar)


def test_retry_runs_exactly_the_call_that_failed(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    _window, bar, calls = a_window_with_its_bar(qtbot)
    ran: list[str] = []

    def call(name: str) -> Callable[[], Coroutine[Any, Any, str]]:
        async def make() -> str:
            ran.append(name)
            if ran.count(name) == 1:  # each fails the first time
                raise api.ServerError("down", status_code=503)
            return name

        return make

    calls.run("stores", call("stores"), lambda _: None)
    qtbot.waitUntil(lambda: "503" in bar.label.text())
    calls.run("sellers", call("sellers"), lambda _: None)  # its message replaces the first
    qtbot.waitUntil(lambda: ran == ["stores", "sellers"])
    qtbot.waitUntil(lambda: bar.kind == "error")
    bar.retry_button.click()  # the Retry on the sellers' message
    qtbot.waitUntil(lambda: ran == ["stores", "sellers", "sellers"])
    assert bar.kind == ""


def test_a_failures_words_end_when_the_same_call_answers_by_any_way(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    """Not only by its Retry: the window reading again (F5, a timer) ends them too, and
    another call's answer does not."""
    _window, bar, calls = a_window_with_its_bar(qtbot)
    answers: list[str | BaseException] = [api.ServerError("down", status_code=503), "orders"]

    async def read() -> str:
        answer = answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    calls.run("orders", read, lambda _: None)
    qtbot.waitUntil(lambda: "503" in bar.text())
    calls.run("stores", lambda: answer("stores"), lambda _: None)  # another call answers
    qtbot.waitUntil(lambda: not calls.is_running("stores"))
    assert "503" in bar.text()  # still true: the orders were not read
    calls.run("orders", read, lambda _: None)  # read again, not by Retry
    qtbot.waitUntil(lambda: bar.text() == "")


def test_the_words_of_a_call_under_way_end_with_it_however_it_ends(
    qtbot: QtBot, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    _window, bar, calls = a_window_with_its_bar(qtbot)
    never = asyncio.Event()
    bar.show_info("Sending…", ends=calls.while_running("send"))
    calls.run("send", lambda: answer("sent", never), lambda _: None)
    calls.run("send", lambda: answer("sent", never), lambda _: None)  # a newer one: still on
    qtbot.waitUntil(lambda: calls.is_running("send"))
    assert bar.text() == "Sending…"
    calls.cancel("send")  # stopped by the person: nothing answers, the words go
    qtbot.waitUntil(lambda: bar.text() == "")
    bar.show_info("Checking…", ends=calls.while_running("check"))
    calls.run("check", lambda: answer("checked"), lambda _: bar.show_info("Done."))
    qtbot.waitUntil(lambda: not calls.is_running("check"))
    assert bar.text() == "Done."  # the answer's own words stay: their cause is not the call
