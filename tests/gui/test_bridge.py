"""The one async bridge: named tasks, and answers that arrive too late are not delivered."""

from __future__ import annotations

import asyncio

from pytestqt.qtbot import QtBot

from desktop_app.gui.bridge import TaskRunner


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
