"""Computations in steps: a sort a person waits for goes before idle-time work."""

from __future__ import annotations

import asyncio

from desktop_app.core.steps import Steps, Turns
from tests.helpers import run


def _work(
    name: str, count: int, log: list[str], started: asyncio.Event | None = None
) -> Steps[str]:
    for _ in range(count):
        log.append(name)
        if started is not None:
            started.set()
        yield
    return name


def test_idle_work_waits_while_waited_for_work_runs() -> None:
    log: list[str] = []

    async def scenario() -> None:
        turns, started = Turns(), asyncio.Event()
        idle = asyncio.ensure_future(turns.run(_work("index", 300_000, log, started), idle=True))
        await started.wait()  # the index is under way
        assert await turns.run(_work("sort", 100_000, log), idle=False) == "sort"
        await idle

    run(scenario())
    first_sort, last_sort = log.index("sort"), len(log) - 1 - log[::-1].index("sort")
    assert log[first_sort : last_sort + 1] == ["sort"] * 100_000  # nothing idle in between
    assert log.count("index") == 300_000  # and the index is finished afterwards
