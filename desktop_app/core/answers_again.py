"""Noticing that the service answers again when nothing else asks it: a desk unlocked without
it holds no token, so no read of the orders goes out, and with no slip kept the sender is
silent. A light knock (an unauthenticated read whose every answer, 401 above all, says the
service is there), tried with the app's one back-off under a low cap."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from desktop_app import api
from desktop_app.core.sender_news import RETURN_NOTICED_WITHIN

Knock = Callable[[float], Awaitable[int | None]]
"""Asks the service within the seconds given; the status it answered, None if nothing did."""


async def until_it_answers(
    knock: Knock,
    *,
    first_wait: float = 0.5,
    longest_wait: float = RETURN_NOTICED_WITHIN / 1.25,
) -> int:
    """Knock until the service answers; the status it answered with. Between two knocks the
    wait grows from ``first_wait`` to ``longest_wait`` with its jitter (so twenty desks do
    not knock in step), and a knock waits no longer than the cap: the return is noticed
    within :data:`~desktop_app.core.sender_news.RETURN_NOTICED_WITHIN` of it answering."""
    tries = 0
    while (status := await knock(longest_wait)) is None:
        await asyncio.sleep(api.backoff_delay(tries, first_wait, longest_wait))
        tries += 1
    return status
