"""Wire models of ``/api/v1``: snake_case attributes, the service's camelCase names as aliases.

The read models are slotted pydantic dataclasses rather than ``BaseModel``: 100,000 orders take
about half the memory and two thirds of the validation time (measured on this stack). Money is
``Decimal``; a time is an aware datetime, or a ``date`` where the service wrote only a day
(see :mod:`desktop_app.api.after_validation`, which reads each slice after validation). Unknown
fields are ignored and identifiers that arrive as JSON numbers are accepted as strings, so a service
that grows a field or changes an id's type does not break the app. Only identifiers and amounts
are required: a missing or ``null`` display field shows as not given rather than hiding the
whole list. An order keeps its amounts as the JSON numbers they came as and makes their
``Decimal`` when asked (see :class:`Order`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from datetime import UTC, date, datetime, tzinfo
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import (
    AfterValidator,
    AwareDatetime,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    StringConstraints,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
)
from pydantic.dataclasses import dataclass
from pydantic.types import AllowInfNan, Strict
from pydantic_core import core_schema

from desktop_app.api import routes

_READ_CONFIG = ConfigDict(
    extra="ignore",
    coerce_numbers_to_str=True,
    validate_by_alias=True,
    validate_by_name=True,
    ser_json_inf_nan="strings",
)
_OWN_VALUES_CONFIG = ConfigDict(**_READ_CONFIG, cache_strings="keys")
"""For what is read one at a time and whose values are its own (a payment's NSU, authorization
code, card): pydantic's process-wide cache of strings would keep them for nothing, pushing out
what repeats (statuses, names). Read at every payment, they filled it in a week (a list of
them too: :func:`_list_of` carries the setting to the list's reader)."""
_WRITE_CONFIG = ConfigDict(
    extra="forbid",
    validate_by_alias=True,
    validate_by_name=True,
    cache_strings="keys",  # a body's values are its own, as a payment's (_OWN_VALUES_CONFIG)
)


def wire(name: str, default: Any = ...) -> Any:
    """A field named ``name`` on the wire. Validation and serialisation aliases (rather than
    ``alias``) keep the Python constructor on the snake_case names for type checkers too."""
    return Field(default, validation_alias=name, serialization_alias=name)


def _in_the_services_zone(moment: datetime, info: ValidationInfo) -> datetime:
    """A timestamp written with no zone is in the service's: the ``zone`` of what it is read
    with (``desktop_app.api.after_validation.Reading``, the validation's context), else UTC as the
    interface says."""
    if moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=getattr(info.context, "zone", UTC))


if TYPE_CHECKING:
    Moment = datetime | date
else:
    Moment = Annotated[
        Annotated[AwareDatetime, Strict()]
        | Annotated[date, Strict()]
        | Annotated[datetime, AfterValidator(_in_the_services_zone)],
        Field(union_mode="left_to_right"),
    ]
"""When something happened: a timestamp with its zone (``Z``, an offset; fractional seconds
accepted); a calendar day where the service wrote only a date (``2026-08-28``), which no zone
moves; else a timestamp with no zone, put in the service's (a number of seconds is UTC).
Tried in that order, the first that reads wins, all in Rust for a timestamp with its zone:
pydantic's default union tries every member of every value (a twentieth of reading a store's
orders), and a look at each timestamp in Python another fiftieth."""


@dataclasses.dataclass(frozen=True)
class _InZone:
    zone: tzinfo


def moment_in(value: object, zone: tzinfo = UTC) -> datetime | date | None:
    """A time the service wrote where no model reads it (an invoice's answer, whose shape is not
    the interface's), read by the one rule every time of every answer is read by
    (:data:`Moment`'s, with ``zone`` the service's); None when it reads as no time."""
    if value is None or isinstance(value, bool):
        return None
    try:
        text = json.dumps(value)
        return _MOMENT.validate_json(text, context=_InZone(zone))  # type: ignore[no-any-return]
    except (ValidationError, TypeError, ValueError):
        return None


