"""The text field inside an editable combo box named as the box is: Qt makes that field itself,
unnamed, and a screen reader met "text" in the Store, Brand, Type and Currency boxes. Each is
named as it shows, takes the focus, or the language changes, from its box's own name or the
label that names the box."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QLineEdit, QWidget

from desktop_app.gui.look.app_parts import single_instance
from desktop_app.gui.look.desk_style import desk_style
from desktop_app.gui.widgets.labels import without_mnemonic

NAMED_AGAIN = frozenset({QEvent.Type.Show, QEvent.Type.FocusIn, QEvent.Type.LanguageChange})


def box_name(box: QComboBox) -> str:
    """What a screen reader calls ``box``: its own name, else the label whose buddy it is."""
    if box.accessibleName():
        return box.accessibleName()
    for label in box.window().findChildren(QLabel):
        if label.buddy() is box:
            return without_mnemonic(label.text()).rstrip(":").strip()
    return ""


class EditorNames(QObject):
    """Names each combo box's own text field, for the whole application."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        desk_style(app).when_polished(self._polished)

    def _polished(self, widget: QWidget) -> None:
        if isinstance(widget, QLineEdit) and isinstance(widget.parent(), QComboBox):
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() in NAMED_AGAIN and isinstance(watched, QLineEdit):
            box = watched.parent()
            if isinstance(box, QComboBox):
                watched.setAccessibleName(box_name(box))
        return False


def install_editor_names(app: QApplication) -> EditorNames:
    """The application's one namer of combo boxes' fields (made on first call)."""
    return single_instance(EditorNames, app)
