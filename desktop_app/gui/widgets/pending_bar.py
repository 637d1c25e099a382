"""The bar that says how many payments need attention, with the way to them."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from desktop_app.core.sender_news import SenderState
from desktop_app.gui.look.announcer import announce
from desktop_app.gui.look.language import plural
from desktop_app.gui.look.style import give_style_sheet
from desktop_app.gui.widgets.labels import plain_label


class PendingBar(QWidget):
    """ "N slips kept here are waiting for the service", "N payments need attention", with the
    way to them; hidden while neither is so."""

    review_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pendingBar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)  # a QWidget subclass
        give_style_sheet(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.label = plain_label()
        self.label.setWordWrap(True)  # a long reason takes a second line, never the screen's width
        self.button = QPushButton()
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self._attention = self._waiting = 0
        self._held_back: SenderState | None = None
        self.button.clicked.connect(self.review_requested)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.button.setText(QCoreApplication.translate("MainWindow", "Review &pending payments…"))
        parts = []
        if self._waiting:
            parts.append(
                plural(
                    self._waiting,
                    QCoreApplication.translate(
                        "MainWindow", "{count} slip kept here is waiting for the service."
                    ),
                    QCoreApplication.translate(
                        "MainWindow", "{count} slips kept here are waiting for the service."
                    ),
                )
            )
            if self._held_back is SenderState.SIGN_IN:
                parts.append(QCoreApplication.translate("MainWindow", "Sign in to send them."))
            elif self._held_back is SenderState.ITS_PERSON:
                parts.append(
                    QCoreApplication.translate(
                        "MainWindow",
                        "The service takes them only from the person who kept them: they go"
                        " once that person signs in.",
                    )
                )
            elif self._held_back is SenderState.SETTING:
                parts.append(
                    QCoreApplication.translate(
                        "MainWindow",
                        "They go once the service's address or its certificate authority file"
                        " is corrected in Settings.",
                    )
                )
        if self._attention:
            parts.append(
                plural(
                    self._attention,
                    QCoreApplication.translate(
                        "MainWindow", "{count} payment needs attention in Pending payments."
                    ),
                    QCoreApplication.translate(
                        "MainWindow", "{count} payments need attention in Pending payments."
                    ),
                )
            )
        self.label.setText(" ".join(parts))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_counts(
        self, attention: int, waiting: int = 0, held_back: SenderState | None = None
    ) -> None:
        """Show the bar while any payment needs a person or any kept slip waits to be sent
        (and what from a person they wait for: a sign-in, a setting corrected)."""
        before = "" if self.isHidden() else self.label.text()
        self._attention, self._waiting, self._held_back = attention, waiting, held_back
        self.retranslate()
        self.setVisible(attention > 0 or waiting > 0)
        if not self.isHidden() and self.label.text() != before:  # a count moved: said
            announce(self.label, self.label.text())


class SentTodayButton(QPushButton):
    """In the status bar: how many slips kept here the service took today, each "Sent to the
    service" of the day a key away (the list opens in Find a payment by its slip); hidden while
    there are none, or the desk is locked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sentTodayButton")
        self.setFlat(True)
        self._count = 0
        self.hide()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.setText(
            plural(
                self._count,
                # Alt+K: Alt+D is the message bar's Details, shown beside it at times
                QCoreApplication.translate("MainWindow", "{count} &kept slip sent today…"),
                QCoreApplication.translate("MainWindow", "{count} &kept slips sent today…"),
            )
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_count(self, count: int, *, locked: bool) -> None:
        """Say how many went today; shown while some did and the data may be seen."""
        self._count = count
        self.retranslate()
        self.setVisible(count > 0 and not locked)
