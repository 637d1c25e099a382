"""Customers, products and revenue lookups against a sandbox with 50,000 customers."""

from __future__ import annotations

import asyncio
import csv
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot
from stdnum import luhn

from desktop_app import api
from desktop_app.api.card_numbers import contains_card_number
from desktop_app.core.documents import compact
from desktop_app.core.failures import nothing_matches
from desktop_app.gui.lookups.customers import CustomersWindow
from desktop_app.gui.lookups.products import ProductsWindow
from desktop_app.gui.lookups.revenue import RevenueWindow
from desktop_app.gui.lookups.search import DEBOUNCE_MS
from desktop_app.gui.session.sign_in import SignInDialog
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.seed import SeedSize
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.gui.people import window_titled, windows_titled

MANY = SeedSize(stores=1, orders_per_store=400, customers=50_000, products=500, seed=5)


@pytest.fixture(scope="module")
def big_sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SandboxServer]:
    server = SandboxServer(tmp_path_factory.mktemp("lookups") / "sandbox.sqlite3", MANY).start()
    yield server
    server.stop()


@pytest.fixture
def main(
    qtbot: QtBot,
    big_sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> Iterator[MainWindow]:
    window = open_window(qtbot, big_sandbox, settings)
    qtbot.waitUntil(lambda: window.orders.model.rowCount() == 400, timeout=15_000)
    yield window
    big_sandbox.faults.reset()
    close_window(qtbot, window)


def customers(qtbot: QtBot, main: MainWindow) -> CustomersWindow:
    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow)
    qtbot.keyClick(main, Qt.Key.Key_F2)  # as a person opens it
    return window_titled(qtbot, "Customers", CustomersWindow)


def test_a_slow_answer_for_mar_never_overwrites_maria(
    qtbot: QtBot, main: MainWindow, big_sandbox: SandboxServer
) -> None:
    window = customers(qtbot, main)
    shown: list[str] = []
    window.results_shown.connect(shown.append)
    big_sandbox.faults.update({"latency_ms": 800})  # every answer is slow
    qtbot.keyClicks(window.search, "mar")
    qtbot.waitUntil(
        lambda: any(p.endswith("/customers/mar") for p in big_sandbox.faults.paths_seen),
        timeout=5_000,
    )
    qtbot.keyClicks(window.search, "ia")  # while "mar" is at the server
    qtbot.waitUntil(lambda: shown == ["maria"], timeout=10_000)
    qtbot.waitUntil(lambda: big_sandbox.faults.client_left, timeout=10_000)  # "mar" was dropped
    assert shown == ["maria"]
    assert window.model.rows and all("maria" in c.name.casefold() for c in window.model.rows)


def test_a_lookup_closed_as_its_last_keys_were_typed_searches_no_more(
    qtbot: QtBot, main: MainWindow, big_sandbox: SandboxServer
) -> None:
    window = customers(qtbot, main)
    qtbot.waitUntil(window.isActiveWindow)  # its keys are the window's
    qtbot.keyClicks(window.search, "sou")
    # Closed before the pause in typing ends (Esc in a filled box empties it: Ctrl+W closes)
    qtbot.keyClick(window.search, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.isVisible())
    qtbot.wait(3 * DEBOUNCE_MS)  # the time in which it would have searched
    assert not any(p.endswith("/customers/sou") for p in big_sandbox.faults.paths_seen)
    assert customers(qtbot, main) is window  # opened again: what its box holds is searched
    qtbot.waitUntil(lambda: window.searched_text == "sou", timeout=5_000)


def test_documents_are_masked_until_asked_and_copy_gives_them_whole(
    qtbot: QtBot, main: MainWindow
) -> None:
    window = customers(qtbot, main)
    qtbot.keyClicks(window.search, "silva")
    qtbot.waitUntil(lambda: bool(window.model.rows), timeout=10_000)
    first = window.model.rows[0]
    assert window.status.text().endswith("matches.") or "type more" in window.status.text()
    shown = window.model.data(window.model.index(0, 1))
    assert shown.startswith("**") and compact(first.document) not in compact(shown)
    window.show_documents.setChecked(True)
    assert compact(window.model.data(window.model.index(0, 1))) == compact(first.document)
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert compact(first.document) in compact(QGuiApplication.clipboard().text())


