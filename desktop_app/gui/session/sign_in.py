"""The sign-in dialog: a user name and password at the sign-in address, or a pasted token."""

from __future__ import annotations

import enum
import math
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QWidget

from desktop_app.api.secret import Secret
from desktop_app.core.session import InvalidTokenError, read_claims
from desktop_app.gui.calls.policy import Calls, SignInGate
from desktop_app.gui.generated.ui_sign_in import Ui_SignInDialog
from desktop_app.gui.look.window_placement import grow_to_fit, place
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts, LetteredButtons
from desktop_app.gui.widgets.message_bar import Ends
from desktop_app.gui.words import unreachable
from desktop_app.gui.words.errors import UserMessage


class Unlocked(enum.Enum):
    """A sign-in answered without the service (see :mod:`desktop_app.core.offline_unlock`)."""

    OFFLINE = "offline"


@dataclass(frozen=True, slots=True)
class WrongOffline:
    """The service cannot be reached, and the password is not that of the person who last
    signed in here (checked on this computer); ``wait``: seconds before the next try is taken."""

    wait: float


Login = Callable[[str, Secret], Coroutine[Any, Any, str | Unlocked | WrongOffline | None]]
"""Exchanges a user name and password for a token; None when the service refuses them;
:attr:`Unlocked.OFFLINE` when the service cannot be reached and they are those of the person
who last signed in here; :class:`WrongOffline` when it cannot and the password is wrong."""


