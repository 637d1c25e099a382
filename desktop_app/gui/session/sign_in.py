"""The sign-in dialog: a user name and password at the sign-in address, or a pasted token."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.session import InvalidTokenError, read_claims
from desktop_app.gui.calls import Calls, SignInGate
from desktop_app.gui.errors import UserMessage
from desktop_app.gui.widgets.banner import add_training_banner

Login = Callable[[str, str], Coroutine[Any, Any, str | None]]
"""Exchanges a user name and password for a token; None when the service refuses them."""


class SignInDialog(QDialog):
    """Sign in by pasting a token, or with a user name and password at the login address."""

    def __init__(
        self,
        login: Login,
        gate: SignInGate,
        parent: QWidget | None = None,
        reason: str = "",
        *,
        training: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(QCoreApplication.translate("dialogs", "Sign in"))
        self.setObjectName("SignInDialog")
        self._login = login
        self.token = ""
        layout = QVBoxLayout(self)
        add_training_banner(layout, training)
        self.reason = QLabel(reason)
        self.reason.setWordWrap(True)
        self.reason.setVisible(bool(reason))
        layout.addWidget(self.reason)
        self.tabs = QTabWidget()
        self.tabs.setUsesScrollButtons(False)
        self.setMinimumWidth(380)
        layout.addWidget(self.tabs)

        password_page = QWidget()
        form = QFormLayout(password_page)
        self.username = QLineEdit()
        self.username.setAccessibleName(QCoreApplication.translate("dialogs", "User name"))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setAccessibleName(QCoreApplication.translate("dialogs", "Password"))
        form.addRow(QCoreApplication.translate("dialogs", "&User name"), self.username)
        form.addRow(QCoreApplication.translate("dialogs", "&Password"), self.password)
        self.tabs.addTab(password_page, QCoreApplication.translate("dialogs", "User and password"))

        token_page = QWidget()
        token_form = QFormLayout(token_page)
        self.token_field = QLineEdit()
        self.token_field.setEchoMode(QLineEdit.EchoMode.Password)
        self.token_field.setAccessibleName(QCoreApplication.translate("dialogs", "Access token"))
        token_form.addRow(QCoreApplication.translate("dialogs", "&Access token"), self.token_field)
        self.tabs.addTab(token_page, QCoreApplication.translate("dialogs", "Paste a token"))

        self.message = QLabel()
        self.message.setObjectName("signInMessage")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.sign_in_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.sign_in_button.setText(QCoreApplication.translate("dialogs", "Sign in"))
        layout.addWidget(self.buttons)
        self.calls = Calls(self, gate, None)
        self.buttons.accepted.connect(self.on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)
        self.tabs.currentChanged.connect(self._focus_first_field)
        self.username.setFocus()  # what a person types first (taken when the dialog shows)

    def _focus_first_field(self, page: int) -> None:
        (self.token_field if page == 1 else self.username).setFocus()

    def on_buttons_accepted(self) -> None:
        self.message.clear()
        if self.tabs.currentIndex() == 1:
            token = self.token_field.text().strip()
            try:
                read_claims(token)
            except InvalidTokenError:
                self.message.setText(
                    QCoreApplication.translate(
                        "dialogs", "That is not a sign-in token. Copy it again, whole."
                    )
                )
                return
            self._accept_token(token)
            return
        username, password = self.username.text().strip(), self.password.text()
        if not username or not password:
            self.message.setText(
                QCoreApplication.translate("dialogs", "Type your user name and password.")
            )
            return
        self.sign_in_button.setEnabled(False)
        self.calls.run(
            "sign-in",
            lambda: self._login(username, password),
            self._on_answer,
            on_error=self._on_error,
        )

    def _on_answer(self, token: str | None) -> None:
        if token is None:
            self.sign_in_button.setEnabled(True)
            self.message.setText(
                QCoreApplication.translate("dialogs", "Wrong user name or password.")
            )
            return
        self._accept_token(token)

    def _accept_token(self, token: str) -> None:
        self.token = token
        self.password.clear()
        self.token_field.clear()
        self.accept()

    def _on_error(self, message: UserMessage, _retry: Callable[[], None] | None) -> None:
        self.sign_in_button.setEnabled(True)
        self.message.setText(message.text)
