"""A create answered 2xx with something that is no record: a gateway that sends addresses it
does not know to a web page, or a body shaped like an error. The payment is not taken as
recorded: it is looked for at the service, and confirmed only once it is found there."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import httpx
import pytest

from desktop_app import api
from desktop_app.api._answers import error_shaped
from desktop_app.api.models import NewPayment
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_states import EntryState
from desktop_app.core.outbox import Outbox
from desktop_app.core.payments import Outcome, Result
from desktop_app.sandbox.server import SandboxServer
from tests.helpers import Reply, ScriptedServer, Seen, run

CREATE = "/api/v1/orders-payment/payments/create"
GATEWAY_PAGE = Reply(
    body="<!DOCTYPE html><html><body><h1>Bem-vindo</h1></body></html>",
    headers={"Content-Type": "text/html; charset=utf-8"},
)


def _gateway(scripted: ScriptedServer, sandbox: SandboxServer, create: Reply) -> None:
    """Reads go through to the service; a create gets ``create`` and never reaches it."""

    def answer(seen: Seen) -> Reply:
        if seen.method == "POST":
            return create
        forwarded = httpx.get(
            sandbox.base_url + seen.raw_path,
            headers={"Authorization": seen.headers.get("authorization", "")},
        )
        return Reply(status=forwarded.status_code, body=forwarded.content)

    scripted.handler = answer


def _slip(sandbox: SandboxServer) -> NewPayment:
    headers = {"Authorization": f"Bearer {sandbox.token()}"}
    orders = httpx.get(f"{sandbox.base_url}/api/v1/orders-payment/orders/001", headers=headers)
    order = next(o for o in orders.json() if o["amountPaid"] == 0)
    return NewPayment(
        order_id=order["orderId"], card="************4242", auth="GW01", nsu="880011",
        installments=1, amount=Decimal("10.00"), flag_name="Visa", payment_type="credit",
        user_id=2001,
    )  # fmt: skip


@pytest.mark.parametrize(
    "create",
    [
        pytest.param(GATEWAY_PAGE, id="web-page"),
        pytest.param(
            Reply(body="<html>OK</html>", headers={"Content-Type": "text/plain"}),
            id="web-page-said-to-be-text",
        ),
        pytest.param(
            Reply(body={"success": False, "message": "upstream down"}), id="success-false"
        ),
        pytest.param(Reply(body={"statusCode": 502, "message": "Bad Gateway"}), id="status-code"),
        pytest.param(Reply(body={"error": {"code": "UPSTREAM"}}), id="error"),
        pytest.param(Reply(body={"status": " Failed ", "detail": "timeout"}), id="status-word"),
        pytest.param(Reply(body={"ok": False}), id="ok-false"),
    ],
)
def test_a_create_answered_with_no_record_is_looked_for_and_confirmed_only_when_found(
    tmp_path: Path, sandbox: SandboxServer, scripted: ScriptedServer, create: Reply
) -> None:
    _gateway(scripted, sandbox, create)
    slip = _slip(sandbox)
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    headers = {"Authorization": f"Bearer {sandbox.token()}", "Content-Type": "application/json"}

    async def send_then_look_again() -> tuple[Result, Result, Result]:
        async with api.ApiClient(scripted.base_url, sandbox.token(), timeout=10) as client:
            outbox = Outbox(client, journal)
            entry = outbox.write("001", slip)
            sent = await outbox.send(entry)
            looked = await outbox.reconcile(journal.get(entry.id))
            # The service had it after all (the gateway passed it on late): found, confirmed.
            async with httpx.AsyncClient(base_url=sandbox.base_url) as service:
                recorded = await service.post(CREATE, content=slip.to_json(), headers=headers)
                recorded.raise_for_status()
            return sent, looked, await outbox.reconcile(journal.get(entry.id))

    sent, looked, found = run(send_then_look_again())
    assert isinstance(sent.error, api.ApiUncertainAnswerError)
    for not_yet in (sent, looked):  # looked for, not found: never taken as recorded
        assert not_yet.outcome is Outcome.NEEDS_REVIEW
        assert not_yet.entry.state is EntryState.NEEDS_REVIEW
    assert found.outcome is Outcome.CONFIRMED
    assert found.entry.state is EntryState.CONFIRMED
    journal.close()


@pytest.mark.parametrize("status", [201, 204])
def test_an_empty_created_answer_is_recorded(
    tmp_path: Path, sandbox: SandboxServer, scripted: ScriptedServer, status: int
) -> None:
    _gateway(scripted, sandbox, Reply(status=status, body=b""))
    journal = PaymentJournal(tmp_path / "journal.sqlite3")

    async def send() -> Result:
        async with api.ApiClient(scripted.base_url, sandbox.token(), timeout=10) as client:
            outbox = Outbox(client, journal)
            return await outbox.send(outbox.write("001", _slip(sandbox)))

    assert run(send()).outcome is Outcome.CONFIRMED
    journal.close()


def test_the_sandboxs_own_answers_are_no_errors(sandbox: SandboxServer) -> None:
    headers = {"Authorization": f"Bearer {sandbox.token()}", "Content-Type": "application/json"}
    created = httpx.post(
        sandbox.base_url + CREATE, content=_slip(sandbox).to_json(), headers=headers
    )
    assert created.status_code == 201 and not error_shaped(created.json())
    assert not error_shaped({"id": 7, "status": "recorded", "ok": True, "errors": []})
