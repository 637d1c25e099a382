"""POS Back-Office: a desktop app for retail staff over the store's /api/v1 service."""

from __future__ import annotations

from functools import cache

DEFAULT_TIMEOUT_SECONDS = 30.0
"""Seconds a request to the service may take unless told otherwise: the client's default and the
default of the app's time-out setting (``desktop_app.gui.settings.preferences.TIMEOUT_SECONDS``),
written here once because neither layer may import the other's module before the window shows."""


@cache
def version() -> str:
    """The installed version (looked up on first use: ``importlib.metadata`` costs 40 ms).

    A packaged program says the version it was built as (``make package VERSION=…`` writes it
    beside this module); a source tree says its installed metadata's."""
    from importlib import metadata
    from pathlib import Path

    built = Path(__file__).with_name("VERSION")
    if built.is_file():
        return built.read_text(encoding="utf-8").strip()
    try:
        return metadata.version("pos-backoffice")
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        return "0.0.0+source"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(name)
