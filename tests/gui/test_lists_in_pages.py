"""Revenue of a service that pages its list (issue 88): 91 days served 17 a page are all shown;
a page this app cannot follow leaves the window saying how many of how many were read, and
why, never a part shown as the whole (it showed 17 of 91 days, and nothing said)."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from desktop_app.gui.lookups.revenue import RevenueWindow
from desktop_app.sandbox.auth import issue_token
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, make_context, open_window
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
