"""Brazil's own numbers are refused as cards no more often than before the rule took the wider
forms (wide separators, glued digits): for each kind, at most one point more of a few thousand
generated numbers, by the app's rule and the sandbox's alike (tests/core/brazilian_numbers.py)."""

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
"""Points of a kind's share the present rule may call cards beyond the former rule."""


def share(numbers: list[str], guard: Callable[..., bool], kind: Kind) -> float:
    """The percentage of ``numbers`` that ``guard`` calls a card, in the kind's field."""
    called = sum(guard(text, barcodes=kind.barcodes, documents=kind.documents) for text in numbers)
    return 100 * called / len(numbers)


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_brazils_numbers_are_refused_no_more_often_than_before(kind: Kind) -> None:
    make = random.Random(kind.name)
    numbers = [kind.make(make) for _ in range(SAMPLES)]
    before = share(numbers, former_card_rule.contains_card_number, kind)
    now = share(numbers, app_cards.contains_card_number, kind)
    assert now <= before + MORE_AT_MOST, f"{kind.name}: {before:.2f} % before, {now:.2f} % now"
    assert share(numbers, sandbox_cards.has_card_number, kind) == now  # the sandbox's own rule
