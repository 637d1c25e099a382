"""What the cashier reads on the payment form, step by step: what to correct on the slip, the
summary's warnings and what each button then does, and what to do when the service's answer
leaves the payment's fate open. (The slip's rules are in ``core.slip``; the outcomes in
``core.payments``.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desktop_app.core.cards import last_four
from desktop_app.core.journal_notes import Note
from desktop_app.core.money import money
from desktop_app.core.payments import NOT_SENT_AGAIN_FROM_THE_FORM, Outcome
from desktop_app.core.slip import Problem
from desktop_app.gui.look.language import plural
from desktop_app.gui.look.value_labels import named, note_label
from desktop_app.gui.words.sign_in import no_user_number_words

if TYPE_CHECKING:
    from decimal import Decimal

    from desktop_app.api.models import NewPayment, Order, Payment
    from desktop_app.core.payments import DuplicateCheck, Result


def only_the_last_four() -> str:
    """More than four digits were typed in the card's field, which was emptied."""
    return QCoreApplication.translate(
        "PaymentDialog",
        "Type only the last four digits of the card, never the whole number. The field was"
        " emptied.",
    )


def refused_characters(field: str, point: str = ".") -> str:
    """Why a field dropped a character just typed (``amount``, whose decimal point is
    ``point``; ``nsu``, ``last_four``, ``auth``)."""
    if field == "amount":  # the mark named, not shown bare: "with , before" reads as a typo
        if point == ",":
            return QCoreApplication.translate(
                "PaymentDialog", "The amount has digits only, with a comma before the cents."
            )
        return QCoreApplication.translate(
            "PaymentDialog", "The amount has digits only, with a point before the cents."
        )
    if field == "nsu":
        return QCoreApplication.translate("PaymentDialog", "The NSU has digits only.")
    if field == "last_four":
        return QCoreApplication.translate("PaymentDialog", "The card's last four are digits only.")
    return QCoreApplication.translate(
        "PaymentDialog", "The authorization code has letters and digits only, up to 12."
    )


def most_installments(count: int) -> str:
    """More installments than the order's plan allows were typed."""
    return plural(
        count,
        QCoreApplication.translate("PaymentDialog", "This order's plan allows one installment."),
        QCoreApplication.translate(
            "PaymentDialog", "This order's plan allows at most {count} installments."
        ),
    )


def brought_back() -> str:
    """The form opened with what the cashier typed for this order before a key closed it."""
    return QCoreApplication.translate(
        "PaymentDialog", "The slip as you left it. Check it, then press Enter."
    )


def looking_for_it() -> str:
    """The cashier stopped waiting for the answer: the payment is looked for instead."""
    return QCoreApplication.translate(
        "PaymentDialog", "Checking whether the service has the payment…"
    )


def sent_after_sign_in() -> str:
    """The session ended as the payment was sent: it goes once signed in."""
    return QCoreApplication.translate(
        "PaymentDialog", "Sign in again; the payment is sent as soon as you have."
    )


def problem_words(problem: Problem, balance_due: Decimal, locale: str) -> str:
    """What to correct for ``problem`` of the slip as typed."""
    if problem is Problem.NO_USER_NUMBER:
        return no_user_number_words()
    if problem is Problem.MORE_THAN_LAST_FOUR:
        return only_the_last_four()
    if problem is Problem.OVER_BALANCE:
        return QCoreApplication.translate(
            "PaymentDialog", "The amount is more than the balance due ({due})."
        ).format(due=money(balance_due, locale))
    return {
        Problem.NO_AMOUNT: QCoreApplication.translate(
            "PaymentDialog", "Type the amount, more than zero."
        ),
        Problem.FRACTION_OF_A_CENT: QCoreApplication.translate(
            "PaymentDialog", "The amount has at most two decimals."
        ),
        Problem.NO_LAST_FOUR: QCoreApplication.translate(
            "PaymentDialog", "Type the last four digits of the card, from the terminal's slip."
        ),
        Problem.NO_NSU: QCoreApplication.translate(
            "PaymentDialog", "Type the NSU from the terminal's slip."
        ),
        Problem.LONG_NSU: QCoreApplication.translate(
            "PaymentDialog",
            "An NSU has at most 12 digits: type it as the terminal's slip shows it.",
        ),
        Problem.NO_AUTH: QCoreApplication.translate(
            "PaymentDialog", "Type the authorization code from the terminal's slip."
        ),
        Problem.NO_BRAND: QCoreApplication.translate("PaymentDialog", "Choose the card brand."),
    }[problem]


def whose_order(order: Order, *, typed: bool) -> str:
    """The form's banner: the order the slip goes to and its customer, as the cashier checks
    them against the customer at the counter (a typed order's customer is not known here)."""
    if typed:
        return QCoreApplication.translate(
            "PaymentDialog", "Order {order} — typed by hand, its customer not known here"
        ).format(order=order.order_id)
    return QCoreApplication.translate("PaymentDialog", "Order {order} — {customer}").format(
        order=order.order_id, customer=named(order.customer_name, order.customer_id)
    )


