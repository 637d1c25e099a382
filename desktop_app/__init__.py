"""POS Back-Office: a desktop app for retail staff over the store's /api/v1 service."""

from __future__ import annotations

from functools import cache


@cache
def version() -> str:
    """The installed version (looked up on first use: ``importlib.metadata`` costs 40 ms)."""
    from importlib import metadata

    try:
        return metadata.version("pos-backoffice")
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        return "0.0.0+source"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(name)
