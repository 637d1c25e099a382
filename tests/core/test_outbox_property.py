"""Random days at the desk through the one outbox: slips sent from the form and slips kept while
the service was away, with the service failing in every way it can (refused connections, 5xx
before it looks, answers dropped after it has recorded, commits that land after the app gave up,
a 401), the sender killed mid-round, and a person who signs in again and decides. The service
accepts duplicates (``accept_duplicates``): a slip sent twice shows as two payments.

After every step no slip is at the service twice; at the end of the day, once the service is
back and a person has looked at what waits for them, every slip is there exactly once and
confirmed here: none lost, none twice."""

from __future__ import annotations

import itertools
import tempfile
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from desktop_app import api
from desktop_app.api.models import NewPayment, Order
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_states import EntryState
from desktop_app.core.keeping import keep_slip
from desktop_app.core.kept_slip import KeptFacts
from desktop_app.core.outbox import Outbox
from desktop_app.core.payments import Outcome
from tests.core.test_kept_slips_faults import CREATE, Sender
from tests.helpers import run
from tests.service_process import ServiceProcess, wait_until

FAULTS: dict[str, dict[str, Any]] = {
    "none": {},
    "5xx before it looks": {"fail_next": 1, "fail_path": CREATE},
    "401": {"fail_next": 1, "fail_path": CREATE, "fail_status": 401},
    "answer dropped after the commit": {"drop_after_commit": 1},
    "commit after the app gave up": {
        "late_commit_next": 1, "late_commit_ms": 1500, "late_commit_held": True,
    },
}  # fmt: skip
"""What the service does to the next create (``down``: it is not there at all)."""

step = st.one_of(
    st.tuples(st.just("keep"), st.integers(1, 3)),
    st.tuples(st.just("form"), st.sampled_from([*FAULTS, "down"])),
    st.tuples(st.just("flush"), st.sampled_from([*FAULTS, "down", "sender killed"])),
)
numbers = itertools.count()


@pytest.fixture(scope="module")
def service() -> Iterator[ServiceProcess]:
    with tempfile.TemporaryDirectory() as folder:
        service = ServiceProcess(Path(folder))
        service.start()
        yield service
        if service.process is not None and service.process.poll() is None:
            service.kill()


@pytest.fixture(scope="module")
def orders(service: ServiceProcess) -> list[Order]:
    async def listed() -> list[Order]:
        async with api.ApiClient(service.base_url, service.token()) as client:
            return await client.list_orders("001")

    return [o for o in run(listed()) if o.amount - o.amount_paid > 100][:6]


