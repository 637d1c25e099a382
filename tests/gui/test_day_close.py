"""Closing the day: this desk's recorded card payments of a day against the terminal's
report, typed or imported, in the window a person opens with Ctrl+D."""

from __future__ import annotations

import csv
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.api.models import NewPayment, Order
from desktop_app.core.day_close.terminal_export import Column, CsvMapping
from desktop_app.core.journal import local_today
from desktop_app.core.journal_states import EntryState
from desktop_app.core.kept_slip import HoldReason, KeptFacts
from desktop_app.core.money import local_date
from desktop_app.gui.day_close.find_slip import FindSlipWindow
from desktop_app.gui.day_close.mapping_dialog import (
    TerminalMappingDialog,
    keep_mapping,
    kept_mappings,
)
from desktop_app.gui.day_close.models import (
    AGREES,
    AMOUNT_HERE,
    COUNT_HERE,
    TERMINAL_AMOUNT,
    TERMINAL_COUNT,
)
from desktop_app.gui.day_close.window import DayCloseWindow
from desktop_app.gui.lookups.search import LookupWindow
from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.payments.pending_dialog import PendingPaymentsDialog
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.shell.main_window import MainWindow
from tests.gui.people import window_titled

HEADER = "Data;Hora;NSU;Autorização;Bandeira;Produto;Parcelas;Valor;Status;Cartão;Id\n"
COLUMNS = {
    Column.DATE: "Data", Column.NSU: "NSU", Column.AUTH: "Autorização", Column.BRAND: "Bandeira",
    Column.TYPE: "Produto", Column.AMOUNT: "Valor", Column.LAST_FOUR: "Cartão",
}  # fmt: skip


def slip(
    order: Order, nsu: str, amount: str, brand: str = "Visa", kind: str = "credit"
) -> NewPayment:
    return NewPayment(
        order_id=order.order_id, card="************4242", auth=f"A{nsu}", nsu=nsu,
        installments=1, amount=Decimal(amount), flag_name=brand, payment_type=kind,
        user_id=2001,
    )  # fmt: skip


def a_day_in_every_state(window: MainWindow) -> list[Order]:
    """Today's journal at this desk: four confirmed payments and one in every other state."""
    orders = window.orders.model.visible_orders()[:9]
    journal = window.ctx.outbox.journal
    for order, (nsu, amount, state) in zip(
        orders,
        [
            ("101", "10.00", EntryState.CONFIRMED),
            ("102", "20.00", EntryState.CONFIRMED),
            ("103", "30.00", EntryState.CONFIRMED),  # the terminal says 33,00
            ("104", "40.00", EntryState.CONFIRMED),  # not on the terminal: a typo, or another
            ("105", "50.00", EntryState.NEEDS_REVIEW),
            ("106", "60.00", EntryState.SET_ASIDE),
            ("107", "70.00", EntryState.REJECTED),
            ("108", "80.00", EntryState.PENDING),
        ],
        strict=False,
    ):
        entry = journal.add("001", slip(order, nsu, amount))
        journal.set_state(entry.id, state)
    return orders


def cell(table: QAbstractItemView, row: int, column: int) -> str:
    """What a cell of a table shows."""
    return str(table.model().index(row, column).data() or "")


def type_into(
    qtbot: QtBot,
    table: QAbstractItemView,
    row: int,
    column: int,
    text: str,
    shows: str | None = None,
) -> None:
    """Type in a cell as a person does: go to it, type over what it holds, Enter; the cell then
    shows ``shows`` (what was typed, unless said)."""
    table.window().activateWindow()
    qtbot.waitUntil(table.window().isActiveWindow)
    table.setFocus()
    table.setCurrentIndex(table.model().index(row, column))
    qtbot.keyClick(table, Qt.Key.Key_F2)  # the key that opens a cell's editor
    editor = QApplication.focusWidget()  # the cell's editor, open over it
    assert isinstance(editor, QLineEdit) and editor.parent() is table.viewport()
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    shown = text if shows is None else shows
    qtbot.waitUntil(lambda: cell(table, row, column) == shown)  # Qt commits it queued


def open_day_close(qtbot: QtBot, window: MainWindow) -> DayCloseWindow:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)  # as a person
    return window_titled(qtbot, "Day close", DayCloseWindow)


