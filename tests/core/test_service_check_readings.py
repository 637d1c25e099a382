"""What IT's service check says of answers and tokens, read without a service (issue 98: the
lines of core/service_check no test reached): a token that never expires, roles the app does
not know, elements the app cannot read, an answer cut at the cap, a store that says more than
its pages gave, the nulls each list sends, and times or amounts written oddly."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from enum import Enum
from typing import Any

from desktop_app.api import routes
from desktop_app.api.check import Outcome, Result, Step
from desktop_app.api.listing import Listing
from desktop_app.api.samples import SAMPLE_BYTES, Sample
from desktop_app.core.service_check.findings import Finding
from desktop_app.core.service_check.reading import (
    claims_results,
    list_results,
    pages_result,
    written_results,
)
from desktop_app.core.service_check.shapes import Survey
from desktop_app.core.session import ClaimRules
from tests.helpers import run

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def said(rows: list[Any], route: str = routes.ORDERS, whole: bool = True) -> list[Result]:
    taken = Sample(json.dumps(rows).encode(), whole, NOW, NOW)
    return run(list_results(Step.ORDERS, route, taken, Survey()))[0]


def by_finding(results: list[Result]) -> dict[Enum, Result]:
    return {result.finding: result for result in results}


def test_a_token_that_never_expires_and_roles_the_app_does_not_know_are_said() -> None:
    results = by_finding(claims_results({"sub": "7", "roles": ["Estoquista"]}, ClaimRules(), NOW))
    assert results[Finding.CLAIMS_NO_EXPIRY].facts == {"claims": "sub, roles"}
    assert results[Finding.ROLES_UNKNOWN].facts == {"claim": "roles", "roles": "Estoquista"}


def test_a_list_of_what_the_app_cannot_read_gives_its_first_reason() -> None:
    (result,) = said([{"amount": 1}, {"amount": 2}])
    assert (result.outcome, result.finding) == (Outcome.FAILED, Finding.NOT_EXPECTED)
    assert "orderId: Field required" in result.facts["reason"]


def test_an_answer_cut_at_the_cap_says_how_much_was_looked_at() -> None:
    results = by_finding(said([{"orderId": 1, "amount": 1}], whole=False))
    assert results[Finding.READ_CUT].facts == {
        "count": "1", "megabytes": str(SAMPLE_BYTES // 2**20), "seconds": "60",
    }  # fmt: skip


def test_the_nulls_a_list_sends_are_said_with_what_the_app_shows_for_them() -> None:
    rows = [
        {"orderId": 1, "amount": 10, "amountPaid": None, "installments": None, "createDate": 1764590400},
        {"orderId": 2, "amount": 10, "amountPaid": 0, "installments": 1, "customerName": "Ana"},
        "not an order",
    ]  # fmt: skip
    results = by_finding(said(rows))
    assert results[Finding.NULL_PAID].facts == {"count": "1", "total": "2"}
    assert results[Finding.NULL_INSTALLMENTS].facts == {"count": "1", "total": "2"}
    assert results[Finding.UNREAD].outcome is Outcome.MISLEADING


def test_times_written_as_numbers_and_amounts_that_are_no_numbers_are_told() -> None:
    survey = Survey()
    survey.look(routes.ORDERS, [
        {"orderId": 1, "createDate": 1764590400, "amount": "dez reais"},
        {"orderId": 2, "createDate": True, "amount": 10},
    ])  # fmt: skip
    results = by_finding(written_results(survey, ""))
    assert results[Finding.TIMES_NUMBERS].facts == {"fields": "createDate"}
    assert Finding.MONEY_NUMBERS in results


def test_a_store_that_says_more_than_its_pages_gave_without_a_total_is_a_part() -> None:
    part = Listing([1, 2, 3])
    part.partial = "more_unsaid"
    result = pages_result(Step.ORDERS, part)
    assert (result.outcome, result.finding) == (Outcome.FAILED, Finding.READ_PART_MORE)
    assert result.facts == {"read": "3", "why": "more_unsaid"}
