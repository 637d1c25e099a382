"""Windows built from a Designer form, in the language of the moment."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget


def closed_by_keys(window: QWidget) -> None:
    """Esc or Ctrl+W closes a window that is not a dialog (the lookups), as Help says."""
    # Ctrl+W itself: the platform's "close" key is Ctrl+F4 on some desktops.
    for keys in (QKeySequence(Qt.Key.Key_Escape), QKeySequence("Ctrl+W")):
        QShortcut(keys, window).activated.connect(window.close)


class FormTexts:
    """Mixin (before the Qt class) for a window whose form is ``self.ui``: on a change of
    language, the form's own texts (``retranslateUi``), then those the window writes itself
    (:meth:`_retranslate`)."""

    def _retranslate(self) -> None:
        """The texts the form cannot hold (values, tables, titles with numbers)."""

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            form: Any = getattr(self, "ui")  # noqa: B009 - each window's own form class
            form.retranslateUi(self)
            self._retranslate()
        super().changeEvent(event)  # type: ignore[misc]
