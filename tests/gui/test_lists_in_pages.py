"""Revenue of a service that pages its list (issue 88): 91 days served 17 a page are all shown;
a page this app cannot follow leaves the window saying how many of how many were read, and
why, never a part shown as the whole (it showed 17 of 91 days, and nothing said)."""

from __future__ import annotations

import asyncio
import csv
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from desktop_app.gui.lookups.revenue import RevenueWindow
from desktop_app.sandbox.auth import issue_token
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, make_context, open_window
from tests.gui.test_orders_browser import as_a_spreadsheet_reads
from tests.gui.test_payments import (
    fill_slip,
    nsus,
    open_invoice_by_keyboard,
    open_order,
    open_order_by_keyboard,
    pay_in_full,
    start_payment,
)
from tests.helpers import Gateway, Reply, ScriptedServer, Seen, orders_in_pages

DAYS = [
    {"id": str(n), "date": (date(2026, 8, 1) + timedelta(days=n)).isoformat(), "total": 100.0 + n}
    for n in range(91)
]
PAGE = 17


def page_of(seen: Seen) -> int:
    return int(parse_qs(urlsplit(seen.raw_path).query).get("page", ["1"])[0])


def days(page: int) -> list[dict[str, Any]]:
    return DAYS[(page - 1) * PAGE : page * PAGE]


def revenue_of(qtbot: QtBot, tmp_path: Path, scripted: ScriptedServer) -> RevenueWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    token = issue_token("s" * 32, subject="m", user_id=2001, name="M", roles=("manager",))
    window = RevenueWindow(make_context(settings, scripted.base_url, token=token))
    qtbot.addWidget(window)
    window.show()
    window.load()
    qtbot.waitUntil(lambda: window.status.text() == "", timeout=10_000)
    return window


def test_every_page_of_the_revenue_is_shown(
    qtbot: QtBot,
    event_loop_qt: asyncio.AbstractEventLoop,
    scripted: ScriptedServer,
    tmp_path: Path,
) -> None:
    def answer(seen: Seen) -> Reply:
        page = page_of(seen)
        more = page * PAGE < len(DAYS)
        return Reply(
            body=days(page), headers={"Link": f'<?page={page + 1}>; rel="next"'} if more else {}
        )

    scripted.handler = answer
    window = revenue_of(qtbot, tmp_path, scripted)
    assert len(window.records) == 91 and not window.message_bar.isVisible()
    assert not window.summary.text().endswith("(of a part)")


def test_a_revenue_read_in_part_says_how_much_of_it_and_why(
    qtbot: QtBot,
    event_loop_qt: asyncio.AbstractEventLoop,
    scripted: ScriptedServer,
    tmp_path: Path,
) -> None:
    """Spring's page: its total said, the way to the rest not (``last: false``)."""
    scripted.handler = lambda seen: Reply(
        body={"content": days(1), "totalElements": 91, "last": False}
    )
    window = revenue_of(qtbot, tmp_path, scripted)
    assert len(window.records) == 17
    assert window.message_bar.kind == "warning"
    said = window.message_bar.text()
    assert "The service's list holds 91; 17 were read" in said
    assert "in pages in a way this app does not follow" in said
    assert "its totals, are of that part" in said
    assert window.summary.text().endswith("(of a part)")  # its sum and average say so too
    assert window.export_csv(str(tmp_path / "revenue.csv")) is not None
    last = (tmp_path / "revenue.csv").read_text(encoding="utf-8-sig").splitlines()[-1]
    assert last == "Only a part of the service's records was read: these are of that part."


def test_a_stores_orders_served_in_pages_are_all_shown(
    qtbot: QtBot,
    sandbox: SandboxServer,
    scripted: ScriptedServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    orders_in_pages(scripted, sandbox, 25, linked=True)
    main = open_window(qtbot, Gateway(scripted, sandbox), settings)
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    assert not main.orders.message_bar.isVisible()
    assert main.orders.totals_label.text() == "60 orders"
    close_window(qtbot, main)


def test_a_stores_orders_read_in_part_are_never_shown_as_the_store(
    qtbot: QtBot,
    sandbox: SandboxServer,
    scripted: ScriptedServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
    tmp_path: Path,
) -> None:
    """It showed 50 of 67 orders, with their totals, as the store, and nothing said."""
    orders_in_pages(scripted, sandbox, 25, linked=False)
    main = open_window(qtbot, Gateway(scripted, sandbox), settings)
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 25, timeout=10_000)
    qtbot.waitUntil(lambda: main.orders.message_bar.kind == "warning", timeout=5_000)
    said = main.orders.message_bar.text()
    assert "The service's list holds 60; 25 were read" in said
    assert "its totals, are of that part" in said
    assert main.orders.totals_label.text() == "25 orders (of a part)"  # the totals say so too
    exported = main.orders.export_csv(str(tmp_path / "orders.csv"))
    assert exported is not None
    last = (tmp_path / "orders.csv").read_text(encoding="utf-8-sig").splitlines()[-1]
    assert last == "Only a part of the store's orders was read: these are of that part."
    close_window(qtbot, main)


