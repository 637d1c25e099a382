"""Sign-in: the sandbox-only training login, and the bearer token every other route asks for."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from desktop_app.sandbox import auth
from desktop_app.sandbox.dialects import Dialect, Speaks
from desktop_app.sandbox.schemas import TokenOut, answers
from desktop_app.sandbox.wire import Db, ServiceError, json_answer

router = APIRouter(prefix="/auth", tags=["sandbox"])


class LoginBody(BaseModel):
    """The sandbox-only training sign-in."""

    username: str = Field(max_length=100)
    password: str = Field(max_length=200)


@router.post(
    "/login",
    summary="Training sign-in (sandbox only)",
    responses=answers(TokenOut, 400, 401),
)
def login(body: LoginBody, db: Db, request: Request, dialects: Speaks) -> Response:
    who = auth.check_password(db, body.username, body.password)
    if who is None or who.user_id is None:
        raise ServiceError(401, "Wrong user name or password")
    minutes = request.app.state.token_minutes
    token = auth.issue_token(
        request.app.state.secret,
        subject=who.subject,
        user_id=who.user_id,
        name=who.name,
        roles=who.roles,
        minutes=minutes,
        dialects=dialects,
    )
    if Dialect.WRAPPED_SIGN_IN in dialects:
        return json_answer({"data": {"accessToken": token, "expiresIn": round(minutes * 60)}})
    return json_answer(
        {"access_token": token, "token_type": "bearer", "expires_in": round(minutes * 60)}
    )


def current_user(request: Request) -> auth.Principal:
    """The caller named by a valid bearer token; 401 otherwise."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ServiceError(401, "Missing bearer token")
    found = auth.verify_token(request.app.state.secret, token.strip())
    if found is None:
        raise ServiceError(401, "Invalid or expired token")
    return found


User = Annotated[auth.Principal, Depends(current_user)]