def record_question(order_id: int, warnings: list[str]) -> str:
    """The summary's question, with the warnings it comes with below it."""
    question = QCoreApplication.translate(
        "PaymentDialog", "Record this payment on order {order}?"
    ).format(order=order_id)
    return "\n\n".join([question, *warnings])


def already_recorded(payment: NewPayment) -> str:
    """The order already has this very payment: nothing is sent."""
    return QCoreApplication.translate(
        "PaymentDialog",
        "This order already has a payment with NSU {nsu} and authorization code"
        " {auth}: it is recorded. Nothing was sent.",
    ).format(nsu=payment.nsu, auth=payment.auth)


def warn_near(near: Payment, locale: str) -> str:
    """The warning shown when the order already has a payment that looks like this one."""
    return QCoreApplication.translate(
        "PaymentDialog",
        "Careful: this order already has a payment of {amount} on a {brand} card ending {last},"
        " NSU {nsu}, a few minutes ago. Send only if this is a different payment.",
    ).format(
        amount=money(near.amount, locale),
        brand=near.flag_name,
        last=last_four(near.card),
        nsu=near.nsu,
    )


def summary_warnings(check: DuplicateCheck, locale: str) -> list[str]:
    """Why this payment may already be at the service (none: nothing to fear)."""
    warnings = [warn_near(check.near[0], locale)] if check.near else []
    if check.unread:
        warnings.append(
            QCoreApplication.translate(
                "PaymentDialog",
                "Some of this order's payments at the service could not be read here"
                " ({count}): this payment may already be among them. Check the order's"
                " payments with the service before sending.",
            ).format(count=check.unread)
        )
    if check.in_part:
        warnings.append(
            QCoreApplication.translate(
                "PaymentDialog",
                "The service sent only part of this order's payments: this payment may already"
                " be among the rest. Check the order's payments with the service before"
                " sending.",
            )
        )
    return warnings


def send_anyway_consequences(key: str) -> str:
    """What Back and Send anyway do, after a warning (``key``: Send anyway's keys)."""
    return QCoreApplication.translate(
        "PaymentDialog",
        "Back (Enter): to the slip; nothing is sent. Send anyway ({key}): the service"
        " records it, even if it is the same payment.",
    ).format(key=key)


def send_consequences() -> str:
    """What Back and Send do, with nothing to warn of."""
    return QCoreApplication.translate(
        "PaymentDialog",
        "Back: to the slip, to correct it; nothing is sent. Send (Enter): the service"
        " records the payment on the order.",
    )


def sent_again_from_here(result: Result) -> bool:
    """Whether the review page offers "Send it again" (not before a check: the service could
    not be asked, or it refused the slip as recorded already)."""
    return result.outcome not in NOT_SENT_AGAIN_FROM_THE_FORM


def review_words(result: Result) -> tuple[str, str]:
    """For an outcome the cashier must decide on: what is known, and what each button does."""
    if result.outcome is Outcome.CANNOT_TELL:
        return (
            QCoreApplication.translate(
                "PaymentDialog",
                "Whether the service has this payment cannot be told: some of the order's"
                " payments it sent could not be read. Check with the service before sending"
                " it again; it is kept in Pending payments.",
            ),
            _decide_after_checking(),
        )
    if result.outcome is Outcome.NEEDS_REVIEW:
        text = QCoreApplication.translate(
            "PaymentDialog",
            "The service did not confirm the payment, and it does not have it. Check the"
            " terminal: if it was approved, send it again; otherwise set it aside.",
        )
        if result.entry.note is Note.SAME_TRANSACTION_DIFFERS:  # found, but not the same
            text += "\n\n" + note_label(result.entry)
        return (
            text,
            QCoreApplication.translate(
                "PaymentDialog",
                "Set it aside: nothing is sent, and it leaves Pending payments. Check again:"
                " asks the service once more. Send it again: the service records it now (it"
                " said it does not have it).",
            ),
        )
    if result.outcome is Outcome.SAID_TO_BE_THERE:
        return (
            QCoreApplication.translate(
                "PaymentDialog",
                "The service did not take this payment, saying it may be recorded already"
                " ({words}), but it is not among this order's payments. Check with the service"
                " whether it has this slip; it is kept in Pending payments.",
            ).format(words=result.entry.words),
            _decide_after_checking(),
        )
    # Still unknown: the service could not even be asked.
    return (
        QCoreApplication.translate(
            "PaymentDialog",
            "The payment may or may not have been recorded: the service could not be"
            " reached to check. It is kept in Pending payments. Check again when the"
            " network is back; do not send it again before.",
        ),
        _decide_after_checking(),
    )


def _decide_after_checking() -> str:
    return QCoreApplication.translate(
        "PaymentDialog",
        "Set it aside: nothing is sent, and it leaves Pending payments (only when the terminal"
        " did not approve it). Check again: asks the service whether it has the payment.",
    )