def slips_listed(day_close: DayCloseWindow) -> dict[str, list[str]]:
    """What the list of slips to look at says (its What column), by NSU."""
    table = day_close.ui.slips_table
    listed: dict[str, list[str]] = {}
    for row in range(table.model().rowCount()):
        listed.setdefault(cell(table, row, 2), []).append(cell(table, row, 0))
    return listed


def select_slip(day_close: DayCloseWindow, nsu: str) -> None:
    """Choose the slip with ``nsu`` in the list, as a person clicks its line."""
    table = day_close.ui.slips_table
    table.selectRow(next(r for r in range(table.model().rowCount()) if cell(table, r, 2) == nsu))


def test_the_day_is_totalled_and_what_needs_a_decision_is_listed_apart(
    qtbot: QtBot, window: MainWindow
) -> None:
    orders = a_day_in_every_state(window)
    journal = window.ctx.outbox.journal
    kept_by = KeptFacts(user_id=2001, user_name="Marcos Gerente", order_from_list=True)
    journal.add("001", slip(orders[8], "109", "90.00"), kept=kept_by)  # the service was away
    journal.add(  # and one for an order typed by hand
        "001", slip(orders[8], "110", "9.00"), kept=kept_by, hold=HoldReason.TYPED_ORDER
    )
    day_close = open_day_close(qtbot, window)
    table = day_close.ui.totals_table
    # Four Visa credit payments in one payment each, and a blank line for a kind only the
    # terminal may have.
    assert table.model().rowCount() == 2
    assert [cell(table, 0, c) for c in range(5)] == [
        "Visa", "Credit", "one payment", "4", "R$100.00",
    ]  # fmt: skip
    today = local_date(local_today(), "en_US")
    assert day_close.ui.summary.text() == f"Recorded here on {today}: 4 card payments, R$100.00."
    assert slips_listed(day_close) == {
        "105": ["Needs your decision"],
        "108": ["Outcome unknown"],
        "106": ["Set aside"],
        "107": ["Refused"],
        "109": ["Kept here, not yet sent"],
        "110": ["Kept here, waiting for a check"],
    }
    day_close.ui.slips_table.selectRow(0)
    day_close.ui.pending_button.click()  # a way to act on it
    window_titled(qtbot, "Pending payments", PendingPaymentsDialog)


