"""What is checked before an order's invoice is issued, a line each: ✓ when it holds, ✗ and what
to do when not (nothing left to pay, every payment with what the invoice's card group needs, no
payment of the order waiting at this desk). The service decides; the list says why it might
refuse."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop_app.core.cards import display_card
from desktop_app.core.invoices import InvoiceChecks
from desktop_app.core.money import money
from desktop_app.gui.look.value_labels import state_label


def checklist(checks: InvoiceChecks, locale: str, *, has_payments: bool) -> str:
    """The checks before issuing, a line each (``has_payments``: the order has any; with none,
    nothing is said of their brands and codes)."""
    payments = _payment_lines(checks, locale) if has_payments or checks.not_all_read else []
    lines = [_balance_line(checks, locale), *payments]
    return "\n".join([*lines, *_waiting_lines(checks, locale)])


def _balance_line(checks: InvoiceChecks, locale: str) -> str:
    """Whether anything is left to pay."""
    if checks.balance_due <= 0:
        return "✓ " + QCoreApplication.translate("InvoiceDialog", "Nothing is left to pay.")
    return "✗ " + QCoreApplication.translate(
        "InvoiceDialog",
        "{due} is still to pay: the service will probably refuse the invoice until"
        " the order is paid in full.",
    ).format(due=money(checks.balance_due, locale))


def _payment_lines(checks: InvoiceChecks, locale: str) -> list[str]:
    """Whether every payment has what the invoice's card group needs; each one that lacks it."""
    lines = []
    if checks.not_all_read:
        lines.append(
            "✗ "
            + QCoreApplication.translate(
                "InvoiceDialog",
                "Not every payment of this order at the service could be read here: those"
                " not read could not be checked. See the order's payments at the service.",
            )
        )
    elif not checks.incomplete:
        return [
            "✓ "
            + QCoreApplication.translate(
                "InvoiceDialog",
                "Every payment has its brand, authorization code and NSU.",
            )
        ]
    for payment in checks.incomplete:
        missing = [
            name
            for name, value in (
                (QCoreApplication.translate("InvoiceDialog", "brand"), payment.flag_name),
                (QCoreApplication.translate("InvoiceDialog", "authorization code"), payment.auth),
                (QCoreApplication.translate("InvoiceDialog", "NSU"), payment.nsu),
            )
            if not value.strip()
        ]
        lines.append(
            "✗ "
            + QCoreApplication.translate(
                "InvoiceDialog",
                "The payment of {amount} ({card}) has no {missing}: the invoice's card"
                " group needs it.",
            ).format(
                amount=money(payment.amount, locale),
                card=display_card(payment.card),
                missing=", ".join(missing),
            )
        )
    return lines


def _waiting_lines(checks: InvoiceChecks, locale: str) -> list[str]:
    """Whether a payment of the order still waits at this desk; each one that does."""
    if not checks.waiting:
        return [
            "✓ "
            + QCoreApplication.translate(
                "InvoiceDialog", "No payment of this order waits at this desk."
            )
        ]
    return [
        "✗ "
        + QCoreApplication.translate(
            "InvoiceDialog",
            "A payment of {amount} to this order waits at this desk ({state}): settle it"
            " in Pending payments first.",
        ).format(amount=money(entry.payment.amount, locale), state=state_label(entry.state))
        for entry in checks.waiting
    ]
