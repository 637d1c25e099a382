"""What each fault switch may be set to: a status a client can read, a wait that ends, a rate
that is one. Anything else is refused (``Faults.update``), so a typo in a test or a script
cannot make the sandbox answer nothing or hold every request for ever."""

from __future__ import annotations

from typing import Any

SECONDS_AT_MOST = 120_000
"""The longest wait a switch may ask for, in milliseconds."""
BOUNDS: dict[str, tuple[float, float]] = {
    "latency_ms": (0, SECONDS_AT_MOST),
    "answer_delay_ms": (0, SECONDS_AT_MOST),
    "late_commit_ms": (0, SECONDS_AT_MOST),
    "fail_rate": (0, 1),
    "hold_body_at": (0, 1),
    "fail_status": (400, 599),
    "fail_next": (0, 1_000_000),
    "drop_after_commit": (0, 1_000_000),
    "drop_next": (0, 1_000_000),
    "unreadable_next": (0, 1_000_000),
    "late_commit_next": (0, 1_000_000),
}
"""What each numeric switch may be: a status of 999 answers nothing a client can read, and a
latency of 1e308 holds every request for ever."""


def checked(name: str, kind: type, value: object) -> Any:
    """``value`` as switch ``name`` of ``kind`` holds it; a ValueError when it cannot be."""
    if kind is bool or kind is str:
        if type(value) is not kind:
            raise ValueError(f"{name} must be a {kind.__name__}")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} must be a number")
    low, high = BOUNDS[name]
    if not low <= value <= high:  # NaN fails this too
        raise ValueError(f"{name} must be between {low:g} and {high:g}")
    if kind is int and value != int(value):
        raise ValueError(f"{name} must be a whole number")
    return kind(value)
