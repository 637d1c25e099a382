"""Each way out of the outbox, to its detail: what the journal says of a slip after each ending
(its note, its words, its day), what the sender tells the bar and with which error, what the
log says of each payment, the cashier who stops waiting, and the wait between rounds while the
service is away. Against a real sandbox in this process (issue 98: the mutants of
``core/outbox.py`` that every other test let through)."""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from desktop_app import api
from desktop_app.api.models import NewPayment, Order
from desktop_app.core import journal as journal_module
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_recording import RecordingOffError
from desktop_app.core.journal_states import EntryState
from desktop_app.core.keeping import keep_slip
from desktop_app.core.outbox import Outbox
from desktop_app.core.payments import Outcome, Result
from desktop_app.core.sender_news import SenderNews, SenderState
from desktop_app.sandbox.server import SandboxServer
from tests.core.sending import (
    CASHIER,
    CREATE,
    at_service,
    client_of,
    facts,
    listened,
    open_orders,
    sender_of,
    slip,
)  # fmt: skip
from tests.helpers import Reply, ScriptedServer, Seen, run

NOWHERE = "http://127.0.0.1:9"  # nothing listens there: each connection is refused at once
PAYMENTS_OF = "/api/v1/orders-payment/payments/"


class TellingJournal(PaymentJournal):
    """The journal, saying when a slip is taken as its request starts to leave."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.taken = asyncio.Event()

    def take_leaving(self, entry_id: str) -> bool:
        taken = super().take_leaving(entry_id)
        if taken:
            self.taken.set()
        return taken


def unusable_authority(tmp_path: Path) -> str:
    """An authority file IT named that holds no certificate: every sending waits for it."""
    path = tmp_path / "store-ca.pem"
    path.write_text("not a certificate")
    return str(path)


def told(news: list[SenderNews]) -> list[SenderState]:
    return [item.state for item in news]


# -- the form's slips ------------------------------------------------------------------------


def test_a_cashier_who_stops_waiting_is_answered_at_once_and_the_slip_is_looked_for(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    """The service holds the create and never answers: the cashier stops waiting. The form has
    its answer at once (not after the client's time-out), the slip is looked for, not found and
    left to a person, the cause said; a slip sent with the same button unpressed is confirmed."""
    client = api.ApiClient(sandbox.base_url, sandbox.token("cashier", CASHIER), timeout=600)
    recorder = Outbox(client, TellingJournal(tmp_path / "journal.sqlite3"))
    journal = recorder.journal
    assert isinstance(journal, TellingJournal)

    async def scenario() -> tuple[Result, Result, list[str]]:
        (order,) = await open_orders(recorder, 1)
        never_pressed = asyncio.Event()
        sent = await recorder.send(recorder.write("001", slip(order, "CALM")), never_pressed)
        sandbox.faults.update({"latency_ms": 120_000, "latency_path": CREATE})
        sending = asyncio.create_task(
            recorder.send(recorder.write("001", slip(order, "STOP")), stop := asyncio.Event())
        )
        await journal.taken.wait()  # its request is on its way
        stop.set()
        stopped = await sending
        # The request given up on is dropped, not left to go on in the background.
        assert await asyncio.to_thread(sandbox.faults.wait_for_client_left, 30)
        sandbox.faults.reset()
        nsus = await at_service(recorder, order)
        await client.aclose()
        return sent, stopped, nsus

    sent, stopped, nsus = run(scenario())
    assert (sent.outcome, sent.error) == (Outcome.CONFIRMED, None)
    assert stopped.outcome is Outcome.NEEDS_REVIEW
    assert (stopped.entry.state, stopped.entry.note) == (
        EntryState.NEEDS_REVIEW, Note.NOT_AT_THE_SERVICE,
    )  # fmt: skip
    assert isinstance(stopped.error, api.ApiTimeoutError)
    assert (nsus.count("CALM"), nsus.count("STOP")) == (1, 0)


def test_a_form_slip_that_never_left_says_why_and_stays_the_same_entry(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    """Not sent, each for its reason (the service unreachable, a setting IT must correct), with
    the error behind it; sent again, the same entry of the slip's day goes; one set aside before
    it left never leaves."""
    recorder = sender_of(sandbox, tmp_path)
    journal = recorder.journal
    day = date(2026, 11, 30)

    async def scenario() -> tuple[Result, Result, Result, Result, list[str]]:
        (order,) = await open_orders(recorder, 1)
        recorder.client.set_base_url(NOWHERE)
        first = recorder.entry_to_send("002", slip(order, "AWAY"), day, None)
        unreached = await recorder.send(first)
        recorder.client.set_base_url(sandbox.base_url)
        recorder.client.set_ca_file(unusable_authority(tmp_path))
        again = recorder.entry_to_send("002", slip(order, "AWAY"), day, unreached)
        setting = await recorder.send(again)
        recorder.client.set_ca_file(None)
        last = recorder.entry_to_send("002", slip(order, "AWAY"), day, setting)
        sent = await recorder.send(last)
        aside = recorder.set_aside(recorder.write("001", slip(order, "ASIDE")))
        untaken = await recorder.send(aside)
        nsus = await at_service(recorder, order)
        await recorder.client.aclose()
        return unreached, setting, sent, untaken, nsus

    unreached, setting, sent, untaken, nsus = run(scenario())
    assert (unreached.outcome, unreached.entry.note) == (Outcome.NOT_SENT, Note.NEVER_LEFT)
    assert isinstance(unreached.error, api.ApiConnectionError)
    assert (setting.outcome, setting.entry.note) == (Outcome.NOT_SENT, Note.NEEDS_A_SETTING)
    assert isinstance(setting.error, api.CertificateAuthorityError)
    assert unreached.entry.id == setting.entry.id == sent.entry.id
    assert (sent.outcome, sent.entry.store_id, sent.entry.slip_date) == (
        Outcome.CONFIRMED, "002", day,
    )  # fmt: skip
    assert (untaken.outcome, untaken.entry.state) == (Outcome.NOT_SENT, EntryState.SET_ASIDE)
    assert untaken.entry.note is Note.SET_ASIDE  # a person's choice, said as such
    assert (nsus.count("AWAY"), nsus.count("ASIDE")) == (1, 0)
    assert len(journal.entries_in(tuple(EntryState))) == 2  # one entry a slip


def test_a_new_slip_after_one_confirmed_is_an_entry_of_its_own(tmp_path: Path) -> None:
    """After a confirmed slip the form's next is written anew, of its store, day and slip."""
    recorder = Outbox(api.ApiClient(NOWHERE, "t"), PaymentJournal(tmp_path / "j.sqlite3"))
    order = Order(order_id=100001, amount_number=50)
    first = recorder.write("001", slip(order, "ONE"))
    confirmed = recorder.journal.set_state(first.id, EntryState.CONFIRMED)
    day = date(2026, 11, 29)
    second = recorder.entry_to_send(
        "003", slip(order, "TWO"), day, Result(Outcome.CONFIRMED, confirmed)
    )
    assert second.id != first.id
    assert (second.store_id, second.payment.nsu, second.slip_date) == ("003", "TWO", day)
    assert recorder.journal.get(first.id).state is EntryState.CONFIRMED


def test_a_sign_in_asked_of_a_form_slip_pauses_the_kept_slips_and_keeps_it_the_forms(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    """A 401 on the form's slip: the sending of kept slips pauses until someone signs in, and
    the look at open payments leaves that slip to the form, which sends it again (found there
    or sent once). A form's slip whose outcome nobody could learn is the look's again."""
    recorder = sender_of(sandbox, tmp_path, token="expired.token.value")
    journal = recorder.journal

    async def scenario() -> None:
        lister = client_of(sandbox)
        orders = await lister.list_orders("001")
        order = next(o for o in orders if o.amount - o.amount_paid > 50)
        form = recorder.write("001", slip(order, "FORM"))
        with pytest.raises(api.AuthenticationError):
            await recorder.send(form)
        keep_slip(journal, "001", slip(order, "KEPT", last_four="1111"), facts(order))
        news = listened(recorder)
        running = asyncio.create_task(recorder.run())
        for _ in range(200):  # the loop's turns: a round would be heard at its first
            await asyncio.sleep(0)
        assert news.empty()  # paused until a sign-in
        recorder.client.token = sandbox.token("cashier", CASHIER)
        assert await recorder.reconcile_open() == []  # the form's, to send again
        assert (await recorder.send(form)).outcome is Outcome.CONFIRMED
        recorder.signed_in()
        while (await news.get()).state is not SenderState.IDLE:
            pass
        running.cancel()
        assert [p.nsu for p in await lister.list_payments(order.order_id)].count("FORM") == 1
        # Its answer lost, and the service then unreachable for the look: still unknown, and
        # the next look at open payments (a start, a sign-in) is the one to settle it.
        sandbox.faults.update({"drop_after_commit": 1})
        lost = recorder.write("001", slip(order, "LOST", last_four="2222"))
        sandbox.faults.update(
            {"fail_next": 1, "fail_status": 503, "fail_path": f"{PAYMENTS_OF}{order.order_id}"}
        )
        unknown = await recorder.send(lost)
        assert unknown.outcome is Outcome.STILL_UNKNOWN
        assert (unknown.entry.note, type(unknown.error)) == (Note.COULD_NOT_ASK, api.ServerError)
        (looked,) = await recorder.reconcile_open()
        assert (looked.outcome, looked.entry.id) == (Outcome.CONFIRMED, lost.id)
        await lister.aclose()
        await recorder.client.aclose()

    run(scenario())


def test_a_look_says_what_it_found_and_what_it_could_not_ask(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    """A look that cannot ask leaves the entry where it was, saying so, with the service's
    error; the same NSU and code told otherwise by the service is said as such; an entry moved
    on while it was looked for stands as moved (set aside: for a person; confirmed: confirmed),
    the look's cause kept."""
    recorder = sender_of(sandbox, tmp_path)
    journal = recorder.journal
    cause = api.ApiTimeoutError("the answer never came")

    def left(payment: NewPayment) -> str:
        entry = journal.add("001", payment)
        assert journal.take_leaving(entry.id)
        return entry.id

    async def scenario() -> tuple[Result, Result, Result, Result]:
        (order,) = await open_orders(recorder, 1)
        unasked = journal.get(left(slip(order, "UNASKED")))
        sandbox.faults.update(
            {"fail_next": 1, "fail_status": 503, "fail_path": f"{PAYMENTS_OF}{order.order_id}"}
        )
        could_not = await recorder.reconcile(unasked, cause)
        await recorder.client.create_payment(slip(order, "OTHER", "2.00"))
        differs = await recorder.reconcile(journal.get(left(slip(order, "OTHER"))), cause)
        aside = journal.get(left(slip(order, "ASIDE")))
        journal.set_state(aside.id, EntryState.SET_ASIDE, Note.SET_ASIDE)
        moved_aside = await recorder.reconcile(aside, cause)
        there = journal.get(left(slip(order, "THERE")))
        await recorder.client.create_payment(there.payment)
        journal.set_state(there.id, EntryState.CONFIRMED)  # the form's send, first
        moved_on = await recorder.reconcile(there, cause)
        await recorder.client.aclose()
        return could_not, differs, moved_aside, moved_on

    could_not, differs, moved_aside, moved_on = run(scenario())
    assert could_not.outcome is Outcome.STILL_UNKNOWN
    assert (could_not.entry.state, could_not.entry.note) == (EntryState.PENDING, Note.COULD_NOT_ASK)
    assert isinstance(could_not.error, api.ServerError)
    assert (differs.outcome, differs.entry.note) == (
        Outcome.NEEDS_REVIEW, Note.SAME_TRANSACTION_DIFFERS,
    )  # fmt: skip
    assert (moved_aside.outcome, moved_aside.entry.state) == (
        Outcome.NEEDS_REVIEW, EntryState.SET_ASIDE,
    )  # fmt: skip
    assert (moved_on.outcome, moved_on.entry.state) == (Outcome.CONFIRMED, EntryState.CONFIRMED)
    assert differs.error is moved_aside.error is moved_on.error is cause


def test_the_log_says_what_became_of_each_payment_by_its_id_alone(
    sandbox: SandboxServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """IT's record of each payment, as its journal id (no card, NSU or amount): confirmed by the
    service, found there after a lost answer, at the service already before a kept slip was
    sent, moved on while it was looked for."""
    recorder = sender_of(sandbox, tmp_path)
    journal = recorder.journal
    caplog.set_level(logging.INFO, logger="desktop_app.core.outbox")

    async def scenario() -> list[str]:
        (order,) = await open_orders(recorder, 1)
        confirmed = recorder.write("001", slip(order, "LOG1"))
        await recorder.send(confirmed)
        sandbox.faults.update({"drop_after_commit": 1})
        found = recorder.write("001", slip(order, "LOG2", last_four="1111"))
        await recorder.send(found)
        already = keep_slip(journal, "001", slip(order, "LOG3", last_four="2222"), facts(order))
        await recorder.client.create_payment(already.payment)
        await recorder.flush()
        aside = journal.add("001", slip(order, "LOG4", last_four="3333"))
        journal.set_state(aside.id, EntryState.SET_ASIDE, Note.SET_ASIDE)
        await recorder.reconcile(aside)
        await recorder.client.aclose()
        return [confirmed.id, found.id, already.id, aside.id]

    ids = run(scenario())
    lines = [r.getMessage() for r in caplog.records if r.name == "desktop_app.core.outbox"]
    assert lines == [
        f"payment {ids[0]} confirmed by the service",
        f"payment {ids[1]} found at the service: confirmed",
        f"payment {ids[2]} was at the service already: confirmed",
        f"payment {ids[3]} was set_aside while it was looked for",
    ]


# -- kept slips ------------------------------------------------------------------------------


def test_each_ending_of_a_round_is_told_with_its_error(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    """The bar hears each round's end and why: the service wants a sign-in (its 401), cannot be
    reached (the connection's error), cannot show an order's payments for a look (its 503), a
    setting IT must correct (the authority file, also when changed mid-round, and then said
    beside the slip), another copy of the app sending. The sender's state is the last told."""
    sender = sender_of(sandbox, tmp_path)
    journal = sender.journal
    news: list[SenderNews] = []
    sender.on_news = news.append

    async def ended(state: SenderState) -> SenderNews:
        news.clear()
        assert await sender.flush() is state
        assert sender.state is state and news[-1].state is state
        return news[-1]

    async def scenario() -> None:
        first, second = await open_orders(sender, 2)
        kept = keep_slip(journal, "001", slip(first, "E1"), facts(first))
        token = sender.client.token
        sender.client.token = "expired.token.value"
        assert isinstance((await ended(SenderState.SIGN_IN)).error, api.AuthenticationError)
        sender.client.token = token
        sender.client.set_base_url(NOWHERE)
        assert isinstance((await ended(SenderState.WAITING)).error, api.ApiConnectionError)
        sender.client.set_base_url(sandbox.base_url)
        # Caught mid-sending (its request left, the sender killed): looked for first.
        assert journal.take_leaving(kept.id)
        sandbox.faults.update(
            {"fail_next": 1, "fail_status": 503, "fail_path": f"{PAYMENTS_OF}{first.order_id}"}
        )
        assert type((await ended(SenderState.WAITING)).error) is api.ServerError
        sender.client.set_ca_file(unusable_authority(tmp_path))
        setting = await ended(SenderState.SETTING)
        assert isinstance(setting.error, api.CertificateAuthorityError)
        assert journal.get(kept.id).state is EntryState.PENDING  # still to be looked for
        sender.client.set_ca_file(None)
        assert await ended(SenderState.IDLE) == SenderNews(SenderState.IDLE, 0)
        assert told(news) == [SenderState.SENDING, SenderState.SENDING, SenderState.IDLE]
        looked = news[1].entry
        assert looked is not None and looked.id == kept.id
        assert journal.get(kept.id).state is EntryState.NEEDS_REVIEW  # left, not found
        assert await ended(SenderState.IDLE) == SenderNews(SenderState.IDLE, 0)  # none waits
        assert told(news) == [SenderState.IDLE]

        # IT names an unusable authority file as the round goes: the next slip never leaves.
        one = keep_slip(journal, "001", slip(second, "E2"), facts(second))
        two = keep_slip(journal, "001", slip(second, "E3", last_four="1111"), facts(second))

        def on_news(item: SenderNews) -> None:
            news.append(item)
            if item.entry is not None and item.entry.id == one.id:
                sender.client.set_ca_file(unusable_authority(tmp_path))

        sender.on_news = on_news
        assert isinstance((await ended(SenderState.SETTING)).error, api.CertificateAuthorityError)
        assert told(news) == [SenderState.SENDING, SenderState.SENDING, SenderState.SETTING]
        assert journal.get(one.id).state is EntryState.CONFIRMED
        assert (journal.get(two.id).state, journal.get(two.id).note) == (
            EntryState.KEPT, Note.NEEDS_A_SETTING,
        )  # fmt: skip
        sender.on_news = news.append
        sender.client.set_ca_file(None)
        assert await ended(SenderState.IDLE) == SenderNews(SenderState.IDLE, 0)

        # The service gone between two slips of one order (read once a round): the next one
        # never leaves, and is kept for a later round, said unreachable.
        three = keep_slip(journal, "001", slip(second, "E5", last_four="3333"), facts(second))
        four = keep_slip(journal, "001", slip(second, "E6", last_four="4444"), facts(second))

        def gone_after_three(item: SenderNews) -> None:
            news.append(item)
            if item.entry is not None and item.entry.id == three.id:
                sender.client.set_base_url(NOWHERE)

        sender.on_news = gone_after_three
        assert isinstance((await ended(SenderState.WAITING)).error, api.ApiNotSentError)
        assert (journal.get(four.id).state, journal.get(four.id).note) == (
            EntryState.KEPT, Note.UNREACHABLE,
        )  # fmt: skip
        sender.on_news = news.append
        sender.client.set_base_url(sandbox.base_url)
        assert await ended(SenderState.IDLE) == SenderNews(SenderState.IDLE, 0)

        kept_again = keep_slip(journal, "001", slip(second, "E4", last_four="2222"), facts(second))
        other = Outbox(sender.client, PaymentJournal(journal.path))
        # Copies of the app on one journal, of any version, meet at this one lock file.
        assert sender.lock.path == journal.path.with_name("journal.sqlite3.sender-lock")
        with other.lock.held() as theirs:
            assert theirs
            assert await ended(SenderState.ELSEWHERE) == SenderNews(SenderState.ELSEWHERE, 1)
        assert journal.get(kept_again.id).state is EntryState.KEPT
        journal._conn.execute("PRAGMA max_page_count = 1")  # a disk this full: SQLite's limit
        with pytest.raises(RecordingOffError):
            for number in range(1_000):
                journal.add("001", slip(second, f"P{number}"))
        assert await ended(SenderState.IDLE) == SenderNews(SenderState.IDLE, 1)  # not now
        await sender.client.aclose()

    run(scenario())


def test_a_slip_the_service_takes_only_from_its_person_waits_for_them(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    """Kept by one cashier, sent while another is signed in: the service refuses it (403), and
    it waits for its person, holding up no other slip; the round says so; once they sign in,
    it goes."""
    sender = sender_of(sandbox, tmp_path, token=sandbox.token("cashier", 1002))
    news: list[SenderNews] = []
    sender.on_news = news.append

    def creates() -> int:
        return sandbox.faults.paths_seen.count("/" + CREATE.lstrip("/"))

    async def scenario() -> None:
        (order,) = await open_orders(sender, 1)
        kept = keep_slip(sender.journal, "001", slip(order, "THEIRS"), facts(order))
        before = creates()
        assert await sender.flush() is SenderState.ITS_PERSON
        waits = sender.journal.get(kept.id)
        assert (waits.state, waits.note) == (EntryState.KEPT, Note.FOR_ITS_PERSON)
        assert [n.entry for n in news if n.entry is not None] == [waits]  # told as it stands
        assert creates() == before + 1
        # A slip of the person signed in, kept after it, is held up by nothing.
        mine = keep_slip(
            sender.journal, "001", replace(slip(order, "MINE", last_four="1111"), user_id=1002),
            facts(order),
        )  # fmt: skip
        assert await sender.flush() is SenderState.ITS_PERSON
        assert creates() == before + 2  # theirs not sent again meanwhile; this one sent
        assert sender.journal.get(mine.id).state is EntryState.CONFIRMED
        sender.client.token = sandbox.token("cashier", CASHIER)
        sender.signed_in()
        assert await sender.flush() is SenderState.IDLE
        assert (await at_service(sender, order)).count("THEIRS") == 1
        await sender.client.aclose()

    run(scenario())


def test_a_round_settles_what_an_earlier_one_left_and_sees_its_own_slips(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    """Two refused slips corrected by a person both go with the next round; a slip much like
    one the round just sent for the same order waits for a person (the round reads each order's
    payments once, with what it sent added)."""
    sender = sender_of(sandbox, tmp_path)
    journal = sender.journal
    news: list[SenderNews] = []
    sender.on_news = news.append

    async def scenario() -> None:
        first, second = await open_orders(sender, 2)
        typed = Order(order_id=999_998, amount_number=50)
        refused = []
        for nsu in ("R1", "R2"):
            held = keep_slip(journal, "001", slip(typed, nsu), facts(None))
            journal.release(held.id)
            refused.append(held.id)
        assert await sender.flush() is SenderState.IDLE
        assert [journal.get(i).state for i in refused] == [EntryState.REJECTED] * 2
        assert journal.get(refused[0]).words  # the service's own words
        for entry_id, nsu in zip(refused, ("R1", "R2"), strict=True):
            journal.amend(entry_id, slip(first, nsu, last_four=nsu[-1] * 4))
        news.clear()
        assert await sender.flush() is SenderState.IDLE
        assert [journal.get(i).state for i in refused] == [EntryState.CONFIRMED] * 2
        assert told(news) == [SenderState.SENDING] * 3 + [SenderState.IDLE]
        assert [n.entry.id for n in news if n.entry is not None] == refused

        alike = [keep_slip(journal, "001", slip(second, n), facts(second)) for n in ("A1", "A2")]
        assert await sender.flush() is SenderState.IDLE
        assert journal.get(alike[0].id).state is EntryState.CONFIRMED
        second_one = journal.get(alike[1].id)
        assert (second_one.state, second_one.note) == (EntryState.HELD, Note.NEAR_DUPLICATE)
        await sender.client.aclose()

    run(scenario())


def test_a_slip_kept_hours_ago_is_checked_against_that_time_not_now(
    sandbox: SandboxServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept in the morning, sent in the afternoon: a payment much like it made at the service
    just now is another purchase, not a second copy of this slip (near duplicates are those
    within minutes of the slip's own time)."""
    sender = sender_of(sandbox, tmp_path)
    morning = datetime.now(UTC) - timedelta(hours=3)

    async def scenario() -> EntryState:
        (order,) = await open_orders(sender, 1)
        with monkeypatch.context() as clock:
            clock.setattr(journal_module, "_now", morning.isoformat)
            kept = keep_slip(sender.journal, "001", slip(order, "MORNING"), facts(order))
        await sender.client.create_payment(slip(order, "AFTERNOON"))
        assert await sender.flush() is SenderState.IDLE
        await sender.client.aclose()
        return sender.journal.get(kept.id).state

    assert run(scenario()) is EntryState.CONFIRMED


def test_while_the_service_is_away_tries_come_farther_apart_up_to_a_cap(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    """Rounds tried on their own while nothing answers: each wait at least the last doubled
    (less a quarter of jitter), up to the cap; after a round that sends, the waits start over.
    (Lower bounds only: a busy machine makes waits longer, never shorter.)"""
    first, longest = 0.05, 0.4
    sender = Outbox(
        client_of(sandbox), PaymentJournal(tmp_path / "journal.sqlite3"),
        first_wait=first, longest_wait=longest,
    )  # fmt: skip
    early = 0.02  # how much sooner than asked a timer may fire (Windows' clock ticks)

    async def waits_between(rounds: int, news: asyncio.Queue[SenderNews]) -> list[float]:
        times: list[float] = []
        while len(times) < rounds:
            item = await asyncio.wait_for(news.get(), 30)
            if item.state is SenderState.WAITING:
                times.append(time.monotonic())
        return [later - sooner for sooner, later in itertools.pairwise(times)]

    def at_least(waits: list[float]) -> None:
        for attempt, wait in enumerate(waits):
            assert wait >= 0.75 * min(first * 2**attempt, longest) - early, (attempt, waits)

    async def scenario() -> None:
        first_order, second_order = await open_orders(sender, 2)
        keep_slip(sender.journal, "001", slip(first_order, "AWAY1"), facts(first_order))
        sender.client.set_base_url(NOWHERE)
        news = listened(sender)
        running = asyncio.create_task(sender.run())
        at_least(await waits_between(6, news))
        sender.client.set_base_url(sandbox.base_url)
        sender.wake()
        while (await asyncio.wait_for(news.get(), 30)).state is not SenderState.IDLE:
            pass
        sender.client.set_base_url(NOWHERE)
        keep_slip(sender.journal, "001", slip(second_order, "AWAY2"), facts(second_order))
        sender.wake()
        at_least(await waits_between(4, news))
        assert not running.done()
        running.cancel()
        await sender.client.aclose()

    run(scenario())


def test_a_look_at_a_list_the_service_gave_in_part_cannot_tell_and_keeps_its_cause(
    sandbox: SandboxServer, scripted: ScriptedServer, tmp_path: Path
) -> None:
    """The order's payments answered with more said than sent (its total past what came): a
    slip not among them may be in the rest; the look cannot tell, says so, and keeps why it
    looked."""

    def in_part(seen: Seen) -> Reply:
        auth = {"Authorization": seen.headers.get("authorization", "")}
        forwarded = httpx.get(sandbox.base_url + seen.raw_path, headers=auth)
        listed = forwarded.json()
        return Reply(body=listed, headers={"X-Total-Count": str(len(listed) + 5)})

    scripted.handler = in_part
    client = api.ApiClient(scripted.base_url, sandbox.token("cashier", CASHIER), max_retries=0)
    recorder = Outbox(client, PaymentJournal(tmp_path / "journal.sqlite3"))
    cause = api.ApiTimeoutError("the answer never came")

    async def scenario() -> Result:
        (order,) = await open_orders(recorder, 1)  # read through the same gateway
        entry = recorder.write("001", slip(order, "PART"))
        assert recorder.journal.take_leaving(entry.id)
        looked = await recorder.reconcile(recorder.journal.get(entry.id), cause)
        await client.aclose()
        return looked

    looked = run(scenario())
    assert looked.outcome is Outcome.CANNOT_TELL and looked.error is cause
    assert (looked.entry.state, looked.entry.note) == (EntryState.NEEDS_REVIEW, Note.READ_IN_PART)


def test_a_form_slip_refused_or_said_to_be_there_keeps_the_services_answer(
    sandbox: SandboxServer, tmp_path: Path
) -> None:
    """The form shows why: a slip over the balance comes back refused with the service's
    error; one the service says it has (409) comes back confirmed when found there, said to
    be there for a person when not, the 409 beside it either way."""
    recorder = sender_of(sandbox, tmp_path)

    async def scenario() -> tuple[Result, Result, Result]:
        (order,) = await open_orders(recorder, 1)
        balance = order.amount - order.amount_paid
        too_much = slip(order, "OVER", str(balance + 1))
        refused = await recorder.send(recorder.write("001", too_much))
        there = slip(order, "THERE", "1.00")
        await recorder.client.create_payment(there)  # another desk's send, recorded
        sandbox.faults.update({"fail_next": 1, "fail_status": 409, "fail_path": CREATE})
        found = await recorder.send(recorder.write("001", there))
        sandbox.faults.update({"fail_next": 1, "fail_status": 409, "fail_path": CREATE})
        said = await recorder.send(recorder.write("001", slip(order, "SAID", "1.00", "1111")))
        await recorder.client.aclose()
        return refused, found, said

    refused, found, said = run(scenario())
    assert said.outcome is Outcome.SAID_TO_BE_THERE  # not found: for a person, its words kept
    assert isinstance(said.error, api.ApiStatusError) and said.error.status_code == 409
    assert refused.outcome is Outcome.REJECTED and isinstance(refused.error, api.ApiStatusError)
    assert refused.error.message == refused.entry.words and refused.entry.words
    assert found.outcome is Outcome.CONFIRMED
    assert isinstance(found.error, api.ApiStatusError) and found.error.status_code == 409
