"""Tokens of the sandbox: HS256 JWTs with ``sub``, ``userId``, ``name``, ``roles`` and ``exp``,
or, in the Passport dialect, ``sub`` (the user number as a string), ``username`` and ``role``.

The sandbox reads either shape whatever it speaks, as a service reads the tokens it issued.
The training sign-in (``POST /api/v1/auth/login``) exists only in the sandbox: the real
service's way of issuing tokens is not part of the interface.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt

from desktop_app.sandbox.db import Database
from desktop_app.sandbox.dialects import Dialect, Dialects

ALGORITHM = "HS256"
ROLES = ("cashier", "manager")

# Sandbox-only demo accounts, documented in the README's training section.
DEMO_USERS = (
    ("cashier", "cashier", 1001, "Ana Caixa", "cashier"),
    ("manager", "manager", 2001, "Marcos Gerente", "manager"),
)


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a valid token says the caller is."""

    subject: str
    user_id: int | None
    name: str
    roles: tuple[str, ...]


def _hash_password(password: str, salt: str) -> str:
    return hashlib.scrypt(password.encode(), salt=salt.encode(), n=2**12, r=8, p=1).hex()


def add_demo_users(db: Database) -> None:
    """Write the demo cashier and manager (idempotent)."""
    for user in DEMO_USERS:
        add_user(db, *user)


def add_user(
    db: Database, username: str, password: str, user_id: int, name: str, role: str
) -> None:
    """Write one user who signs in with ``password`` (kept as a salted digest); one already
    there is left as it is."""
    salt = secrets.token_hex(8)
    with db.connect() as conn:
        conn.execute(
            "INSERT OR IGNORE INTO users VALUES (?, ?, ?, ?, ?, ?)",
            (username, _hash_password(password, salt), salt, user_id, name, role),
        )


def check_password(db: Database, username: str, password: str) -> Principal | None:
    """The user if the password is right, else None."""
    row = (
        db.connect()
        .execute(
            "SELECT password_hash, salt, user_id, name, role FROM users WHERE username = ?",
            (username,),
        )
        .fetchone()
    )
    if row is None:
        _hash_password(password, "timing")  # same work for unknown users
        return None
    stored, salt, user_id, name, role = row
    if not hmac.compare_digest(stored, _hash_password(password, salt)):
        return None
    return Principal(subject=username, user_id=int(user_id), name=name, roles=(role,))


TOKEN_MINUTES = 480
"""A training token lasts a shift (``serve --token-minutes`` shortens it, to hear its end)."""


def issue_token(
    secret: str,
    *,
    subject: str,
    user_id: int,
    name: str,
    roles: tuple[str, ...],
    minutes: float = TOKEN_MINUTES,
    dialects: Dialects = frozenset(),
) -> str:
    """A signed token valid for ``minutes``, its claims written as ``dialects`` write them."""
    now = datetime.now(UTC)
    if Dialect.UPPER_ROLES in dialects:
        roles = tuple(role.upper() for role in roles)
    claims: dict[str, Any]
    if Dialect.PASSPORT in dialects:
        claims = {"sub": str(user_id), "username": subject, "role": roles[0] if roles else ""}
    else:
        claims = {"sub": subject, "userId": user_id, "name": name, "roles": list(roles)}
    claims.update(iat=now, exp=now + timedelta(minutes=minutes))
    return jwt.encode(claims, secret, algorithm=ALGORITHM)


def verify_token(secret: str, token: str) -> Principal | None:
    """The principal of a valid token; None for a forged, expired or malformed one."""
    try:
        claims = jwt.decode(
            token, secret, algorithms=[ALGORITHM], options={"require": ["exp", "sub"]}
        )
    except jwt.PyJWTError:
        return None
    roles = claims.get("roles") or claims.get("role") or []
    if isinstance(roles, str):
        roles = [roles]
    try:
        user_id: int | None = int(claims.get("userId", claims["sub"]))
    except (TypeError, ValueError):
        user_id = None  # a subject that is not a number (a UUID): still that user's token
    return Principal(
        subject=str(claims["sub"]),
        user_id=user_id,
        name=str(claims.get("name", claims.get("username", ""))),
        roles=tuple(str(role).casefold() for role in roles),
    )
