"""Windows built from a Designer form, in the language of the moment."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialogButtonBox, QWidget


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


STANDARD_TEXTS: dict[QDialogButtonBox.StandardButton, object] = {
    QDialogButtonBox.StandardButton.Ok: QT_TRANSLATE_NOOP("Buttons", "&OK"),
    QDialogButtonBox.StandardButton.Save: QT_TRANSLATE_NOOP("Buttons", "&Save"),
    QDialogButtonBox.StandardButton.Cancel: QT_TRANSLATE_NOOP("Buttons", "&Cancel"),
}
"""Qt's standard buttons, with an Alt letter each (Qt's own texts have none)."""


class LetteredButtons(QObject):
    """A button box's buttons with an Alt letter each, kept through a change of language: the
    box writes its standard texts anew after the window has written its own."""

    def __init__(
        self, box: QDialogButtonBox, texts: dict[QDialogButtonBox.StandardButton, object] | None
    ) -> None:
        super().__init__(box)
        self._box = box
        self._texts = {**STANDARD_TEXTS, **(texts or {})}
        box.installEventFilter(self)
        self.apply()

    def apply(self) -> None:
        for which, text in self._texts.items():
            button = self._box.button(which)
            if button is not None:
                button.setText(QCoreApplication.translate("Buttons", str(text)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            QTimer.singleShot(0, self, self.apply)  # after the box's own texts (if still there)
        return False
