"""What the session shows in the main window: the lock page, and who is signed in with the
time left, in the status bar."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, Qt, QTime, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QWidget

from desktop_app.gui.calls.reach import service_reach
from desktop_app.gui.generated.ui_lock_page import Ui_LockPage
from desktop_app.gui.look.announcer import announce, announcer
from desktop_app.gui.look.style import give_style_sheet, set_kind
from desktop_app.gui.session.controller import SessionController
from desktop_app.gui.widgets.form_texts import FormTexts
from desktop_app.gui.widgets.labels import ElidedLabel, plain_label
from desktop_app.gui.words import unreachable


class LockPage(FormTexts, QWidget):
    """Hides the data while locked or signed out, with the way back in (``ui/lock_page.ui``)."""

    sign_in_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = Ui_LockPage()
        self.ui.setupUi(self)
        give_style_sheet(self)  # the reason in large type
        # Enter signs in wherever the focus went (the menus, opened and closed with Esc, leave
        # it on none of the page's buttons); the page hidden, its keys are not heard.
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            QShortcut(QKeySequence(key), self).activated.connect(self._enter)

    def _enter(self) -> None:
        if self.ui.sign_in_button.isVisible():
            self.ui.sign_in_button.click()

    @Slot()
    def on_sign_in_button_clicked(self) -> None:
        self.sign_in_requested.emit()

    def reason(self) -> str:
        """Why the data is hidden now."""
        return self.ui.reason_label.text()

    def show_starting(self) -> None:
        """What the first paint shows while the app loads."""
        self.ui.reason_label.setText(QCoreApplication.translate("MainWindow", "Starting…"))
        self.ui.sign_in_button.hide()

    def show_reason(self, reason: str) -> None:
        """Why the data is hidden, and the sign-in button (Enter presses it); spoken, as a
        desk locked while nobody looked is news to whoever comes back."""
        self.ui.reason_label.setText(reason)
        self.ui.sign_in_button.show()
        announcer().say_with_focus(self.ui.sign_in_button, reason)


class SessionStatus(QWidget):
    """The status bar's line: "Signed in: name (user, role)", "Working…" while the window
    waits, and "Session ends in m:ss" (red for the last two minutes)."""

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.user_label = ElidedLabel(preferred_characters=80)
        self.user_label.setObjectName("userLabel")
        self.busy_label = plain_label()
        self.busy_label.hide()
        self.countdown_label = plain_label()
        self.countdown_label.setObjectName("countdownLabel")
        layout.addWidget(self.user_label)
        layout.addWidget(self.busy_label)
        layout.addStretch(1)
        layout.addWidget(self.countdown_label)
        self._warned = False  # the last minutes have been said
        controller.status_changed.connect(self.update_status)
        service_reach().changed.connect(self.update_status)  # "Signed in" is not "reached"
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.busy_label.setText(QCoreApplication.translate("MainWindow", "Working…"))
        self.update_status()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def set_busy(self, busy: bool) -> None:
        """Say "Working…" while a call of the window has taken a while."""
        self.busy_label.setVisible(busy)

    def update_status(self) -> None:
        """Show who is signed in and the time left now."""
        who = self._controller.user_text()
        away = service_reach().away_since
        if away is not None and self._controller.session.signed_in:  # first: the line is cut
            who = unreachable.status_line(_clock(away), who)
        self.user_label.setText(who)
        text, warn = self._controller.countdown()
        self.countdown_label.setText(text)
        set_kind(self.countdown_label, "warn", "true" if warn else "false")
        if warn and not self._warned:  # the session's last minutes: said once, as they begin
            announce(self.countdown_label, text.removeprefix("⚠ "))
        self._warned = warn


def _clock(moment: datetime) -> str:
    """``moment`` as this computer's clock shows it, in the language of the moment (a time of
    today: the service went away minutes ago, not days)."""
    local = moment.astimezone()
    return QLocale().toString(QTime(local.hour, local.minute), QLocale.FormatType.ShortFormat)
