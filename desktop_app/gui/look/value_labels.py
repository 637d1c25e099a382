"""Values the app knows, in the person's language: payment types, roles, journal states.

The service's own values are sent and kept as they are; only what is shown is translated. A
value the app does not know is shown as it came.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from desktop_app.core.journal_states import EntryState

PAYMENT_TYPES = {
    "credit": QT_TRANSLATE_NOOP("Values", "Credit"),
    "debit": QT_TRANSLATE_NOOP("Values", "Debit"),
}
ROLES = {
    "cashier": QT_TRANSLATE_NOOP("Values", "cashier"),
    "manager": QT_TRANSLATE_NOOP("Values", "manager"),
    "admin": QT_TRANSLATE_NOOP("Values", "administrator"),
}

JOURNAL_STATES = {
    EntryState.PENDING: QT_TRANSLATE_NOOP("Values", "Outcome unknown"),
    EntryState.NEEDS_REVIEW: QT_TRANSLATE_NOOP("Values", "Needs your decision"),
    EntryState.CONFIRMED: QT_TRANSLATE_NOOP("Values", "Recorded"),
    EntryState.REJECTED: QT_TRANSLATE_NOOP("Values", "Refused"),
    EntryState.SET_ASIDE: QT_TRANSLATE_NOOP("Values", "Set aside"),
    EntryState.KEPT: QT_TRANSLATE_NOOP("Values", "Kept here, not yet sent"),
    EntryState.HELD: QT_TRANSLATE_NOOP("Values", "Kept here, waiting for a check"),
}


JOURNAL_NOTES: dict[str, str] = {
    str(note): str(note)
    for note in (
        QT_TRANSLATE_NOOP("Values", "Not sent: the session had ended."),
        QT_TRANSLATE_NOOP("Values", "Not sent: the service could not be reached."),
        QT_TRANSLATE_NOOP("Values", "Not sent yet."),
        QT_TRANSLATE_NOOP("Values", "Not sent: it never left this computer."),
        QT_TRANSLATE_NOOP("Values", "Set aside by the cashier."),
        QT_TRANSLATE_NOOP("Values", "The service could not be asked whether it has this payment."),
        QT_TRANSLATE_NOOP(
            "Values",
            "The service's list of this order's payments could be read only in part: whether it"
            " has this payment cannot be told.",
        ),
        QT_TRANSLATE_NOOP(
            "Values",
            "The service has a payment with this NSU and authorization code, but a different"
            " amount or card.",
        ),
        QT_TRANSLATE_NOOP(
            "Values", "The service did not confirm this payment and does not have it."
        ),
        QT_TRANSLATE_NOOP("Values", "Confirm the order with its customer and balance."),
        QT_TRANSLATE_NOOP(
            "Values",
            "The order has a payment of the same amount and card from around the same time.",
        ),
        QT_TRANSLATE_NOOP("Values", "The service could not read this order's payments."),
        QT_TRANSLATE_NOOP("Values", "The service had this payment already."),
    )
}
"""The journal's own notes, written in English by ``core``; any other note is the service's
words, shown as they came."""


def note_label(note: str) -> str:
    """A journal entry's note in the person's language (the service's words as they came)."""
    known = JOURNAL_NOTES.get(note)
    return QCoreApplication.translate("Values", known) if known is not None else note


def _shown(known: dict[str, object], value: str) -> str:
    source = known.get(value.strip().casefold())
    return QCoreApplication.translate("Values", str(source)) if source is not None else value


def payment_type_label(value: str) -> str:
    """A payment type as shown (``crédito`` in pt_BR); an unknown one as it came."""
    return _shown(PAYMENT_TYPES, value)


def role_label(value: str) -> str:
    """A role as shown (``gerente`` in pt_BR); an unknown one as it came."""
    return _shown(ROLES, value)


def payment_type_of(shown: str) -> str:
    """The value to send for a payment type shown or typed in the person's language."""
    folded = shown.strip().casefold()
    for value in PAYMENT_TYPES:
        if folded in (value, payment_type_label(value).casefold()):
            return value
    return shown.strip()


def state_label(state: EntryState) -> str:
    """A journal state in words (``Outcome unknown``, ``Recorded``…)."""
    return QCoreApplication.translate("Values", str(JOURNAL_STATES[state]))
