"""The service's own words, shown in the person's language where the app knows them (issue 69):
its payment methods and plans translated, a name it does not know shown as sent with a hint that
it is the service's; the invoice's details labelled, its date and amount written the person's
way; the checklist silent on payments an order does not have; the Revenue axis writing money as
the rest of the app."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from decimal import Decimal

import pytest
from PySide6.QtCharts import QCategoryAxis
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.core.money import local_time, money
from desktop_app.gui.invoices.invoice_dialog import InvoiceDialog
from desktop_app.gui.lookups.revenue import RevenueWindow
from desktop_app.gui.orders.columns import column_of
from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.gui.people import window_titled
from tests.gui.test_payments import pay_in_full

# What each language shows for the sandbox's names, and for one the app does not know.
SHOWN = {
    "en_US": {
        "Cartão de crédito": "Credit card",
        "Cartão de débito": "Debit card",
        "À vista": "One payment",
        "3x sem juros": "3x interest-free",
        "6x sem juros": "6x interest-free",
        "10x com juros": "10x with interest",
        "12x com juros": "12x with interest",
        "hint": "“Boleto bancário” is the service's own name for it, shown as it was sent.",
    },
    "pt_BR": {
        "Cartão de crédito": "Cartão de crédito",
        "Cartão de débito": "Cartão de débito",
        "À vista": "À vista",
        "3x sem juros": "3x sem juros",
        "6x sem juros": "6x sem juros",
        "10x com juros": "10x com juros",
        "12x com juros": "12x com juros",
        "hint": "“Boleto bancário” é o nome que o próprio serviço dá, mostrado como veio.",
    },
}
UNKNOWN_ORDER = 100_003


@pytest.fixture
def desk(
    qtbot: QtBot,
    language: str,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> Iterator[MainWindow]:
    """The desk in ``language``; one order of the service paid by a method and plan the app
    does not know."""
    with closing(sqlite3.connect(sandbox.db.path)) as db, db:
        db.execute(
            "UPDATE orders SET billing_name = 'Boleto bancário', plan_name = 'Crediário'"
            " WHERE order_id = ?",
            (UNKNOWN_ORDER,),
        )
    main = open_window(qtbot, sandbox, settings, locale=language)
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    yield main
    close_window(qtbot, main)


def open_order(qtbot: QtBot, main: MainWindow, number: int) -> OrderDialog:
    """The order opened from the list with Enter, as the person's language titles it."""
    page = main.orders
    row = next(i for i, o in enumerate(page.model.visible_orders()) if o.order_id == number)
    page.table.setFocus()
    page.table.setCurrentIndex(page.model.index(row, 0))
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    title = QApplication.translate("OrderDialog", "Order {number}").format(number=number)
    return window_titled(qtbot, title, OrderDialog)


def cells(
    main: MainWindow, key: str, role: Qt.ItemDataRole = Qt.ItemDataRole.DisplayRole
) -> dict[str, object]:
    """A column of the orders list, by the order's number as the list writes it."""
    model, column = main.orders.model, column_of(key)
    return {
        model.index(row, 0).data(): model.index(row, column).data(role)
        for row in range(model.rowCount())
    }


@pytest.mark.parametrize("language", ["C", "pt_BR"], indirect=True)
def test_the_services_methods_and_plans_read_in_the_persons_language(
    qtbot: QtBot, language: str, desk: MainWindow
) -> None:
    words = SHOWN[language]
    methods, plans = cells(desk, "billing_name"), cells(desk, "plan_name")
    plan_names = ("À vista", "3x sem juros", "6x sem juros", "10x com juros", "12x com juros")
    known = {words[name] for name in plan_names}
    assert {methods.pop(str(UNKNOWN_ORDER)), plans.pop(str(UNKNOWN_ORDER))} == {
        "Boleto bancário",
        "Crediário",
    }  # as the service sent them
    assert set(methods.values()) == {words["Cartão de crédito"], words["Cartão de débito"]}
    assert set(plans.values()) <= known and words["À vista"] in plans.values()
    hints = cells(desk, "billing_name", Qt.ItemDataRole.ToolTipRole)
    assert hints.pop(str(UNKNOWN_ORDER)) == words["hint"]
    assert set(hints.values()) == {None}  # a known name needs no hint
    dialog = open_order(qtbot, desk, UNKNOWN_ORDER)
    assert dialog.fields["billing"].text().startswith("Boleto bancário")
    assert dialog.fields["billing"].toolTip() == words["hint"]
    assert dialog.fields["billing"].accessibleDescription() == words["hint"]
    dialog.close()


