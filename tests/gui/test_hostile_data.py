"""The service's words are words: never markup, never wider than the screen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from desktop_app.api.models import Order
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.widgets.labels import ElidedLabel
from desktop_app.sandbox.server import SandboxServer
from tests.gui.people import valued
from tests.gui.test_keys import every_window
from tests.gui.test_payments import open_order_by_keyboard

LONG_NAME = "Maria " + "da Silva " * 33  # 300 characters


def test_markup_from_the_service_shows_as_typed_and_long_names_are_cut(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order = window.orders.model.order_at(0)
    with sandbox.db.connect() as conn:  # as another till of the store would change it
        conn.execute(
            "UPDATE orders SET seller_name = ?, customer_name = ? WHERE order_id = ?",
            ("<b>x</b><img src=x>", LONG_NAME, order.order_id),
        )
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5_000)
    qtbot.keyClick(window, Qt.Key.Key_F5)

    def changed() -> list[Order]:
        return [o for o in window.orders.model.visible_orders() if o.seller_name.startswith("<")]

    qtbot.waitUntil(lambda: len(changed()) == 1, timeout=10_000)
    dialog = open_order_by_keyboard(qtbot, window, changed()[0])
    seller = valued(dialog, "Seller", QLabel)
    assert seller.textFormat() == Qt.TextFormat.PlainText
    assert seller.text().startswith("<b>x</b><img src=x>")  # shown as the characters it is
    customer = valued(dialog, "Customer", ElidedLabel)
    assert customer.text().endswith("…") and customer.toolTip().startswith(LONG_NAME)
    screen = QGuiApplication.primaryScreen().availableGeometry()
    assert dialog.frameGeometry().width() <= screen.width()


def test_every_label_of_every_window_is_plain_text(qtbot: QtBot, window: MainWindow) -> None:
    rich = []
    for shown in every_window(window):
        for label in shown.findChildren(QLabel):
            if label.textFormat() != Qt.TextFormat.PlainText:
                rich.append(f"{shown.windowTitle()}: {label.objectName() or label.text()[:30]}")
    # The About box alone writes HTML, of the app's own facts, each escaped.
    assert rich == ["About POS Back-Office: facts"]


def test_a_name_asks_for_the_room_of_the_font_it_is_shown_in(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = open_order_by_keyboard(qtbot, window, window.orders.model.order_at(0))
    customer = valued(dialog, "Customer", ElidedLabel)
    before = customer.sizeHint()
    larger = customer.font()
    larger.setPointSizeF(larger.pointSizeF() * 2)  # a person who needs larger letters
    customer.setFont(larger)
    assert customer.sizeHint().height() > before.height()
    assert customer.sizeHint().width() > before.width()  # the same name, wider
    customer.setText("Ana")
    assert customer.sizeHint().width() < before.width()  # a shorter name asks for less
