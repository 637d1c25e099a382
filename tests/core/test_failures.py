"""One reading of every failure to send: not sent, sign-in needed, refused, unknown; and a slip
sent again after any of them stays one journal entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop_app import api
from desktop_app.core.failures import Reading, read_failure
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import EntryState, IllegalMoveError
from desktop_app.core.outbox import Outbox
from desktop_app.core.payments import Outcome
from tests.core.test_journal import slip
from tests.helpers import Reply, ScriptedServer, run

FAILURES = [
    (api.ApiNotSentError("refused"), Reading.NOT_SENT, Reading.NOT_SENT),
    (api.ApiTimeoutError("slow", seconds=5), Reading.NOT_SENT, Reading.UNKNOWN),
    (api.ApiConnectionError("dropped"), Reading.NOT_SENT, Reading.UNKNOWN),
    (api.ServerError("boom", status_code=503), Reading.NOT_SENT, Reading.UNKNOWN),
    (api.BadRequestError("over the balance", status_code=400), Reading.NOT_SENT, Reading.REFUSED),
    (api.NotFoundError("no such order", status_code=404), Reading.NOT_SENT, Reading.REFUSED),
    (api.ApiStatusError("conflict", status_code=409), Reading.NOT_SENT, Reading.MAY_BE_THERE),
    (api.ApiStatusError("too many", status_code=429), Reading.NOT_SENT, Reading.UNKNOWN),
    (api.AuthenticationError("expired", status_code=401), Reading.SIGN_IN, Reading.SIGN_IN),
    (api.ApiResponseValidationError("html", status_code=200), Reading.NOT_SENT, Reading.UNKNOWN),
]


@pytest.mark.parametrize(("error", "before_leaving", "after_leaving"), FAILURES)
def test_each_failure_has_one_reading(
    error: Exception, before_leaving: Reading, after_leaving: Reading
) -> None:
    assert read_failure(error, left=False) is before_leaving
    assert read_failure(error, left=True) is after_leaving


def test_a_slip_that_never_left_is_not_sent_and_goes_again_as_the_same_entry(
    scripted: ScriptedServer, tmp_path: Path
) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    unusable = tmp_path / "store-ca.pem"
    unusable.write_text("not a certificate")

    async def scenario() -> tuple[Outcome, Outcome, str, str]:
        async with api.ApiClient(scripted.base_url, "t", ca_file=str(unusable)) as client:
            recorder = Outbox(client, journal)
            first = recorder.write("001", slip("1"))
            not_sent = await recorder.send(first)
            client.set_ca_file(None)  # the setting put right
            again = recorder.entry_to_send("001", slip("1", amount="12.00"), None, not_sent)
            sent = await recorder.send(again)
            return not_sent.outcome, sent.outcome, first.id, sent.entry.id

    scripted.default = Reply(status=201, body={})
    not_sent, sent, first_id, sent_id = run(scenario())
    assert not_sent is Outcome.NOT_SENT and sent is Outcome.CONFIRMED
    assert sent_id == first_id and len(journal.entries_in(tuple(EntryState))) == 1
    assert journal.get(first_id).payment.amount == 12  # as corrected
    assert len(scripted.requests) == 1  # the first never left


def test_a_refused_slip_goes_again_as_the_same_entry_but_a_confirmed_one_never(
    tmp_path: Path,
) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    entry = journal.add("001", slip("1"))
    journal.set_state(entry.id, EntryState.REJECTED, Note.REFUSED, "over the balance")
    again = journal.amend(entry.id, slip("1", amount="5.00"))
    assert (
        again.id == entry.id
        and again.state is EntryState.PENDING
        and again.note is Note.NONE
        and again.words == ""
    )
    journal.set_state(entry.id, EntryState.CONFIRMED)
    with pytest.raises(IllegalMoveError):
        journal.amend(entry.id, slip("1"))
