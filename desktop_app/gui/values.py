"""Values the app knows, in the person's language: payment types, roles, journal states.

The service's own values are sent and kept as they are; only what is shown is translated. A
value the app does not know is shown as it came.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from desktop_app.core.journal import EntryState

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
