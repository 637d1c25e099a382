"""The signed-in session: the token in memory, and what its claims say for the UI.

Claims are read without verifying the signature: the app cannot verify it and does not need
to. They shape the screen (who is signed in, whether to offer invoicing, when the session ends)
and give the user's number sent with payments and invoices; the service decides every request.

Services put these in different claims (a Passport-JWT service: ``sub``, ``username``, one
``role``; Keycloak: ``realm_access.roles``): each is read wherever a fair service puts it, and
a user's number is never guessed: when no claim holds one, nothing is sent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any


class InvalidTokenError(ValueError):
    """The text is not a JWT at all."""


NUMERIC_ID_CLAIMS = ("sub", "user_id", "uid")
"""Claims read as the user's number when there is no ``userId``, if they hold a whole number."""
NAME_CLAIMS = ("name", "preferred_username", "username", "email")
"""Claims read, in this order, as the name to show."""
MANAGER_ROLES = ("manager", "admin", "gerente", "supervisor")
"""The service's roles that may issue invoices, unless IT names others."""
OTHER_ROLES = frozenset({"cashier", "caixa", "operador", "operator", "seller", "vendedor", "clerk"})
"""Roles known to be no manager's: with none of the manager's beside them, invoicing is greyed
(the service would refuse it). A role the app does not know greys nothing: the service decides."""


@dataclass(frozen=True, slots=True)
class ClaimRules:
    """How a service's tokens are read where they differ (IT's settings): the claim that holds
    the user's number when none of the usual ones do, and the roles that may invoice."""

    user_id_claim: str = ""
    manager_roles: tuple[str, ...] = MANAGER_ROLES


@dataclass(frozen=True, slots=True)
class Claims:
    """What the token says, for display and for the user's number on what is sent."""

    subject: str = ""
    user_id: int | None = None  # None: no claim holds a whole number; nothing is sent
    name: str = ""
    roles: tuple[str, ...] = ()
    expires_at: datetime | None = None
    can_invoice: bool = True  # False only for a known role that is no manager's


def whole_number(value: object) -> int | None:
    """``value`` as a user's number when it is a whole number (``7``, ``7.0``, ``"7"``)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        number = int(value.strip())
    else:
        return None
    return number if 0 <= number < 2**63 else None


def user_id_claim(raw: dict[str, Any], rules: ClaimRules) -> str | None:
    """The claim the user's number is read from (``userId`` when the token has one, whatever it
    holds; else the first of the others that holds a whole number); None when none does."""
    if "userId" in raw:
        return "userId" if whole_number(raw["userId"]) is not None else None
    for claim in (*NUMERIC_ID_CLAIMS, rules.user_id_claim):
        if claim and whole_number(raw.get(claim)) is not None:
            return claim
    return None


def _user_id(raw: dict[str, Any], rules: ClaimRules) -> int | None:
    claim = user_id_claim(raw, rules)
    return whole_number(raw[claim]) if claim is not None else None


ROLE_CLAIMS = ("roles", "role", "authorities", "realm_access", "scope")
"""Where tokens keep roles (see :func:`roles_in`)."""


def roles_in(raw: dict[str, Any]) -> tuple[str, ...]:
    """Every role the token names, wherever services put them: ``roles``, ``role``,
    ``authorities``, ``realm_access.roles`` (Keycloak), ``scope`` (OAuth, space-separated)."""
    found: list[object] = []
    for value in (raw.get("roles"), raw.get("role"), raw.get("authorities")):
        found += value if isinstance(value, list) else [value]
    realm = raw.get("realm_access")
    if isinstance(realm, dict) and isinstance(realm.get("roles"), list):
        found += realm["roles"]
    scope = raw.get("scope")
    found += scope.split() if isinstance(scope, str) else scope if isinstance(scope, list) else []
    named = (str(role).strip() for role in found if isinstance(role, str))
    return tuple(dict.fromkeys(role for role in named if role))


def may_invoice(roles: tuple[str, ...], manager_roles: tuple[str, ...]) -> bool:
    """Whether to offer invoicing: always, unless every role the app knows is no manager's."""
    folded = {role.casefold() for role in roles}
    if folded & {role.casefold() for role in manager_roles}:
        return True
    return not folded & OTHER_ROLES


def raw_claims(token: str) -> dict[str, Any]:
    """Every claim of ``token`` as it holds them, unverified. Raises
    :class:`InvalidTokenError` for non-JWTs."""
    import jwt  # on first use: keeps it out of the window's first paint

    try:
        raw: dict[str, Any] = jwt.decode(
            token, options={"verify_signature": False, "verify_exp": False}
        )
    except jwt.PyJWTError as error:
        raise InvalidTokenError("this is not a sign-in token") from error
    return raw


def read_claims(token: str, rules: ClaimRules | None = None, typed_name: str = "") -> Claims:
    """The claims of ``token``, unverified; ``typed_name``, the user name typed at sign-in, is
    the name shown when the token names nobody. Raises :class:`InvalidTokenError` for
    non-JWTs."""
    rules = rules or ClaimRules()
    raw = raw_claims(token)
    names = (raw.get(claim) for claim in NAME_CLAIMS)
    name = next((n.strip() for n in names if isinstance(n, str) and n.strip()), typed_name)
    roles = roles_in(raw)
    expires = raw.get("exp")
    return Claims(
        subject=str(raw.get("sub", "")),
        user_id=_user_id(raw, rules),
        name=name,
        roles=roles,
        expires_at=moment_of(expires),
        can_invoice=may_invoice(roles, rules.manager_roles),
    )


def moment_of(claim: object) -> datetime | None:
    """A time claim (``exp``, ``iat``: seconds since 1970) as a moment; None when it is none."""
    if isinstance(claim, int | float) and not isinstance(claim, bool):
        try:
            return datetime.fromtimestamp(claim, UTC)
        except (OverflowError, OSError, ValueError):
            return None
    return None


@dataclass(slots=True)
class Session:
    """The one place the token lives: in memory, for as long as the person is signed in."""

    _token: str | None = field(default=None, repr=False)
    claims: Claims = field(default_factory=Claims)
    rules: ClaimRules = field(default_factory=ClaimRules)  # IT's, kept by the preferences

    @property
    def token(self) -> str | None:
        """The bearer token, or None when signed out or locked."""
        return self._token

    @property
    def signed_in(self) -> bool:
        """Whether a token is held."""
        return self._token is not None

    def sign_in(self, token: str, typed_name: str = "") -> Claims:
        """Hold ``token`` and read its claims (``typed_name``: the user name typed, if any)."""
        token = token.strip()
        self.claims = read_claims(token, self.rules, typed_name)
        self._token = token
        return self.claims

    def forget(self) -> None:
        """Wipe the token (sign-out, idle lock, quit). The claims stay for the lock screen."""
        self._token = None

    def seconds_left(self, now: datetime | None = None) -> float | None:
        """Seconds until the token expires, if the claims say."""
        if self.claims.expires_at is None:
            return None
        return (self.claims.expires_at - (now or datetime.now(UTC))).total_seconds()
