"""What the session shows in the main window: the lock page, and who is signed in with the
time left, in the status bar."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop_app.gui.session.controller import SessionController


class LockPage(QWidget):
    """Hides the data while locked or signed out, with the way back in."""

    sign_in_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lockPage")
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(True)
        self.label.setStyleSheet("font-size:16pt;")
        self.sign_in_button = QPushButton()
        self.sign_in_button.setMaximumWidth(240)
        self.sign_in_button.setAutoDefault(True)  # Enter presses it, as in a dialog
        layout.addWidget(self.label)
        layout.addWidget(self.sign_in_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)
        self.sign_in_button.clicked.connect(self.sign_in_requested)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.sign_in_button.setText(QCoreApplication.translate("MainWindow", "&Sign in"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_starting(self) -> None:
        """What the first paint shows while the app loads."""
        self.label.setText(QCoreApplication.translate("MainWindow", "Starting…"))
        self.sign_in_button.hide()

    def reason(self) -> str:
        """Why the data is hidden now."""
        return self.label.text()

    def show_reason(self, reason: str) -> None:
        """Why the data is hidden, and the sign-in button (Enter presses it)."""
        self.label.setText(reason)
        self.sign_in_button.show()
        self.sign_in_button.setFocus()


class SessionStatus(QWidget):
    """The status bar's line: "Signed in: name (user, role)", "Working…" while the window
    waits, and "Session ends in m:ss" (red for the last two minutes)."""

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.user_label = QLabel()
        self.user_label.setObjectName("userLabel")
        self.busy_label = QLabel()
        self.busy_label.hide()
        self.countdown_label = QLabel()
        self.countdown_label.setObjectName("countdownLabel")
        layout.addWidget(self.user_label)
        layout.addWidget(self.busy_label)
        layout.addStretch(1)
        layout.addWidget(self.countdown_label)
        self._warned = False
        controller.status_changed.connect(self.update_status)
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
        self.user_label.setText(self._controller.user_text())
        text, warn = self._controller.countdown()
        self.countdown_label.setText(text)
        if warn != self._warned:  # a style sheet re-polishes widgets: only on change
            self._warned = warn
            self.countdown_label.setStyleSheet("color:#b00020; font-weight:bold;" if warn else "")