def test_enter_on_a_customer_filters_the_orders(qtbot: QtBot, main: MainWindow) -> None:
    order = main.orders.model.visible_orders()[0]
    window = customers(qtbot, main)
    window.search.setText(order.customer_name)  # QTest cannot type accents; a person can
    qtbot.waitUntil(lambda: window.searched_text == order.customer_name, timeout=10_000)
    row = next(i for i, c in enumerate(window.model.rows) if c.id == order.customer_id)
    window.table.selectRow(row)
    qtbot.keyClick(window.table, Qt.Key.Key_Return)
    qtbot.waitUntil(main.orders.ui.customer_chip.isVisible, timeout=5_000)
    shown = main.orders.model.visible_orders()
    assert shown and all(o.customer_id == order.customer_id for o in shown)
    main.orders.ui.customer_chip.click()
    assert main.orders.model.rowCount() == 400


def test_nothing_found_reads_well_and_the_box_keeps_focus(qtbot: QtBot, main: MainWindow) -> None:
    window = customers(qtbot, main)
    window.search.setFocus()
    qtbot.keyClicks(window.search, "zzqxw")
    qtbot.waitUntil(lambda: "Nothing matches" in window.status.text(), timeout=10_000)
    assert window.model.rows == []


def test_a_scanner_works_from_any_field_and_an_exact_code_comes_first(
    qtbot: QtBot, main: MainWindow
) -> None:
    main.products_action.trigger()  # F3, or Lookups ▸ Products
    window = window_titled(qtbot, "Products", ProductsWindow)
    qtbot.keyClicks(window.search, "a")
    qtbot.waitUntil(lambda: bool(window.model.rows), timeout=10_000)
    code = window.model.rows[-1].manufacturer_code
    window.table.setFocus()  # focus is not in the search box
    qtbot.keyClicks(window.table, code)
    qtbot.keyClick(window.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.searched_text == code, timeout=10_000)
    assert window.model.rows[0].manufacturer_code == code
    qtbot.keyClick(window.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == code


def test_revenue_sum_average_and_export(qtbot: QtBot, main: MainWindow, tmp_path: Path) -> None:
    main.revenue_action.trigger()  # Lookups ▸ Revenue
    window = window_titled(qtbot, "Revenue", RevenueWindow)
    qtbot.waitUntil(lambda: len(window.records) == 90, timeout=10_000)
    assert window.summary.text().startswith("90 days (90 records)")
    assert len(window.chart.series()) == 1
    window.since_edit.setDate(window.until_edit.date().addDays(-6))
    assert window.summary.text().startswith("7 days") and window.model.rowCount() == 7
    total = window.model.index(0, 1)
    assert window.model.data(total, Qt.ItemDataRole.TextAlignmentRole) & Qt.AlignmentFlag.AlignRight
    path = window.export_csv(str(tmp_path / "revenue.csv"))
    assert path is not None
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert len(rows) == 8
    first = window.days[0].day
    window.since_edit.setDate(window.until_edit.date().addDays(-89))
    window.since_edit.setFocus()
    earlier = 1 if first.day > 1 else 2  # a day before the first record's, in its month
    typed = QDate(first.year, first.month, earlier)
    qtbot.keyClicks(window.since_edit, typed.toString(window.since_edit.displayFormat()))
    qtbot.keyClick(window.since_edit, Qt.Key.Key_Return)  # typed, not only Up/Down
    assert window.since_edit.date() == typed


def test_sign_out_closes_lookups_with_customer_data(qtbot: QtBot, main: MainWindow) -> None:
    window = customers(qtbot, main)
    qtbot.keyClicks(window.search, "silva")
    qtbot.waitUntil(lambda: bool(window.model.rows), timeout=10_000)
    main.sign_out_action.trigger()
    assert windows_titled("Customers", CustomersWindow) == []  # not on screen, not hidden
    destroyed: list[bool] = []
    window.destroyed.connect(lambda: destroyed.append(True))
    qtbot.waitUntil(lambda: destroyed == [True], timeout=5_000)  # and gone with its names


def test_an_ended_session_in_a_lookup_opens_sign_in_and_searches_again(
    qtbot: QtBot, main: MainWindow, big_sandbox: SandboxServer
) -> None:
    window = customers(qtbot, main)
    big_sandbox.faults.update({"fail_next": 1, "fail_status": 401})  # the session has ended
    qtbot.keyClicks(window.search, "silva")
    dialog = window_titled(qtbot, "Sign in", SignInDialog)
    assert dialog.parent() is window  # over the window that asked
    assert "session has ended" in dialog.ui.reason.text()
    dialog.ui.token_way_button.click()
    dialog.ui.token_field.setText(big_sandbox.token("manager"))
    dialog.sign_in_button.click()
    qtbot.waitUntil(
        lambda: window.searched_text == "silva" and bool(window.model.rows), timeout=10_000
    )


def test_locked_no_key_or_menu_opens_customer_or_sales_data(
    qtbot: QtBot, main: MainWindow, big_sandbox: SandboxServer
) -> None:
    main.revenue_action.trigger()
    revenue = window_titled(qtbot, "Revenue", RevenueWindow)
    main.ctx.session.lock("Locked after a while without use. Sign in to continue.")
    assert not revenue.isVisible()  # hidden, kept as it was
    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow)
    qtbot.keyClick(main, Qt.Key.Key_F2)
    assert windows_titled("Customers", CustomersWindow) == []
    assert not any(
        a.isEnabled() for a in (main.customers_action, main.revenue_action, main.export_action)
    )
    main.lock_page.ui.sign_in_button.click()
    dialog = window_titled(qtbot, "Sign in", SignInDialog)
    dialog.ui.token_way_button.click()
    dialog.ui.token_field.setText(big_sandbox.token("manager"))
    dialog.sign_in_button.click()
    qtbot.waitUntil(revenue.isVisible, timeout=5_000)  # back as it was
    assert main.customers_action.isEnabled()