class SignInDialog(FormTexts, QDialog):
    """Sign in by pasting a token, or with a user name and password at the login address
    (``ui/sign_in.ui``)."""

    def __init__(
        self,
        login: Login,
        gate: SignInGate,
        parent: QWidget | None = None,
        reason: str = "",
        *,
        training: bool = False,
        locked_user: str = "",
    ) -> None:
        super().__init__(parent)
        self.ui = Ui_SignInDialog()
        self.ui.setupUi(self)
        add_training_banner(self.ui.layout, training)
        self.ui.reason.setText(reason)
        self.ui.reason.setVisible(bool(reason))
        place(self, None)  # fitted to the screen, where it was left; as wide as the banner
        grow_to_fit(self)  # as tall as the reason's lines need: its fields never squeezed
        self._login = login
        self.token = ""
        self.typed_name = ""  # the user name the token came for (none for a pasted token)
        self.offline = False  # unlocked without the service: no token
        self.calls = Calls(self, gate, None)
        self._next_try = 0.0  # monotonic time the unlock without the service takes a try again
        self._countdown = QTimer(self)
        self._countdown.setInterval(1000)
        self._countdown.timeout.connect(self._show_wait)
        LetteredButtons(
            self.ui.buttons,
            {QDialogButtonBox.StandardButton.Ok: QT_TRANSLATE_NOOP("Buttons", "&Sign in")},
        )
        self.ui.password.textEdited.connect(lambda _: self.ui.password.setAccessibleDescription(""))
        self._keep_locked_user(locked_user)

    someone_else = Signal()  # a shift change: the locked person's session ends (sign-out)

    def _keep_locked_user(self, name: str) -> None:
        """After an idle lock, the person who was signed in types only the password: their
        user name stays, and Alt+E lets someone else sign in instead."""
        ui = self.ui
        ui.someone_else_button.setVisible(bool(name))
        if name:
            ui.username.setText(name)
            ui.username.setReadOnly(True)
            # Tab passes it by, so the password is the first field and takes the focus as
            # the window comes in front, as the user name does at a first sign-in. A focus
            # given before was old news to Orca 43 (the field's cursor was told first): the
            # password field went unnamed.
            ui.username.setFocusPolicy(Qt.FocusPolicy.ClickFocus)

    @Slot()
    def on_someone_else_button_clicked(self) -> None:
        """Someone else takes the desk: the locked person's session ends (their windows and
        what they typed go, as at sign-out), and the user name is asked."""
        self.someone_else.emit()
        ui = self.ui
        ui.someone_else_button.hide()
        ui.username.setReadOnly(False)
        ui.username.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        ui.username.clear()
        ui.password.clear()
        ui.username.setFocus()

    @property
    def sign_in_button(self) -> QPushButton:
        """The button that signs in (the box's OK)."""
        return self.ui.buttons.button(QDialogButtonBox.StandardButton.Ok)

    # Two ways to sign in, one shown at a time, each with a button to the other. They were
    # tabs: Qt tells a screen reader of the first tab as the window is made, and Orca 43 said
    # "User and password page tab" before any field, at every sign-in and unlock.
    @Slot()
    def on_token_way_button_clicked(self) -> None:
        self.ui.ways.setCurrentWidget(self.ui.token_page)
        self.ui.token_field.setFocus()

    @Slot()
    def on_password_way_button_clicked(self) -> None:
        ui = self.ui
        ui.ways.setCurrentWidget(ui.password_page)
        (ui.password if ui.username.isReadOnly() else ui.username).setFocus()

    @property
    def token_way(self) -> bool:
        """Whether the person signs in with a pasted token (not a user name and password)."""
        return self.ui.ways.currentWidget() is self.ui.token_page

    @Slot()
    def on_buttons_rejected(self) -> None:
        self.reject()

    @Slot()
    def on_buttons_accepted(self) -> None:
        ui = self.ui
        ui.message_bar.clear()
        if self.token_way:
            token = ui.token_field.secret().reveal().strip()
            try:
                read_claims(token)
            except InvalidTokenError:
                ui.message_bar.show_error(
                    QCoreApplication.translate(
                        "SignInDialog", "That is not a sign-in token. Copy it again, whole."
                    ),
                    ends=Ends(ui.token_field.textChanged),  # another token put in
                )
                return
            self._accept_token(token)
            return
        username, password = ui.username.text().strip(), ui.password.secret()
        if not username or not password:
            ui.message_bar.show_error(
                QCoreApplication.translate("SignInDialog", "Type your user name and password."),
                ends=Ends(
                    ui.username.textChanged, ui.password.textChanged,
                    ended=lambda *_: bool(ui.username.text().strip() and ui.password.text()),
                ),
            )  # fmt: skip
            return
        self.sign_in_button.setEnabled(False)
        self.calls.run(
            "sign-in",
            lambda: self._login(username, password),
            self._on_answer,
            on_error=self._on_error,
        )

    def _on_answer(self, token: str | Unlocked | WrongOffline | None) -> None:
        if token is Unlocked.OFFLINE:
            self.offline = True
            self._accept_token("")
            return
        if isinstance(token, WrongOffline):
            self.ui.password.selectAll()
            self._next_try = time.monotonic() + token.wait
            self._show_wait()
            return
        if token is None:
            self.sign_in_button.setEnabled(True)
            words = QCoreApplication.translate("SignInDialog", "Wrong user name or password.")
            # Until the name or password is typed again (the next try's words are its own).
            self.ui.message_bar.show_error(
                words, ends=Ends(self.ui.username.textEdited, self.ui.password.textEdited)
            )
            # Back in the password, chosen, the problem its description (read as it is).
            self.ui.password.setAccessibleDescription(words)
            self.ui.password.selectAll()
            self.ui.password.setFocus()
            return
        self.typed_name = self.ui.username.text().strip()
        self._accept_token(token)

    def _show_wait(self) -> None:
        """Say the password was wrong, and count down to the next try while one must wait; the
        window goes on answering meanwhile (a timer, not a pause)."""
        left = math.ceil(self._next_try - time.monotonic())
        waiting = left > 0
        self.sign_in_button.setEnabled(not waiting)
        if waiting:
            self._countdown.start()
        else:
            self._countdown.stop()
        text = unreachable.wrong_password_here(left if waiting else None)
        # The count's words go as it ends (these words anew); "type it again", as it is typed.
        self.ui.message_bar.show_error(
            text, ends=None if waiting else Ends(self.ui.password.textEdited)
        )

    def _accept_token(self, token: str) -> None:
        self.token = token
        self.ui.password.clear()
        self.ui.token_field.clear()
        self.accept()

    def _on_error(self, message: UserMessage, _retry: Callable[[], None] | None) -> None:
        self.sign_in_button.setEnabled(True)
        self.ui.message_bar.show_error(message.text, ends=message.ends)
