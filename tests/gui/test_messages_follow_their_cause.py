"""A message lives as long as its cause: a problem's words are said at the field they name,
which takes the focus, and go when that field no longer has it; a refused key is said where
the person types, long enough to be read. In both languages, with the translator installed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.day_close.mapping_dialog import TerminalMappingDialog
from desktop_app.gui.payments.payment_dialog import PaymentDialog
from desktop_app.gui.session.sign_in import SignInDialog
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.server import SandboxServer
from tests.gui.people import window_titled
from tests.gui.test_payments import open_order_by_keyboard


def payment_form(qtbot: QtBot, window: MainWindow, installments: int) -> PaymentDialog:
    """The payment form of an unpaid order whose plan allows ``installments`` (or more: 2)."""
    order = next(
        o
        for o in window.orders.model.visible_orders()
        if o.amount_paid == 0 and o.amount > 50 and (o.installments == installments
                                                     or installments > 1 < o.installments)
    )  # fmt: skip
    page = window.orders  # Enter on the order, then F8, in front whatever the language
    page.table.setFocus()
    page.table.setCurrentIndex(page.model.index(page.model.visible_orders().index(order), 0))
    qtbot.keyClick(page.table, Qt.Key.Key_F8)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeWindow(), PaymentDialog))
    form = QApplication.activeWindow()
    assert isinstance(form, PaymentDialog)
    return form


def note_says(form: PaymentDialog) -> str:
    """The words under the field, if shown."""
    note = form.problems.note
    return note.text() if note.isVisible() else ""


def test_a_letter_in_the_nsu_is_said_at_the_field_long_enough_to_read(
    qtbot: QtBot, window: MainWindow
) -> None:
    form = payment_form(qtbot, window, 1)
    nsu = form.ui.nsu
    nsu.setFocus()
    qtbot.keyClicks(nsu, "12ab34")  # at a cashier's speed: the digits after came at once
    assert nsu.text() == "1234"
    assert note_says(form) == "The NSU has digits only."  # still there to be read
    assert form.problems.field is nsu
    note = form.problems.note.geometry()
    field = nsu.geometry().translated(nsu.mapTo(form, nsu.rect().topLeft()) - nsu.pos())
    assert note.top() >= field.bottom() and abs(note.left() - field.left()) < 20  # under it
    qtbot.waitUntil(lambda: note_says(form) == "", timeout=5_000)  # then gone by itself
    assert form.ui.message_bar.isHidden()


@pytest.mark.parametrize("language", ["en_US", "pt_BR"], indirect=True)
def test_the_installments_problem_goes_once_a_number_the_plan_allows_is_typed(
    qtbot: QtBot, language: str, window: MainWindow
) -> None:
    form = payment_form(qtbot, window, 2)
    most = form.ui.installments.maximum()
    box = form.ui.installments
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "99")  # more than the plan allows: the box refuses the key
    words = {
        "en_US": f"This order's plan allows at most {most} installments.",
        "pt_BR": f"O plano deste pedido permite no máximo {most} parcelas.",
    }[language]
    assert words in form.ui.message_bar.text()
    form.problems._refused_at = 0.0  # read long ago: the next key the box takes ends it
    box.selectAll()
    qtbot.keyClicks(box, str(most - 1))  # as 10 where 12 is the most
    assert box.value() == most - 1
    assert form.ui.message_bar.isHidden() and note_says(form) == ""


@pytest.mark.parametrize("language", ["en_US", "pt_BR"], indirect=True)
def test_one_installment_is_said_as_one(qtbot: QtBot, language: str, window: MainWindow) -> None:
    form = payment_form(qtbot, window, 1)
    box = form.ui.installments
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "3")
    assert (
        form.ui.message_bar.text()
        == {
            "en_US": "This order's plan allows one installment.",
            "pt_BR": "O plano deste pedido permite uma parcela.",
        }[language]
    )


def test_a_problem_takes_the_focus_to_its_field_and_lives_as_long_as_the_field_has_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    form = payment_form(qtbot, window, 1)
    ui = form.ui
    for field, text in ((ui.last_four, "4242"), (ui.nsu, "778899"), (ui.auth, "AB12")):
        field.setFocus()
        qtbot.keyClicks(field, text)
    ui.amount.setFocus()
    ui.amount.selectAll()
    qtbot.keyClicks(ui.amount, "999999")  # more than the balance, and no brand chosen
    qtbot.keyClick(ui.amount, Qt.Key.Key_Return)  # Review: what the desk can tell goes first
    assert form.focusWidget() in (ui.brand, ui.brand.lineEdit())  # taken there
    assert note_says(form) and form.problems.field is ui.brand
    qtbot.keyClicks(ui.brand, "Visa")  # corrected: gone
    assert note_says(form) == ""
    qtbot.keyClick(ui.brand, Qt.Key.Key_Return)  # Review again: over the balance, the
    # service answering (were it away, the slip would be kept and held for a person)
    qtbot.waitUntil(lambda: "more than the balance due" in note_says(form), timeout=10_000)
    assert form.focusWidget() is ui.amount
    ui.amount.selectAll()
    qtbot.keyClicks(ui.amount, "888888")  # still too much: the words stay
    assert "more than the balance due" in note_says(form)
    ui.amount.selectAll()
    qtbot.keyClicks(ui.amount, "1")  # allowed: gone
    assert note_says(form) == "" and form.ui.message_bar.isHidden()


def test_the_list_stops_saying_the_service_is_away_when_an_order_window_reads_it_first(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """The order's window, left open, read its order again before the list did (its slip was
    sent): the list shows the order as the service has it, and "cannot be reached" goes with
    it, whichever read came first."""
    order = window.orders.model.visible_orders()[0]
    dialog = open_order_by_keyboard(qtbot, window, order)
    page = window.orders
    sandbox.faults.update({"drop_next": 1_000})  # away: every request dropped unanswered
    page.refresh()
    qtbot.waitUntil(lambda: page.message_bar.kind == "warning", timeout=10_000)
    sandbox.faults.update({"drop_next": 0})  # back
    with qtbot.waitSignal(dialog.order_changed, timeout=10_000):
        dialog.reload()
    qtbot.waitUntil(lambda: page.message_bar.kind == "", timeout=5_000)


@pytest.mark.parametrize("language", ["en_US", "pt_BR"], indirect=True)
def test_choose_an_order_first_goes_once_one_is_chosen(
    qtbot: QtBot, language: str, window: MainWindow
) -> None:
    """F8 with no order chosen says how to choose one; choosing one by the arrows, or typing
    a number that leaves one order, ends that: the words go without another key."""
    page = window.orders
    page.table.setFocus()
    page.table.clearSelection()
    qtbot.keyClick(page.table, Qt.Key.Key_F8)
    said = page.message_bar.text()
    assert said.startswith("Choose an order first" if language == "en_US" else "Escolha")
    qtbot.keyClick(page.table, Qt.Key.Key_Down)  # a row chosen
    assert page.message_bar.isHidden()

    page.table.clearSelection()
    qtbot.keyClick(page.table, Qt.Key.Key_F8)
    assert page.message_bar.text() == said  # set again
    order = page.model.visible_orders()[3]
    qtbot.keyClick(page.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(page.filter_edit, str(order.order_id))
    qtbot.waitUntil(lambda: page.model.rowCount() == 1, timeout=5_000)
    assert page.message_bar.isHidden()  # the one order left is the one F8 acts on


@pytest.mark.parametrize("field", ["nsu", "last_four"])
def test_a_full_card_number_in_a_slip_field_is_said_as_that_at_the_field_and_in_the_bar(
    qtbot: QtBot, window: MainWindow, field: str
) -> None:
    """One cause, one message: a whole card number typed where digits go is refused as a card
    number, in the field's note and the bar alike, never as "digits only"."""
    form = payment_form(qtbot, window, 1)
    edit = getattr(form.ui, field)
    edit.setFocus()
    qtbot.keyClicks(edit, "4111 1111 1111 1111")  # at a scanner's speed, with its spaces
    qtbot.waitUntil(lambda: "That is a full card number" in note_says(form), timeout=2_000)
    assert edit.text() == ""  # emptied
    assert form.ui.message_bar.text() == note_says(form)
    assert "digits only" not in form.ui.message_bar.text()


