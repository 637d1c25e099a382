"""The service's answer to an invoice, as lines a person reads: whatever its shape, the usual
fields labelled in the person's language and its date and amount written their way, the
service's other keys and values as they came."""

from __future__ import annotations

import json
from datetime import UTC, tzinfo
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from desktop_app.api.models import moment_in
from desktop_app.core.invoices import amount_of, field_named
from desktop_app.core.money import local_time, money

FIELD_LABELS = {  # the invoice's usual fields, under whatever key the service used
    "number": QT_TRANSLATE_NOOP("InvoiceDialog", "Number"),
    "series": QT_TRANSLATE_NOOP("InvoiceDialog", "Series"),
    "access_key": QT_TRANSLATE_NOOP("InvoiceDialog", "Access key"),
    "issued_at": QT_TRANSLATE_NOOP("InvoiceDialog", "Issued on"),
    "amount": QT_TRANSLATE_NOOP("InvoiceDialog", "Amount"),
    "order_id": QT_TRANSLATE_NOOP("InvoiceDialog", "Order"),
}
INDENT = "    "


def describe_answer(answer: Any, locale: str, zone: tzinfo = UTC) -> str:
    """The service's answer as lines a person can read, whatever its shape: the invoice's
    usual fields labelled in the person's language, its date and amount written their way;
    the service's other keys and values as they came."""
    if answer is None or answer == "":
        return QCoreApplication.translate(
            "InvoiceDialog", "The service accepted the invoice and sent no details."
        )
    return "\n".join(_answer_lines(answer, locale, "", zone))


def _answer_lines(answer: Any, locale: str, indent: str, zone: tzinfo) -> list[str]:
    if isinstance(answer, list):
        lines: list[str] = []
        for item in answer:
            lines += ([""] if lines else []) + _answer_lines(item, locale, indent, zone)
        return lines
    if not isinstance(answer, dict):
        return [indent + _as_sent(answer)]
    lines = []
    for key, value in answer.items():
        field = field_named(key)
        label = (
            QCoreApplication.translate("InvoiceDialog", str(FIELD_LABELS[field])) if field else key
        )
        if isinstance(value, dict | list) and value:
            lines += [f"{indent}{label}:", *_answer_lines(value, locale, indent + INDENT, zone)]
        else:
            lines.append(f"{indent}{label}: {_value_shown(field, value, locale, zone)}")
    return lines


def _value_shown(field: str | None, value: Any, locale: str, zone: tzinfo) -> str:
    """An answer's value: its date or amount the person's way when it names one, else as sent."""
    if field == "issued_at" and (moment := moment_in(value, zone)) is not None:
        return local_time(moment, locale)
    if field == "amount" and (amount := amount_of(value)) is not None:
        return money(amount, locale)
    return _as_sent(value)


def _as_sent(value: Any) -> str:
    """A JSON value as the service wrote it (``true``, ``null``, a number, a text as is)."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
