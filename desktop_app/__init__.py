"""POS Back-Office: a desktop app for retail staff over the store's /api/v1 service."""

from importlib import metadata

try:
    __version__ = metadata.version("pos-backoffice")
except metadata.PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
