"""Values the app knows, in the person's language: payment types, the service's payment
methods and plans, roles, journal states and notes.

The service's own values are sent and kept as they are; only what is shown is translated. A
value the app does not know is shown as it came.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLocale

from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import EntryState

PAYMENT_TYPES = {
    "credit": QT_TRANSLATE_NOOP("Values", "Credit"),
    "debit": QT_TRANSLATE_NOOP("Values", "Debit"),
}
OTHER_PAYMENT_TYPES = {"pix": QT_TRANSLATE_NOOP("Values", "Pix")}
"""Types of a payment the service may list that this desk does not record (no card slip)."""
PAYMENT_METHODS = {
    "cartao de credito": QT_TRANSLATE_NOOP("Values", "Credit card"),
    "credit card": QT_TRANSLATE_NOOP("Values", "Credit card"),
    "cartao de debito": QT_TRANSLATE_NOOP("Values", "Debit card"),
    "debit card": QT_TRANSLATE_NOOP("Values", "Debit card"),
}
"""The service's payment methods by their names (folded: no accents, any case), as a Brazilian
store's service names them, or in English."""
PLANS = {
    "a vista": QT_TRANSLATE_NOOP("Values", "One payment"),
    "one payment": QT_TRANSLATE_NOOP("Values", "One payment"),
}
_INSTALMENT_PLAN = re.compile(r"(\d{1,2})\s*x\s+(sem|com)\s+juros")
"""``3x sem juros`` (interest-free), ``10x com juros`` (with interest): the plans a Brazilian
store's service names by their count of installments."""
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


NOTES = {
    Note.NEVER_LEFT: QT_TRANSLATE_NOOP("Values", "Not sent: it never left this computer."),
    Note.NEEDS_A_SETTING: QT_TRANSLATE_NOOP(
        "Values",
        "Not sent: the address or certificate authority in Settings cannot be used.",
    ),
    Note.SESSION_ENDED: QT_TRANSLATE_NOOP("Values", "Not sent: the session had ended."),
    Note.UNREACHABLE: QT_TRANSLATE_NOOP("Values", "Not sent: the service could not be reached."),
    Note.FOR_ITS_PERSON: QT_TRANSLATE_NOOP(
        "Values",
        "Not sent: the service takes it only from the person who kept it, who has not signed"
        " in since.",
    ),
    Note.NOT_SENT_YET: QT_TRANSLATE_NOOP("Values", "Not sent yet."),
    Note.PAYMENTS_UNREADABLE: QT_TRANSLATE_NOOP(
        "Values", "The service could not read this order's payments."
    ),
    Note.COULD_NOT_ASK: QT_TRANSLATE_NOOP(
        "Values", "The service could not be asked whether it has this payment."
    ),
    Note.READ_IN_PART: QT_TRANSLATE_NOOP(
        "Values",
        "The service's list of this order's payments could be read only in part: whether it"
        " has this payment cannot be told.",
    ),
    Note.SAME_TRANSACTION_DIFFERS: QT_TRANSLATE_NOOP(
        "Values",
        "The service has a payment with this NSU and authorization code, but a different"
        " amount or card.",
    ),
    Note.NOT_AT_THE_SERVICE: QT_TRANSLATE_NOOP(
        "Values", "The service did not confirm this payment and does not have it."
    ),
    Note.HAD_IT_ALREADY: QT_TRANSLATE_NOOP("Values", "The service had this payment already."),
    Note.CONFIRM_THE_ORDER: QT_TRANSLATE_NOOP(
        "Values", "Confirm the order with its customer and balance."
    ),
    Note.OVER_BALANCE: QT_TRANSLATE_NOOP(
        "Values",
        "More than was left to pay on its order, with the slips kept here for it: confirm the"
        " order with its customer.",
    ),
    Note.NEAR_DUPLICATE: QT_TRANSLATE_NOOP(
        "Values",
        "The order has a payment of the same amount and card from around the same time.",
    ),
    Note.SET_ASIDE: QT_TRANSLATE_NOOP("Values", "Set aside by the cashier."),
    Note.REFUSED: QT_TRANSLATE_NOOP("Values", "The service refused it and said:"),
    Note.SAID_TO_BE_THERE: QT_TRANSLATE_NOOP(
        "Values",
        "Refused as recorded already, but not among this order's payments; the service said:",
    ),
}
"""What each of the journal's notes says; a note without a sentence here (none, kept as
written) shows only the words beside it."""