def test_a_scanned_barcode_that_passes_luhn_is_searched(qtbot: QtBot, main: MainWindow) -> None:
    main.products_action.trigger()
    window = window_titled(qtbot, "Products", ProductsWindow)
    window.search.setFocus()
    qtbot.keyClicks(window.search, "7899935181907")  # an EAN-13 that also passes Luhn
    assert window.search.text() == "7899935181907"
    qtbot.waitUntil(lambda: window.searched_text == "7899935181907", timeout=10_000)
    window.search.clear()
    qtbot.keyClicks(window.search, "4111111111111111")  # a card number stays refused here
    qtbot.waitUntil(lambda: window.search.text() == "", timeout=5_000)


def test_the_revenue_chart_shows_the_days_of_the_table(qtbot: QtBot, main: MainWindow) -> None:
    from PySide6.QtCharts import QBarCategoryAxis, QBarSeries

    main.revenue_action.trigger()
    window = window_titled(qtbot, "Revenue", RevenueWindow)
    qtbot.waitUntil(lambda: len(window.records) == 90, timeout=10_000)
    for days in (90, 7):
        window.since_edit.setDate(window.until_edit.date().addDays(1 - days))
        table_days = [window.model.data(window.model.index(r, 0)) for r in range(days)]
        table_totals = [r.total for r in window.model.rows]
        axis = next(a for a in window.chart.axes() if isinstance(a, QBarCategoryAxis))
        bars = next(s for s in window.chart.series() if isinstance(s, QBarSeries)).barSets()[0]
        assert axis.count() == bars.count() == len(table_days) == days
        assert [float(t) for t in table_totals] == [bars.at(i) for i in range(days)]
        labels = axis.categories()
        for label, day in zip(labels, table_days, strict=True):
            assert day.startswith(label) or label in day  # the bar's label is its row's day


