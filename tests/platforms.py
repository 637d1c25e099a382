"""The tests' own differences between Windows and Linux, in one place (the app's are in
desktop_app/process/system.py).

* The process's local time zone, as a person's machine sets it: on Linux the ``TZ`` variable
  with an IANA name, read again by ``time.tzset``; on Windows the C runtime's own ``TZ`` form
  (a name, then hours west of UTC), read again by its ``_tzset`` (Python has no ``time.tzset``
  there).
* Whether the tests run under Wine, whose judgement of certificates is not Windows' own
  (docs/windows.md: what a real Windows desk must confirm).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

WINDOWS_ZONES = {"America/Sao_Paulo": "BRT3", "Asia/Tokyo": "JST-9", "UTC": "UTC0"}
"""Each IANA zone the tests use, in the C runtime's form (no summer time in any of them now)."""


def _zone_read_again() -> None:
    if sys.platform == "win32":
        import ctypes

        ctypes.cdll.ucrtbase._tzset()
    else:
        time.tzset()


@contextmanager
def local_zone(monkeypatch: pytest.MonkeyPatch, zone: str) -> Iterator[None]:
    """The process's local time in ``zone`` (an IANA name) for the block."""
    monkeypatch.setenv("TZ", WINDOWS_ZONES[zone] if sys.platform == "win32" else zone)
    _zone_read_again()
    try:
        yield
    finally:
        monkeypatch.undo()
        _zone_read_again()


def under_wine() -> bool:
    """Whether this Windows is Wine (its registry names it)."""
    if sys.platform != "win32":
        return False
    import winreg

    try:
        winreg.CloseKey(winreg.OpenKey(winreg.HKEY_LOCAL_MACHINE, r"Software\Wine"))
    except OSError:
        return False
    return True


not_judged_by_wine = pytest.mark.skipif(
    under_wine(),
    reason="Wine is no judge of certificates (it accepted an untrusted authority): a real "
    "Windows desk checks this (docs/windows.md)",
)


def posix_by_nature(counterpart: str) -> pytest.MarkDecorator:
    """A test of what only POSIX has (file modes, pipes, signals): on Windows ``counterpart``,
    in the same module, checks what stands in its place there."""
    return pytest.mark.skipif(
        sys.platform == "win32", reason=f"POSIX by nature; on Windows: {counterpart}"
    )