class _NotGivenIsEmpty:
    """A text that is ``null``, or not a text at all (a list, an object), is empty: read in
    Rust as the rest of the element (a Python validator would run once per field of 100,000
    orders), so the rest of the app only ever sees a ``str`` and the row is never dropped."""

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.with_default_schema(handler(str), default="", on_error="default")


Text = Annotated[str, _NotGivenIsEmpty]
"""A text of the service, shown as not given when it sends none."""


class _NotGivenIsOne:
    """An order's count of installments that is ``null`` (or not a count) is one: read in
    Rust, for the reason of :class:`_NotGivenIsEmpty`; one installment is what may be offered."""

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.with_default_schema(handler(int), default=1, on_error="default")


Count = Annotated[int, Field(ge=-(10**18), le=10**18), _NotGivenIsOne]
"""Installments: one when the service says none."""

if TYPE_CHECKING:
    GivenNumber = int
    GivenMoney = int | float | Decimal
else:
    GivenNumber = Annotated[int, Field(ge=-(10**18), le=10**18)] | None
    """A number the service may leave out or send as ``null``: read as its default (or to
    what was asked) right after validation."""

PathId = Annotated[str, StringConstraints(pattern=r"\S")]
"""An identifier that goes into a request's path: never blank (an empty one would make the
path another route's), so a store without one is left out of the list and reported."""

Number = Annotated[int, Field(ge=-(10**18), le=10**18)]
"""An order number, a count: any real one fits; a JSON number of thousands of digits, which
Python cannot even write out, makes its element unreadable rather than every view that shows
it fail."""

Money = Annotated[Decimal, Field(allow_inf_nan=False)]
"""An amount of money. Exact for any value of up to 15 significant digits; one within a
millionth of a cent of a cent is that cent (see :mod:`~desktop_app.api.after_validation`)."""

WireMoney = Annotated[int, Strict()] | Annotated[float, Strict(), AllowInfNan(False)] | Money
"""An amount of money as the JSON number it came as: an ``int`` when whole, else the ``float``
pydantic reads a JSON fraction into. pydantic's own ``Decimal`` fields read a fraction through
that same float and make the ``Decimal`` of its shortest text (``12345678901234567.89`` becomes
``12345678901234568``), so :func:`money_of` gives exactly what a :data:`Money` field would.
Anything but a plain number (text, ``true``) is left to a :data:`Money` field itself, so it is
taken or refused as there (a ``bool`` is not an amount, though Python's ``int`` would take it)."""
if not TYPE_CHECKING:
    GivenMoney = WireMoney | None
    """An amount the service may send as ``null`` (nothing paid yet): read as 0."""


_CENT = Decimal("0.01")
NOISE = Decimal("0.00000001")
"""A millionth of a cent, in the currency's units: the most a float's sum strays from a cent."""


def to_cent(value: Decimal) -> Decimal | None:
    """``value`` as an amount of whole cents: itself with at most two decimals, the nearest cent
    when it lies within :data:`NOISE` of one, else None (not an amount of money)."""
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int):
        return None
    if exponent >= -2:
        return value
    try:
        cent = value.quantize(_CENT)
    except InvalidOperation:
        return None
    return cent if abs(value - cent) <= NOISE else None


def money_of(number: int | float | Decimal, *, snap: bool = True) -> Decimal:
    """The ``Decimal`` of an amount read as :data:`WireMoney`: exact for an ``int``; for a
    ``float``, its shortest text (``0.1`` is ``Decimal('0.1')``, never the binary fraction).
    With ``snap``, a value within a millionth of a cent of a cent is that cent (a float's sum:
    ``4986.8099999999995`` is ``4986.81``)."""
    value = Decimal(repr(number)) if type(number) is float else Decimal(number)
    cent = to_cent(value) if snap else None
    return value if cent is None else cent


