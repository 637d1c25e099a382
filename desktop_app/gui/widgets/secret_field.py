"""A password field whose own text is the bullets the screen shows.

Qt's line edit tells assistive technology each insertion as the characters typed, a password
field's included: Orca 43 echoed a password letter by letter. Here the line edit never holds
the password. Each key's, paste's or input method's text reaches it as as many bullets, and the
password is kept beside it, changed by what each edit did: the text between where the edit
began and where the cursor ends is what was inserted, and what the text lost besides is what
was removed. Screen, clipboard, validators, undo history and screen reader meet bullets alone.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication, QInputMethodEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit, QStyle, QWidget

from desktop_app.api.secret import Secret

_REFUSED_KEYS = (
    QKeySequence.StandardKey.Undo,
    QKeySequence.StandardKey.Redo,
    QKeySequence.StandardKey.Copy,
    QKeySequence.StandardKey.Cut,
)
"""What a password field never does: its history holds bullets, and nothing leaves it."""


class SecretField(QLineEdit):
    """A line edit for a password (:meth:`secret`); its text is only bullets."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._secret = ""
        self._inserting = ""  # what the edit under way inserts (its bullets are in the text)
        self.setEchoMode(QLineEdit.EchoMode.Password)  # a password field to Qt and to readers
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.NoContextMenu)  # its paste bypasses keys
        self.setAcceptDrops(False)
        self.setInputMethodHints(
            Qt.InputMethodHint.ImhHiddenText
            | Qt.InputMethodHint.ImhSensitiveData
            | Qt.InputMethodHint.ImhNoPredictiveText
            | Qt.InputMethodHint.ImhNoAutoUppercase
        )
        self._length = 0  # the text's length before the edit under way
        self.textChanged.connect(self._follow)

    def secret(self) -> Secret:
        """The password typed, as the app carries it."""
        return Secret(self._secret)

    def setText(self, text: str | None) -> None:  # noqa: N802
        """Put ``text`` in as the password, the field showing its bullets (a pasted token)."""
        given = text or ""
        self._insert(given, lambda: super(SecretField, self).setText(self._bullets(len(given))))

    def _bullets(self, count: int) -> str:
        mask = self.style().styleHint(QStyle.StyleHint.SH_LineEdit_PasswordCharacter, None, self)
        return chr(mask or 0x25CF) * count

    def _insert(self, text: str, insert: object) -> None:
        """Let the line edit insert ``text``'s bullets (by ``insert``), keeping ``text``."""
        self._inserting = text
        try:
            insert()  # type: ignore[operator]
        finally:
            self._inserting = ""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if any(event.matches(key) for key in _REFUSED_KEYS):
            event.accept()
            return
        if event.matches(QKeySequence.StandardKey.Paste):
            pasted = QGuiApplication.clipboard().text().replace("\n", "").replace("\r", "")
            self._insert(pasted, lambda: self.insert(self._bullets(len(pasted))))
            event.accept()
            return
        text = event.text()
        if text and text.isprintable():
            masked = QKeyEvent(
                event.type(), event.key(), event.modifiers(), self._bullets(len(text)),
                event.isAutoRepeat(), event.count(),
            )  # fmt: skip
            self._insert(text, lambda: super(SecretField, self).keyPressEvent(masked))
            event.setAccepted(masked.isAccepted())
            return
        super().keyPressEvent(event)

    def inputMethodEvent(self, event: QInputMethodEvent) -> None:  # noqa: N802
        # A composed character (a dead key's "ã"): its preedit and its commit as bullets.
        masked = QInputMethodEvent(self._bullets(len(event.preeditString())), event.attributes())
        commit = event.commitString()
        masked.setCommitString(
            self._bullets(len(commit)), event.replacementStart(), event.replacementLength()
        )
        self._insert(commit, lambda: super(SecretField, self).inputMethodEvent(masked))

    def event(self, event: QEvent) -> bool:
        overridden = event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
        if overridden and any(event.matches(key) for key in _REFUSED_KEYS):  # type: ignore[attr-defined]
            event.accept()  # ours: refused here, not the window's copy
            return True
        return super().event(event)

    def _follow(self, text: str) -> None:
        """Change the password as the edit just made changed the bullets: what it inserted
        ends at the cursor; what the text lost besides went from where the insertion began."""
        inserted = self._inserting
        end = self.cursorPosition()
        start = max(end - len(inserted), 0)
        removed = self._length - len(text) + len(inserted)
        if not text:
            self._secret = ""
        else:
            self._secret = self._secret[:start] + inserted + self._secret[start + removed :]
        self._length = len(text)
