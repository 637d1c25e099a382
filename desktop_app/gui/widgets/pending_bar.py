"""The bar that says how many payments need attention, with the way to them."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from desktop_app.gui.i18n import plural
from desktop_app.gui.widgets.labels import plain_label


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