@pytest.mark.parametrize("language", ["en_US", "pt_BR"], indirect=True)
def test_every_problem_of_a_slip_has_its_own_words(language: str) -> None:
    """Each thing to correct on a slip is said as itself, in the person's language."""
    from decimal import Decimal

    from desktop_app.core.slip import Problem
    from desktop_app.gui.words.payment_form import problem_words

    said = {problem: problem_words(problem, Decimal(5), language) for problem in Problem}
    assert all(said.values()) and len(set(said.values())) == len(Problem)
    if language == "pt_BR":
        assert "12 dígitos" in said[Problem.LONG_NSU]


@pytest.mark.parametrize("language", ["en_US", "pt_BR"], indirect=True)
def test_a_letter_in_the_amount_is_refused_as_it_is_typed_with_words(
    qtbot: QtBot, language: str, window: MainWindow
) -> None:
    """The amount takes digits and marks: a letter (or a currency's sign) goes as it is typed,
    said at the field as the NSU's are; the slip's amount as its terminal printed it reads."""
    form = payment_form(qtbot, window, 1)
    amount = form.ui.amount
    amount.setFocus()
    amount.selectAll()
    qtbot.keyClicks(amount, "1O,5")  # a letter O where a zero was meant
    assert amount.text() == "1,5"
    assert form.qlocale.decimalPoint() == "."  # the desk's own (the test's desk is English)
    said = note_says(form)
    assert said == (
        "The amount has digits only, with a point before the cents."
        if language == "en_US"
        else "O valor tem só dígitos, com ponto antes dos centavos."
    )
    assert form.ui.message_bar.text() == said
    amount.selectAll()
    qtbot.keyClicks(amount, "1.234,50" if language == "en_US" else "1,234.50")  # either way
    assert amount.text() in ("1.234,50", "1,234.50")
    found = form.payment()  # read as 1234.50, never as 1.2345 ("at most two decimals")
    assert isinstance(found, str) and "decima" not in found  # the next thing: the card


