"""What a slip kept at the desk while the service could not be reached carries with it.

The journal keeps these beside the slip (:mod:`desktop_app.core.journal`); the sender
(:mod:`desktop_app.core.keeping`) and the person who looks at a held slip read them.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal


class HoldReason(enum.StrEnum):
    """Why a kept slip waits for a person before it is sent."""

    TYPED_ORDER = "typed_order"  # its order was typed by hand: confirm it with the order in view
    OVER_BALANCE = "over_balance"  # more than was left of its order's balance (read, less kept)
    NEAR_DUPLICATE = "near_duplicate"  # the order has a payment of the same amount and card
    SAME_TRANSACTION_DIFFERS = "same_transaction_differs"  # same NSU + auth, another amount/card
    CANNOT_TELL = "cannot_tell"  # the order's payments could be read only in part


@dataclass(frozen=True, slots=True)
class KeptFacts:
    """What was known when a slip was kept at the desk, for the person who looks at it later."""

    user_id: int
    user_name: str
    order_from_list: bool  # False: the order number was typed by hand
    balance: Decimal | None = None  # the order's balance in the list on screen
    read_at: datetime | None = None  # when that list was read from the service
    cleared: tuple[HoldReason, ...] = ()  # holds a person has already looked at and let go

    def to_json(self) -> str:
        """The facts as the journal keeps them."""
        return json.dumps(
            {
                "user_id": self.user_id,
                "user_name": self.user_name,
                "order_from_list": self.order_from_list,
                "balance": None if self.balance is None else str(self.balance),
                "read_at": None if self.read_at is None else self.read_at.isoformat(),
                "cleared": [str(reason) for reason in self.cleared],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> KeptFacts | None:
        """The facts of a journal row (None: the slip was not kept)."""
        if not text:
            return None
        facts = json.loads(text)
        return cls(
            user_id=int(facts["user_id"]),
            user_name=str(facts["user_name"]),
            order_from_list=bool(facts["order_from_list"]),
            balance=None if facts["balance"] is None else Decimal(facts["balance"]),
            read_at=None if facts["read_at"] is None else datetime.fromisoformat(facts["read_at"]),
            cleared=tuple(HoldReason(reason) for reason in facts["cleared"]),
        )
