"""The service check's readings that need no service: the clocks' difference by an answer's
``Date``, how timestamps and money are written, and the word searched for."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import jwt

from desktop_app.api import Secret, routes
from desktop_app.api.check import Outcome, Result, Step
from desktop_app.api.samples import Sample
from desktop_app.core.service_check import (
    Asked,
    Credentials,
    a_name_word,
    check_service,
    clock_result,
)
from desktop_app.core.service_check.findings import Finding
from desktop_app.core.service_check.reading import written_results
from desktop_app.core.service_check.shapes import Survey
from desktop_app.sandbox.server import SandboxServer
from tests.helpers import run

NOW = datetime(2026, 11, 27, 15, 0, tzinfo=UTC)


def _answered(service_clock: datetime | None) -> Sample:
    return Sample(b"[]", True, service_clock, NOW)


def test_a_desk_clock_minutes_off_the_services_is_said_as_misleading() -> None:
    ahead = clock_result(_answered(NOW - timedelta(minutes=7)))
    assert (ahead.outcome, ahead.finding, ahead.facts) == (
        Outcome.MISLEADING, Finding.DESK_AHEAD, {"minutes": "7"},
    )  # fmt: skip
    behind = clock_result(_answered(NOW + timedelta(minutes=3)))
    assert (behind.outcome, behind.finding) == (Outcome.MISLEADING, Finding.DESK_BEHIND)
    agree = clock_result(_answered(NOW - timedelta(seconds=90)))
    assert (agree.outcome, agree.facts) == (Outcome.PASSED, {"seconds": "90"})
    assert clock_result(_answered(None)).finding is Finding.NO_CLOCK


def test_how_times_and_money_are_written_is_told_field_by_field() -> None:
    survey = Survey()
    survey.look(routes.ORDERS, [
        {"orderId": 1, "createDate": "2026-08-28T10:00:00", "amount": "10.00",
         "amountPaid": "4986.8099999999995"},
        {"orderId": 2, "createDate": "2026-08-28T10:00:00.000-03:00", "amount": 5,
         "amountPaid": None},
    ])  # fmt: skip
    survey.look(routes.BILLINGS, [{"date": "2026-08-28", "total": 1.5}])
    said = {result.finding: result for result in written_results(survey, "")}
    assert said[Finding.TIMES_NAIVE].outcome is Outcome.MISLEADING
    assert said[Finding.TIMES_NAIVE].facts["example"] == "2026-08-28T10:00:00"
    assert said[Finding.TIMES_OFFSET].facts == {"fields": "createDate", "offsets": "-03:00"}
    assert said[Finding.TIMES_DAYS].facts == {"fields": "date"}
    assert said[Finding.MONEY_STRINGS].facts == {"example": "10.00"}
    assert said[Finding.MONEY_NOISE].facts == {"count": "1", "example": "4986.8099999999995"}
    assert Finding.MONEY_NUMBERS in said
    named = written_results(survey, "America/Sao_Paulo")
    assert Finding.TIMES_NAIVE not in {result.finding for result in named}
    assert all(result.outcome is Outcome.PASSED for result in named)
    # A zone that does not exist vouches for nothing: the app reads those times as UTC.
    nowhere = {result.finding: result for result in written_results(survey, "Mars/Olympus")}
    assert Finding.TIMES_NAIVE_IT not in nowhere
    assert nowhere[Finding.TIMES_NAIVE_NO_ZONE].outcome is Outcome.MISLEADING
    assert nowhere[Finding.TIMES_NAIVE_NO_ZONE].facts["zone"] == "Mars/Olympus"


def test_the_word_searched_for_is_one_of_a_name_read() -> None:
    assert a_name_word(["", "J. Sá", "Maria da Silva"]) == "Maria"
    assert a_name_word(["", "  "]) == ""


def _checked(asked: Asked) -> list[Result]:
    async def collect() -> list[Result]:
        return [result async for result in check_service(asked)]

    return run(collect())


def test_a_given_token_that_is_no_jwt_ends_the_check_at_sign_in(
    shared_sandbox: SandboxServer,
) -> None:
    given = Credentials(token=Secret("opaque-session-id"))
    said = _checked(Asked(shared_sandbox.base_url, "api/v1/auth/login", given))
    assert (said[-1].step, said[-1].finding) == (Step.SIGN_IN, Finding.NOT_A_JWT)


def test_a_given_token_the_service_refuses_ends_the_check_with_its_status(
    shared_sandbox: SandboxServer,
) -> None:
    """A JWT of another service (signed with another key): the service's 401 said, no list read."""
    other = jwt.encode(
        {"sub": "1", "exp": 4_102_444_800}, "another service's key, 32 bytes!", "HS256"
    )
    said = _checked(
        Asked(shared_sandbox.base_url, "api/v1/auth/login", Credentials(token=Secret(other)))
    )
    assert (said[-1].step, said[-1].finding) == (Step.SIGN_IN, Finding.TOKEN_REFUSED)
    assert said[-1].facts["status"] == "401"
