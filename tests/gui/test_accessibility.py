"""Every control a person can reach has a name for screen readers and a keyboard path."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QTableView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop_app.gui.shell.main_window import MainWindow

INPUTS = (QLineEdit, QComboBox, QAbstractSpinBox, QTableView)


def unnamed_inputs(root: QWidget) -> list[str]:
    """Inputs with neither an accessible name nor a label that names them."""
    buddies = {label.buddy() for label in root.findChildren(QLabel) if label.buddy() is not None}
    missing = []
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, INPUTS) or not widget.isVisibleTo(root):
            continue
        if widget.window() is not root:
            continue  # a window of its own (a dialog or lookup) is checked on its own
        if isinstance(widget, QLineEdit) and isinstance(
            widget.parent(), (QComboBox, QAbstractSpinBox)
        ):
            continue  # the editor inside a combo or spin box: the box carries the name
        if widget.accessibleName() or widget in buddies:
            continue
        parent = widget.parent()
        missing.append(
            f"{type(widget).__name__} {widget.objectName()!r} in {type(parent).__name__}"
        )
    return missing


def unreachable_buttons(root: QWidget) -> list[str]:
    """Buttons a keyboard cannot reach (no focus by Tab and no shortcut)."""
    return [
        button.text()
        for button in root.findChildren(QAbstractButton)
        if button.window() is root
        and button.isVisibleTo(root)
        and button.isEnabled()
        and not button.focusPolicy() & button.focusPolicy().TabFocus
        and "&" not in button.text()
    ]


def test_main_window_and_its_dialogs(qtbot: QtBot, window: MainWindow) -> None:
    order = next(o for o in window.orders.model.visible_orders() if o.balance_due > 0)
    order_dialog = window.open_order(order)
    payment = order_dialog.open_payment()
    windows: list[QWidget] = [window, order_dialog, payment, order_dialog.open_invoice()]
    windows += [window.open_customers(), window.open_products(), window.open_revenue()]
    windows += [window.ctx.session.request_sign_in(window, "")]
    windows += [window.open_settings(), window.open_pending()]
    for shown in windows:
        shown.show()
        assert unnamed_inputs(shown) == [], type(shown).__name__
        assert unreachable_buttons(shown) == [], type(shown).__name__
        if isinstance(shown, QDialog) and shown is not payment:
            shown.reject()
