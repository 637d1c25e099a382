"""Faults on demand, so that the client's handling of a bad network and a bad server is tested
against real HTTP rather than mocks.

* ``latency_ms``: every ``/api/v1`` request waits this long before it is handled; a request whose
  client has gone away meanwhile is dropped unhandled (a time-out "before commit").
  ``latency_path``: only requests whose path starts with it wait (empty: all of them).
* ``fail_next`` / ``fail_rate`` + ``fail_status``: answer with that status instead of handling;
  ``fail_path``: only requests whose path starts with it (empty: all of them).
* ``drop_after_commit``: the next N create-payment or create-invoice requests are handled and
  committed, then the connection is closed without an answer.
* ``drop_next``: the next N requests of any kind are dropped unhandled, without an answer.
* ``hold_body_at``: GET answers under ``latency_path`` send this share of their body (0.5: half)
  and hold the rest until the switch is turned off or the client leaves, as a slow link to a
  store's whole history looks while it loads.
* ``answer_delay_ms``: create-payment and create-invoice requests are handled and committed at
  once, and their answer waits this long (a client that leaves meanwhile gets none), as a
  service slow to answer after it has recorded looks.
* ``late_commit_next`` + ``late_commit_ms``: the next N create-payment or create-invoice
  requests wait this long and are then handled and committed, whether their client is still
  there or not, as a service busy with a request that its client has given up on does.
  ``late_commit_held``: while on, those requests wait on after their time, until it is turned
  off: a test lets them be recorded once the client has looked for them, whatever the
  machine's speed.
* ``accept_duplicates``: a second payment of the same order with the same NSU and authorization
  code is recorded too, as a service without that check of its own would (the interface does
  not say the service has it): a client that sends one slip twice is then seen doing so.
* ``unreadable_next``: the next N non-empty list answers start with an element no client can
  read (``{}``: every element of the interface has a required identifier), as a service with a
  newer or broken row would send.

Set them from the environment (``POS_SANDBOX_LATENCY_MS``, ``POS_SANDBOX_FAIL_RATE``,
``POS_SANDBOX_FAIL_STATUS``, ``POS_SANDBOX_DROP_AFTER_COMMIT``), on ``app.state.faults`` in
process, or with ``PUT /_sandbox/faults`` when the server runs with ``--fault-control``. They
are acted out on the wire by :mod:`desktop_app.sandbox.fault_middleware`.
"""

from __future__ import annotations

import os
import random
import threading
from dataclasses import dataclass, field, fields
from typing import Any

from desktop_app.sandbox.fault_bounds import checked


