"""A search box and the list it fills, walked as a person walks them: Down goes from the box to
the list (its first row current), and a window shown again has its old search chosen, so that
what is typed next replaces it rather than being added to it."""

from __future__ import annotations

import weakref

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QWidget


class SearchBox(QObject):
    """Ties ``edit`` to the ``results`` it fills; ``window``, when given, is the window whose
    showing again chooses the old search. It holds the window weakly and its box as its parent:
    holding either would be a cycle, which the collector breaks by clearing the box's attributes
    while the window can still send it events."""

    def __init__(
        self, edit: QLineEdit, results: QAbstractItemView, window: QWidget | None = None
    ) -> None:
        super().__init__(edit)
        self._results = results
        self._window = None if window is None else weakref.ref(window)
        edit.installEventFilter(self)
        if window is not None:
            window.installEventFilter(self)

    @property
    def _edit(self) -> QLineEdit:
        """The box, its parent (never an attribute, as the window is never held strongly)."""
        edit = self.parent()
        assert isinstance(edit, QLineEdit)
        return edit

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self._edit and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Down and event.modifiers() in (
                Qt.KeyboardModifier.NoModifier,
                Qt.KeyboardModifier.KeypadModifier,
            ):
                return self.go_to_results()
        elif event.type() == QEvent.Type.Show and self._window and watched is self._window():
            self.choose_old_search()
        return False

    def choose_old_search(self) -> None:
        """The cursor in the search, its text chosen: what is typed next replaces it."""
        self._edit.setFocus(Qt.FocusReason.ActiveWindowFocusReason)
        self._edit.selectAll()

    def go_to_results(self) -> bool:
        """To the list, its first row current unless one is already (False: it is empty)."""
        model = self._results.model()
        if model is None or model.rowCount() == 0:
            return False
        self._results.setFocus(Qt.FocusReason.ShortcutFocusReason)
        current = self._results.currentIndex()
        if not current.isValid():
            self._results.setCurrentIndex(model.index(0, 0))
        elif not self._results.selectionModel().isSelected(current):
            self._results.setCurrentIndex(current)  # chosen too, as a click would
        return True