@dataclass(slots=True, frozen=True, config=_READ_CONFIG)
class Store:
    """One store the signed-in user may work in."""

    id: PathId
    name: Text = ""
    store: Text = ""

    @property
    def label(self) -> str:
        """What to show a person: the service's label, else ``id - name``."""
        return self.store or (f"{self.id} - {self.name}" if self.name else self.id)


@dataclass(slots=True, frozen=True, config=_READ_CONFIG)
class Seller:
    """A salesperson."""

    id: str
    name: Text = ""


@dataclass(slots=True, frozen=True, config=_READ_CONFIG)
class BillingRecord:
    """A revenue record: a total for a date (a day may have several: one per store, say)."""

    date: Moment
    total: Money
    id: Text = ""


@dataclass(slots=True, frozen=True, config=_READ_CONFIG)
class Customer:
    """A customer found by a search."""

    id: str
    name: Text = ""
    document: Text = ""


@dataclass(slots=True, frozen=True, config=_READ_CONFIG)
class Product:
    """A product found by a search."""

    id: str
    name: Text = ""
    manufacturer_code: Text = wire("manufacturerCode", default="")


@dataclass(slots=True, frozen=True, config=_READ_CONFIG)
class Order:
    """An order of a store (the service's OrderDto).

    Its amounts are kept as the JSON numbers they came as (``amount_number``,
    ``amount_paid_number``; one sent as text keeps its ``Decimal``) and read as ``Decimal``
    (``amount``, ``amount_paid``): making two ``Decimal`` per order took a sixth of decoding a
    store's orders (60 ms per 100,000), for values most of which are never looked at one by one.
    Sums, sorts and filters over many orders work on exact cents
    (``desktop_app.core.orders.cents``), never on the floats' arithmetic.
    """

    order_id: Number = wire("orderId")
    amount_number: WireMoney = wire("amount")
    create_date: Moment | None = wire("createDate", default=None)
    store_id: Text = wire("storeId", default="")
    customer_id: Text = wire("customerId", default="")
    customer_name: Text = wire("customerName", default="")
    seller_id: Text = wire("sellerId", default="")
    seller_name: Text = wire("sellerName", default="")
    billing_id: Text = wire("billingId", default="")
    billing_name: Text = wire("billingName", default="")
    plan_id: Text = wire("planId", default="")
    plan_name: Text = wire("planName", default="")
    installments: Count = wire("installments", default=1)
    amount_paid_number: GivenMoney = wire("amountPaid", default=0)

    @property
    def amount(self) -> Decimal:
        """What the order is worth."""
        return money_of(self.amount_number)

    @property
    def amount_paid(self) -> Decimal:
        """What was paid against it so far."""
        return money_of(self.amount_paid_number)

    @property
    def balance_due(self) -> Decimal:
        """What is still to be paid; never negative."""
        return max(self.amount - self.amount_paid, Decimal(0))


@dataclass(slots=True, frozen=True, config=_OWN_VALUES_CONFIG)
class Payment:
    """A payment recorded against an order (the service's PaymentDto)."""

    amount: Money = wire("amount")
    order_id: GivenNumber = wire("orderId", default=None)  # none: the order asked about
    pay_date: Moment | None = wire("payDate", default=None)
    card: Text = wire("card", default="")  # none: a payment with no card (Pix, cash)
    installments: Count = wire("installments", default=1)
    flag_name: Text = wire("flagName", default="")
    type: Text = wire("type", default="")
    user_id: Text = wire("userId", default="")
    nsu: Text = wire("nsu", default="")
    auth: Text = wire("auth", default="")


def in_cents(value: Decimal) -> Decimal | None:
    """``value`` with two decimals, or None when it has finer fractions than cents.

    Raises ``ValueError`` past what a decimal context holds in cents (``1e308``): no amount of
    money, and so a validation error like any other, not an arithmetic one."""
    try:
        cents = value.quantize(Decimal("0.01"))
    except InvalidOperation:
        raise ValueError("an amount of money is at most 26 digits before its cents") from None
    return cents if cents == value else None


