"""Kept slips and the sender, set up as the tests of the outbox need them: a slip as the form
writes it, what the form knew, a sender on a real sandbox, and its news read in turn."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from desktop_app import api
from desktop_app.api.models import NewPayment, Order
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.kept_slip import KeptFacts
from desktop_app.core.outbox import Outbox
from desktop_app.core.sender_news import SenderNews, SenderState
from desktop_app.sandbox.server import SandboxServer

CASHIER = 1001
CREATE = "/api/v1/orders-payment/payments/create"


def slip(order: Order, nsu: str, amount: str = "1.00", last_four: str = "4242") -> NewPayment:
    return NewPayment(
        order_id=order.order_id, card="*" * 12 + last_four, auth="AB12CD", nsu=nsu,
        installments=1, amount=Decimal(amount), flag_name="Visa", payment_type="credit",
        user_id=CASHIER,
    )  # fmt: skip


def facts(order: Order | None) -> KeptFacts:
    """What the form knew: the order from the list on screen (None: typed by hand)."""
    if order is None:
        return KeptFacts(user_id=CASHIER, user_name="Ana Caixa", order_from_list=False)
    return KeptFacts(
        user_id=CASHIER, user_name="Ana Caixa", order_from_list=True,
        balance=order.amount - order.amount_paid, read_at=datetime.now(UTC),
    )  # fmt: skip


def client_of(sandbox: SandboxServer, token: str | None = None) -> api.ApiClient:
    token = token if token is not None else sandbox.token("cashier", CASHIER)
    return api.ApiClient(sandbox.base_url, token, timeout=5, backoff_base=0.01, max_retries=0)


def sender_of(sandbox: SandboxServer, tmp_path: Path, token: str | None = None) -> Outbox:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    return Outbox(client_of(sandbox, token), journal)


async def open_orders(sender: Outbox, count: int = 3) -> list[Order]:
    orders = await sender.client.list_orders("001")
    return [o for o in orders if o.amount - o.amount_paid > 50][:count]


def listened(sender: Outbox) -> asyncio.Queue[SenderNews]:
    """Every piece of the sender's news, in a queue to read in turn."""
    news: asyncio.Queue[SenderNews] = asyncio.Queue()
    sender.on_news = news.put_nowait
    return news


async def heard(news: asyncio.Queue[SenderNews], state: SenderState) -> SenderNews:
    """The sender's next news of ``state`` (what came before it passed over)."""
    while (news_item := await news.get()).state is not state:
        pass
    return news_item


async def at_service(sender: Outbox, order: Order) -> list[str]:
    return [p.nsu for p in await sender.client.list_payments(order.order_id)]
