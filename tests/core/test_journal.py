"""The journal keeps each slip's day, finds a payment by its slip, and stays small."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from desktop_app.api.models import NewPayment
from desktop_app.core.journal import PaymentJournal, local_today, new_entry_id
from desktop_app.core.journal_states import UNSETTLED, EntryState
from desktop_app.core.kept_slip import KeptFacts
from desktop_app.core.redaction import redact

DAY = date(2026, 11, 20)


def slip(nsu: str, amount: str = "10.00", last: str = "4242", auth: str = "AB12CD") -> NewPayment:
    return NewPayment(
        order_id=100001, card="*" * 12 + last, auth=auth, nsu=nsu, installments=1,
        amount=Decimal(amount), flag_name="Visa", payment_type="credit", user_id=2001,
    )  # fmt: skip


def test_a_slip_typed_the_next_morning_belongs_to_its_own_day(tmp_path: Path) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    yesterday = journal.add("001", slip("1"), slip_date=DAY)
    today = journal.add("001", slip("2"))
    assert yesterday.slip_date == DAY and today.slip_date == local_today()
    assert [e.payment.nsu for e in journal.entries_of_day("001", DAY)] == ["1"]
    assert journal.entries_of_day("002", DAY) == []  # another store's day is its own


FIRST_SCHEMA = """
CREATE TABLE IF NOT EXISTS payments (
    id TEXT PRIMARY KEY,
    store_id TEXT NOT NULL,
    order_id INTEGER NOT NULL,
    body TEXT NOT NULL,
    state TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS payments_by_state ON payments (state);
"""
"""The journal's first schema (d56830a), word for word: what the oldest desks hold."""


def test_a_journal_from_before_slip_dates_opens_with_each_entry_on_its_written_day(
    tmp_path: Path,
) -> None:
    path = tmp_path / "journal.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(FIRST_SCHEMA)
    written = "2026-11-19T15:00:00+00:00"
    old.execute(
        "INSERT INTO payments VALUES ('a', '001', 100001, ?, 'confirmed', '', ?, ?)",
        (slip("7").to_json().decode(), written, written),
    )
    old.commit()
    old.close()
    journal = PaymentJournal(path)
    entry = journal.get("a")
    assert entry.slip_date == entry.created_at.astimezone().date()
    assert journal.entries_of_day("001", entry.slip_date) == [entry]
    journal.add("001", slip("8"), slip_date=DAY)  # and new ones keep theirs
    assert [e.payment.nsu for e in journal.entries_of_day("001", DAY)] == ["8"]
    # Nor was any of them kept while the service was down: kept slips came later.
    assert (entry.kept, entry.hold, entry.left) == (None, None, False)
    assert journal.kept_waiting() == 0
    assert journal.needing_a_person() == 1  # "8", just added: its outcome not known yet


def test_a_payment_is_found_by_nsu_authorization_last_four_or_amount(tmp_path: Path) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    first = journal.add("001", slip("135982029", "125.90", "6151", "F25D21"), slip_date=DAY)
    second = journal.add("001", slip("778899", "10.00", "4242", "AB12CD"))
    twelve = journal.add("001", slip("556677", "12.00", "1111", "ZZ9901"))

    def found(text: str) -> list[str]:
        return [e.id for e in journal.find(text)]

    assert found("135982029") == [first.id]
    assert found("f25d21") == [first.id]  # as typed, whatever the case
    assert found("6151") == [first.id]
    assert found("125,90") == found("125.90") == found("R$ 125,90") == [first.id]
    assert found("4242") == [second.id]
    assert found("AB12CD") == [second.id]  # an authorization code, not R$12.00
    assert found("12,00") == [twelve.id]
    assert found("9" * 600) == found("12,001") == []  # any length typed, in whole cents
    assert found("") == found("nothing") == found("0") == []


def test_pruning_removes_old_confirmed_entries_only_and_remembers_the_day(
    tmp_path: Path,
) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    today = date(2026, 11, 22)
    old = journal.add("001", slip("1"), slip_date=today - timedelta(days=91))
    journal.set_state(old.id, EntryState.CONFIRMED)
    old_open = journal.add("001", slip("2"), slip_date=today - timedelta(days=200))
    kept = journal.add("001", slip("3"), slip_date=today - timedelta(days=90))
    journal.set_state(kept.id, EntryState.CONFIRMED)
    assert journal.pruned_before() is None
    assert journal.prune(90, today) == 1
    assert {e.payment.nsu for e in journal.find("10.00")} == {"2", "3"}
    assert journal.get(old_open.id).state is EntryState.PENDING  # still needs a decision
    assert journal.pruned_before() == today - timedelta(days=90)
    journal.prune(120, today)  # a longer setting later does not bring the days back
    assert journal.pruned_before() == today - timedelta(days=90)


def test_pruning_runs_once_a_day_however_often_asked(tmp_path: Path) -> None:
    """Asked at start-up and at every lock (often, on a busy desk): the journal is read
    through once a day, and a desk open for weeks keeps to its setting all the same."""
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    today = date(2026, 11, 22)
    first = journal.add("001", slip("1"), slip_date=today - timedelta(days=91))
    journal.set_state(first.id, EntryState.CONFIRMED)
    assert journal.prune_daily(90, today) == 1
    second = journal.add("001", slip("2"), slip_date=today - timedelta(days=92))
    journal.set_state(second.id, EntryState.CONFIRMED)
    assert journal.prune_daily(90, today) == 0  # already done today
    assert journal.prune_daily(90, today + timedelta(days=1)) == 1  # the next day


def test_the_last_gate_refuses_a_card_number_in_any_disguise(tmp_path: Path) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    for nsu in (
        "４１１１１１１１１１１１１１１１",
        "4111.1111.1111.1111",
        "4111\u200b111111111111",
    ):
        with pytest.raises(ValueError, match="full card number"):
            journal.add("001", slip(nsu))
    assert journal.entries_of_day("001", local_today()) == []
    journal.close()
    assert b"1111" not in (tmp_path / "journal.sqlite3").read_bytes()


def test_counts_say_what_a_desk_holds_by_state(tmp_path: Path) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    assert journal.counts() == {}
    sent = journal.add("001", slip("1"))
    journal.add("001", slip("2"))
    journal.set_state(sent.id, EntryState.CONFIRMED)
    assert journal.counts() == {EntryState.CONFIRMED: 1, EntryState.PENDING: 1}


def test_only_what_the_service_can_tell_again_skips_waiting_for_the_disk(tmp_path: Path) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")

    def waits_for_the_disk() -> bool:  # SQLite's FULL: each commit is on disk when it returns
        return bool(journal._conn.execute("PRAGMA synchronous").fetchone()[0] == 2)

    assert waits_for_the_disk()  # a payment written is on disk before it is sent
    entry = journal.add("001", slip("1"))
    confirmed = journal.set_state(entry.id, EntryState.CONFIRMED, restorable=True)
    assert confirmed.state is EntryState.CONFIRMED
    assert waits_for_the_disk()  # and the next one is again


def test_what_an_order_keeps_at_the_desk_is_read_in_the_same_steps_at_any_journal_size(
    tmp_path: Path,
) -> None:
    """An order's window, its payment form and the orders list ask what is kept at the desk each
    time, on the window's thread: read through the store's day index, that was every entry of
    the store (27 and 34 ms among a busy desk's 180,000). SQLite's own count of the steps it
    takes (its progress handler) is the same for 2,048 settled entries as for one."""
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    settled = journal.add("001", slip("1"))
    journal.set_state(settled.id, EntryState.CONFIRMED)
    journal.add("001", slip("2", amount="3.00"))  # pending: sent from the form, not kept
    journal.add(
        "001", slip("3"), kept=KeptFacts(user_id=1001, user_name="Ana", order_from_list=False)
    )
    order = settled.payment.order_id
    connection = journal._conn

    def steps(read: Callable[[], object]) -> int:
        counted = [0]

        def count() -> int:
            counted[0] += 1
            return 0  # go on

        connection.set_progress_handler(count, 1)
        try:
            read()
        finally:
            connection.set_progress_handler(None, 1)
        return counted[0]

    def reads() -> list[int]:
        assert journal.kept_for("001", order) == Decimal("10.00")  # the kept slip alone
        assert journal.kept_by_order("001") == {order: Decimal("10.00")}
        return [
            steps(lambda: journal.kept_for("001", order)),
            steps(lambda: journal.kept_by_order("001")),
        ]

    few = reads()
    columns = [row[1] for row in connection.execute("PRAGMA table_info(payments)")]
    for copy in range(11):  # the settled entry, 2,048 times
        chosen = ", ".join(f"id || '.{copy}'" if name == "id" else name for name in columns)
        connection.execute(
            f"INSERT INTO payments SELECT {chosen} FROM payments WHERE state = 'confirmed'"
        )
    connection.commit()
    assert journal.counts()[EntryState.CONFIRMED] == 2048
    assert reads() == few
    journal.close()


def test_a_slip_whose_request_left_once_is_never_taken_to_leave_again(tmp_path: Path) -> None:
    """A form's slip taken as its request left, and no answer written: it may be at the
    service. A second take (another sender, a stray click) is refused: it is looked for, never
    sent again."""
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    entry = journal.add("001", slip("1"))
    assert journal.take_leaving(entry.id)
    left = journal.get(entry.id)
    assert not journal.take_leaving(entry.id)
    assert journal.get(entry.id) == left  # nothing written by the refused take
    with pytest.raises(KeyError):
        journal.get("no such entry")


def test_an_entry_no_one_wrote_is_never_moved_amended_nor_let_go(tmp_path: Path) -> None:
    """An id the journal does not hold (another desk's, a stale window's): a KeyError, and no
    row is made for it."""
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    entry = journal.add("001", slip("1"))
    for change in (
        lambda: journal.set_state("nobody", EntryState.CONFIRMED),
        lambda: journal.amend("nobody", slip("2")),
        lambda: journal.release("nobody"),
        lambda: journal.release(entry.id),  # there, but held by no one
    ):
        with pytest.raises(KeyError):
            change()
    assert [e.id for e in journal.entries_of(UNSETTLED)] == [entry.id]
    assert journal.try_recording()  # recording was never off: nothing to try


def test_a_payments_id_in_its_log_is_never_hidden_as_a_card_number(tmp_path: Path) -> None:
    """IT finds a payment in the log by its journal id: the log's card redaction must never
    take a run of the id's digits for a card (a hex id held one about once in 460)."""
    ids = [new_entry_id() for _ in range(20_000)]
    assert len(set(ids)) == len(ids)
    hidden = [
        entry_id for entry_id in ids if redact(f"payment {entry_id}") != f"payment {entry_id}"
    ]
    assert hidden == []
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    entry = journal.add("001", NewPayment(
        order_id=1, card="************4242", auth="A1", nsu="1", installments=1,
        amount=Decimal("1.00"), flag_name="Visa", payment_type="credit", user_id=1,
    ))  # fmt: skip
    assert len(entry.id) == 32 and int(entry.id, 16) >= 0  # a UUID's hex, as before