def test_a_card_number_typed_at_scanner_speed_is_neither_kept_nor_searched(
    qtbot: QtBot, main: MainWindow, big_sandbox: SandboxServer
) -> None:
    window = customers(qtbot, main)
    window.search.setFocus()
    searched_before = len(big_sandbox.faults.paths_seen)
    qtbot.keyClicks(window.search, "5555555555554444", delay=1)  # a scanner: refused at the 13th
    qtbot.waitUntil(lambda: window.message_bar.kind == "warning", timeout=5_000)
    assert window.search.text() == ""  # no "444" left behind to search for
    assert "full card number" in window.message_bar.label.text()
    assert window.message_bar.label.text().startswith(window.search.accessibleName() + ":")
    assert not window.debounce.isActive()  # no search is waiting to start…
    assert len(big_sandbox.faults.paths_seen) == searched_before  # …or went


def test_a_cnpj_that_passes_luhn_finds_its_customer(
    qtbot: QtBot, main: MainWindow, big_sandbox: SandboxServer
) -> None:
    rows = big_sandbox.db.connect().execute("SELECT id, document FROM customers").fetchall()
    customer_id, document = next(
        (i, d)
        for i, d in rows
        if compact(d).isdigit() and len(compact(d)) == 14 and luhn.is_valid(compact(d))
    )
    assert contains_card_number(document)  # anywhere but here, refused as a card
    window = customers(qtbot, main)
    window.search.setFocus()
    qtbot.keyClicks(window.search, document)  # typed whole, as printed: 12.345.678/0001-95
    qtbot.waitUntil(lambda: window.searched_text == document, timeout=10_000)
    assert window.search.text() == document
    assert [c.id for c in window.model.rows] == [customer_id]


WIDER_FORMS = [
    "4111  1111  1111  1111", "4111 - 1111 - 1111 - 1111", "994111111111111111",
    # Issue 89: four separators and more (a cashier's two spaces around a dash make five).
    "4111  -  1111  -  1111  -  1111", "4111....1111....1111....1111",
]  # fmt: skip
FILLERS = "\u3164\u3164\u3164\u3164".join(
    ["4111", "1111", "1111", "1111"]
)  # pasted: no keyboard types them


@pytest.mark.parametrize(
    ("typed", "how"),
    [*((form, how) for form in WIDER_FORMS for how in ("typed", "pasted")), (FILLERS, "pasted")],
)
def test_a_card_number_in_its_wider_forms_is_neither_kept_nor_searched(
    qtbot: QtBot, main: MainWindow, big_sandbox: SandboxServer, typed: str, how: str
) -> None:
    window = customers(qtbot, main)
    qtbot.waitUntil(window.isActiveWindow)  # typed once it is in front, as a person types
    window.search.setFocus()
    searched_before = len(big_sandbox.faults.paths_seen)
    if how == "typed":
        qtbot.keyClicks(window.search, typed)
    else:
        QGuiApplication.clipboard().setText(typed)
        qtbot.keyClick(window.search, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.message_bar.kind == "warning", timeout=5_000)
    assert window.search.text() == ""
    assert "full card number" in window.message_bar.label.text()
    assert not window.debounce.isActive()
    assert len(big_sandbox.faults.paths_seen) == searched_before  # nothing was sent


def test_a_404_for_a_search_reads_as_nothing_found_but_an_unknown_route_does_not(
    qtbot: QtBot, main: MainWindow, big_sandbox: SandboxServer
) -> None:
    """Some services answer an empty search with a 404: nothing matches. The framework's own
    404 for a route it does not know keeps its words."""
    window = customers(qtbot, main)
    path = "/api/v1/data-consult/customers/"
    big_sandbox.faults.update({"fail_next": 1, "fail_status": 404, "fail_path": path})
    qtbot.keyClicks(window.search, "silva")
    qtbot.waitUntil(lambda: "Nothing matches" in window.status.text(), timeout=10_000)
    assert not window.message_bar.isVisible()
    assert nothing_matches(api.NotFoundError("Cannot GET /api/v1/x", status_code=404)) is False