def _two_decimals(value: Decimal) -> Decimal:
    cents = in_cents(value)
    if cents is None:
        raise ValueError("an amount of money has at most two decimals")
    return cents


@dataclass(slots=True, frozen=True, config=_WRITE_CONFIG)
class NewPayment:
    """The create-payment body. ``card`` is the masked form: only the last four digits show."""

    order_id: Number = wire("orderId")
    card: str = wire("card")
    auth: str = wire("auth")
    nsu: str = wire("nsu")
    installments: int = wire("installments")
    amount: Annotated[Money, AfterValidator(_two_decimals)] = wire("amount")
    flag_name: str = wire("flagName")
    payment_type: str = wire("paymentType")
    user_id: int = wire("userId")

    def wire_fields(self) -> dict[str, Any]:
        """The body's fields by the interface's names, money as ``Decimal``."""
        fields: dict[str, Any] = _NEW_PAYMENT.dump_python(self, by_alias=True)
        return fields

    def to_json(self) -> bytes:
        """The body exactly as the interface spells it; money as a number with two decimals."""
        return encode_body(self.wire_fields())


@dataclass(slots=True, frozen=True, config=_WRITE_CONFIG)
class NewInvoice:
    """The create-invoice body."""

    order_id: Number = wire("orderId")
    user_id: int = wire("userId")

    def wire_fields(self) -> dict[str, Any]:
        """The body's fields by the interface's names."""
        fields: dict[str, Any] = _NEW_INVOICE.dump_python(self, by_alias=True)
        return fields


def encode_body(fields: Mapping[str, Any]) -> bytes:
    """JSON of a flat body, with ``Decimal`` written as a JSON number (``12.50``, never a string).

    The standard encoder knows no ``Decimal`` and a float would print ``12.5`` or worse, so the
    one number type that matters is written by hand and everything else by :mod:`json`.
    """
    parts = []
    for key, value in fields.items():
        text = format(value, "f") if isinstance(value, Decimal) else json.dumps(value)
        parts.append(f"{json.dumps(key)}:{text}")
    return ("{" + ",".join(parts) + "}").encode()


_MOMENT: TypeAdapter[Any] = TypeAdapter(Moment)
_NEW_PAYMENT = TypeAdapter(NewPayment)
_NEW_INVOICE = TypeAdapter(NewInvoice)

__all__ = [
    "BillingRecord",
    "Customer",
    "Moment",
    "Money",
    "NewInvoice",
    "NewPayment",
    "Order",
    "Payment",
    "Product",
    "Seller",
    "Store",
    "WireMoney",
    "in_cents",
    "money_of",
    "to_cent",
]


def _list_of(item: type[Any]) -> TypeAdapter[Any]:
    """The reader of a list of ``item``, with the item's setting for pydantic's cache of
    strings: the cache is the parse's, and a list's parse is its adapter's, whatever its items'
    config says. Read with pydantic's default, an order's payments kept three strings of every
    payment: in two-week soaks (bench/bench_shift.py), Python's live blocks grew 0.21-0.25 MiB
    per 1,000 payments so, 0.04 with the payments' own setting (2026-11-30)."""
    cache = item.__pydantic_config__.get("cache_strings", True)
    return TypeAdapter(list[item], config=ConfigDict(cache_strings=cache))  # type: ignore[valid-type]


LISTS: dict[str, TypeAdapter[Any]] = {
    routes.STORES: _list_of(Store),
    routes.SELLERS: _list_of(Seller),
    routes.BILLINGS: _list_of(BillingRecord),
    routes.CUSTOMERS: _list_of(Customer),
    routes.PRODUCTS: _list_of(Product),
    routes.ORDERS: _list_of(Order),
    routes.PAYMENTS: _list_of(Payment),
}
"""How each list answer is read, by its route."""
ONE_ORDER = TypeAdapter(Order)
"""How one order is read."""
