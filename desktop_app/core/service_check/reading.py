"""The service check's findings from what it met: a token's claims, one list's answer, and how
the answers together write time and money."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from desktop_app.api import Listing, routes, samples
from desktop_app.api._pages import with_envelope
from desktop_app.api.after_validation import AS_THE_INTERFACE_SAYS, Reading, zone_named
from desktop_app.api.check import Outcome, Result, Step
from desktop_app.core.service_check.findings import Finding
from desktop_app.core.service_check.shapes import ListShape, Survey
from desktop_app.core.session import (
    NUMERIC_ID_CLAIMS,
    OTHER_ROLES,
    ROLE_CLAIMS,
    ClaimRules,
    moment_of,
    roles_in,
    user_id_claim,
    whole_number,
)

PASSED, MISLEADING, FAILED = Outcome.PASSED, Outcome.MISLEADING, Outcome.FAILED


def claims_results(raw: Mapping[str, Any], rules: ClaimRules, now: datetime) -> list[Result]:
    """What the token says, and how the app reads it: its claims and lifetime, the user's
    number and where it comes from, the roles and what they offer."""
    claims = dict(raw)
    names = ", ".join(claims) or "—"
    expires, issued = moment_of(claims.get("exp")), moment_of(claims.get("iat"))
    said: list[Result] = []
    if expires is None:
        said.append(Result(Step.CLAIMS, PASSED, Finding.CLAIMS_NO_EXPIRY, {"claims": names}))
    else:
        seconds = (expires - (issued or now)).total_seconds()
        facts = {"claims": names, "seconds": str(round(seconds))}
        said.append(Result(Step.CLAIMS, PASSED, Finding.CLAIMS, facts))
    claim = user_id_claim(claims, rules)
    if claim is None:
        looked = ", ".join(dict.fromkeys(("userId", *NUMERIC_ID_CLAIMS, rules.user_id_claim)))
        facts = {"claims": looked.strip(", ")}
        said.append(Result(Step.USER_ID, FAILED, Finding.NO_USER_ID, facts))
    else:
        facts = {"claim": claim, "user": str(whole_number(claims[claim]))}
        found = Finding.USER_ID_IT if claim == rules.user_id_claim else Finding.USER_ID
        said.append(Result(Step.USER_ID, PASSED, found, facts))
    said.append(_roles(claims, rules))
    return said


def _roles(claims: dict[str, Any], rules: ClaimRules) -> Result:
    where = [claim for claim in ROLE_CLAIMS if claim in claims]
    read = roles_in(claims)
    if not read:
        return Result(Step.ROLES, PASSED, Finding.NO_ROLES)
    facts = {"claim": ", ".join(where), "roles": ", ".join(read)}
    folded = {role.casefold() for role in read}
    if folded & {role.casefold() for role in rules.manager_roles}:
        return Result(Step.ROLES, PASSED, Finding.ROLES_MANAGER, facts)
    if folded & OTHER_ROLES:
        return Result(Step.ROLES, PASSED, Finding.ROLES_OTHER, facts)
    return Result(Step.ROLES, PASSED, Finding.ROLES_UNKNOWN, facts)


async def list_results(
    step: Step,
    route: str,
    taken: samples.Sample,
    survey: Survey,
    reading: Reading = AS_THE_INTERFACE_SAYS,
) -> tuple[list[Result], Listing[Any]]:
    """One list's lines: how many were read (and whether the answer was cut), those the app
    cannot read with the first reason, what comes back null; and its elements as the app reads
    them."""
    elements = await samples.elements_of(taken.body, taken.page.url)
    if elements.instead:
        facts = {"instead": elements.instead}
        return [Result(step, FAILED, Finding.NOT_A_LIST, facts)], Listing()
    try:
        listing = await samples.as_the_app_reads(route, elements.texts, reading)
    except ValueError as error:
        return [Result(step, FAILED, Finding.NOT_EXPECTED, {"reason": str(error)})], Listing()
    shape = survey.look(route, elements.values)
    total = len(elements.values)
    if not taken.whole:
        facts = {
            "count": str(total),
            "megabytes": str(samples.SAMPLE_BYTES // 2**20),
            "seconds": f"{samples.SAMPLE_SECONDS:g}",
        }
        said = [Result(step, PASSED, Finding.READ_CUT, facts)]
    elif total:
        said = [Result(step, PASSED, Finding.READ, {"count": str(total)})]
    else:
        said = [Result(step, PASSED, Finding.NONE)]
    if listing.unread_count:
        facts = {
            "unread": str(listing.unread_count),
            "total": str(total),
            "reason": listing.unread[0].reason if listing.unread else "?",
        }
        said.append(Result(step, MISLEADING, Finding.UNREAD, facts))
    said += _gaps(step, shape)
    if route == routes.BILLINGS:
        days = len({getattr(record, "date", None) for record in listing})
        if days < len(listing):
            facts = {"records": str(len(listing)), "days": str(days)}
            said.append(Result(step, PASSED, Finding.PER_STORE, facts))
    listing.page = with_envelope(taken.page, elements.page)
    return said, listing


def pages_result(step: Step, whole: Listing[Any]) -> Result:
    """A list that said it holds more, read as the desk reads it: every page, or a part."""
    if whole.whole:
        return Result(step, PASSED, Finding.READ_IN_PAGES, {"count": str(len(whole))})
    read = str(len(whole) + whole.unread_count)
    if whole.total is not None and whole.total > len(whole) + whole.unread_count:
        facts = {"read": read, "total": str(whole.total), "why": whole.partial}
        return Result(step, FAILED, Finding.READ_PART, facts)
    return Result(step, FAILED, Finding.READ_PART_MORE, {"read": read, "why": whole.partial})


def _gaps(step: Step, shape: ListShape) -> list[Result]:
    """What comes back null or not at all, and what the app shows for it."""
    said: list[Result] = []
    total = str(shape.total)
    if shape.not_given:
        fields = ", ".join(f"{name} {count}/{total}" for name, count in shape.not_given.items())
        said.append(Result(step, PASSED, Finding.NOT_GIVEN, {"fields": fields}))
    for count in shape.null_paid.values():
        facts = {"count": str(count), "total": total}
        said.append(Result(step, PASSED, Finding.NULL_PAID, facts))
    for count in shape.null_counts.values():
        facts = {"count": str(count), "total": total}
        said.append(Result(step, PASSED, Finding.NULL_INSTALLMENTS, facts))
    return said


def written_results(survey: Survey, zone: str) -> list[Result]:
    """How the answers together write time and money, and how the app reads it. Timestamps
    with no zone are read in IT's ``service/time_zone``; with none set, as UTC, which moves
    every time by hours where the service writes its own wall clock: IT says which."""
    said: list[Result] = []
    step = Step.TIMESTAMPS
    utc = [name for name, times in survey.times.items() if times.utc]
    if utc:
        said.append(Result(step, PASSED, Finding.TIMES_UTC, {"fields": ", ".join(utc)}))
    offset = [name for name, times in survey.times.items() if times.offsets]
    if offset:
        written = (o for times in survey.times.values() for o in times.offsets)
        facts = {"fields": ", ".join(offset), "offsets": ", ".join(dict.fromkeys(written))}
        said.append(Result(step, PASSED, Finding.TIMES_OFFSET, facts))
    naive = [(name, times.naive_example) for name, times in survey.times.items() if times.naive]
    if naive:
        facts = {"fields": ", ".join(name for name, _ in naive), "example": naive[0][1]}
        if zone.strip() and zone_named(zone) is not None:
            facts["zone"] = zone.strip()
            said.append(Result(step, PASSED, Finding.TIMES_NAIVE_IT, facts))
        elif zone.strip():  # no such zone: the app reads them as UTC, and says only that
            facts["zone"] = zone.strip()
            said.append(Result(step, MISLEADING, Finding.TIMES_NAIVE_NO_ZONE, facts))
        else:
            said.append(Result(step, MISLEADING, Finding.TIMES_NAIVE, facts))
    days = [name for name, times in survey.times.items() if times.days]
    if days:
        said.append(Result(step, PASSED, Finding.TIMES_DAYS, {"fields": ", ".join(days)}))
    numbers = [name for name, times in survey.times.items() if times.numbers]
    if numbers:
        said.append(Result(step, PASSED, Finding.TIMES_NUMBERS, {"fields": ", ".join(numbers)}))
    money = survey.money
    if money.numbers:
        said.append(Result(Step.MONEY, PASSED, Finding.MONEY_NUMBERS))
    if money.strings:
        facts = {"example": money.string_example}
        said.append(Result(Step.MONEY, PASSED, Finding.MONEY_STRINGS, facts))
    if money.noisy:
        facts = {"count": str(money.noisy), "example": money.noisy_example}
        said.append(Result(Step.MONEY, PASSED, Finding.MONEY_NOISE, facts))
    return said
