"""Brazil's own numbers are refused as cards no more often than before each widening of the rule:
for each kind, at most one point more of a few thousand generated numbers than the rule before
issue 89 (:data:`BEFORE_WIDE_SPACES`, measured on this very corpus) and, for the kinds that were
measured then, than the rule before the wider forms (``former_card_rule``); by the app's rule
and the sandbox's alike (tests/core/brazilian_numbers.py)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from desktop_app.api import card_numbers as app_cards
from desktop_app.sandbox import cards as sandbox_cards
from tests.core import former_card_rule
from tests.core.brazilian_numbers import KINDS, Kind

SAMPLES = 3000
MORE_AT_MOST = 1.0
"""Points of a kind's share the present rule may call cards beyond an earlier rule."""
BEFORE_WIDE_SPACES = {
    "CPF": 0.0, "CNPJ (customer search)": 0.0, "CNPJ (any field)": 9.0,
    "alphanumeric CNPJ (customer search)": 0.0, "alphanumeric CNPJ (any field)": 0.0,
    "NF-e key": 0.0, "bank slip line": 0.0, "utility slip line": 0.0,
    "GTIN (product search)": 0.17, "GTIN (any field)": 8.43, "phone number": 3.37,
    "NSU or TID": 4.77, "marketplace order": 13.47, "list of order numbers": 6.73,
    "codes lined up with runs of spaces or tabs": 0.07, "spreadsheet row": 31.73,
    "NF-e key in groups, widely joined": 0.0, "list of phone numbers": 8.77,
}  # fmt: skip
"""Each kind's share at c1201a6, the rule before four or more separators joined a card."""


def share(numbers: list[str], guard: Callable[..., bool], kind: Kind) -> float:
    """The percentage of ``numbers`` that ``guard`` calls a card, in the kind's field."""
    called = sum(guard(text, barcodes=kind.barcodes, documents=kind.documents) for text in numbers)
    return 100 * called / len(numbers)


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_brazils_numbers_are_refused_no_more_often_than_before(kind: Kind) -> None:
    make = random.Random(kind.name)
    numbers = [kind.make(make) for _ in range(SAMPLES)]
    now = share(numbers, app_cards.contains_card_number, kind)
    before = BEFORE_WIDE_SPACES[kind.name]
    assert now <= before + MORE_AT_MOST, f"{kind.name}: {before:.2f} % before, {now:.2f} % now"
    if kind.in_the_former_measure:
        former = share(numbers, former_card_rule.contains_card_number, kind)
        assert now <= former + MORE_AT_MOST, f"{kind.name}: {former:.2f} % then, {now:.2f} % now"
    assert share(numbers, sandbox_cards.has_card_number, kind) == now  # the sandbox's own rule
