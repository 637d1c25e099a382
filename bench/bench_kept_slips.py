"""Sending 200 slips kept while the service was down, once it is back.

The sandbox runs in a process of its own; the sender runs on a qasync loop shared with a 5 ms
``QTimer``, as in the app. Each slip is one read (the order's payments: the duplicate check)
and one create, with the journal written before and after.

Floor, measured in the same run: 200 sequential creates of other slips over the same loopback
link (an httpx POST each, nothing else). Targets: the flush within 2.5x of the floor; the
largest gap of the timer under 30 ms (``largest_gap_machine_held_ms``: how long a process that
does nothing was held over that same moment; see ``common.Bystander``).

A second case keeps five slips on each of 40 orders: each order's payments are read once a
round (``reads_per_order_five``: reads of the order lists in that round, per order), so it is
faster than one slip an order (``five_per_order_ratio`` against the same floor).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import httpx
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from bench.common import OUT, Bystander, SandboxProcess, report
from desktop_app import api
from desktop_app.api.models import NewPayment, Order, Payment
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_states import EntryState
from desktop_app.core.keeping import keep_slip
from desktop_app.core.kept_slip import KeptFacts
from desktop_app.core.outbox import Outbox
from desktop_app.core.sender_news import SenderState
from desktop_app.gui.shell.event_loop import AppEventLoop

SLIPS = 200
ROUNDS = 3  # floor and flush in turn; medians reported


class SmallSandbox(SandboxProcess):
    """The sandbox with a store of a few hundred orders (slips go to many of them)."""

    def command(self, port: int) -> list[str]:
        return [*super().command(port), "--stores", "1", "--orders-per-store", "400"]


class TimerGap:
    """A 5 ms QTimer that remembers its longest interval and when it ended."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.timeout.connect(self._tick)
        self.largest = self.ended = 0.0
        self._last = time.monotonic()

    def _tick(self) -> None:
        now = time.monotonic()
        if now - self._last > self.largest:
            self.largest, self.ended = now - self._last, now
        self._last = now

    def start(self) -> None:
        self.largest, self._last = 0.0, time.monotonic()
        self.timer.start()


def slips(orders: list[Order], mark: str, first_card: int, per_order: int = 1) -> list[NewPayment]:
    """``SLIPS`` slips of R$0.01 over ``orders``, ``per_order`` on each in turn, each its own
    transaction and card (cards from ``first_card`` on: the same card and amount on one order
    within minutes would be held as a near duplicate)."""
    return [
        NewPayment(
            order_id=orders[(number // per_order) % len(orders)].order_id,
            card=f"************{first_card + number:04}",
            auth=f"{mark}{number}",
            nsu=f"{mark}-{number}",
            installments=1,
            amount=Decimal("0.01"),
            flag_name="Visa",
            payment_type="credit",
            user_id=2001,
        )
        for number in range(SLIPS)
    ]


async def floor(base_url: str, token: str, payments: list[NewPayment]) -> float:
    """200 sequential creates and nothing else."""
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    async with httpx.AsyncClient(base_url=base_url, headers=headers, trust_env=False) as http:
        await http.get("/api/v1/data-consult/stores")  # the connection made before timing
        started = time.perf_counter()
        for payment in payments:
            (
                await http.post("/api/v1/orders-payment/payments/create", content=payment.to_json())
            ).raise_for_status()
        return time.perf_counter() - started


async def flush(
    base_url: str, token: str, payments: list[NewPayment], folder: Path, meter: TimerGap
) -> tuple[float, int]:
    """Keep the slips, then time the sender's round that sends them all; with how many times
    it read an order's payments."""
    journal = PaymentJournal(folder / f"journal-{payments[0].nsu}.sqlite3")
    facts = KeptFacts(
        user_id=2001, user_name="Marcos Gerente", order_from_list=True,
        balance=Decimal("1000000"), read_at=datetime.now(UTC),
    )  # fmt: skip
    for payment in payments:
        keep_slip(journal, "001", payment, facts)
    async with api.ApiClient(base_url, token) as client:
        await client.list_stores()  # the connection made before timing, as for the floor
        sender = Outbox(client, journal)
        reads = 0
        read_payments = client.list_payments

        async def counted(order_id: int) -> api.Listing[Payment]:
            nonlocal reads
            reads += 1
            return await read_payments(order_id)

        client.list_payments = counted  # type: ignore[method-assign]
        meter.start()
        started = time.perf_counter()
        state = await sender.flush()
        took = time.perf_counter() - started
        meter.timer.stop()
    confirmed = len(journal.entries_in((EntryState.CONFIRMED,)))
    journal.close()
    if state is not SenderState.IDLE or confirmed != SLIPS:
        sys.exit(f"the round ended {state.value} with {confirmed} of {SLIPS} confirmed")
    return took, reads


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("kept-slips.sqlite3*"):  # each run on a fresh store (a second)
        old.unlink()
    service = SmallSandbox(OUT / "kept-slips.sqlite3").start()
    token = service.token()
    app = QApplication.instance() or QApplication([])
    loop = AppEventLoop(app)
    asyncio.set_event_loop(loop)
    bystander = Bystander()
    meter = TimerGap()
    stamp = uuid.uuid4().hex[:6]  # each run's slips their own (short: no card-like digit run)

    async def rounds() -> dict[str, float]:
        async with api.ApiClient(service.base_url, token) as client:
            listed = await client.list_orders("001")
        orders = [o for o in listed if o.amount - o.amount_paid > 10]
        floors, flushes, fives, gaps, held = [], [], [], [], []
        reads_five = 0
        with tempfile.TemporaryDirectory() as folder:
            for number in range(ROUNDS):
                floors.append(
                    await floor(
                        service.base_url,
                        token,
                        slips(orders, f"F{stamp}{number}", 3 * SLIPS * number),
                    )
                )
                mine = slips(orders, f"K{stamp}{number}", 3 * SLIPS * number + SLIPS)
                flushes.append((await flush(service.base_url, token, mine, Path(folder), meter))[0])
                gaps.append(meter.largest)
                held.append(bystander.held_during(meter.ended - meter.largest, meter.ended))
                five = slips(orders, f"V{stamp}{number}", 3 * SLIPS * number + 2 * SLIPS, 5)
                took, reads_five = await flush(service.base_url, token, five, Path(folder), meter)
                fives.append(took)
        worst = max(range(ROUNDS), key=gaps.__getitem__)
        floor_s, flush_s = sorted(floors)[ROUNDS // 2], sorted(flushes)[ROUNDS // 2]
        five_s = sorted(fives)[ROUNDS // 2]
        return {
            "slips": SLIPS,
            "floor_s": floor_s,
            "flush_s": flush_s,
            "flush_ratio": flush_s / floor_s,
            "five_per_order_s": five_s,
            "five_per_order_ratio": five_s / floor_s,
            "reads_per_order_five": reads_five / (SLIPS // 5),
            "largest_timer_gap_ms": gaps[worst] * 1000,
            "largest_gap_machine_held_ms": held[worst] * 1000,
        }

    try:
        with loop:
            figures = loop.run_until_complete(rounds())
    finally:
        bystander.stop()
        service.stop()
    report(figures)


if __name__ == "__main__":
    main()
