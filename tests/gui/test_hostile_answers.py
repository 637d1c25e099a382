"""Answers valid for the interface's types, at their edges, served over loopback: the client,
the orders table and the order window take any of them without an exception outside ApiError,
and show every text as the characters it is.

Extreme numbers and dates, long and odd strings, unknown fields holding nested objects and
arrays, empty lists: what a real service may send within its contract.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import timedelta, timezone
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from desktop_app import api
from desktop_app.api._arrays import ArrayDecoder
from desktop_app.api.after_validation import reader_after_validation
from desktop_app.api.models import Order, money_of, to_cent
from desktop_app.core.money import money
from desktop_app.core.orders.criteria import OrderFilter
from desktop_app.gui.lookups.revenue import RevenueWindow
from desktop_app.gui.orders.model import OrdersTableModel
from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.sandbox.auth import issue_token
from tests.gui.conftest import make_context
from tests.helpers import Reply, ScriptedServer, run

ODD_TEXTS = [
    "<b>x</b>", "<img src=x onerror=alert(1)>", "&amp; &lt;", "Maria " + "da Silva " * 40,
    "\u202eevil right-to-left", "line\nbreak\ttab", "", " ", "%s %n {0} {}", "\x00\x01\x7f",
    "😀 emoji", "ção ÇÃO", "\\", '"quoted"', "},{", "]",
]  # fmt: skip
text = st.text(max_size=30) | st.sampled_from(ODD_TEXTS)
maybe_text = text | st.none()  # a text the service may leave null (a walk-in sale's customer)
identifier = maybe_text | st.integers(min_value=-(2**63), max_value=2**63)
amount = (
    st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([0, 0.01, 1e26, -1e26, 1e300, 5e-324, 123456789.125])
)
in_cents = (
    st.integers(min_value=-(10**30), max_value=10**30)
    | st.decimals(-(10**12), 10**12, places=2, allow_nan=False, allow_infinity=False).map(float)
    | st.sampled_from([0, 0.01, 1e26, -1e26, 1e300, 5e-324, 4986.8099999999995])
)
"""Amounts the desk reads as money (whole cents, or within a millionth of a cent of one)."""
# RFC 3339 offsets are whole minutes (a zone's old local mean time, +09:39:52, is not one).
offsets = st.integers(min_value=-(24 * 60 - 1), max_value=24 * 60 - 1).map(
    lambda minutes: timezone(timedelta(minutes=minutes))
)
timestamp = st.none() | st.sampled_from(
    ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2016-12-31T23:59:60Z",
     "0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "2026-11-22T10:00:00",
     "2026-11-22T10:00:00.123456789Z", "2026-11-22"]
) | st.datetimes(timezones=offsets).map(lambda moment: moment.isoformat())  # fmt: skip
extra = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=4),
    max_leaves=12,
)


def orders_of(amount: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {"orderId": st.integers(min_value=0, max_value=10**18), "amount": amount},
        optional={
            "amountPaid": amount | st.none(), "createDate": timestamp, "storeId": identifier,
            "customerId": identifier, "customerName": maybe_text, "sellerId": identifier,
            "sellerName": maybe_text, "billingId": identifier, "billingName": maybe_text,
            "planId": identifier, "planName": maybe_text,
            "installments": st.integers(min_value=0, max_value=10**18) | st.none(),
            "items": st.lists(st.dictionaries(text, extra, max_size=3), max_size=20),
            "somethingNew": extra,
        },
    )  # fmt: skip


def payments_of(amount: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    # A payment needs only its amount: its order is the one asked about.
    return st.fixed_dictionaries(
        {"amount": amount},
        optional={
            "orderId": st.integers(min_value=0, max_value=10**18) | st.none(),
            "payDate": timestamp, "card": maybe_text,
            "installments": st.integers(0, 10**18) | st.none(), "flagName": maybe_text,
            "type": maybe_text, "userId": identifier, "nsu": maybe_text, "auth": maybe_text,
            "extra": extra,
        },
    )  # fmt: skip


order, payment = orders_of(amount), payments_of(amount)


billing = st.fixed_dictionaries(
    {"id": st.text(min_size=1, max_size=20), "date": timestamp.filter(bool), "total": in_cents}
)


@pytest.fixture(scope="module")
def service() -> Iterator[ScriptedServer]:
    server = ScriptedServer().start()
    yield server
    server.stop()


def _serve(
    server: ScriptedServer,
    orders: list[Any],
    payments: list[Any],
    billings: list[Any] | None = None,
) -> None:
    bodies = {
        "/orders/": json.dumps(orders),
        "/payments/": json.dumps(payments),
        "/billings": json.dumps(billings or []),
    }

    def answer(seen: Any) -> Reply:
        body = next((b for part, b in bodies.items() if part in seen.raw_path), "[]")
        return Reply(body=body)

    server.handler = answer


def whole_cents(number: Any) -> bool:
    """Whether the desk reads ``number`` as an amount of money (see desktop_app.api.after_validation)."""
    return number is None or to_cent(money_of(number, snap=False)) is not None


def _decoded(orders: list[Any]) -> api.Listing[Order]:
    """``orders`` as the client decodes a list answer (here, inside a running Qt loop)."""
    decoder = ArrayDecoder(TypeAdapter(list[Order]), after_validation=reader_after_validation())
    decoder.feed(json.dumps(orders).encode())
    decoder.close()
    while decoder.step():
        pass
    return decoder.finish()


def _read_orders(server: ScriptedServer) -> api.Listing[Order]:
    async def read() -> api.Listing[Order]:
        async with api.ApiClient(server.base_url, "t", max_retries=0) as client:
            return await client.list_orders("001")

    return run(read())


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(orders=st.lists(order, max_size=12))
def test_any_order_list_reads_and_every_view_of_it_draws(
    qapp: QApplication, service: ScriptedServer, orders: list[Any]
) -> None:
    _serve(service, orders, [])
    # Valid types: every row is read whose amounts are whole cents (or within a millionth of
    # a cent of one); any other is left out with its reason, never rounded; a list most of
    # whose rows are such is not taken for the list of orders at all.
    in_cents = [o for o in orders if whole_cents(o["amount"]) and whole_cents(o.get("amountPaid"))]
    if len(orders) - len(in_cents) > len(in_cents):
        with pytest.raises(api.ApiResponseValidationError, match="whole cents"):
            _read_orders(service)
        return
    listing = _read_orders(service)
    assert len(listing) == len(in_cents) and listing.received == len(orders)
    assert all("whole cents" in unread.reason for unread in listing.unread)
    model = OrdersTableModel("pt_BR")
    model.set_orders(listing)
    for column in range(model.columnCount()):
        for direction in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
            model.sort(column, direction)
            for row in range(model.rowCount()):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    model.data(model.index(row, column), role)
    for wanted in (OrderFilter(text="a"), OrderFilter(text="1", amount=Decimal(1))):
        model.set_filter(wanted)
        model.visible_orders()
    model.set_filter(OrderFilter())
    for total in (model.totals.amount, model.totals.paid, model.totals.balance_due):
        assert money(total, "pt_BR")


@pytest.fixture
def signed_in(qapp: QApplication, tmp_path: Any, service: ScriptedServer) -> Any:
    settings_file = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    token = issue_token("s" * 32, subject="m", user_id=2001, name="M", roles=("manager",))
    return make_context(settings_file, service.base_url, token=token)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    orders=st.lists(orders_of(in_cents), min_size=1, max_size=1),
    payments=st.lists(payments_of(in_cents), max_size=6),
    billings=st.lists(billing, max_size=8),
)
def test_any_order_its_payments_and_revenue_show_as_plain_text(
    qtbot: QtBot,
    event_loop_qt: asyncio.AbstractEventLoop,
    service: ScriptedServer,
    signed_in: Any,
    orders: list[Any],
    payments: list[Any],
    billings: list[Any],
) -> None:
    _serve(service, orders, payments, billings)
    (shown,) = _decoded(orders)  # the list was read over the wire in the test above
    dialog = OrderDialog(shown, signed_in, store_id="001")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.load_payments()  # as the main window opens an order
    loading = QApplication.translate("OrderDialog", "Loading payments…")
    qtbot.waitUntil(lambda: dialog.ui.payments_count.text() != loading, timeout=10_000)
    assert not dialog.ui.message_bar.isVisible() or dialog.ui.message_bar.kind == "warning"
    for label in dialog.findChildren(QLabel):
        assert label.textFormat() == Qt.TextFormat.PlainText
    assert dialog.ui.payments.rowCount() == len(dialog.payment_list) == len(payments)
    dialog.close()
    revenue = RevenueWindow(signed_in)
    qtbot.addWidget(revenue)
    revenue.show()
    revenue.load()
    qtbot.waitUntil(lambda: revenue.status.text() == "", timeout=10_000)
    assert len(revenue.records) == len(billings) and not revenue.message_bar.isVisible()
    revenue.close()
