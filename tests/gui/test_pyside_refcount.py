"""PySide6 6.12.0 drops a reference to None on every call of a method that returns nothing;
on CPython 3.11 the process dies after some thousands of calls ("none_dealloc"). This test makes
100,000 such calls so that an upgrade cannot bring that back unseen."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject


def test_void_calls_keep_the_refcount_of_none() -> None:
    target = QObject()
    before = sys.getrefcount(None)
    for _ in range(100_000):
        target.setObjectName("x")
    assert abs(sys.getrefcount(None) - before) < 1000
