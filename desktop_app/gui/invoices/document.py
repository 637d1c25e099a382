"""An order's invoice as a document: the order, its payments and the invoice the service issued,
as the invoice window shows it and as it is printed or saved as PDF."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from desktop_app.core.cards import display_card
from desktop_app.core.money import local_time, money

if TYPE_CHECKING:
    from desktop_app.api.models import Order, Payment
    from desktop_app.core.invoices import InvoiceRecord

PAYMENT_COLUMNS = (  # marked for lupdate, translated where printed
    QT_TRANSLATE_NOOP("InvoiceDialog", "Paid on"),
    QT_TRANSLATE_NOOP("InvoiceDialog", "Card"),
    QT_TRANSLATE_NOOP("InvoiceDialog", "Brand"),
    QT_TRANSLATE_NOOP("InvoiceDialog", "Inst."),
    QT_TRANSLATE_NOOP("InvoiceDialog", "Amount"),
    QT_TRANSLATE_NOOP("InvoiceDialog", "NSU"),
    QT_TRANSLATE_NOOP("InvoiceDialog", "Auth."),
)


def order_document(
    order: Order,
    payments: list[Payment],
    record: InvoiceRecord | None,
    locale: str,
    *,
    read_in_part: bool = False,
    details: str | None = None,
) -> str:
    """The order, its payments and its invoice (``record``: none yet), as printed and as the
    dialog shows it; ``read_in_part``: the payments are a part of the order's at the service;
    ``details``: the service's whole answer in words, shown under the invoice."""
    o, loc = order, locale
    rows = "".join(
        "<tr>"
        + "".join(
            f"<td>{html.escape(cell)}</td>"
            for cell in (
                local_time(p.pay_date, loc),
                display_card(p.card),
                p.flag_name,
                f"{p.installments}x",
                money(p.amount, loc),
                p.nsu,
                p.auth,
            )
        )
        + "</tr>"
        for p in payments
    )
    header = (
        "<tr>"
        + "".join(
            f"<th>{html.escape(QCoreApplication.translate('InvoiceDialog', str(title)))}</th>"
            for title in PAYMENT_COLUMNS
        )
        + "</tr>"
    )
    answer = _invoice(record, loc, details)
    if read_in_part:  # printed too: the list below is not the order's all
        part = QCoreApplication.translate(
            "InvoiceDialog",
            "These are the payments that could be read here ({count}): a part of this"
            " order's payments at the service.",
        ).format(count=len(payments))
        answer = f"<p>{html.escape(part)}</p>{answer}"
    title = QCoreApplication.translate("InvoiceDialog", "Order {number}")
    lines = [
        (QCoreApplication.translate("InvoiceDialog", "Customer"), o.customer_name),
        (QCoreApplication.translate("InvoiceDialog", "Seller"), o.seller_name),
        (QCoreApplication.translate("InvoiceDialog", "Date"), local_time(o.create_date, loc)),
        (QCoreApplication.translate("InvoiceDialog", "Amount"), money(o.amount, loc)),
        (QCoreApplication.translate("InvoiceDialog", "Paid"), money(o.amount_paid, loc)),
        (QCoreApplication.translate("InvoiceDialog", "Balance due"), money(o.balance_due, loc)),
    ]  # fmt: skip
    facts = "<br>".join(f"{html.escape(name)}: {html.escape(value)}" for name, value in lines)
    return (
        f"<h2>{html.escape(title.format(number=o.order_id))}</h2><p>{facts}</p>"
        f"<table border='1' cellspacing='0' cellpadding='3'>{header}{rows}</table>{answer}"
    )


def _invoice(record: InvoiceRecord | None, loc: str, details: str | None) -> str:
    """The invoice as a document: number and series, issue date, amount, access key; and
    under Details, the service's whole answer as it came (plain text)."""
    if record is None or record.elsewhere:
        return ""
    facts = [
        (QCoreApplication.translate("InvoiceDialog", "Invoice number"), record.number),
        (QCoreApplication.translate("InvoiceDialog", "Series"), record.series),
        (
            QCoreApplication.translate("InvoiceDialog", "Issued on"),
            local_time(record.issued_at, loc),
        ),
        (
            QCoreApplication.translate("InvoiceDialog", "Amount"),
            money(record.amount, loc) if record.amount is not None else "",
        ),
        (
            QCoreApplication.translate("InvoiceDialog", "Access key"),
            record.grouped_access_key(),
        ),
    ]
    rows = "".join(
        f"<tr><th align='left'>{html.escape(name)}</th><td>{html.escape(value)}</td></tr>"
        for name, value in facts
        if value
    )
    heading = html.escape(QCoreApplication.translate("InvoiceDialog", "Invoice"))
    document = f"<h3>{heading}</h3><table cellpadding='3'>{rows}</table>"
    if not rows:  # an empty 201 or 204: issued, and nothing more said
        untold = QCoreApplication.translate(
            "InvoiceDialog",
            "The service confirmed the invoice without sending its details (number, access"
            " key): look them up at the service.",
        )
        document += f"<p>{html.escape(untold)}</p>"
    if details is not None:
        heading = html.escape(QCoreApplication.translate("InvoiceDialog", "Details"))
        document += f"<h4>{heading}</h4><pre>{html.escape(details)}</pre>"
    return document
