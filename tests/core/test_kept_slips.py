"""Slips kept while the service cannot be reached, sent once it is back: the sender against a
real sandbox (in this process; the fault tests with the service and the sender in processes of
their own are in ``test_kept_slips_faults.py``)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from desktop_app import api
from desktop_app.api.models import NewPayment, Order, Payment
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_recording import RecordingOffError
from desktop_app.core.journal_states import UNSETTLED, EntryState
from desktop_app.core.keeping import KeepRefusal, SlipNotKeptError, hold_for, keep_slip
from desktop_app.core.kept_slip import HoldReason
from desktop_app.core.outbox import Outbox
from desktop_app.core.payments import DuplicateCheck
from desktop_app.core.sender_news import SenderNews, SenderState
from desktop_app.sandbox.server import SandboxServer
from tests.core.sending import (
    CASHIER,
    CREATE,
    at_service,
    client_of,
    facts,
    heard,
    listened,
    open_orders,
    sender_of,
    slip,
)  # fmt: skip
from tests.helpers import run


def test_kept_slips_go_oldest_first_once_each_when_the_service_is_back(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sandbox.faults.update({"accept_duplicates": True})  # a second create would be recorded
    sender = sender_of(sandbox, tmp_path)
    news: list[SenderNews] = []
    sender.on_news = news.append

    async def scenario() -> None:
        orders = await open_orders(sender)
        kept = [
            keep_slip(sender.journal, "001", slip(o, f"K{i}", f"1.0{i}"), facts(o))
            for i, o in enumerate(orders)
        ]
        assert [e.state for e in kept] == [EntryState.KEPT] * 3
        assert sender.waiting() == 3
        by_order = {o.order_id: Decimal(f"1.0{i}") for i, o in enumerate(orders)}
        assert sender.journal.kept_by_order("001") == by_order  # what the list marks
        assert all(sender.journal.kept_for("001", o) == v for o, v in by_order.items())
        assert sender.journal.kept_by_order("002") == {}
        assert await sender.flush() is SenderState.IDLE
        assert sender.journal.kept_by_order("001") == {}  # the service counts them now
        sent = [n.entry.id for n in news if n.entry is not None]
        assert sent == [e.id for e in kept]  # oldest first, each told as it went
        for i, order in enumerate(orders):
            assert (await at_service(sender, order)).count(f"K{i}") == 1
            assert sender.journal.get(kept[i].id).state is EntryState.CONFIRMED
        assert await sender.flush() is SenderState.IDLE  # nothing is sent twice
        for i, order in enumerate(orders):
            assert (await at_service(sender, order)).count(f"K{i}") == 1
        await sender.client.aclose()

    run(scenario())


def test_the_desk_holds_a_slip_over_the_balance_and_refuses_one_kept_twice(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sender = sender_of(sandbox, tmp_path)

    async def scenario() -> None:
        (order,) = await open_orders(sender, 1)
        await sender.client.aclose()
        balance = order.amount - order.amount_paid
        # Never refused for its amount (the terminal approved the card): held for a person.
        over = keep_slip(sender.journal, "001", slip(order, "1", str(balance + 1)), facts(order))
        assert (over.state, over.hold, over.note) == (
            EntryState.HELD, HoldReason.OVER_BALANCE, Note.OVER_BALANCE,
        )  # fmt: skip
        first = keep_slip(sender.journal, "001", slip(order, "2"), facts(order))
        with pytest.raises(SlipNotKeptError) as again:
            keep_slip(sender.journal, "001", slip(order, " 2 ", "3.00"), facts(order))
        assert again.value.refusal is KeepRefusal.ALREADY_KEPT
        assert again.value.entry is not None and again.value.entry.id == first.id
        pasted = replace(slip(order, "3"), auth="4111 1111 1111 1111")
        with pytest.raises(ValueError, match="card number"):
            keep_slip(sender.journal, "001", pasted, facts(order))
        assert [e.id for e in sender.journal.open_entries()] == [over.id, first.id]

    run(scenario())


def test_a_typed_order_waits_for_a_person_then_goes(sandbox: SandboxServer, tmp_path: Path) -> None:
    sender = sender_of(sandbox, tmp_path)

    async def scenario() -> None:
        (order,) = await open_orders(sender, 1)
        typed = keep_slip(sender.journal, "001", slip(order, "T1"), facts(None))
        assert (typed.state, typed.hold) == (EntryState.HELD, HoldReason.TYPED_ORDER)
        assert (sender.journal.needing_a_person(), sender.waiting()) == (1, 0)
        assert await sender.flush() is SenderState.IDLE
        assert "T1" not in await at_service(sender, order)
        released = sender.journal.release(typed.id)
        assert released.state is EntryState.KEPT
        assert (sender.journal.needing_a_person(), sender.waiting()) == (0, 1)
        assert released.kept is not None and released.kept.cleared == (HoldReason.TYPED_ORDER,)
        await sender.flush()
        assert (await at_service(sender, order)).count("T1") == 1
        await sender.client.aclose()

    run(scenario())


def test_one_much_like_a_payment_at_the_service_waits_for_a_person(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sender = sender_of(sandbox, tmp_path)

    async def scenario() -> None:
        (order,) = await open_orders(sender, 1)
        await sender.client.create_payment(slip(order, "OTHER-DESK"))
        near = keep_slip(sender.journal, "001", slip(order, "MINE"), facts(order))
        await sender.flush()
        held = sender.journal.get(near.id)
        assert (held.state, held.hold) == (EntryState.HELD, HoldReason.NEAR_DUPLICATE)
        assert "MINE" not in await at_service(sender, order)
        sender.journal.release(near.id)  # the person looked: another sale, same amount
        await sender.flush()
        assert (await at_service(sender, order)).count("MINE") == 1
        await sender.client.aclose()

    run(scenario())


def test_a_slip_the_service_has_already_is_confirmed_without_a_create(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sender = sender_of(sandbox, tmp_path)

    async def scenario() -> None:
        (order,) = await open_orders(sender, 1)
        kept = keep_slip(sender.journal, "001", slip(order, "TWICE"), facts(order))
        await sender.client.create_payment(kept.payment)  # sent from another desk
        sandbox.faults.update({"accept_duplicates": True})  # a second create would show
        await sender.flush()
        found = sender.journal.get(kept.id)
        assert (found.state, found.note) == (EntryState.CONFIRMED, Note.HAD_IT_ALREADY)
        assert (await at_service(sender, order)).count("TWICE") == 1
        await sender.client.aclose()

    run(scenario())


def test_a_refusal_stays_for_a_person_with_the_services_words(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sender = sender_of(sandbox, tmp_path)

    async def scenario() -> None:
        (order,) = await open_orders(sender, 1)
        balance = order.amount - order.amount_paid
        # The list on screen was read before another desk took most of the balance.
        kept = keep_slip(sender.journal, "001", slip(order, "LATE", str(balance)), facts(order))
        await sender.client.create_payment(slip(order, "FIRST", "10.00", "1111"))
        after = keep_slip(sender.journal, "001", slip(order, "NEXT", "1.00", "2222"), facts(order))
        await sender.flush()
        refused = sender.journal.get(kept.id)
        assert refused.state is EntryState.REJECTED
        assert refused.note is Note.REFUSED and "exceeds the balance" in refused.words
        assert sender.journal.get(after.id).state is EntryState.CONFIRMED  # the round went on
        await sender.client.aclose()

    run(scenario())


def test_an_order_the_service_cannot_read_now_holds_up_no_other_slip(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sender = sender_of(sandbox, tmp_path)

    async def scenario() -> None:
        first, second = await open_orders(sender, 2)
        stuck = keep_slip(sender.journal, "001", slip(first, "STUCK"), facts(first))
        behind = keep_slip(sender.journal, "001", slip(second, "BEHIND"), facts(second))
        path = f"/api/v1/orders-payment/payments/{first.order_id}"
        sandbox.faults.update({"fail_next": 1, "fail_status": 500, "fail_path": path})
        assert await sender.flush() is SenderState.WAITING  # one is left for later
        assert sender.journal.get(behind.id).state is EntryState.CONFIRMED
        assert sender.journal.get(stuck.id).state is EntryState.KEPT
        assert await sender.flush() is SenderState.IDLE
        assert (await at_service(sender, first)).count("STUCK") == 1
        await sender.client.aclose()

    run(scenario())


def test_a_401_pauses_sending_until_someone_signs_in(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sender = sender_of(sandbox, tmp_path, token="expired.token.value")

    async def scenario() -> None:
        news = listened(sender)

        async def until(state: SenderState) -> SenderNews:
            return await heard(news, state)

        lister = client_of(sandbox)
        orders = await lister.list_orders("001")
        order = next(o for o in orders if o.amount - o.amount_paid > 50)
        kept = keep_slip(sender.journal, "001", slip(order, "AUTH"), facts(order))
        running = asyncio.create_task(sender.run())
        assert (await until(SenderState.SIGN_IN)).waiting == 1
        assert sender.journal.get(kept.id).state is EntryState.KEPT
        sender.client.token = sandbox.token("cashier", CASHIER)
        sender.signed_in()
        assert (await until(SenderState.IDLE)).waiting == 0
        running.cancel()
        assert sender.journal.get(kept.id).state is EntryState.CONFIRMED
        assert [p.nsu for p in await lister.list_payments(order.order_id)].count("AUTH") == 1
        await lister.aclose()
        await sender.client.aclose()

    run(scenario())


def test_a_slip_set_aside_while_its_check_is_read_never_leaves(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sender = sender_of(sandbox, tmp_path)

    async def scenario() -> None:
        (order,) = await open_orders(sender, 1)
        kept = keep_slip(sender.journal, "001", slip(order, "ASIDE"), facts(order))
        reading = asyncio.Event()
        read_payments = sender.client.list_payments

        async def read_then_hear(order_id: int) -> api.Listing[Payment]:
            answer = await read_payments(order_id)
            reading.set()
            await asyncio.sleep(0)  # the person's turn, between the read and the create
            return answer

        sender.client.list_payments = read_then_hear  # type: ignore[method-assign]
        sending = asyncio.create_task(sender.flush())
        await reading.wait()
        sender.journal.set_state(kept.id, EntryState.SET_ASIDE, Note.SET_ASIDE)
        assert await sending is SenderState.IDLE
        assert sender.journal.get(kept.id).state is EntryState.SET_ASIDE
        assert CREATE not in sandbox.faults.paths_seen  # stopped before its first byte
        await read_payments(order.order_id)
        await sender.client.aclose()

    run(scenario())


def test_a_slip_that_may_have_left_is_looked_for_and_never_sent_twice(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sender = sender_of(sandbox, tmp_path)

    async def scenario() -> list[JournalEntry]:
        orders = await open_orders(sender, 2)
        landed = keep_slip(sender.journal, "001", slip(orders[0], "LANDED"), facts(orders[0]))
        lost = keep_slip(sender.journal, "001", slip(orders[1], "LOST"), facts(orders[1]))
        # A sender that died with both requests gone out: one reached the service, one not.
        for entry in (landed, lost):
            assert sender.journal.take_leaving(entry.id)
        await sender.client.create_payment(landed.payment)
        sandbox.faults.update({"accept_duplicates": True})
        await sender.flush()
        assert (await at_service(sender, orders[0])).count("LANDED") == 1
        assert "LOST" not in await at_service(sender, orders[1])
        await sender.client.aclose()
        return [sender.journal.get(landed.id), sender.journal.get(lost.id)]

    landed, lost = run(scenario())
    assert landed.state is EntryState.CONFIRMED
    assert lost.state is EntryState.NEEDS_REVIEW  # a person decides: send again or set aside
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    journal.add("001", lost.payment)  # and one sent from the form, its outcome not known yet
    assert journal.needing_a_person() == 2
    assert lost.note is Note.NOT_AT_THE_SERVICE


def test_commit_then_drop_during_a_round_is_found_not_resent(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sender = sender_of(sandbox, tmp_path)

    async def scenario() -> None:
        (order,) = await open_orders(sender, 1)
        kept = keep_slip(sender.journal, "001", slip(order, "DROP"), facts(order))
        sandbox.faults.update({"drop_after_commit": 1, "accept_duplicates": True})
        await sender.flush()
        entry = sender.journal.get(kept.id)
        assert (entry.state, entry.left) == (EntryState.CONFIRMED, True)
        assert (await at_service(sender, order)).count("DROP") == 1
        await sender.client.aclose()

    run(scenario())


def test_a_second_sender_on_the_journal_leaves_a_slip_in_flight_alone(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    first = sender_of(sandbox, tmp_path)
    second = Outbox(client_of(sandbox), PaymentJournal(first.journal.path))

    async def scenario() -> None:
        (order,) = await open_orders(first, 1)
        kept = keep_slip(first.journal, "001", slip(order, "SLOW"), facts(order))
        sandbox.faults.update(
            {"latency_ms": 300, "latency_path": "/api/v1/orders-payment/payments/create"}
        )
        left = asyncio.Event()
        take_leaving = first.journal.take_leaving

        def taken(entry_id: str) -> bool:  # the journal's own write, then the test hears of it
            left.set()
            return take_leaving(entry_id)

        first.journal.take_leaving = taken  # type: ignore[method-assign]
        sending = asyncio.create_task(first.flush())
        await left.wait()  # the first sender's request is on its way
        assert await second.flush() is SenderState.ELSEWHERE
        assert await sending is SenderState.IDLE
        assert first.journal.get(kept.id).state is EntryState.CONFIRMED
        sandbox.faults.reset()
        assert (await at_service(first, order)).count("SLOW") == 1
        for sender in (first, second):
            await sender.client.aclose()

    run(scenario())


def test_a_service_that_cannot_be_reached_leaves_every_slip_kept(tmp_path: Path) -> None:
    client = api.ApiClient("http://127.0.0.1:9", "token", timeout=2, max_retries=0)
    sender = Outbox(client, PaymentJournal(tmp_path / "journal.sqlite3"))
    payment = NewPayment(
        order_id=100003, card="************4242", auth="A", nsu="1", installments=1,
        amount=Decimal("5.00"), flag_name="Visa", payment_type="credit", user_id=CASHIER,
    )  # fmt: skip
    kept = keep_slip(sender.journal, "001", payment, facts(None))
    sender.journal.release(kept.id)

    async def scenario() -> SenderState:
        state = await sender.flush()
        await client.aclose()
        return state

    assert run(scenario()) is SenderState.WAITING
    assert sender.journal.get(kept.id).state is EntryState.KEPT
    assert sender.waiting() == 1


def test_a_setting_that_stops_every_sending_holds_the_slips_until_it_changes(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    unusable = tmp_path / "store-ca.pem"
    unusable.write_text("not a certificate")
    sender = sender_of(sandbox, tmp_path)
    sender.first_wait = 0.0  # were it tried again on its own, it would be at once

    async def scenario() -> None:
        news = listened(sender)

        async def until(state: SenderState) -> SenderNews:
            return await heard(news, state)

        (order,) = await open_orders(sender, 1)
        kept = keep_slip(sender.journal, "001", slip(order, "SETTING"), facts(order))
        sender.client.set_ca_file(str(unusable))
        running = asyncio.create_task(sender.run())
        while (ended := await news.get()).state is SenderState.SENDING:
            pass
        assert (ended.state, ended.waiting) == (SenderState.SETTING, 1)
        sender.wake()  # a slip kept, a read answered: no reason to try a setting again
        for _ in range(200):  # the loop's turns, not time: a round would be heard at once
            await asyncio.sleep(0)
        assert news.empty()
        held_back = sender.journal.get(kept.id)
        assert (held_back.state, held_back.note) == (EntryState.KEPT, Note.NEEDS_A_SETTING)
        sender.client.set_ca_file(None)  # IT put the file right
        sender.setting_changed()
        assert (await until(SenderState.IDLE)).waiting == 0
        running.cancel()
        assert sender.journal.get(kept.id).state is EntryState.CONFIRMED
        assert (await at_service(sender, order)).count("SETTING") == 1
        await sender.client.aclose()

    run(scenario())


def test_a_kept_slip_waits_while_the_journal_records_nothing_and_goes_once_it_does(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    sender = sender_of(sandbox, tmp_path)
    journal = sender.journal

    async def scenario() -> None:
        (order,) = await open_orders(sender, 1)
        before = await at_service(sender, order)
        kept = keep_slip(journal, "001", slip(order, "K7"), facts(order))
        journal._conn.execute("PRAGMA max_page_count = 1")  # a disk this full: SQLite's limit
        with pytest.raises(RecordingOffError):
            for number in range(1_000):
                journal.add("001", slip(order, f"P{number}"))
        assert await sender.flush() is SenderState.IDLE  # nothing it sent could be written
        assert await at_service(sender, order) == before
        assert not sender.lock.path.exists()  # not even its lock was taken
        assert journal.try_recording()  # space freed
        assert await sender.flush() is SenderState.IDLE
        assert await at_service(sender, order) == [*before, "K7"]
        assert journal.get(kept.id).state is EntryState.CONFIRMED
        await sender.client.aclose()

    run(scenario())


@pytest.mark.parametrize("amount", ["0.00", "-1.00"])
def test_a_slip_of_no_money_is_never_kept(tmp_path: Path, amount: str) -> None:
    """The terminal approves only a positive amount: a slip for none, or less, was mistyped."""
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    order = Order(order_id=7, amount_number=50)
    with pytest.raises(SlipNotKeptError) as refused:
        keep_slip(journal, "001", slip(order, "1", amount), facts(order))
    assert refused.value.refusal is KeepRefusal.AMOUNT_NOT_POSITIVE
    assert journal.entries_of(UNSETTLED) == []


def test_a_kept_slip_whose_transaction_the_service_has_otherwise_waits_for_a_person() -> None:
    """The same NSU and auth code at the service, told differently: nobody sends it unseen."""
    listed = Payment(amount=Decimal("9.99"), nsu="1", auth="AB12CD")
    assert hold_for(DuplicateCheck(exact=listed, near=())) is HoldReason.SAME_TRANSACTION_DIFFERS


def test_a_kept_slip_whose_orders_payments_the_service_refuses_is_rejected_not_sent(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    """An order number typed by hand that the service does not know: held, let go by a person,
    then the service refuses to read its payments. The slip is refused with the service's
    words for a person to correct, never created, and the round ends idle; corrected, it goes
    with the next round."""
    sender = sender_of(sandbox, tmp_path)

    async def scenario() -> tuple[SenderState, JournalEntry]:
        typed = Order(order_id=999_999, amount_number=50)
        held = keep_slip(sender.journal, "001", slip(typed, "G1", "5.00"), facts(None))
        assert held.state is EntryState.HELD
        sender.journal.release(held.id)
        state = await sender.flush()
        refused = sender.journal.get(held.id)
        # The person corrects the order's number: the same entry goes with the next round,
        # kept again first (its request never left), then sent, once.
        (order,) = await open_orders(sender, 1)
        sender.journal.amend(held.id, slip(order, "G1", "5.00"))
        assert await sender.flush() is SenderState.IDLE
        assert (await at_service(sender, order)).count("G1") == 1
        await sender.client.aclose()
        return state, refused

    state, refused = run(scenario())
    assert state is SenderState.IDLE
    assert (refused.state, refused.note) == (EntryState.REJECTED, Note.REFUSED)
