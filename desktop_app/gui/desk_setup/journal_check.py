"""What the cashier is told at start when the payment journal was damaged and carried over
(issue 67): where the damaged file is kept, how many payments came across, and that IT must
look for the rest at the service (the log names each)."""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from desktop_app.core.journal_damaged import CarriedOver
from desktop_app.gui.desk_setup.it_file_check import say_at_start
from desktop_app.gui.look.language import plural

log = logging.getLogger(__name__)


def carried_over_words(carried: CarriedOver) -> str:
    """What happened to the damaged journal, and what to do."""
    if carried.carried == 0:
        return QCoreApplication.translate(
            "journal",
            "This computer's payment journal was damaged, and nothing in it could be read. It is"
            " kept as {aside}, and a new, empty one was started: ask IT to check this computer's"
            " payments at the service.",
        ).format(aside=carried.aside)
    one, other = (
        QCoreApplication.translate(
            "journal",
            "This computer's payment journal was damaged. It is kept as {aside}, and a new one"
            " was started with the {count} payment that could still be read.",
        ),
        QCoreApplication.translate(
            "journal",
            "This computer's payment journal was damaged. It is kept as {aside}, and a new one"
            " was started with the {count} payments that could still be read.",
        ),
    )
    aside = str(carried.aside).replace("{", "{{").replace("}", "}}")  # plural formats it again
    text = plural(carried.carried, one.replace("{aside}", aside), other.replace("{aside}", aside))
    if carried.not_read:
        text += " " + plural(
            len(carried.not_read),
            QCoreApplication.translate(
                "journal",
                "{count} payment could not be read: ask IT to look for it at the service (the"
                " app's log names it).",
            ),
            QCoreApplication.translate(
                "journal",
                "{count} payments could not be read: ask IT to look for them at the service (the"
                " app's log names each).",
            ),
        )
    return text


def report(window: QWidget, carried: CarriedOver | None) -> QMessageBox | None:
    """Say at start that the journal was carried over (None: it was not)."""
    if carried is None:
        return None
    said = carried_over_words(carried)
    log.warning("%s", said)  # IT's log holds what the desk showed
    return say_at_start(window, QCoreApplication.translate("journal", "Payment journal"), said)
