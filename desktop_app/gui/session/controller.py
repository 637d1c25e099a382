"""The session on screen: sign-in, the countdown, the idle lock, and sign-out.

The token has one home, :class:`desktop_app.core.session.Session`; the client reads it from
there. This controller decides when it is held and when it is wiped, and says so with signals:
the shell hides data on :attr:`SessionController.locked`, wipes it on
:attr:`SessionController.signed_out`, and shows it again on :attr:`SessionController.signed_in`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QInputEvent, QWindow
from PySide6.QtWidgets import QWidget

from desktop_app import api
from desktop_app.core.failures import service_away
from desktop_app.core.offline_unlock import OfflineKey, UnlockThrottle
from desktop_app.core.session import ClaimRules
from desktop_app.core.typed_work import TypedWork
from desktop_app.gui.app_wide.window_watch import window_watch
from desktop_app.gui.look.value_labels import role_label
from desktop_app.gui.session.sign_in import SignInDialog, Unlocked, WrongOffline
from desktop_app.gui.settings import preferences as prefs
from desktop_app.process.collector import thaw

if TYPE_CHECKING:
    from desktop_app.api import ApiClient, Secret
    from desktop_app.core.session import Session
    from desktop_app.core.typed_work import Fields
    from desktop_app.gui.settings.preferences import Preferences

log = logging.getLogger("desktop_app.gui.session")
WARN_SECONDS = 120  # the countdown turns red for the last two minutes
INPUT_EVENTS = frozenset({
    QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove,
    QEvent.Type.Wheel, QEvent.Type.TouchBegin,
})  # fmt: skip


class SessionController(QObject):
    """Sign-in, countdown, idle lock and sign-out for the whole app (the one sign-in gate)."""

    signed_in = Signal()  # a new token is held: show the data, run what waited for it
    locked = Signal(str)  # hide every datum (the reason, for the lock page)
    signed_out = Signal()  # wipe every datum
    unlocked_offline = Signal()  # the data shows again without the service: no token
    status_changed = Signal()  # who is signed in, or the time left, changed

    def __init__(
        self,
        session: Session,
        client: ApiClient,
        preferences: Preferences,
        *,
        training: bool = False,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self._client = client
        self._preferences = preferences
        session.rules = self._claim_rules()
        self._training = training
        self._dialog: SignInDialog | None = None
        self._asked_because = ""  # the words the sign-in was asked with
        self._offline_key: OfflineKey | None = None  # the last password sign-in's, in memory
        self._unlock_throttle = UnlockThrottle()  # wrong passwords at it, person by person
        self.offline = False  # unlocked without the service by the last user: no token
        self._signed_in_as = ""  # the user name typed at the last sign-in (none: a token)
        self._locked_user = ""  # whose session the idle lock holds: their name is kept
        self._after_sign_in: list[Callable[[], None]] = []
        self._typed_work = TypedWork()  # what the person typed and left unfinished
        self._sign_ins = 0  # tokens taken so far: a refusal is of the token its call carried
        self._last_input = time.monotonic()
        self._countdown = QTimer(self)
        self._countdown.setInterval(1000)
        self._countdown.timeout.connect(self.status_changed)
        # The idle clock: one timer, due when the setting's time without input would be up; a
        # person's input only notes its moment, and the timer, when due, looks again.
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.timeout.connect(self._check_idle)
        self._idle_running = False
        preferences.changed.connect(self._idle_setting_changed)
        window_watch().window_seen.connect(self._watch_input_in)  # heard while the clock runs

    # -- what the screen shows -----------------------------------------------------------

    def user_text(self) -> str:
        """Who is signed in, for the status bar."""
        claims = self.session.claims
        if self.offline:
            return QCoreApplication.translate(
                "MainWindow",
                "Unlocked without the service: {name} (user {user}). Sign in when it is back.",
            ).format(name=claims.name or claims.subject, user=claims.user_id)
        if not self.session.signed_in:
            return QCoreApplication.translate("MainWindow", "Signed out")
        role = ", ".join(map(role_label, claims.roles)) or QCoreApplication.translate(
            "MainWindow", "no role"
        )
        if claims.user_id is None:
            return QCoreApplication.translate(
                "MainWindow", "Signed in: {name} (no user number, {role})"
            ).format(name=claims.name or claims.subject, role=role)
        return QCoreApplication.translate(
            "MainWindow", "Signed in: {name} (user {user}, {role})"
        ).format(name=claims.name or claims.subject, user=claims.user_id, role=role)

    def countdown(self) -> tuple[str, bool]:
        """The time left of the session, and whether it is short (empty when not known)."""
        left = self.session.seconds_left()
        if left is None or not self.session.signed_in:
            return "", False
        minutes, seconds = divmod(max(int(left), 0), 60)
        text = QCoreApplication.translate("MainWindow", "Session ends in {m}:{s:02d}").format(
            m=minutes, s=seconds
        )
        warn = left <= WARN_SECONDS
        return ("⚠ " if warn else "") + text, warn

    # -- typed work: the signed-in person's, wiped at sign-out ------------------------------

    def _person(self) -> str:
        claims = self.session.claims
        return f"{claims.subject}\n{claims.name}"

    def keep_typed_work(self, about: Hashable, fields: Fields) -> None:
        """Keep what the person typed about ``about`` until they finish it or sign out."""
        self._typed_work.keep(self._person(), about, fields)

    def typed_work_of(self, about: Hashable) -> dict[str, object] | None:
        """What the person now at the desk kept about ``about``."""
        return self._typed_work.take(self._person(), about)

    def drop_typed_work(self, about: Hashable) -> None:
        """The work about ``about`` is finished."""
        self._typed_work.drop(about)

    # -- the life of a session -----------------------------------------------------------

    def start(self) -> None:
        """Start the clocks; signed in already (training mode) or asking for sign-in."""
        self._countdown.start()
        self._idle_running = True
        for window in window_watch().windows():
            self._watch_input_in(window)
        self._last_input = time.monotonic()
        self._arm_idle()
        if self.session.signed_in:
            self.signed_in.emit()
        else:
            self.locked.emit(QCoreApplication.translate("MainWindow", "Sign in to start."))
        self.status_changed.emit()

    def stop(self) -> None:
        """The app closes: the clocks stop and the token is wiped."""
        self._countdown.stop()
        self._idle_running = False
        self._idle.stop()
        for window in window_watch().windows():
            window.removeEventFilter(self)
        self.session.forget()
        self._offline_key, self.offline = None, False

    def request_sign_in(
        self, window: QWidget, reason: str, then: Callable[[], None] | None = None
    ) -> SignInDialog:
        """Open sign-in over ``window``, keeping everything on screen; ``then`` runs once a new
        token is held. The old token is no good any more and is wiped now. One dialog at a
        time: later requests add their ``then`` to the same sign-in."""
        self.session.forget()
        if self.offline and reason:  # unlocked without the service, which asked (it answers)
            reason = QCoreApplication.translate(
                "MainWindow", "The service answers again: sign in to go on and send what was kept."
            )
        if then is not None:
            self._after_sign_in.append(then)
        if self._dialog is not None:
            return self._dialog
        dialog = SignInDialog(
            self._login, self, window, reason=reason, training=self._training,
            locked_user=self._locked_user,
        )  # fmt: skip
        dialog.someone_else.connect(self._shift_change)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.accepted.connect(lambda: self._on_accepted(dialog))
        dialog.finished.connect(self._on_sign_in_finished)
        self._dialog, self._asked_because = dialog, reason
        dialog.open()
        self.status_changed.emit()
        return dialog

    async def _login(self, username: str, password: Secret) -> str | Unlocked | WrongOffline | None:

        try:
            token = await self._client.login(
                self._preferences.get(prefs.LOGIN_URL), username, password
            )
        except api.AuthenticationError:
            return None  # wrong user name or password: the dialog says so
        except api.ApiConnectionError as error:
            key = self._offline_key
            if not service_away(error) or key is None or not key.is_for(username):
                raise  # no one else unlocks without the service: it cannot be reached
            wait = self._unlock_throttle.wait_left(username)
            if wait > 0:
                return WrongOffline(wait)  # not even checked: the wait is not over
            if await asyncio.to_thread(key.opens, username, password):
                self._unlock_throttle.forget(username)
                return Unlocked.OFFLINE
            return WrongOffline(self._unlock_throttle.wrong(username))
        self._unlock_throttle.forget(username)
        self._offline_key = await asyncio.to_thread(OfflineKey.of, username, password)
        return token

    def _on_accepted(self, dialog: SignInDialog) -> None:
        if dialog.offline:
            self.offline = True
            self._last_input = time.monotonic()
            self.status_changed.emit()
            self.unlocked_offline.emit()  # what waits for a sign-in waits on
        else:
            self._on_signed_in(dialog.token, dialog.typed_name)

    def sign_in_count(self) -> int:
        """How many tokens this session has taken: a call that left before the latest sign-in
        carried an older token (or none), and its refusal says nothing about the new one."""
        return self._sign_ins

    def _claim_rules(self) -> ClaimRules:
        """How this service's tokens are read, as IT set it (read again at each sign-in)."""
        return prefs.claim_rules(self._preferences)

    def _shift_change(self) -> None:
        """Someone else signs in at a locked desk: the locked person's session ends first."""
        reason = self._asked_because
        self.sign_out()
        self._asked_because = reason

    def _on_signed_in(self, token: str, typed_name: str = "") -> None:
        self._signed_in_as = typed_name  # the user name kept at the idle lock's sign-in
        self._locked_user = ""  # kept for one sign-in: this one
        self.offline = False
        self.session.rules = self._claim_rules()
        self.session.sign_in(token, typed_name)
        self._typed_work.signed_in(self._person())  # another person's is wiped
        self._sign_ins += 1
        self._last_input = time.monotonic()
        self.status_changed.emit()
        waiting, self._after_sign_in = self._after_sign_in, []
        self.signed_in.emit()
        for call in waiting:
            call()

    def _on_sign_in_finished(self, _result: int) -> None:
        dialog, self._dialog = self._dialog, None
        if dialog is not None:
            dialog.deleteLater()
        if not self.session.signed_in and not self.offline:  # cancelled: what waited won't run
            self._after_sign_in.clear()
            # The words it was asked with (the lock's own), not "signed out": nobody was.
            self.lock(self._asked_because or self._signed_out_words())

    def lock(self, reason: str) -> None:
        """Hide the data and wipe the token; signing in again brings the same screen back, the
        person's user name kept (only the password to type)."""
        self._locked_user = self._signed_in_as
        self.offline = False
        self.session.forget()
        self.locked.emit(reason)
        self.status_changed.emit()
        # Nobody waits for the window now: the one full collection of the week's leftovers
        # (what closed after a large list was read) runs once the lock screen is painted.
        QTimer.singleShot(0, thaw)

    def sign_out(self) -> None:
        """Wipe the token and every customer datum on screen (and what would unlock without
        the service: a sign-out ends that too)."""
        self._after_sign_in.clear()
        self._offline_key, self.offline = None, False
        self._signed_in_as = self._locked_user = ""
        self.session.forget()
        self.signed_out.emit()
        self._typed_work.wipe()  # after the windows closed (keeping what they held)
        self.locked.emit(self._signed_out_words())
        self.status_changed.emit()

    @staticmethod
    def _signed_out_words() -> str:
        return QCoreApplication.translate("MainWindow", "Signed out. Sign in to continue.")

    # -- idle lock -----------------------------------------------------------------------

    def _watch_input_in(self, window: QWindow) -> None:
        # A person's keys, clicks and wheel reach a window of the platform first, and its
        # widgets from there: the window's own filter hears them all.
        if self._idle_running:
            window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Note any input in a window of the app: it keeps the session from locking."""
        if isinstance(event, QInputEvent) and event.type() in INPUT_EVENTS:
            self._last_input = time.monotonic()
        return False

    def _idle_setting_changed(self, key: str) -> None:
        if key == prefs.IDLE_LOCK_MINUTES.key:
            self._arm_idle()  # a saved setting applies at once

    def _arm_idle(self) -> None:
        """Set the idle clock to be due when the time without input would be up."""
        minutes = self._preferences.get(prefs.IDLE_LOCK_MINUTES)
        if not self._idle_running or minutes <= 0:
            self._idle.stop()
            return
        left = minutes * 60 - (time.monotonic() - self._last_input)
        self._idle.start(max(0, int(left * 1000)) + 1)

    def _check_idle(self) -> None:
        minutes = self._preferences.get(prefs.IDLE_LOCK_MINUTES)
        if minutes > 0 and time.monotonic() - self._last_input >= minutes * 60:
            if self.session.signed_in or self.offline:
                self.lock(
                    QCoreApplication.translate(
                        "MainWindow", "Locked after a while without use. Sign in to continue."
                    )
                )
            self._last_input = time.monotonic()  # locked, or nobody to lock: a period anew
        self._arm_idle()
