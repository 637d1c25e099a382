"""What the sandbox's answers look like, for ``/openapi.json``.

The endpoints write their JSON straight from SQLite (fast, exact money), so FastAPI cannot infer
these shapes; they are declared here, from the interface document, and schemathesis checks that
every answer matches them.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StoreOut(_Out):
    id: str
    name: str
    store: str


class SellerOut(_Out):
    id: str
    name: str


class BillingOut(_Out):
    id: str
    date: str
    total: float


class CustomerOut(_Out):
    id: str
    name: str
    document: str


class ProductOut(_Out):
    id: str
    name: str
    manufacturerCode: str  # noqa: N815


class OrderOut(_Out):
    createDate: str  # noqa: N815
    storeId: str  # noqa: N815
    orderId: int  # noqa: N815
    customerId: str  # noqa: N815
    customerName: str  # noqa: N815
    sellerId: str  # noqa: N815
    sellerName: str  # noqa: N815
    billingId: str  # noqa: N815
    billingName: str  # noqa: N815
    planId: str  # noqa: N815
    planName: str  # noqa: N815
    amount: float
    installments: int
    amountPaid: float  # noqa: N815


class PaymentOut(_Out):
    orderId: int  # noqa: N815
    payDate: str  # noqa: N815
    card: str
    installments: int
    flagName: str  # noqa: N815
    type: str
    amount: float
    userId: str  # noqa: N815
    nsu: str
    auth: str


class InvoiceOut(_Out):
    number: int
    series: str
    issueDate: str  # noqa: N815
    orderId: int  # noqa: N815
    amount: float
    accessKey: str  # noqa: N815


class TokenOut(_Out):
    access_token: str
    token_type: str
    expires_in: int


class ErrorOut(_Out):
    statusCode: int  # noqa: N815
    message: str | list[str]
    error: str


_ERROR_TEXT = {
    400: "Invalid request",
    401: "Missing, forged or expired token",
    403: "Not allowed for this user",
    404: "Not found",
    500: "Internal server error",
    503: "Service unavailable (an injected fault)",
}


def answers(ok: Any, *errors: int, status: int = 200) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route: ``ok`` on success and the error shape for ``errors``."""
    documented: dict[int | str, dict[str, Any]] = {status: {"model": ok, "description": "OK"}}
    for code in (*errors, 500, 503):
        documented[code] = {"model": ErrorOut, "description": _ERROR_TEXT[code]}
    return documented