def test_the_status_bar_and_an_order_window_say_the_service_is_away_only_while_it_is(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """ "Signed in" is not "reached": while calls find no service the status bar says since when;
    an order window whose payments could not be read says so in red until the service answers
    (to any window, or to the desk's knock while it is away: nobody needs to ask), then reads
    them."""
    status = window.status.user_label
    assert status.full_text().startswith("Signed in: ")
    page = window.orders
    order = next(o for o in page.model.visible_orders() if o.amount_paid > 0)
    sandbox.faults.update({"drop_next": 1_000})  # away: every request dropped unanswered
    dialog = open_order_by_keyboard(qtbot, window, order)
    qtbot.waitUntil(lambda: dialog.ui.message_bar.kind == "error", timeout=15_000)
    assert "cannot be reached" in dialog.ui.message_bar.text()
    assert status.text().startswith("The service cannot be reached since ")  # seen, if cut
    assert "Signed in: " in status.full_text()
    sandbox.faults.update({"drop_next": 0})  # back, and nobody asks: the desk knocks
    qtbot.waitUntil(lambda: status.full_text().startswith("Signed in: "), timeout=10_000)
    qtbot.waitUntil(lambda: dialog.ui.message_bar.kind == "", timeout=10_000)
    qtbot.waitUntil(lambda: dialog.payment_list != [], timeout=10_000)  # read, now it answers


def test_sign_ins_words_go_once_what_they_ask_for_is_typed(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.ctx.session.request_sign_in(window, "")
    dialog = window_titled(qtbot, "Sign in", SignInDialog)
    ok = dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok.click()
    bar = dialog.ui.message_bar
    assert bar.text() == "Type your user name and password."
    qtbot.keyClicks(dialog.ui.username, "maria")
    assert bar.text() == "Type your user name and password."  # the password still missing
    qtbot.keyClicks(dialog.ui.password, "x")
    assert bar.text() == ""
    ok.click()
    qtbot.waitUntil(lambda: bar.text() == "Wrong user name or password.", timeout=10_000)
    qtbot.keyClicks(dialog.ui.password, "y")  # the next try begins: its own words will come
    assert bar.text() == ""
    dialog.reject()


def test_the_columns_words_go_once_every_column_is_chosen(qtbot: QtBot, window: MainWindow) -> None:
    headers = ["Data", "NSU", "Autorização", "Bandeira", "Tipo", "Parcelas", "Valor", "Status"]
    dialog = TerminalMappingDialog(headers, window.ctx.preferences, window)
    qtbot.addWidget(dialog)
    amount = dialog.ui.amount_column
    amount.setCurrentIndex(0)  # the amount's column not read
    dialog.ui.buttons.accepted.emit()
    bar = dialog.ui.message_bar
    assert bar.text().startswith("Choose the column of:")
    dialog.ui.status_column.setCurrentIndex(0)  # another column changed: still missing
    assert bar.text().startswith("Choose the column of:")
    dialog.ui.status_column.setCurrentIndex(dialog.ui.status_column.findData("Status"))
    amount.setCurrentIndex(amount.findData("Valor"))
    assert bar.text() == ""