def payments_said_in_part(scripted: ScriptedServer, sandbox: SandboxServer) -> None:
    """Every read as the sandbox answers it, but an order's payments said to be two more than
    were sent (``X-Total-Count``), with no way to the rest."""

    def answer(seen: Seen) -> Reply:
        path = urlsplit(seen.raw_path).path
        headers = {
            name: seen.headers[name.lower()]
            for name in ("Authorization", "Content-Type")
            if name.lower() in seen.headers
        }
        forwarded = httpx.request(
            seen.method, sandbox.base_url + path, headers=headers, content=seen.body
        )
        said: dict[str, str] = {}
        if seen.method == "GET" and "/orders-payment/payments/" in path and forwarded.is_success:
            said["X-Total-Count"] = str(len(forwarded.json()) + 2)
        return Reply(status=forwarded.status_code, body=forwarded.content, headers=said)

    scripted.handler = answer


def test_an_invoice_of_payments_read_in_part_is_never_checked_as_all(
    qtbot: QtBot,
    sandbox: SandboxServer,
    scripted: ScriptedServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """The checklist ticked 'Every payment has its brand, authorization code and NSU' of the
    payments it read, and the printed page listed them as the order's all."""
    payments_said_in_part(scripted, sandbox)
    main = open_window(qtbot, Gateway(scripted, sandbox), settings)
    qtbot.waitUntil(lambda: main.orders.model.rowCount() > 0, timeout=10_000)
    order = open_order(main)
    pay_in_full(sandbox, order)
    dialog, invoice = open_invoice_by_keyboard(qtbot, main, order)
    assert dialog.ui.message_bar.kind == "warning"  # the order's own window says it too
    assert "The service's list holds 3; 1 were read" in dialog.ui.message_bar.text()
    checklist = invoice.ui.checklist.text()
    assert "✗ Not every payment of this order at the service could be read here" in checklist
    assert "Every payment has its brand" not in checklist
    assert invoice.issue_button.text() == "&Issue invoice anyway"
    printed = invoice.summary.toPlainText()  # the page printed and saved as PDF
    assert "could be read here (1): a part of this order's payments at the service" in printed
    close_window(qtbot, main)


def test_a_payment_checked_against_payments_read_in_part_is_never_clean(
    qtbot: QtBot,
    sandbox: SandboxServer,
    scripted: ScriptedServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """The slip may be among the payments the service did not send: the summary says so and
    Enter lands on Back (it went as clean: a duplicate the check could have stopped)."""
    payments_said_in_part(scripted, sandbox)
    main = open_window(qtbot, Gateway(scripted, sandbox), settings)
    qtbot.waitUntil(lambda: main.orders.model.rowCount() > 0, timeout=10_000)
    order = open_order(main)
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, main, order))
    fill_slip(qtbot, form)
    form.ui.review_button.click()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    assert "The service sent only part of this order's payments" in form.ui.summary.text()
    assert form.ui.back_button.isDefault() and not form.ui.send_button.isDefault()
    qtbot.keyClick(form.ui.back_button, Qt.Key.Key_Return)
    assert nsus(sandbox, order.order_id) == []
    close_window(qtbot, main)


def test_every_reason_a_list_is_a_part_has_its_own_words() -> None:
    """A reason added to the reading without words would be said as the vague fallback."""
    from desktop_app.api._pages import Partial
    from desktop_app.gui.words.list_parts import why_a_part

    fallback = why_a_part("a reason never named")
    words = [why_a_part(reason) for reason in Partial]
    assert fallback not in words and len(set(words)) == len(words)


def test_a_days_negative_revenue_stays_a_number_in_the_export(
    qtbot: QtBot,
    event_loop_qt: asyncio.AbstractEventLoop,
    scripted: ScriptedServer,
    tmp_path: Path,
) -> None:
    """A day of refunds sums below zero: its cell starts with "-" and is no formula (issue 89:
    the cells that would start one are written as text, never the desk's own amounts)."""
    refunds = [{**DAYS[0], "total": -50.0}, *DAYS[1:3]]
    scripted.handler = lambda seen: Reply(body=refunds)
    window = revenue_of(qtbot, tmp_path, scripted)
    path = window.export_csv(str(tmp_path / "revenue.csv"))
    assert path is not None
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert [as_a_spreadsheet_reads(row[1]) for row in rows[1:]] == [
        ("number", "-50.00"),
        ("number", "101.00"),
        ("number", "102.00"),
    ]