@dataclass
class Faults:
    """The switches. Thread-safe enough for tests: each is read once per request."""

    latency_ms: float = 0.0
    latency_path: str = ""
    fail_rate: float = 0.0
    fail_status: int = 503
    fail_next: int = 0
    fail_path: str = ""
    drop_after_commit: int = 0
    drop_next: int = 0
    unreadable_next: int = 0
    hold_body_at: float = 0.0
    answer_delay_ms: float = 0.0
    late_commit_next: int = 0
    late_commit_ms: float = 0.0
    late_commit_held: bool = False
    accept_duplicates: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)
    # Set when a request was dropped because its client left during the injected latency:
    # tests wait on it instead of guessing how long the server takes to notice.
    _client_left: threading.Event = field(
        default_factory=threading.Event, repr=False, compare=False
    )
    _paths: list[str] = field(default_factory=list, repr=False, compare=False)
    _late_commits_done: int = field(default=0, repr=False, compare=False)
    _late_bodies_whole: int = field(default=0, repr=False, compare=False)
    _answers_held: int = field(default=0, repr=False, compare=False)
    _rng: random.Random = field(default_factory=random.Random, repr=False, compare=False)

    @classmethod
    def from_env(cls) -> Faults:
        """Switches set by ``POS_SANDBOX_*`` environment variables (bounded as :meth:`update`)."""
        faults = cls()
        faults.update(
            {
                "latency_ms": float(os.environ.get("POS_SANDBOX_LATENCY_MS", 0)),
                "fail_rate": float(os.environ.get("POS_SANDBOX_FAIL_RATE", 0)),
                "fail_status": int(os.environ.get("POS_SANDBOX_FAIL_STATUS", 503)),
                "drop_after_commit": int(os.environ.get("POS_SANDBOX_DROP_AFTER_COMMIT", 0)),
            }
        )
        return faults

    def public(self) -> dict[str, Any]:
        """The switches as JSON."""
        return {f.name: getattr(self, f.name) for f in fields(self) if not f.name.startswith("_")}

    def update(self, values: dict[str, Any]) -> None:
        """Set the named switches, all or none: an unknown name, a value of another kind or one
        out of its bounds (``fault_bounds.BOUNDS``) is refused with a ValueError saying which."""
        names = {f.name for f in fields(self) if not f.name.startswith("_")}
        unknown = set(values) - names
        if unknown:
            raise ValueError(f"unknown fault switches: {sorted(unknown)}")
        allowed = {
            name: checked(name, type(getattr(self, name)), value) for name, value in values.items()
        }
        for name, value in allowed.items():
            setattr(self, name, value)

    def reset(self) -> None:
        """Every switch off."""
        self.update(
            {
                "latency_ms": 0,
                "latency_path": "",
                "fail_rate": 0,
                "fail_next": 0,
                "fail_path": "",
                "drop_after_commit": 0,
                "drop_next": 0,
                "unreadable_next": 0,
                "hold_body_at": 0,
                "answer_delay_ms": 0,
                "late_commit_next": 0,
                "late_commit_ms": 0,
                "late_commit_held": False,
                "accept_duplicates": False,
            }
        )
        self._client_left.clear()  # a later test waits for its own client to leave

    @property
    def late_commits_done(self) -> int:
        """How many late commits have been handled (a test waits for its late ones)."""
        return self._late_commits_done

    @property
    def late_bodies_whole(self) -> int:
        """How many requests to commit late have come whole (a test that kills its client
        waits for this first: a body cut short is never committed)."""
        return self._late_bodies_whole

    @property
    def answers_held(self) -> int:
        """How many committed requests have had their answer held (``answer_delay_ms``): a test
        waits for its request to be recorded before it makes the client go."""
        return self._answers_held

    @property
    def client_left(self) -> bool:
        """Whether a request was dropped because its client left during the latency."""
        return self._client_left.is_set()

    @property
    def paths_seen(self) -> list[str]:
        """The ``/api/v1`` paths received so far (a test sees what reached the server)."""
        with self._lock:
            return list(self._paths)

    def wait_for_client_left(self, timeout: float) -> bool:
        """Block until a request was dropped because its client left during latency."""
        return self._client_left.wait(timeout)

    def _count_down(self, counter: str) -> bool:
        """Use one of a "next N requests" switch (the lock held); whether one was left."""
        left: int = getattr(self, counter)
        if left > 0:
            setattr(self, counter, left - 1)
        return left > 0

    def _take(self, counter: str) -> bool:
        with self._lock:
            return self._count_down(counter)

    def take_failure(self) -> bool:
        """Whether this request is to fail."""
        with self._lock:
            if self._count_down("fail_next"):
                return True
            return self.fail_rate > 0 and self._rng.random() < self.fail_rate

    def take_drop(self) -> bool:
        """Whether this committing request is to be dropped after its commit."""
        return self._take("drop_after_commit")

    def take_late_commit(self) -> bool:
        """Whether this committing request is to be handled late, client or not."""
        return self._take("late_commit_next")

    def take_drop_unhandled(self) -> bool:
        """Whether this request is to be dropped before it is handled."""
        return self._take("drop_next")

    def take_unreadable(self) -> bool:
        """Whether this list answer is to carry an unreadable element."""
        return self._take("unreadable_next")