class Day:
    """One day at the desk: its journal, and every slip typed or kept, by NSU."""

    def __init__(self, service: ServiceProcess, orders: list[Order], folder: Path) -> None:
        self.service, self.orders = service, orders
        self.path = folder / "journal.sqlite3"
        self.journal = PaymentJournal(self.path)
        self.slips: list[str] = []
        self.late_commits = 0  # held commits the service took, to land before anyone looks
        # The service's count of landed late commits runs on from earlier days (one service
        # for the module): this day's have landed once it is past where it stood at the start.
        self.landed_before = service.late_commits_done()
        self.armed_late = False

    def slip(self) -> NewPayment:
        number = next(numbers)
        self.slips.append(f"P{number:05}")
        return NewPayment(
            order_id=self.orders[number % len(self.orders)].order_id,
            card=f"************{number % 10000:04}", auth=f"A{number}", nsu=f"P{number:05}",
            installments=1, amount=Decimal("0.01") * (1 + number % 50), flag_name="Visa",
            payment_type="credit", user_id=1001,
        )  # fmt: skip

    def arm(self, fault: str) -> None:
        self.armed_late = "late_commit_next" in FAULTS.get(fault, {})
        if fault == "down":
            self.service.kill()
        elif fault in FAULTS:
            self.service.faults(**FAULTS[fault])

    def disarm(self) -> None:
        """The service back and its switches off; a commit it holds lands a moment later."""
        if self.service.process is None or self.service.process.poll() is not None:
            self.service.start()  # what it held when it went never lands
            self.late_commits = self.landed_before = 0  # a new process counts from nothing
        elif self.service.switches()["late_commit_next"] == 0 and self.armed_late:
            self.late_commits += 1
        self.armed_late = False
        self.service.faults(
            fail_next=0, fail_status=503, drop_after_commit=0, late_commit_next=0,
            late_commit_held=False, answer_delay_ms=0,
        )  # fmt: skip

    def keep(self, count: int) -> None:
        facts = KeptFacts(
            user_id=1001, user_name="Ana Caixa", order_from_list=True,
            balance=Decimal("100000"), read_at=datetime.now(UTC),
        )  # fmt: skip
        for _ in range(count):
            keep_slip(self.journal, "001", self.slip(), facts)

    def send_from_the_form(self, fault: str) -> None:
        """A cashier sends a slip as the form does: Send; after a 401, signed in, the same
        call again (the window's call policy); not sent, Send again: the same entry."""

        async def send() -> None:
            async with api.ApiClient(self.service.base_url, self.service.token(), timeout=0.5,
                                     max_retries=0) as client:  # fmt: skip
                outbox = Outbox(client, self.journal)
                entry = outbox.write("001", self.slip())
                self.arm(fault)
                try:
                    result = await outbox.send(entry)
                except api.AuthenticationError:
                    result = await outbox.send(entry)  # signed in again, the same call
                if result.outcome is Outcome.NOT_SENT:
                    self.disarm()
                    again = outbox.entry_to_send("001", entry.payment, None, result)
                    await outbox.send(again)

        run(send())
        self.disarm()

    def flush(self, fault: str) -> None:
        """The sender, in a process of its own, sends what is kept (or is killed mid-round)."""
        if not self.journal.kept_waiting():
            return
        if fault == "sender killed":  # once the service has recorded a slip, before it answers
            held = self.service.answers_held()
            self.service.faults(answer_delay_ms=3000)
            sender = Sender(self.path, self.service)
            wait_until(lambda: self.service.answers_held() > held, "a slip recorded")
            sender.kill()
        else:
            self.arm(fault)
            sender = Sender(self.path, self.service, seconds=0.5)
            if fault in ("down", "401"):  # it waits for the service, or for a sign-in
                said = "waiting" if fault == "down" else "sign_in"
                wait_until(lambda: sender.told(said), f"the sender to say {said}")
                sender.kill()
            else:
                sender.finished()
        self.disarm()

    def at_service(self) -> Counter[str]:
        async def read() -> Counter[str]:
            async with api.ApiClient(self.service.base_url, self.service.token()) as client:
                counts: Counter[str] = Counter()
                for order in self.orders:
                    listed = await client.list_payments(order.order_id)
                    counts.update(p.nsu for p in listed if p.nsu in self.slips)
                return counts

        return run(read())

    def end(self) -> None:
        """The service back and every late commit landed; the sender sends what is kept, then
        a person looks at each slip that waits for them and sends it only when the service
        still does not have it."""
        self.disarm()
        landed = self.landed_before + self.late_commits
        wait_until(lambda: self.service.late_commits_done() >= landed, "the late commits")
        if self.journal.kept_waiting():
            Sender(self.path, self.service).finished()

        async def review() -> None:
            async with api.ApiClient(self.service.base_url, self.service.token()) as client:
                outbox = Outbox(client, self.journal)
                await outbox.reconcile_open()
                for entry in self.journal.entries_in((EntryState.NEEDS_REVIEW,)):
                    looked = await outbox.reconcile(entry)
                    if looked.outcome is Outcome.NEEDS_REVIEW:  # still not there: send again
                        assert (await outbox.send(looked.entry)).outcome is Outcome.CONFIRMED

        run(review())


def unsettled(journal: PaymentJournal) -> list[JournalEntry]:
    return [e for e in journal.entries_in(tuple(EntryState)) if e.state is not EntryState.CONFIRMED]


@settings(
    max_examples=10, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)  # fmt: skip
@pytest.mark.usefixtures("processes")  # the service as a process, killed and started again
@given(steps=st.lists(step, min_size=3, max_size=7))
# Each fault met once on each road, whatever the draw (a form's slip, then kept ones).
@example(
    steps=[
        ("form", "answer dropped after the commit"),
        ("keep", 2),
        ("flush", "5xx before it looks"),
        ("flush", "none"),
    ]
)
@example(
    steps=[
        ("form", "401"),
        ("keep", 3),
        ("flush", "sender killed"),
        ("form", "5xx before it looks"),
    ]
)
@example(
    steps=[
        ("keep", 2),
        ("flush", "answer dropped after the commit"),
        ("form", "commit after the app gave up"),
        ("keep", 1),
        ("flush", "401"),
    ]
)
def test_every_slip_reaches_the_service_once_whatever_happens(
    service: ServiceProcess, orders: list[Order], steps: list[tuple[str, object]]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        day = Day(service, orders, Path(folder))
        for kind, detail in steps:
            if kind == "keep":
                assert isinstance(detail, int)
                day.keep(detail)
            elif kind == "form":
                day.send_from_the_form(str(detail))
            else:
                day.flush(str(detail))
            twice = {nsu: n for nsu, n in day.at_service().items() if n > 1}
            assert not twice, f"after {kind} {detail}: sent twice {twice}"
        day.end()
        counts = day.at_service()
        assert sorted(counts) == sorted(day.slips), "a slip lost"
        assert set(counts.values()) <= {1}, f"sent twice: {counts}"
        assert unsettled(day.journal) == []
        day.journal.close()
