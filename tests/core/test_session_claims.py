"""Who is signed in and what they may do, read from tokens as services other than the sandbox
write them (a Passport-JWT service, Keycloak, an OAuth scope); a user's number is never guessed."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import jwt
import pytest

from desktop_app import api
from desktop_app.core.session import ClaimRules, Session, moment_of, read_claims, whole_number
from desktop_app.sandbox.server import SandboxServer
from tests.helpers import run


def token(**claims: Any) -> str:
    return jwt.encode(
        {"exp": 4_102_444_800, **claims},
        "a secret of another team's service, 32 bytes or more",
        algorithm="HS256",
    )


@pytest.mark.parametrize(
    ("claims", "user_id", "name"),
    [
        ({"sub": "cashier", "userId": 1001, "name": "Ana Caixa"}, 1001, "Ana Caixa"),  # sandbox
        ({"sub": "7", "username": "marcos", "role": "MANAGER"}, 7, "marcos"),  # Passport-JWT
        ({"sub": 7, "preferred_username": "ana"}, 7, "ana"),
        ({"user_id": "42", "email": "ana@loja.example"}, 42, "ana@loja.example"),
        ({"uid": 9.0}, 9, "typed"),  # no name claim: the user name typed at sign-in
        ({"sub": "0b7c-uuid", "username": "ana"}, None, "ana"),  # no number anywhere
        ({"sub": "12", "userId": "not a number"}, None, "typed"),  # userId there but unreadable
        ({"sub": True}, None, "typed"),  # a JSON true is no number
        ({"sub": "-3"}, None, "typed"),
        ({"sub": "١٢"}, None, "typed"),  # Arabic-Indic digits are not the service's numbers
    ],
)
def test_the_user_number_and_name_are_read_where_a_fair_service_puts_them(
    claims: dict[str, Any], user_id: int | None, name: str
) -> None:
    read = read_claims(token(**claims), typed_name="typed")
    assert (read.user_id, read.name) == (user_id, name)


def test_the_claim_it_names_holds_the_number_when_no_usual_one_does() -> None:
    claims = {"sub": "ana", "employee_number": "3301"}
    assert read_claims(token(**claims)).user_id is None
    rules = ClaimRules(user_id_claim="employee_number")
    assert read_claims(token(**claims), rules).user_id == 3301


@pytest.mark.parametrize(
    ("claims", "can_invoice"),
    [
        ({"roles": ["manager"]}, True),
        ({"role": "MANAGER"}, True),  # an enum's value, upper case
        ({"role": "cashier"}, False),  # a known role that is no manager's
        ({"roles": ["CAIXA", "gerente"]}, True),  # one manager's role is enough
        ({"realm_access": {"roles": ["offline_access", "supervisor"]}}, True),  # Keycloak
        ({"authorities": ["operator"]}, False),
        ({"scope": "openid profile cashier"}, False),
        ({"role": "auditor"}, True),  # not known: greys nothing, the service decides
        ({}, True),  # none at all
    ],
)
def test_invoicing_is_greyed_only_for_a_known_role_that_is_no_managers(
    claims: dict[str, Any], can_invoice: bool
) -> None:
    assert read_claims(token(sub="1", **claims)).can_invoice is can_invoice


def test_the_manager_roles_are_its_to_name() -> None:
    rules = ClaimRules(manager_roles=("chefe",))
    assert read_claims(token(sub="1", roles=["Chefe", "caixa"]), rules).can_invoice
    assert not read_claims(token(sub="1", roles=["admin", "caixa"]), rules).can_invoice


def test_the_session_reads_with_its_rules_and_the_name_typed() -> None:
    session = Session(rules=ClaimRules(user_id_claim="badge"))
    claims = session.sign_in(token(sub="x", badge=55), typed_name="ana")
    assert (claims.user_id, claims.name) == (55, "ana")


@pytest.mark.parametrize(
    ("value", "number"),
    [
        (7, 7),
        ("7", 7),
        (" 7 ", 7),
        (7.0, 7),
        (7.5, None),
        ("7a", None),
        (None, None),
        (2**63, None),
    ],
)
def test_a_whole_number(value: object, number: int | None) -> None:
    assert whole_number(value) == number


@pytest.mark.parametrize(
    ("user", "number", "invoices"), [("cashier", 1001, False), ("manager", 2001, True)]
)
def test_a_sign_in_is_read_right_in_each_reading(
    each_reading: SandboxServer, user: str, number: int, invoices: bool
) -> None:
    """Signed in at the service, by its own sign-in answer and its own claims: the desk knows
    the user's number and whether to offer invoicing, whatever the reading."""

    async def signed_in() -> str:
        async with api.ApiClient(each_reading.base_url) as client:
            return await client.login("api/v1/auth/login", user, api.Secret(user))

    claims = Session().sign_in(run(signed_in()), typed_name=user)
    assert (claims.user_id, claims.can_invoice) == (number, invoices)


@pytest.mark.parametrize("expires", [10**20, -(10**20), 1e300])
def test_an_expiry_past_the_calendar_is_no_expiry_known(expires: float) -> None:
    """A service's ``exp`` of any JSON number: one past the calendar is read as none, never a
    crash at sign-in."""
    assert moment_of(expires) is None
    assert moment_of(1_800_000_000) == datetime(2027, 1, 15, 8, 0, tzinfo=UTC)