def open_invoice(qtbot: QtBot, main: MainWindow, number: int) -> InvoiceDialog:
    """F9 in the order, opened from the list."""
    dialog = open_order(qtbot, main, number)
    qtbot.waitUntil(lambda: not dialog.calls.is_running("payments"), timeout=10_000)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=5_000)
    qtbot.keyClick(dialog, Qt.Key.Key_F9)
    title = QApplication.translate("InvoiceDialog", "Invoice — order {number}")
    return window_titled(qtbot, title.format(number=number), InvoiceDialog)


def said(context: str, text: str) -> str:
    return QApplication.translate(context, text)


@pytest.mark.parametrize("language", ["C", "pt_BR"], indirect=True)
def test_the_invoices_details_are_labelled_and_written_the_persons_way(
    qtbot: QtBot, language: str, desk: MainWindow, sandbox: SandboxServer
) -> None:
    order = next(o for o in desk.orders.model.visible_orders() if o.amount_paid == 0)
    pay_in_full(sandbox, order)
    invoice = open_invoice(qtbot, desk, order.order_id)
    invoice.issue_button.click()
    qtbot.waitUntil(lambda: invoice.issued, timeout=10_000)
    record = desk.ctx.invoices.get("001", order.order_id)
    assert record is not None and record.issued_at is not None and record.amount is not None
    document = invoice.summary.toPlainText()
    # The number and its series apart, each with its name (not "146 / 1").
    assert f"\n{said('InvoiceDialog', 'Series')}\n{record.series}\n" in document, document
    invoice.ui.details_button.click()
    details = invoice.summary.toPlainText().split(said("InvoiceDialog", "Details"))[-1]
    for label, value in (
        ("Number", record.number),
        ("Series", record.series),
        ("Issued on", local_time(record.issued_at, language)),
        ("Amount", money(record.amount, language)),
        ("Order", str(order.order_id)),
        ("Access key", record.access_key),
    ):
        # (A document's plain text writes the no-break space of "R$ 1,00" as a space.)
        assert f"{said('InvoiceDialog', label)}: {value}".replace("\xa0", " ") in details
    assert "issueDate" not in details and "Z\n" not in details  # no key nor date as sent
    invoice.close()


@pytest.mark.parametrize("language", ["C", "pt_BR"], indirect=True)
def test_the_checklist_says_nothing_of_payments_an_order_does_not_have(
    qtbot: QtBot, language: str, desk: MainWindow
) -> None:
    payments_line = said(
        "InvoiceDialog", "Every payment has its brand, authorization code and NSU."
    )
    unpaid = next(o for o in desk.orders.model.visible_orders() if o.amount_paid == 0)
    invoice = open_invoice(qtbot, desk, unpaid.order_id)
    checklist = invoice.ui.checklist.text()
    assert checklist.startswith("✗")  # what is still to pay
    assert payments_line not in checklist
    invoice.close()


@pytest.mark.parametrize("language", ["C", "pt_BR"], indirect=True)
def test_the_revenue_axis_writes_money_as_the_rest_of_the_app(
    qtbot: QtBot, language: str, desk: MainWindow
) -> None:
    desk.revenue_action.trigger()
    window = window_titled(qtbot, said("Lookups", "Revenue"), RevenueWindow)
    qtbot.waitUntil(lambda: len(window.records) == 90, timeout=10_000)
    axis = next(a for a in window.chart.axes() if isinstance(a, QCategoryAxis))
    marks = [Decimal(str(axis.endValue(label))) for label in axis.categoriesLabels()]
    assert axis.categoriesLabels() == [money(mark, language) for mark in marks]
    assert marks[0] == 0 and marks[-1] >= max(d.total for d in window.shown())
    assert len(marks) <= 6
    window.close()
