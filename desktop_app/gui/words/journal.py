"""Why this computer's payment journal records nothing now, and what to free or fix: the
banner's words, and a form's."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from desktop_app.core.journal_recording import RecordingOff
from desktop_app.core.journal_schema import JOURNAL_VERSION
from desktop_app.core.journal_trouble import Trouble
from desktop_app.gui.words.reasons import translated

RECORDING_OFF = {
    Trouble.CANNOT_WRITE: QT_TRANSLATE_NOOP(
        "errors",
        "Payments cannot be recorded: this computer cannot write its payment journal ({file}):"
        " the file or its folder is read-only. Orders and lookups still work. Ask IT to make it"
        " writable; recording comes back by itself then.",
    ),
    Trouble.DISK_FULL: QT_TRANSLATE_NOOP(
        "errors",
        "Payments cannot be recorded: the disk that holds the payment journal ({file}) is full."
        " Orders and lookups still work. Free some space on it, or ask IT; recording comes back"
        " by itself then.",
    ),
    Trouble.TOO_NEW: QT_TRANSLATE_NOOP(
        "errors",
        "Payments cannot be recorded: the payment journal ({file}) was written by a newer"
        " version of POS Back-Office (journal version {found}; this version reads up to"
        " {known}). Nothing in it was changed. Orders and lookups still work. Start the newer"
        " version again, or ask IT.",
    ),
}
"""Why the journal records nothing, and what to fix (the banner's words, and a form's)."""


def recording_off_words(off: RecordingOff) -> str:
    """Why payments cannot be recorded now, and what to free or fix."""
    words = RECORDING_OFF.get(off.trouble, RECORDING_OFF[Trouble.CANNOT_WRITE])
    return translated(words).format(file=off.path, found=off.version, known=JOURNAL_VERSION)
