"""The application's parts made once (the announcer, the window watch, the card guard...): each a
child of the application, found there by whoever asks first or made then.

On the lowest floor of the windows' code, so that what speaks (:mod:`.announcer`, used by the
widgets) and what guards every window (``app_wide``) find their one instance the same way."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication

P = TypeVar("P", bound=QObject)


def single_instance(kind: type[P], app: QApplication) -> P:
    """The application's one ``kind`` (made on first call, a child of ``app``): the app's parts
    that watch every window are made once, whoever asks first."""
    found = app.findChild(kind, options=Qt.FindChildOption.FindDirectChildrenOnly)
    return found if found is not None else kind(app)
