"""A password field never holds the password in its own text (issue 90: Qt hands a screen
reader each insertion as typed, and Orca spoke a password letter by letter): the keys a person
presses change the password exactly as they change a plain password field's text."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.widgets.secret_field import SecretField

NO = Qt.KeyboardModifier.NoModifier
KEYS = {
    "Backspace": (Qt.Key.Key_Backspace, NO),
    "Delete": (Qt.Key.Key_Delete, NO),
    "Left": (Qt.Key.Key_Left, NO),
    "Right": (Qt.Key.Key_Right, NO),
    "Home": (Qt.Key.Key_Home, NO),
    "End": (Qt.Key.Key_End, NO),
    "Shift+Left": (Qt.Key.Key_Left, Qt.KeyboardModifier.ShiftModifier),
    "Shift+Home": (Qt.Key.Key_Home, Qt.KeyboardModifier.ShiftModifier),
    "Ctrl+A": (Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier),
    "Ctrl+Backspace": (Qt.Key.Key_Backspace, Qt.KeyboardModifier.ControlModifier),
    "Ctrl+V": (Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier),
}
TYPED = st.text(alphabet="aZ9çã€ -_!", min_size=1, max_size=3)
ACTIONS = st.lists(st.one_of(TYPED, st.sampled_from(sorted(KEYS))), max_size=25)


def press(qtbot: QtBot, field: QLineEdit, action: str) -> None:
    """A key, or keys that each type one character (any script's), as a keyboard sends them."""
    if action in KEYS:
        key, modifiers = KEYS[action]
        qtbot.keyClick(field, key, modifiers)
        return
    for char in action:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(field, QKeyEvent(kind, Qt.Key.Key_unknown, NO, char))


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(actions=ACTIONS, clipboard=st.text(alphabet="xY7ç ", max_size=4))
def test_the_password_changes_as_a_plain_password_fields_text_would(
    qtbot: QtBot, actions: list[str], clipboard: str
) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    plain, field = QLineEdit(holder), SecretField(holder)
    plain.setEchoMode(QLineEdit.EchoMode.Password)
    QGuiApplication.clipboard().setText(clipboard)
    for action in actions:
        for edit in (plain, field):
            press(qtbot, edit, action)
        assert field.secret().reveal() == plain.text(), actions
        assert field.cursorPosition() == plain.cursorPosition()
    assert set(field.text()) <= {field.text()[:1]}  # bullets, all alike
    assert len(field.text()) == len(plain.text())


def test_nothing_of_the_password_leaves_by_copy_cut_or_undo(qtbot: QtBot) -> None:
    field = SecretField()
    qtbot.addWidget(field)
    press(qtbot, field, "Senha-8c")
    QGuiApplication.clipboard().setText("left alone")
    for key in (Qt.Key.Key_A, Qt.Key.Key_C, Qt.Key.Key_X):
        qtbot.keyClick(field, key, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == "left alone"
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert field.secret().reveal() == "Senha-8c" and "S" not in field.text()
    field.clear()
    assert field.secret().reveal() == ""
