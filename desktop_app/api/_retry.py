"""When a failed read is tried again: which answers, after how long (a POST never is)."""

from __future__ import annotations

import random
import time
from email.utils import parsedate_to_datetime

import httpx

RETRYABLE_STATUSES = frozenset({429, 502, 503, 504})
"""Answers after which a read is tried again: too many requests, and a service away for a
moment."""
MAX_RETRY_AFTER = 10.0
"""Seconds of a service's ``Retry-After`` honoured at most."""


def retry_after(response: httpx.Response | None) -> float | None:
    """The wait the service asked for (``Retry-After``, seconds or a date), at most
    :data:`MAX_RETRY_AFTER`; None when it asked for none."""
    if response is None:
        return None
    value = response.headers.get("retry-after")
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            seconds = parsedate_to_datetime(value).timestamp() - time.time()
        except (TypeError, ValueError):
            return None
    return min(max(seconds, 0.0), MAX_RETRY_AFTER)


def backoff(attempt: int, response: httpx.Response | None, base: float, most: float) -> float:
    """Seconds before attempt ``attempt + 1``: what the service asked for, else an exponential
    backoff from ``base`` up to ``most``, with jitter so that tills do not retry in step."""
    hinted = retry_after(response)
    return hinted if hinted is not None else backoff_delay(attempt, base, most)


def backoff_delay(attempt: int, base: float, most: float) -> float:
    """The one back-off of the app (reads tried again here, payments kept for the service in
    the outbox): ``base`` doubled at each attempt up to ``most``, a cap the caller may lower,
    with jitter so that tills do not try again in step."""
    delay = min(base * (2.0**attempt), most)
    return delay * random.uniform(0.75, 1.25)  # noqa: S311 - jitter, not a secret
