"""The sandbox service: every endpoint of the store's ``/api/v1`` interface over SQLite.

Written from the interface document alone; it imports nothing of the app's client, so a wrong
field name in one of them cannot hide behind a shared model. This module assembles the
service: one router per route group (:mod:`desktop_app.sandbox.routes`), the guards in front
of them (:mod:`desktop_app.sandbox.guards`) and the one error shape behind them.

Choices where the interface is silent (documented here, beside each rule, and in the README):
* Errors are ``{"statusCode", "message", "error"}`` everywhere; validation errors are 400.
* Other services' choices, one switch each: :mod:`~desktop_app.sandbox.dialects`.
* Searches, writes and the guards: see each router's and :mod:`~desktop_app.sandbox.guards`'
  own docstring.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException

from desktop_app.sandbox.auth import TOKEN_MINUTES
from desktop_app.sandbox.db import Database
from desktop_app.sandbox.dialects import Dialect, Dialects
from desktop_app.sandbox.fault_middleware import FaultMiddleware
from desktop_app.sandbox.faults import Faults
from desktop_app.sandbox.guards import MAX_BODY_SECONDS, BodyLimit, NoCardNumbers, OneSegment
from desktop_app.sandbox.list_shapes import ListShapes
from desktop_app.sandbox.order_list import OrderListCache
from desktop_app.sandbox.routes import data_consult, orders_payment, sign_in
from desktop_app.sandbox.routes import faults as fault_routes
from desktop_app.sandbox.wire import ServiceError, error_json

log = logging.getLogger("desktop_app.sandbox")

PREFIX = "/api/v1"


def create_app(
    db: Database,
    faults: Faults | None = None,
    *,
    fault_control: bool = False,
    body_seconds: float = MAX_BODY_SECONDS,
    dialects: Dialects = frozenset(),
    token_minutes: float = TOKEN_MINUTES,
) -> FastAPI:
    """The ASGI application over ``db``. ``app.state.faults`` holds the fault switches;
    ``body_seconds`` is how long a request body may take to arrive; ``dialects`` are the other
    services' choices it makes; ``token_minutes`` how long a sign-in's token lasts."""
    faults = faults or Faults.from_env()
    app = FastAPI(
        title="Orders, Payments and Reference-Data Service (sandbox)",
        version="1.0",
        description="Local sandbox of /api/v1 for training mode, demos and tests.",
    )
    app.state.db = db
    app.state.faults = faults
    app.state.dialects = dialects
    app.state.secret = db.signing_secret()
    app.state.token_minutes = token_minutes
    app.state.order_lists = OrderListCache(db)

    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(Exception, _unexpected_error)

    for group in (sign_in, data_consult, orders_payment):
        app.include_router(group.router, prefix=PREFIX)
    if fault_control:
        app.include_router(fault_routes.router)

    app.add_middleware(ListShapes, dialects=dialects)  # innermost: a route's whole answer
    app.add_middleware(BodyLimit, seconds=body_seconds)
    app.add_middleware(NoCardNumbers)
    app.add_middleware(OneSegment)
    # Outermost: a fault drops the connection itself, through the server's own receive.
    app.add_middleware(FaultMiddleware, faults=faults)
    return app


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    detail = str(error.detail)
    message: str | list[str] = detail
    if Dialect.NEST_ERRORS in request.app.state.dialects:
        if error.status_code == 404 and not isinstance(error, ServiceError):
            message = f"Cannot {request.method} {request.url.path}"  # NestJS's unknown route
        else:
            message = [detail]
    answer = error_json(error.status_code, message)
    answer.headers.update(error.headers or {})
    return answer


async def _validation_error(_: Request, error: Exception) -> Response:
    # Messages name the field and the rule, never the value: a card number typed into the
    # wrong field must not come back in an answer or a log.
    assert isinstance(error, RequestValidationError)
    messages = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"] if part != "body") or "body"
        messages.append(f"{where}: {item['msg']}")
    return error_json(400, messages or ["invalid request"])


async def _unexpected_error(_: Request, error: Exception) -> Response:
    log.error("unexpected error: %s", type(error).__name__)
    return error_json(500, "Internal server error")
