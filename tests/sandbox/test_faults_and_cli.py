"""Fault switches seen through the app's client, and the ``pos-sandbox`` command line."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import httpx
import jwt
import pytest

from desktop_app import api
from desktop_app.api import models
from desktop_app.sandbox.cli import main
from desktop_app.sandbox.server import SandboxServer
from tests.conftest import SMALL
from tests.helpers import run


def _client(server: SandboxServer, **options: object) -> api.ApiClient:
    defaults: dict[str, object] = {"timeout": 5, "backoff_base": 0.01}
    defaults.update(options)
    return api.ApiClient(server.base_url, server.token("cashier", 1001), **defaults)  # type: ignore[arg-type]


def _payment(order: models.Order, nsu: str = "777") -> models.NewPayment:
    return models.NewPayment(
        order_id=order.order_id, card="************4242", auth="OK1", nsu=nsu, installments=1,
        amount=Decimal("1.00"), flag_name="Visa", payment_type="credit", user_id=1001,
    )  # fmt: skip


def test_injected_failures_are_retried_for_reads(sandbox: SandboxServer) -> None:
    sandbox.faults.update({"fail_next": 2, "fail_status": 503})

    async def scenario() -> int:
        async with _client(sandbox) as client:
            return len(await client.list_stores())

    assert run(scenario()) == 2
    assert sandbox.faults.fail_next == 0


def test_injected_500_reaches_the_caller(sandbox: SandboxServer) -> None:
    sandbox.faults.update({"fail_next": 1, "fail_status": 500})

    async def scenario() -> None:
        async with _client(sandbox) as client:
            await client.list_stores()

    with pytest.raises(api.ServerError):
        run(scenario())


def test_commit_then_drop_records_the_payment_without_an_answer(sandbox: SandboxServer) -> None:
    async def scenario() -> tuple[BaseException, list[models.Payment]]:
        async with _client(sandbox) as client:
            order = next(o for o in await client.list_orders("001") if o.balance_due > 1)
            sandbox.faults.update({"drop_after_commit": 1})
            with pytest.raises(api.ApiConnectionError) as raised:
                await client.create_payment(_payment(order))
            return raised.value, await client.list_payments(order.order_id)

    error, payments = run(scenario())
    assert not isinstance(error, api.ApiTimeoutError)
    assert [p.nsu for p in payments].count("777") == 1


def test_latency_past_the_timeout_commits_nothing(sandbox: SandboxServer) -> None:
    async def scenario() -> list[models.Payment]:
        async with _client(sandbox, timeout=0.3) as client:
            order = next(o for o in await client.list_orders("001") if o.balance_due > 1)
            sandbox.faults.update({"latency_ms": 600})
            with pytest.raises(api.ApiTimeoutError):
                await client.create_payment(_payment(order, nsu="888"))
            assert await asyncio.to_thread(sandbox.faults.wait_for_client_left, 10)
            sandbox.faults.reset()
            return await client.list_payments(order.order_id)

    assert "888" not in [p.nsu for p in run(scenario())]


def test_fault_control_endpoint(tmp_path: Path) -> None:
    with SandboxServer(tmp_path / "db.sqlite3", SMALL, fault_control=True) as server:
        url = server.base_url + "/_sandbox/faults"
        assert httpx.put(url, json={"latency_ms": 5, "fail_next": 1}).json()["fail_next"] == 1
        assert server.faults.latency_ms == 5
        assert httpx.put(url, json={"nonsense": 1}).status_code == 400
    with SandboxServer(tmp_path / "db2.sqlite3", SMALL) as server:
        assert httpx.put(server.base_url + "/_sandbox/faults", json={}).status_code in {404, 405}


@pytest.mark.usefixtures("processes")
def test_cli_token_is_accepted_by_a_server_on_the_same_database(tmp_path: Path) -> None:
    db = tmp_path / "cli.sqlite3"
    with SandboxServer(db, SMALL) as server:
        token = subprocess.run(
            [sys.executable, "-m", "desktop_app.sandbox", "token", "--db", str(db),
             "--role", "cashier", "--user-id", "42", "--minutes", "5"],
            check=True, capture_output=True, text=True, timeout=60,
        ).stdout.strip()  # fmt: skip
        answer = httpx.get(
            server.base_url + "/api/v1/data-consult/stores",
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 200


def test_cli_dialects_write_tokens_their_way_and_unknown_ones_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "cli.sqlite3")
    assert main(["token", "--db", db, "--role", "manager", "--user-id", "7",
                 "--dialect", "passport, upper-roles"]) == 0  # fmt: skip
    claims = jwt.decode(capsys.readouterr().out.strip(), options={"verify_signature": False})
    assert (claims["sub"], claims["role"], "userId" in claims) == ("7", "MANAGER", False)
    with pytest.raises(SystemExit):
        main(["serve", "--db", db, "--dialect", "passport,klingon"])
    said = capsys.readouterr().err
    assert "unknown dialect 'klingon'" in said and "search-404" in said


def test_a_shorter_token_lifetime_is_what_a_sign_in_is_given(tmp_path: Path) -> None:
    """The Orca walk hears a session's last minutes from a service giving short tokens."""
    with SandboxServer(tmp_path / "short.sqlite3", SMALL, token_minutes=2.5) as server:
        answer = httpx.post(
            server.base_url + "/api/v1/auth/login",
            json={"username": "cashier", "password": "cashier"},
        ).json()
    claims = jwt.decode(answer["access_token"], options={"verify_signature": False})
    assert answer["expires_in"] == 150 and claims["exp"] - claims["iat"] == 150


