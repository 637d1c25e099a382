"""The desk in São Paulo against a service another team built, which writes its data otherwise:
times with no zone (its own wall clock), days as bare dates, money as text and as float sums,
nulls where a value is optional, one billing record per store and day (every dialect on)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import httpx
import pytest
from PySide6.QtCharts import QBarSeries
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from desktop_app.api.models import Order
from desktop_app.core.money import local_time
from desktop_app.gui.lookups.revenue import RevenueWindow
from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.dialects import Dialect
from desktop_app.sandbox.server import SandboxServer
from tests.api.test_client_endpoints import three_parts
from tests.conftest import SMALL, write_administrators_file
from tests.gui.conftest import close_window, open_window
from tests.gui.people import window_titled
from tests.gui.test_payments import (
    closed_paid_in_full,
    fill_slip,
    open_order_by_keyboard,
    recorded,
    start_payment,
)
from tests.platforms import local_zone

CREATE = "/api/v1/orders-payment/payments/create"


@pytest.fixture
def in_sao_paulo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This desk's clock in São Paulo (UTC−3), for this test only."""
    with local_zone(monkeypatch, "America/Sao_Paulo"):
        yield


@pytest.fixture(params=["America/Sao_Paulo"])
def theirs(
    request: pytest.FixtureRequest, tmp_path: Path, administrators_file: Path
) -> Iterator[SandboxServer]:
    """Every dialect on, and IT has named the service's zone (or has not: "")."""
    if request.param:
        write_administrators_file(administrators_file, f"[service]\ntime_zone={request.param}\n")
    server = SandboxServer(tmp_path / "theirs.sqlite3", SMALL, dialects=list(Dialect)).start()
    yield server
    server.stop()