def test_a_closed_day_close_lets_the_day_go_and_reads_it_again_when_opened(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Kept out of view all week, it held every payment of the day for nothing."""
    a_day_in_every_state(window)
    day_close = open_day_close(qtbot, window)
    listed = slips_listed(day_close)
    assert listed and day_close.closing is not None
    day_close.close()
    assert day_close.closing is None
    assert day_close.totals.rowCount() == 1  # the blank line for a kind only the terminal has
    assert slips_listed(day_close) == {}
    reopened = open_day_close(qtbot, window)
    assert reopened is day_close and slips_listed(reopened) == listed  # read anew
    window.ctx.session.lock("Locked after a while without use. Sign in to continue.")
    assert not reopened.isVisible()
    assert slips_listed(reopened) == listed  # the lock only hides it: it comes back as it was


def test_typed_totals_read_as_money_and_say_by_how_much_they_differ(
    qtbot: QtBot, window: MainWindow
) -> None:
    a_day_in_every_state(window)
    day_close = open_day_close(qtbot, window)
    table = day_close.ui.totals_table
    type_into(qtbot, table, 0, TERMINAL_COUNT, "4")
    type_into(qtbot, table, 0, TERMINAL_AMOUNT, "100", shows="R$100.00")  # read as money
    assert cell(table, 0, AGREES) == "Same"
    type_into(qtbot, table, 0, TERMINAL_AMOUNT, "103,00", shows="R$103.00")
    assert cell(table, 0, AGREES) == "Differs: terminal R$3.00 more"  # by how much, which way
    type_into(qtbot, table, 0, TERMINAL_COUNT, "3")
    assert cell(table, 0, AGREES) == "Differs: terminal R$3.00 more, 1 slip fewer"
    recorded = table.model().index(0, COUNT_HERE)
    assert not table.model().flags(recorded) & Qt.ItemFlag.ItemIsEditable  # it stays as recorded
    # A kind only the terminal has: a line that says so, typed whole; a blank line follows it.
    assert table.model().rowCount() == 2
    assert [cell(table, 1, c) for c in (COUNT_HERE, AMOUNT_HERE)] == ["", ""]  # no "0 / R$0.00"
    assert cell(table, 1, AGREES) == "Only on the terminal? Type its brand"
    for column, text, shows in (
        (0, "Elo", "Elo"),
        (1, "d", "d"),  # the first letter will do (QTest types only ASCII)
        (TERMINAL_COUNT, "1", "1"),
        (TERMINAL_AMOUNT, "87,50", "R$87.50"),
    ):
        type_into(qtbot, table, 1, column, text, shows)
    assert [cell(table, 1, c) for c in (COUNT_HERE, AMOUNT_HERE)] == ["0", "R$0.00"]
    # None recorded here: a slip to look for.
    assert cell(table, 1, AGREES) == "Differs: terminal R$87.50 more, 1 slip more"
    assert table.model().rowCount() == 3 and cell(table, 2, 0) == ""


def test_a_card_number_typed_in_a_cell_is_refused(qtbot: QtBot, window: MainWindow) -> None:
    a_day_in_every_state(window)
    day_close = open_day_close(qtbot, window)
    table = day_close.ui.totals_table
    qtbot.waitUntil(day_close.isActiveWindow)
    table.setFocus()
    table.setCurrentIndex(table.model().index(1, 0))  # the blank line: a brand, typed
    qtbot.keyClick(table, Qt.Key.Key_F2)  # its editor is made now, long after the window
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.parent() is table.viewport()
    qtbot.keyClicks(editor, "4111111111111111", delay=1)  # a scanner, into the wrong place
    qtbot.waitUntil(lambda: "full card number" in day_close.ui.message_bar.label.text())
    assert "1111" not in editor.text()
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert "1111" not in cell(table, 1, 0)


def test_an_export_is_mapped_once_then_set_against_the_day(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    orders = a_day_in_every_state(window)
    today = local_today().strftime("%d/%m/%Y")
    export = tmp_path / "maquininha.csv"
    export.write_text(
        HEADER
        + f"{today};09:00;000101;A101;VISA;Crédito;1;10,00;Aprovada;************4242;9\n"
        + f"{today};09:10;000102;A102;VISA;Crédito;1;20,00;Aprovada;************4242;9\n"
        + f"{today};09:20;000103;A103;VISA;Crédito;1;33,00;Aprovada;************4242;9\n"
        + f"{today};09:30;000199;A199;VISA;Crédito;1;99,00;Aprovada;************4242;9\n"
        + f"{today};09:40;000200;A200;PIX;Pix;1;15,00;Aprovada;;9\n",
        encoding="utf-8",
    )
    # The first time, a person says which column holds what (a first guess is offered).
    mapping_dialog = TerminalMappingDialog(HEADER.strip().split(";"), window.ctx.preferences)
    qtbot.addWidget(mapping_dialog)
    assert mapping_dialog.ui.nsu_column.currentText() == "NSU"
    assert mapping_dialog.ui.amount_column.currentText() == "Valor"
    mapping_dialog.ui.model.setCurrentText("Stone S920")
    mapping_dialog.ui.buttons.accepted.emit()
    assert "Stone S920" in kept_mappings(window.ctx.preferences)
    day_close = open_day_close(qtbot, window)
    day_close.import_export(export)  # the kept mapping is used: nothing asked again
    listed = slips_listed(day_close)
    assert listed["000199"] == ["On the terminal, never recorded"]
    assert listed["104"] == ["Recorded, not on the terminal"]
    assert listed["103"] == ["Amount differs"]
    assert "000101" not in listed and "101" not in listed  # matched: nothing to look at
    assert day_close.ui.summary.text().splitlines()[1] == (
        "Against the terminal's export: 2 matched, 1 never recorded here, 1 not on the"
        " terminal, 1 different, 1 other lines."
    )
    assert any("Not a card sale of the day" in what for what in listed[""])  # the PIX line
    # A recorded payment not on the terminal opens its order, to check the slip.
    select_slip(day_close, "104")
    day_close.ui.open_order_button.click()
    window_titled(qtbot, f"Order {orders[3].order_id}", OrderDialog)
    # The closing, exported and read back.
    written = day_close.export(str(tmp_path / "closing.csv"))
    assert written is not None
    with open(written, encoding="utf-8-sig", newline="") as handle:
        lines = list(csv.reader(handle))
    assert lines[0] == ["Store", "001 - Loja Centro"]
    assert ["Visa", "Credit", "one payment", "4", "R$100.00", "", "", ""] in lines
    assert any(line[:3] == ["Amount differs", str(orders[2].order_id), "103"] for line in lines)
    assert any(
        line[:1] == ["On the terminal, never recorded"] and "R$99.00" in line for line in lines
    )


def test_an_export_showing_a_card_number_is_refused_whole(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    a_day_in_every_state(window)
    keep_mapping(window.ctx.preferences, "Stone S920", CsvMapping(columns=COLUMNS))
    today = local_today().strftime("%d/%m/%Y")
    export = tmp_path / "maquininha.csv"
    export.write_text(
        HEADER
        + f"{today};09:00;000101;A101;VISA;Crédito;1;10,00;Aprovada;************4242;9\n"
        + f"{today};09:10;000102;A102;VISA;Crédito;1;20,00;Aprovada;4111111111114242;9\n",
        encoding="utf-8",
    )
    day_close = open_day_close(qtbot, window)
    day_close.import_export(export)
    assert day_close.ui.message_bar.kind == "error"
    assert day_close.ui.message_bar.label.text().startswith("Line 3 of the file shows more")
    assert day_close.reconciliation is None  # nothing of the file was kept
    assert "000101" not in slips_listed(day_close)


def test_a_payment_is_found_by_its_slip_on_any_day_kept_and_opens_its_order(
    qtbot: QtBot, window: MainWindow
) -> None:
    orders = window.orders.model.visible_orders()[:2]
    journal = window.ctx.outbox.journal
    older = journal.add("001", slip(orders[0], "135982029", "125.90"), local_today().replace(day=1))
    journal.set_state(older.id, EntryState.CONFIRMED)
    kept_by = KeptFacts(user_id=2001, user_name="Marcos Gerente", order_from_list=True)
    journal.add("001", slip(orders[1], "778899", "10.00"), kept=kept_by)  # the service away
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(
        window,
        Qt.Key.Key_F,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    finder = window_titled(qtbot, "Find a payment by its slip", FindSlipWindow)
    qtbot.keyClicks(finder.ui.search_edit, "125,90")  # as the slip prints the amount
    qtbot.waitUntil(lambda: finder.ui.found_label.text() == "1 payment found.")
    assert [e.id for e in finder.found] == [older.id]
    assert cell(finder.ui.results, 0, 4) == "135982029"
    finder.ui.search_edit.clear()
    qtbot.keyClicks(finder.ui.search_edit, "778899")
    qtbot.keyClick(finder.ui.search_edit, Qt.Key.Key_Return)  # at once, and the one found opens
    assert finder.ui.found_label.text() == "1 payment found."
    row = [cell(finder.ui.results, 0, c) for c in range(finder.ui.results.model().columnCount())]
    assert "Kept here, not yet sent" in row  # a slip kept here is found as any other
    window_titled(qtbot, f"Order {orders[1].order_id}", OrderDialog).reject()

    finder.ui.search_edit.clear()
    qtbot.keyClicks(finder.ui.search_edit, "4242")  # both cards: Down goes to them, Enter opens
    qtbot.waitUntil(lambda: finder.ui.found_label.text() == "2 payments found.")
    qtbot.keyClick(finder.ui.search_edit, Qt.Key.Key_Down)
    assert finder.focusWidget() is finder.ui.results
    qtbot.keyClick(finder.ui.results, Qt.Key.Key_Return)
    chosen = finder.chosen()
    assert chosen is not None
    window_titled(qtbot, f"Order {chosen.payment.order_id}", OrderDialog).reject()

    finder.close()  # reopened, the old search is chosen: what is typed replaces it
    window.open_find_slip()
    assert finder.isVisible() and finder.ui.search_edit.selectedText() == "4242"
    qtbot.keyClicks(finder.ui.search_edit, "778899")
    assert finder.ui.search_edit.text() == "778899"
    window.open_find_slip()  # brought forward by its key while open: the same
    assert finder.ui.search_edit.selectedText() == "778899"


def test_a_slip_never_recorded_finds_the_orders_of_its_amount(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    orders = a_day_in_every_state(window)
    keep_mapping(window.ctx.preferences, "Stone S920", CsvMapping(columns=COLUMNS))
    amount = orders[8].balance_due  # an order nobody recorded a payment on here
    today = local_today().strftime("%d/%m/%Y")
    export = tmp_path / "maquininha.csv"
    export.write_text(
        HEADER
        + f"{today};09:00;000777;A777;VISA;Crédito;1;{amount:.2f};Aprovada;;9\n".replace(
            f"{amount:.2f}", f"{amount:.2f}".replace(".", ",")
        ),
        encoding="utf-8",
    )
    day_close = open_day_close(qtbot, window)
    day_close.import_export(export)
    select_slip(day_close, "000777")
    assert not day_close.ui.open_order_button.isEnabled()  # no order is known for it
    day_close.ui.find_orders_button.click()
    qtbot.waitUntil(lambda: orders[8] in window.orders.model.visible_orders(), timeout=5_000)
    shown = window.orders.model.visible_orders()
    assert all(amount in (o.amount, o.amount_paid, o.balance_due) for o in shown)


def test_the_closing_is_saved_as_a_pdf_with_its_store_day_and_slips(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    a_day_in_every_state(window)
    day_close = open_day_close(qtbot, window)
    page = day_close.document_html()
    assert "001 - Loja Centro" in page and "Marcos Gerente (2001)" in page
    assert "Needs your decision" in page and "R$100.00" in page
    written = day_close.save_pdf(str(tmp_path / "closing.pdf"))
    assert written is not None and Path(written).read_bytes().startswith(b"%PDF")


def test_another_currency_writes_the_totals_anew_and_keeps_what_was_typed(
    qtbot: QtBot, window: MainWindow
) -> None:
    a_day_in_every_state(window)
    day_close = open_day_close(qtbot, window)
    table = day_close.ui.totals_table
    type_into(qtbot, table, 0, TERMINAL_COUNT, "4")
    window.ctx.preferences.set(prefs.CURRENCY, "USD")
    try:
        qtbot.waitUntil(lambda: cell(table, 0, COUNT_HERE + 1) == "$100.00", timeout=5_000)
        assert cell(table, 0, TERMINAL_COUNT) == "4"  # the person's typing stays
    finally:
        window.ctx.preferences.set(prefs.CURRENCY, "BRL")


def test_a_window_closed_as_its_last_key_was_typed_runs_nothing_out_of_view(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Keys typed and the window closed at once (Esc), or the whole app closed (quit): no timer
    of the window is left to search a journal or a service that quit has closed meanwhile."""
    from PySide6.QtCore import QTimer

    def still_running(shown: QWidget) -> list[str]:
        return [
            t.objectName() or type(t).__name__ for t in shown.findChildren(QTimer) if t.isActive()
        ]

    finder = window.open_find_slip()
    qtbot.waitUntil(finder.isActiveWindow)
    qtbot.keyClicks(finder.ui.search_edit, "7788")
    qtbot.keyClick(finder.ui.search_edit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not finder.isVisible())
    assert still_running(finder) == []
    window.open_find_slip()  # opened again: what its box shows is searched
    qtbot.waitUntil(lambda: finder.ui.found_label.text() == "0 payments found.")
    customers = window.open_customers()
    assert isinstance(customers, LookupWindow)
    qtbot.waitUntil(customers.isActiveWindow)
    qtbot.keyClicks(customers.search, "Mar")
    window.open_find_slip()
    qtbot.waitUntil(finder.isActiveWindow)
    qtbot.keyClicks(finder.ui.search_edit, "4242")
    window.close()  # as quit does: then the journal and the client close
    assert still_running(finder) == still_running(customers) == []


def test_esc_with_terminal_totals_typed_says_they_stay_and_asks_before_closing(
    qtbot: QtBot, window: MainWindow
) -> None:
    a_day_in_every_state(window)
    day_close = open_day_close(qtbot, window)

    def esc() -> None:  # where the person's keys go
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)

    qtbot.waitUntil(day_close.isActiveWindow, timeout=5_000)
    esc()  # nothing typed: it just closes
    assert not day_close.isVisible()
    day_close = open_day_close(qtbot, window)
    type_into(qtbot, day_close.ui.totals_table, 0, TERMINAL_COUNT, "4")
    esc()
    box = window_titled(qtbot, "Leave the day close?", QMessageBox)
    assert "stay on this desk until you sign out" in box.text()
    qtbot.keyClick(box, Qt.Key.Key_Escape)  # Esc on the question: stay
    assert day_close.isVisible()
    qtbot.waitUntil(day_close.isActiveWindow, timeout=5_000)
    esc()
    box = window_titled(qtbot, "Leave the day close?", QMessageBox)
    qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter: close (nothing is lost)
    qtbot.waitUntil(lambda: not day_close.isVisible(), timeout=5_000)
    day_close = open_day_close(qtbot, window)
    assert cell(day_close.ui.totals_table, 0, TERMINAL_COUNT) == "4"  # as it said
