"""A password as the app carries it: a value whose ``repr`` and ``str`` never show it.

A password crosses to a worker thread (the offline unlock key is worked out off the window's
thread) and into libraries (the sign-in request). Anything on the way may log what it was given:
qasync's executor logs each job with its arguments at DEBUG, and a traceback's locals print
theirs. Wrapped, the password prints as ``<secret>`` wherever it goes; :meth:`Secret.reveal`
is called only where the text itself is needed.
"""

from __future__ import annotations

from typing import Final, NoReturn

SHOWN: Final = "<secret>"


class Secret:
    """A text that is never shown: ``repr``, ``str`` and formatting give ``<secret>``."""

    __slots__ = ("_text",)

    def __init__(self, text: str) -> None:
        self._text = text

    def reveal(self) -> str:
        """The text itself, for the one place that needs it (the request, the key)."""
        return self._text

    def __bool__(self) -> bool:
        return bool(self._text)

    def __repr__(self) -> str:
        return SHOWN

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return SHOWN

    def __reduce__(self) -> NoReturn:
        raise TypeError("a secret is never pickled or copied to another process")