@pytest.fixture
def desk(
    qtbot: QtBot,
    in_sao_paulo: None,
    theirs: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> Iterator[MainWindow]:
    window = open_window(qtbot, theirs, settings, token=theirs.token("manager", 2001))
    qtbot.waitUntil(lambda: window.orders.model.rowCount() == 60, timeout=10_000)
    yield window
    close_window(qtbot, window)


def post_payment(service: SandboxServer, order: Order, cents: int, nsu: str, kind: str) -> None:
    """Another till records a payment on ``order`` (a Pix one is still sent with a masked card,
    as the interface asks; the service lists it without one)."""
    httpx.post(
        service.base_url + CREATE,
        headers={"Authorization": f"Bearer {service.token('cashier', 7)}"},
        json={"orderId": order.order_id, "card": "************0000", "auth": f"A{nsu}",
              "nsu": nsu, "installments": 1, "amount": cents / 100, "flagName": "Elo",
              "paymentType": kind, "userId": 7},
    ).raise_for_status()  # fmt: skip


def cell_text(dialog: OrderDialog, column: int) -> str:
    """The text of the order's first payment in ``column``, as shown."""
    item = dialog.ui.payments.item(0, column)
    return item.text() if item is not None else ""


def read_again(qtbot: QtBot, window: MainWindow, order: Order) -> Order:
    """F5 on the orders list, as the cashier does after another till took a payment; the order
    as now read."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5_000)
    qtbot.keyClick(window, Qt.Key.Key_F5)

    def now() -> Order:
        return next(o for o in window.orders.model.visible_orders() if o.order_id == order.order_id)

    qtbot.waitUntil(lambda: now().amount_paid != order.amount_paid, timeout=10_000)
    return now()


def pay_the_rest_by_keyboard(qtbot: QtBot, window: MainWindow, order: Order) -> None:
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)  # the balance due as its amount
    fill_slip(qtbot, form, nsu=f"9{order.order_id}")
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    closed_paid_in_full(qtbot, window, dialog, order)
    shown = window.orders.model.visible_orders()
    row = [o.order_id for o in shown].index(order.order_id)
    assert window.orders.model.data(window.orders.model.index(row, 2)) == "Paid"


def test_a_walk_in_order_opens_shows_its_gaps_and_takes_a_payment(
    qtbot: QtBot, desk: MainWindow, theirs: SandboxServer
) -> None:
    walk_in = next(
        o for o in desk.orders.model.visible_orders() if not o.customer_name and o.balance_due
    )
    assert walk_in.order_id % 7 == 3  # the dialect's walk-in sales: not dropped from the list
    row = desk.orders.model.visible_orders().index(walk_in)
    assert desk.orders.model.data(desk.orders.model.index(row, 3)) == "not given"
    dialog = open_order_by_keyboard(qtbot, desk, walk_in)
    assert dialog.fields["customer"].text() == "not given"
    dialog.close()
    pay_the_rest_by_keyboard(qtbot, desk, walk_in)
    assert len(theirs.db.connect().execute(
        "SELECT 1 FROM payments WHERE order_id = ?", (walk_in.order_id,)
    ).fetchall()) == 1  # fmt: skip


def test_an_order_with_a_pix_payment_lists_it_and_takes_another(
    qtbot: QtBot, desk: MainWindow, theirs: SandboxServer
) -> None:
    order = next(
        o for o in desk.orders.model.visible_orders() if o.amount_paid == 0 and o.amount > 50
    )
    post_payment(theirs, order, 1000, "5150", "pix")
    order = read_again(qtbot, desk, order)
    dialog = open_order_by_keyboard(qtbot, desk, order)
    qtbot.waitUntil(lambda: len(dialog.payment_list) == 1, timeout=10_000)
    cells = [cell_text(dialog, column) for column in range(4)]
    assert cells[1:4] == ["not given", "not given", "Pix"]  # card, brand, type
    dialog.close()
    pay_the_rest_by_keyboard(qtbot, desk, order)


def test_an_order_paid_in_three_parts_reads_paid(
    qtbot: QtBot, desk: MainWindow, theirs: SandboxServer
) -> None:
    order = next(
        o for o in desk.orders.model.visible_orders() if o.amount_paid == 0 and o.amount > 50
    )
    for index, part in enumerate(three_parts(int(order.amount * 100))):
        post_payment(theirs, order, part, f"7{index}", "credit")
    again = read_again(qtbot, desk, order)  # the service sums its parts in floats
    page = desk.orders
    row = page.model.visible_orders().index(again)
    assert page.model.data(page.model.index(row, 2)) == "Paid"
    dialog = open_order_by_keyboard(qtbot, desk, again)
    assert dialog.fields["balance_due"].text() == "R$0.00"
    assert not dialog.ui.record_payment_button.isEnabled()  # F8 offers nothing to pay
    dialog.close()


def test_times_are_the_services_clock(
    qtbot: QtBot, desk: MainWindow, theirs: SandboxServer
) -> None:
    order = desk.orders.model.visible_orders()[0]
    (stored,) = (
        theirs.db.connect()
        .execute("SELECT create_date FROM orders WHERE order_id = ?", (order.order_id,))
        .fetchone()
    )
    instant = datetime.fromisoformat(stored.replace("Z", "+00:00"))
    dialog = open_order_by_keyboard(qtbot, desk, order)
    # Written with no zone on São Paulo's clock, read in the zone IT named: the same instant.
    shown = dialog.fields["create_date"].text().replace("\u202f", " ")
    assert shown == local_time(instant, "en_US").replace("\u202f", " ")
    dialog.close()


@pytest.mark.parametrize("theirs", [""], indirect=True)  # IT named no zone: days stay days
def test_revenue_is_one_bar_a_day_each_the_day_written(
    qtbot: QtBot, desk: MainWindow, theirs: SandboxServer
) -> None:
    desk.revenue_action.trigger()
    revenue = window_titled(qtbot, "Revenue", RevenueWindow)
    qtbot.waitUntil(lambda: len(revenue.records) == 180, timeout=10_000)  # two stores a day
    assert revenue.summary.text().startswith("90 days (180 records)")
    series = revenue.chart.series()[0]
    assert isinstance(series, QBarSeries)
    (bars,) = series.barSets()
    assert bars.count() == 90
    first_day, first_total = (
        theirs.db.connect()
        .execute("SELECT date, total_cents FROM billings ORDER BY date")
        .fetchone()
    )
    # A day written as a bare date is that day, in São Paulo too (not the evening before).
    assert revenue.days[0].day.isoformat() == first_day[:10]
    assert revenue.days[0].total == Decimal(first_total) / 100
    revenue.close()
