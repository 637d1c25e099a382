"""Pending payments: journalled payments whose outcome is not settled, and what to do."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Signal, Slot
from PySide6.QtWidgets import QDialog, QTableWidgetItem, QWidget

from desktop_app.core.cards import display_card
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import EntryState
from desktop_app.core.money import local_time, money
from desktop_app.gui.calls.policy import Calls
from desktop_app.gui.generated.ui_pending import Ui_PendingPaymentsDialog
from desktop_app.gui.look.style import style_marked_labels
from desktop_app.gui.look.value_labels import note_label, state_label
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.payments.slip_journal import waits_here
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts
from desktop_app.gui.widgets.message_bar import Ends
from desktop_app.gui.words import pending
from desktop_app.gui.words.errors import UserMessage

if TYPE_CHECKING:
    from desktop_app.api.models import Order
    from desktop_app.core.payments import Result
    from desktop_app.gui.shared.context import AppContext


class PendingPaymentsDialog(FormTexts, QDialog):
    """Every open journal entry, with Check again, Send again and Set aside."""

    listed = Signal()  # the entries were read again: what the words said may have ended

    COLUMNS = (  # marked for lupdate, translated where shown
        QT_TRANSLATE_NOOP("PendingPaymentsDialog", "Written"),
        QT_TRANSLATE_NOOP("PendingPaymentsDialog", "Order"),
        QT_TRANSLATE_NOOP("PendingPaymentsDialog", "Amount"),
        QT_TRANSLATE_NOOP("PendingPaymentsDialog", "Card"),
        QT_TRANSLATE_NOOP("PendingPaymentsDialog", "NSU"),
        QT_TRANSLATE_NOOP("PendingPaymentsDialog", "Auth."),
        QT_TRANSLATE_NOOP("PendingPaymentsDialog", "State"),
        QT_TRANSLATE_NOOP("PendingPaymentsDialog", "Note"),
    )

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = ui = Ui_PendingPaymentsDialog()
        ui.setupUi(self)
        style_marked_labels(self)
        add_training_banner(ui.layout, ctx.training)
        place(self, ctx.preferences)  # fitted to the screen, where it was left
        self._ctx = ctx
        self.outbox, self.money_locale = ctx.outbox, ctx.locale
        self.entries: list[JournalEntry] = []
        self._order_seen = ""  # the held slip whose order was read and shown
        self._order_words = ""  # and the words that showed it
        self.table, self.message_bar = ui.table, ui.message_bar
        ui.table.setColumnCount(len(self.COLUMNS))
        self.calls = Calls(self, ctx.session, None)
        self._retranslate()
        self.reload()
        ctx.pending.changed.connect(self._on_books_changed)

    def _retranslate(self) -> None:
        self.ui.table.setHorizontalHeaderLabels(
            [QCoreApplication.translate("PendingPaymentsDialog", str(c)) for c in self.COLUMNS]
        )
        if self.entries:  # the words that follow the chosen entry, in the new language
            self._update_buttons()

    @Slot()
    def on_close_button_clicked(self) -> None:
        self.accept()

    @Slot()
    def on_table_itemSelectionChanged(self) -> None:  # noqa: N802
        self._update_buttons()

    def _on_books_changed(self) -> None:
        """The journal moved under this window (the sender sent a slip): shown as it now is,
        the chosen entry still chosen while it is listed."""
        if [(e.id, e.state) for e in self.outbox.journal.to_look_at()] != [
            (e.id, e.state) for e in self.entries
        ]:
            self.reload(tell=False)

    def reload(self, *, tell: bool = True) -> None:
        """Read the open entries from the journal (and, after a change made here, ``tell`` the
        books: the bar, and the sender)."""
        chosen = self.chosen()
        self.entries = self.outbox.journal.to_look_at()
        self.table.setRowCount(len(self.entries))
        for row, entry in enumerate(self.entries):
            p = entry.payment
            cells = (
                local_time(entry.created_at, self.money_locale),
                str(p.order_id),
                money(p.amount, self.money_locale),
                display_card(p.card),
                p.nsu,
                p.auth,
                state_label(entry.state),
                note_label(entry),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)  # a long note is cut short in its cell: whole here
                self.table.setItem(row, column, item)
        self.table.resizeColumnsToContents()
        if not self.entries:
            self.message_bar.show_info(
                QCoreApplication.translate("PendingPaymentsDialog", "No payment is pending."),
                ends=Ends(self.listed, ended=lambda: bool(self.entries)),
            )
        ids = [e.id for e in self.entries]
        if chosen is not None and chosen.id in ids:
            self.table.selectRow(ids.index(chosen.id))
        self._update_buttons()
        self.listed.emit()
        if tell:
            self._ctx.pending.note_change()

    def chosen(self) -> JournalEntry | None:
        """The selected entry."""
        rows = {index.row() for index in self.table.selectedIndexes()}
        return self.entries[rows.pop()] if len(rows) == 1 else None

    def _update_buttons(self) -> None:
        entry = self.chosen()
        if entry is not None:  # the slip the buttons act on, field by field
            self.ui.slip.show_entry(entry, self.money_locale)
        self.ui.slip.setVisible(entry is not None)
        # Why it waits, whole and wrapped (its cell cuts a service's long refusal short).
        note = note_label(entry) if entry is not None else ""
        self.ui.note.setText(note)
        self.ui.note.setVisible(bool(note))
        send = self.ui.send_again_button
        send.setText(pending.send_text(entry))
        self.ui.consequences.setText(pending.consequences(entry))
        send.setEnabled(
            entry is not None
            and (
                # Refused as there already: sent again, it would meet the same refusal.
                (entry.state is EntryState.NEEDS_REVIEW and entry.note is not Note.SAID_TO_BE_THERE)
                or (entry.state is EntryState.HELD and self._order_seen == entry.id)
            )
        )
        if entry is not None and entry.state is EntryState.HELD:
            if self._order_seen != entry.id:
                self._show_order_of(entry)
            elif self.message_bar.text() != self._order_words:  # chosen again: said again
                self._say_order_words(entry)
        self.ui.set_aside_button.setEnabled(
            entry is not None and entry.state is not EntryState.SET_ASIDE
        )
        self.ui.check_button.setEnabled(bool(self.entries))

    def _show_order_of(self, entry: JournalEntry) -> None:
        """A held slip goes only with its order in view: its customer and balance, read now."""

        def seen(order: Order) -> None:
            self._order_seen = entry.id
            self._order_words = pending.order_words(entry, order, self.money_locale)
            self._say_order_words(entry)
            self._update_buttons()

        self.message_bar.show_under_way(
            QCoreApplication.translate("PendingPaymentsDialog", "Reading the order…"),
            ends=self.calls.while_running("pending-order"),
        )
        self.calls.run(
            "pending-order",
            lambda: self._ctx.client.get_order(entry.store_id, entry.payment.order_id),
            seen,
            on_error=lambda message, retry: self.message_bar.show_error(
                pending.unread_order_words(entry, message), retry, ends=message.ends
            ),
        )

    def _say_order_words(self, entry: JournalEntry) -> None:
        """The order of the held slip chosen, as read: until another slip is chosen."""
        self.message_bar.show_info(
            self._order_words,
            ends=Ends(
                self.table.itemSelectionChanged,
                ended=lambda: (chosen := self.chosen()) is None or chosen.id != entry.id,
            ),
        )

    def _done(self, results: Result | list[Result]) -> None:
        self.message_bar.show_info(QCoreApplication.translate("PendingPaymentsDialog", "Done."))
        self.reload()

    def _failed(self, message: UserMessage, _retry: Callable[[], None] | None) -> None:
        self.message_bar.show_error(message.text, ends=message.ends)
        self.reload()

    def _waits_for_sign_in(self) -> None:
        self.message_bar.show_info(
            QCoreApplication.translate(
                "PendingPaymentsDialog", "Sign in again; this goes on as soon as you have."
            )
        )

    @Slot()
    def on_check_button_clicked(self) -> None:
        self.message_bar.show_under_way(
            QCoreApplication.translate("PendingPaymentsDialog", "Checking…"),
            ends=self.calls.while_running("pending-check"),
        )
        self.calls.run(
            "pending-check",
            self.outbox.reconcile_open,
            self._done,
            on_error=self._failed,
            on_sign_in=self._waits_for_sign_in,
        )

    @Slot()
    def on_send_again_button_clicked(self) -> None:
        entry = self.chosen()
        if entry is None or self.calls.is_running("pending-send"):
            return
        if entry.state is EntryState.HELD:  # a person let it go: the sender sends it
            self.outbox.journal.release(entry.id)
            self.reload()
            journal, released = self.outbox.journal, entry.id
            self.message_bar.show_info(  # true while it waits: sent, refused, it goes
                pending.released_words(),
                ends=Ends(self.listed, ended=lambda: not waits_here(journal, released)),
            )
            return
        self.ui.send_again_button.setEnabled(False)
        self.message_bar.show_under_way(
            QCoreApplication.translate("PendingPaymentsDialog", "Sending…"),
            ends=self.calls.while_running("pending-send"),
        )
        self.calls.run(
            "pending-send",
            lambda: self.outbox.send(entry),
            self._done,
            on_error=self._failed,
            on_sign_in=self._waits_for_sign_in,
        )

    @Slot()
    def on_set_aside_button_clicked(self) -> None:
        entry = self.chosen()
        if entry is not None:
            self.outbox.set_aside(entry)
            self.reload()
