"""The signed-in session: the token in memory, and what its claims say for the UI.

Claims are read without verifying the signature: the app cannot verify it and does not need
to. They only shape the screen (who is signed in, whether to offer invoicing, when the session
ends); the service decides every request.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any


class InvalidTokenError(ValueError):
    """The text is not a JWT at all."""


@dataclass(frozen=True, slots=True)
class Claims:
    """What the token says, for display only."""

    subject: str = ""
    user_id: int | None = None
    name: str = ""
    roles: tuple[str, ...] = ()
    expires_at: datetime | None = None

    @property
    def can_invoice(self) -> bool:
        """Whether the claims suggest the user may issue invoices (the service decides)."""
        return "manager" in self.roles or "admin" in self.roles


def read_claims(token: str) -> Claims:
    """The claims of ``token``, unverified. Raises :class:`InvalidTokenError` for non-JWTs."""
    import jwt  # on first use: keeps it out of the window's first paint

    try:
        raw: dict[str, Any] = jwt.decode(
            token, options={"verify_signature": False, "verify_exp": False}
        )
    except jwt.PyJWTError as error:
        raise InvalidTokenError("this is not a sign-in token") from error
    roles = raw.get("roles") or raw.get("role") or ()
    if isinstance(roles, str):
        roles = (roles,)
    user_id = raw.get("userId", raw.get("user_id"))
    try:
        user_id = int(user_id) if user_id is not None else None
    except (TypeError, ValueError):
        user_id = None
    expires = raw.get("exp")
    return Claims(
        subject=str(raw.get("sub", "")),
        user_id=user_id,
        name=str(raw.get("name", "")),
        roles=tuple(str(role) for role in roles),
        expires_at=datetime.fromtimestamp(expires, UTC)
        if isinstance(expires, int | float)
        else None,
    )


@dataclass(slots=True)
class Session:
    """The one place the token lives: in memory, for as long as the person is signed in."""

    _token: str | None = field(default=None, repr=False)
    claims: Claims = field(default_factory=Claims)

    @property
    def token(self) -> str | None:
        """The bearer token, or None when signed out or locked."""
        return self._token

    @property
    def signed_in(self) -> bool:
        """Whether a token is held."""
        return self._token is not None

    def sign_in(self, token: str) -> Claims:
        """Hold ``token`` and read its claims."""
        token = token.strip()
        self.claims = read_claims(token)
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
