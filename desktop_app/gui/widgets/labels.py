"""Labels that show the service's words as words.

A ``QLabel`` guesses whether its text is HTML: a seller named ``<b>x</b>`` showed in bold, and
a crafted name could show anything. Every label of the app is plain text: forms set it in
Designer, code makes its labels with :func:`plain_label`, and a test walks every window.

:class:`ElidedLabel` is a one-line label for a value that may be long: a plain ``QLabel`` asks
for the width of its whole text, and a 300-character customer name made the order window wider
than the screen. It asks for a modest width, cuts the text with "…" to the room it has, and
keeps the whole text in its tooltip and accessible description.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt
from PySide6.QtGui import QKeySequence, QResizeEvent
from PySide6.QtWidgets import QAbstractButton, QLabel, QLineEdit, QSizePolicy, QStyle, QWidget

PREFERRED_CHARACTERS = 40
"""What the label asks for at most: enough for any real name, not for a hostile one."""
PM_FRAME = QStyle.PixelMetric.PM_DefaultFrameWidth
HINT_CHANGES = frozenset({
    QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.ContentsRectChange,
})  # fmt: skip


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A label whose text is never taken for HTML."""
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    return label


class ElidedLabel(QLabel):
    """A label that shows as much of its text as fits (see the module's docstring)."""

    def __init__(
        self, parent: QWidget | None = None, preferred_characters: int = PREFERRED_CHARACTERS
    ) -> None:
        super().__init__(parent)
        self._full = ""
        self._note = ""  # said beside the text, in its tooltip (see set_note)
        self._preferred = preferred_characters
        self._hint: QSize | None = None  # asked some fifty times a payment: worked out once
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        """Show ``text`` (whole in the tooltip when it does not fit)."""
        self._full = text
        self._hint = None
        self.updateGeometry()  # the layout asks again for the room this text wants
        self._fit()

    def set_note(self, note: str) -> None:
        """Say ``note`` of the text in its tooltip and to a screen reader ("" for none): that
        a name is the service's own, say."""
        self._note = note
        self._fit()

    def full_text(self) -> str:
        """The text as given, before any cut."""
        return self._full

    def sizeHint(self) -> QSize:  # noqa: N802
        if self._hint is None:
            metrics = self.fontMetrics()
            # The width of a digit, not averageCharWidth: some fonts report a third of a letter.
            most = metrics.horizontalAdvance("0") * self._preferred
            width = min(metrics.horizontalAdvance(self._full), most)
            margins = self.contentsMargins()
            height = super().sizeHint().height()
            self._hint = QSize(width + margins.left() + margins.right() + 2, height)
        return QSize(self._hint)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() in HINT_CHANGES:
            self._hint = None  # the same text takes other room in another font or style
        super().changeEvent(event)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        least = self.fontMetrics().horizontalAdvance("0") * 4
        return QSize(least, super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        line = " ".join(self._full.split())  # one line: a newline in a name is not a layout
        room = max(0, self.contentsRect().width())
        shown = self.fontMetrics().elidedText(line, Qt.TextElideMode.ElideRight, room)
        super().setText(shown)
        told = "\n".join(part for part in (self._full if shown != line else "", self._note) if part)
        self.setToolTip(told)
        self.setAccessibleDescription(told)


def name_with_value(label: QLabel, caption: str) -> None:
    """Let a screen reader hear ``label``'s value with its meaning ("Balance due is
    R$448.24"): a caption beside a value is a label of its own, never read with it. Called as
    the value changes: a new name is announced (Qt sends the name's change to the reader).
    Three words at least, joined by a word: Orca reads a window's labels of three words and
    more as it opens, and never heard "Amount: R$3,715.11" nor "Status: Open"."""
    value = label.full_text() if isinstance(label, ElidedLabel) else label.text()
    caption = without_mnemonic(caption).rstrip(":").strip()
    label.setAccessibleName(
        QCoreApplication.translate("Values", "{caption} is {value}").format(
            caption=caption, value=value
        )
        if value
        else caption
    )


def mnemonic_key(text: str) -> str:
    """The key a button's ``&`` letter makes (``Alt+S`` for "&Send anyway"), as the platform
    writes it: words that name a key say the one of the language shown."""
    return QKeySequence.mnemonic(text).toString(QKeySequence.SequenceFormat.NativeText)


def mnemonic_letter(text: str) -> str:
    """The letter after a text's ``&`` (casefolded; "" when it has none)."""
    plain = text.replace("&&", "")
    at = plain.find("&")
    return plain[at + 1].casefold() if 0 <= at < len(plain) - 1 else ""


def without_mnemonic(text: str) -> str:
    """``text`` with no Alt+letter (a written ``&&`` stays one ampersand to Qt)."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&&")


def with_free_mnemonic(text: str, taken: set[str]) -> str:
    """``text`` with its ``&`` on its own letter when free, else on the first letter of it
    that ``taken`` does not hold (else none): two things of a window never share Alt+letter,
    which would only move the focus between them."""
    if mnemonic_letter(text) not in taken:
        return text
    plain = without_mnemonic(text)
    for at, char in enumerate(plain):
        if char.isalpha() and char.casefold() not in taken and plain[at - 1 : at] != "&":
            return plain[:at] + "&" + plain[at:]
    return plain


def mnemonics_in(window: QWidget, besides: tuple[QWidget, ...] = ()) -> set[str]:
    """The Alt+letters that ``window``'s shown buttons and labels (with a buddy) take, those of
    ``besides`` left out."""
    taken = set()
    for widget in window.findChildren(QWidget):
        if widget in besides or not widget.isVisibleTo(window):
            continue
        if isinstance(widget, QAbstractButton) or (isinstance(widget, QLabel) and widget.buddy()):
            taken.add(mnemonic_letter(widget.text()))
    return taken - {""}


def room_for_placeholder(edit: QLineEdit) -> None:
    """Make ``edit`` at least as wide as its placeholder (an empty field's only words: cut, they
    say nothing), in the language of the moment."""
    metrics = edit.fontMetrics()
    frame = 2 * (metrics.averageCharWidth() + edit.style().pixelMetric(PM_FRAME, None, edit))
    edit.setMinimumWidth(metrics.horizontalAdvance(edit.placeholderText()) + frame)
