"""What a day close totals by: a card's brand and type, paid at once or in installments; and
the kind a person types for a line only the terminal has."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from desktop_app.api.models import NewPayment


class Split(enum.StrEnum):
    """One payment, or in installments: terminals total them apart."""

    SINGLE = "single"
    INSTALLMENTS = "installments"


@dataclass(frozen=True, slots=True, order=True)
class Kind:
    """What a terminal totals by: the card's brand and type, paid at once or in installments."""

    brand: str
    payment_type: str
    split: Split


def brand_key(brand: str) -> str:
    """A brand as the day close compares it ("VISA", " visa " and "Visa" are one)."""
    return " ".join(brand.split()).title()


def kind_of(payment: NewPayment) -> Kind:
    """The kind a recorded payment is totalled under."""
    split = Split.INSTALLMENTS if payment.installments > 1 else Split.SINGLE
    return Kind(brand_key(payment.flag_name), payment.payment_type.strip().casefold(), split)


@dataclass(frozen=True, slots=True)
class Total:
    """The card sales of one kind: how many, and their sum."""

    kind: Kind
    count: int
    amount: Decimal


def totals_of(kinds_and_amounts: Iterable[tuple[Kind, Decimal]]) -> tuple[Total, ...]:
    """Counts and sums per kind, in the kinds' order."""
    counts: dict[Kind, int] = {}
    sums: dict[Kind, Decimal] = {}
    for kind, amount in kinds_and_amounts:
        counts[kind] = counts.get(kind, 0) + 1
        sums[kind] = sums.get(kind, Decimal(0)) + amount
    return tuple(Total(kind, counts[kind], sums[kind]) for kind in sorted(counts))


_CREDIT_WORDS = frozenset({"credit", "crédito", "credito", "c"})
_DEBIT_WORDS = frozenset({"debit", "débito", "debito", "d"})
_INSTALLMENTS_WORDS = frozenset({"in installments", "installments", "parcelado", "parcelada"})


def typed_kind(brand: str, payment_type: str, split: str) -> Kind | None:
    """The kind a person typed on a totals line only the terminal has (None while its brand is
    blank), in either shipped language: credit or debit as words or first letters (anything
    else is kept as typed); installments as a word (``parc…``, ``inst…``) or a number over 1."""
    if not brand.strip():
        return None
    folded_type = payment_type.strip().casefold()
    if folded_type in _CREDIT_WORDS:
        folded_type = "credit"
    elif folded_type in _DEBIT_WORDS:
        folded_type = "debit"
    folded_split = split.strip().casefold()
    if folded_split.isdigit():
        in_installments = int(folded_split) > 1
    else:
        in_installments = folded_split in _INSTALLMENTS_WORDS or folded_split.startswith(
            ("parc", "inst")
        )
    return Kind(
        brand_key(brand), folded_type, Split.INSTALLMENTS if in_installments else Split.SINGLE
    )