SERVICE_SAID = frozenset({Note.REFUSED, Note.SAID_TO_BE_THERE})
"""The notes whose words are the service's, quoted after the desk's own."""


def note_label(entry: JournalEntry) -> str:
    """What happened to a journal entry, in the person's language, then the service's own
    words about it as they came, quoted (the service's, not the desk's: often in another
    language)."""
    sentence = NOTES.get(entry.note)
    shown = QCoreApplication.translate("Values", str(sentence)) if sentence is not None else ""
    words = entry.words
    if words and entry.note in SERVICE_SAID:
        words = QCoreApplication.translate("Values", "“{words}”").format(words=words)
    return " ".join(part for part in (shown, words) if part)


def _shown(known: dict[str, object], value: str) -> str:
    source = known.get(value.strip().casefold())
    return QCoreApplication.translate("Values", str(source)) if source is not None else value


def payment_type_label(value: str) -> str:
    """A payment type as shown (``crédito`` in pt_BR); an unknown one as it came; none, as
    not given."""
    return given(_shown({**PAYMENT_TYPES, **OTHER_PAYMENT_TYPES}, value))


def _folded(name: str) -> str:
    """A name as compared with the known ones: no accents, any case, single spaces."""
    parts = unicodedata.normalize("NFKD", name.casefold()).split()
    return "".join(c for c in " ".join(parts) if not unicodedata.combining(c))


class ServiceName(NamedTuple):
    """A name of the service's own (a payment method, a plan) as shown: translated when the app
    knows it, else as it came (blank when none came), with a hint that it is the
    service's."""

    text: str
    known: bool

    @property
    def hint(self) -> str:
        """Beside a name the app does not know ("" for a known one, or none sent)."""
        if self.known or not self.text.strip():
            return ""
        return QCoreApplication.translate(
            "Values", "“{name}” is the service's own name for it, shown as it was sent."
        ).format(name=self.text)


def payment_method_label(name: str) -> ServiceName:
    """A payment method of the service in the person's language (``Credit card`` for
    ``Cartão de crédito``); an unknown one as it came."""
    source = PAYMENT_METHODS.get(_folded(name))
    if source is None:
        return ServiceName(name, known=False)
    return ServiceName(QCoreApplication.translate("Values", str(source)), known=True)


def plan_label(name: str) -> ServiceName:
    """A payment plan of the service in the person's language (``3x interest-free`` for
    ``3x sem juros``: short, as the list's narrowest column shows it); an unknown one as it
    came."""
    folded = _folded(name)
    if (source := PLANS.get(folded)) is not None:
        return ServiceName(QCoreApplication.translate("Values", str(source)), known=True)
    instalments = _INSTALMENT_PLAN.fullmatch(folded)
    if instalments is None:
        return ServiceName(name, known=False)
    count = QLocale().toString(int(instalments.group(1)))
    if instalments.group(2) == "sem":
        words = QCoreApplication.translate("Values", "{count}x interest-free")
    else:
        words = QCoreApplication.translate("Values", "{count}x with interest")
    return ServiceName(words.format(count=count), known=True)


def given(text: str) -> str:
    """A text of the service as shown: itself, or "not given" when it sent none (``null``,
    left out, or blank: a walk-in sale's customer, a Pix payment's card)."""
    return text if text.strip() else QCoreApplication.translate("Values", "not given")


def named(name: str, identifier: str) -> str:
    """A name with its identifier after it, ``Ana Silva (C000013)``; whichever is missing left
    out, and "not given" when both are."""
    if name.strip() and identifier.strip():
        return f"{name} ({identifier})"
    return given(name if name.strip() else identifier)


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
