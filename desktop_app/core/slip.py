"""A terminal's slip as the payment form takes it: the rules that make it a payment.

The form hands over what was typed (:class:`SlipEntry`); :func:`payment_of` gives back the
:class:`~desktop_app.api.models.NewPayment` to send, or the first :class:`Problem` in the order a
cashier reads the slip (amount, card, NSU, authorization, brand). Each problem names the field
it is about; the window says it in words and puts the cursor there.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from desktop_app.api.models import NewPayment, in_cents
from desktop_app.core.cards import masked

if TYPE_CHECKING:
    from desktop_app.api.models import Order

BRANDS = ("Visa", "Mastercard", "Elo", "American Express", "Hipercard", "Diners Club", "Cabal")
"""The brands offered, each written its own way."""
PAYMENT_TYPES = ("credit", "debit")
"""The payment types offered (the service's own values)."""


class Field(enum.Enum):
    """A field of the slip, as the form shows it."""

    AMOUNT = "amount"
    LAST_FOUR = "last_four"
    NSU = "nsu"
    AUTH = "auth"
    BRAND = "brand"
    USER = "user_id"


NSU_DIGITS = 12
"""The most digits an NSU has on a terminal's slip. (The field takes more as typed, so that the
card guard sees a whole card number typed there by mistake, and refuses it.)"""


class Problem(enum.Enum):
    """What keeps a slip from being a payment, and the field it is about."""

    # The sign-in named no user number: nothing is sent under a made-up one.
    NO_USER_NUMBER = ("no_user_number", Field.USER)
    NO_AMOUNT = ("no_amount", Field.AMOUNT)  # not typed, not a number, or not over zero
    FRACTION_OF_A_CENT = ("fraction_of_a_cent", Field.AMOUNT)
    OVER_BALANCE = ("over_balance", Field.AMOUNT)
    MORE_THAN_LAST_FOUR = ("more_than_last_four", Field.LAST_FOUR)
    NO_LAST_FOUR = ("no_last_four", Field.LAST_FOUR)
    NO_NSU = ("no_nsu", Field.NSU)
    LONG_NSU = ("long_nsu", Field.NSU)  # more digits than a terminal's NSU has
    NO_AUTH = ("no_auth", Field.AUTH)
    NO_BRAND = ("no_brand", Field.BRAND)

    @property
    def field(self) -> Field:
        """The field to correct."""
        return self.value[1]


@dataclass(frozen=True, slots=True)
class SlipEntry:
    """What the form holds: the amount as read from the person's typing (None: unreadable),
    the rest as typed."""

    amount: Decimal | None
    last_four: str
    nsu: str
    auth: str
    brand: str
    payment_type: str
    installments: int
    user_id: int | None  # the signed-in user's number (None: the sign-in named none)


def payment_of(
    slip: SlipEntry, order: Order, *, kept: Decimal = Decimal(0), over_held: bool = False
) -> NewPayment | Problem:
    """The payment ``slip`` records against ``order``, or the first thing to correct.

    ``kept``: what slips kept here for the order add up to, which the service does not count
    yet (the balance left is its balance due less them). ``over_held``: a slip over that is
    kept and held for a person, never refused (the service is away; the terminal approved it)."""
    if slip.user_id is None:
        return Problem.NO_USER_NUMBER
    try:  # the card as sent, when the last four are four digits (core.cards says what those are)
        card: str | None = masked(slip.last_four)
    except ValueError:
        card = None
    amount = slip.amount
    if amount is None or amount <= 0:
        return Problem.NO_AMOUNT
    try:
        cents = in_cents(amount)
    except ValueError:  # past any money: over any balance
        return Problem.OVER_BALANCE
    if cents is None:
        return Problem.FRACTION_OF_A_CENT
    if cents > order.balance_due - kept and not over_held:
        return Problem.OVER_BALANCE
    if len(slip.last_four) > 4:
        return Problem.MORE_THAN_LAST_FOUR
    if card is None:
        return Problem.NO_LAST_FOUR
    if not slip.nsu:
        return Problem.NO_NSU
    if len(slip.nsu) > NSU_DIGITS:
        return Problem.LONG_NSU
    if not slip.auth:
        return Problem.NO_AUTH
    brand = slip.brand.strip()
    if not brand:
        return Problem.NO_BRAND
    return NewPayment(
        order_id=order.order_id,
        card=card,
        auth=slip.auth.upper(),
        nsu=slip.nsu,
        installments=slip.installments,
        amount=cents,
        # A brand the app knows is written its own way, however it was typed or completed.
        flag_name=next((known for known in BRANDS if known.casefold() == brand.casefold()), brand),
        payment_type=slip.payment_type,
        user_id=slip.user_id,
    )
