"""Payments whose outcome is not settled: how many there are, and the bar that says so."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from desktop_app.core.payments import PaymentRecorder
from desktop_app.gui.i18n import plural
from desktop_app.gui.widgets.labels import plain_label


class PendingPayments(QObject):
    """The journal's unsettled payments, announced whenever a window changes them."""

    changed = Signal(int)  # how many are open now

    def __init__(self, recorder: PaymentRecorder, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.recorder = recorder

    def count(self) -> int:
        """How many journalled payments are pending or need a decision."""
        return len(self.recorder.journal.open_entries())

    def note_change(self) -> None:
        """A window changed the journal: tell whoever shows the count."""
        self.changed.emit(self.count())


class PendingBar(QWidget):
    """ "N payments need attention", with the way to them; hidden while none does."""

    review_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pendingBar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)  # a QWidget subclass
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.label = plain_label()
        self.button = QPushButton()
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self._count = 0
        self.button.clicked.connect(self.review_requested)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.button.setText(QCoreApplication.translate("MainWindow", "Review &pending payments…"))
        self.label.setText(
            plural(
                self._count,
                QCoreApplication.translate(
                    "MainWindow",
                    "{count} payment needs attention: its outcome at the service is not settled.",
                ),
                QCoreApplication.translate(
                    "MainWindow",
                    "{count} payments need attention: their outcome at the service is not settled.",
                ),
            )
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_count(self, count: int) -> None:
        """Show the bar while any payment is unsettled."""
        self._count = count
        self.retranslate()
        self.setVisible(count > 0)