@pytest.mark.parametrize("minutes", ["0", "-1", "nan", "inf", "soon"])
def test_a_token_lifetime_that_is_no_time_is_refused_by_name(
    minutes: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--db", str(tmp_path / "never.sqlite3"), "--token-minutes", minutes])
    assert f"not a number of minutes above zero: '{minutes}'" in capsys.readouterr().err
    assert not (tmp_path / "never.sqlite3").exists()


@pytest.mark.parametrize(
    "switches",
    [{"answer_delay_ms": 120_000}, {"latency_ms": 0}, {"drop_next": 1_000_000}, {"fail_rate": 1}],
)
def test_a_fault_switch_at_the_edge_of_its_bounds_is_taken(switches: dict[str, object]) -> None:
    """README: waits "at most 120 s", counts "up to a million", rates between 0 and 1."""
    from desktop_app.sandbox.faults import Faults

    faults = Faults()
    faults.update(switches)
    assert {name: getattr(faults, name) for name in switches} == switches


@pytest.mark.parametrize(
    "switches",
    [
        {"fail_status": 999},
        {"fail_status": 200},
        {"latency_ms": 1e308},
        {"latency_ms": -1},
        {"answer_delay_ms": 120_001},
        {"drop_next": 1_000_001},
        {"fail_rate": 1.5},
        {"fail_next": 1.5},
        {"drop_next": True},
        {"accept_duplicates": "yes"},
        {"latency_path": 7},
        {"fail_next": 1, "fail_status": 999},  # all or nothing: fail_next stays off
    ],
)
def test_a_fault_switch_out_of_its_bounds_is_refused_and_nothing_changes(
    tmp_path: Path, switches: dict[str, object]
) -> None:
    with SandboxServer(tmp_path / "s.db", SMALL, fault_control=True).start() as server:
        before = httpx.get(f"{server.base_url}/_sandbox/faults").json()
        answer = httpx.put(f"{server.base_url}/_sandbox/faults", content=json.dumps(switches))
        assert answer.status_code == 400, answer.text
        assert answer.json()["statusCode"] == 400
        after = httpx.get(f"{server.base_url}/_sandbox/faults").json()
        assert after == before
