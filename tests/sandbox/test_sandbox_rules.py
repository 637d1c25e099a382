"""The sandbox's rules, over real HTTP (uvicorn on a free port), with plain httpx.

These tests speak raw JSON on purpose: they check the service against the interface
document, not against the app's own client models.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import unicodedata
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import jwt
import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.requests import Request
from stdnum.br import cnpj, cpf

from desktop_app.sandbox.auth import issue_token
from desktop_app.sandbox.db import Database
from desktop_app.sandbox.order_list import OrderListBody
from desktop_app.sandbox.seed import SeedSize, seed
from desktop_app.sandbox.server import SandboxServer
from desktop_app.sandbox.wire import ORDER_JSON, ServiceError
from tests.helpers import run

V1 = "/api/v1"
GETS = [
    "/data-consult/stores",
    "/data-consult/sellers",
    "/data-consult/billings",
    "/data-consult/customers/ana",
    "/data-consult/products/tenis",
    "/orders-payment/orders/001",
    "/orders-payment/orders/001/100001",
    "/orders-payment/payments/100001",
]
POSTS = ["/orders-payment/payments/create", "/orders-payment/invoice/create"]


@pytest.fixture
def http(sandbox: SandboxServer) -> Iterator[httpx.Client]:
    headers = {"Authorization": f"Bearer {sandbox.token('manager')}"}
    with httpx.Client(base_url=sandbox.base_url + V1, headers=headers, timeout=10) as client:
        yield client


def _payment(order: dict[str, Any], **changes: Any) -> dict[str, Any]:
    body = {
        "orderId": order["orderId"],
        "card": "************4242",
        "auth": "AUTH01",
        "nsu": "123456",
        "installments": 1,
        "amount": 10.0,
        "flagName": "Visa",
        "paymentType": "credit",
        "userId": 2001,  # the manager the client signs in as
    }
    body.update(changes)
    return body


def _open_order(http: httpx.Client, minimum: float = 20) -> dict[str, Any]:
    orders = http.get("/orders-payment/orders/001").json()
    return next(o for o in orders if o["amountPaid"] == 0 and o["amount"] > minimum)


def _assert_error(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"statusCode", "message", "error"} and body["statusCode"] == status
    return body


@pytest.mark.parametrize("path", GETS + POSTS)
@pytest.mark.parametrize("token", ["none", "forged", "expired"])
def test_every_endpoint_needs_a_valid_token(
    shared_sandbox: SandboxServer, path: str, token: str
) -> None:
    headers = {}
    if token == "forged":
        headers["Authorization"] = "Bearer " + issue_token(
            "not-the-secret-but-long-enough-for-hs256!",
            subject="x",
            user_id=1,
            name="x",
            roles=("manager",),
        )
    elif token == "expired":
        headers["Authorization"] = "Bearer " + issue_token(
            shared_sandbox.db.signing_secret(), subject="x", user_id=1, name="x",
            roles=("manager",), minutes=-1,
        )  # fmt: skip
    method = "POST" if path in POSTS else "GET"
    response = httpx.request(
        method, shared_sandbox.base_url + V1 + path, headers=headers, json={}, timeout=10
    )
    _assert_error(response, 401)


def test_training_sign_in(shared_sandbox: SandboxServer) -> None:
    url = shared_sandbox.base_url + V1 + "/auth/login"
    wrong = httpx.post(url, json={"username": "cashier", "password": "nope"})
    _assert_error(wrong, 401)
    answer = httpx.post(url, json={"username": "cashier", "password": "cashier"}).json()
    assert answer["token_type"] == "bearer" and answer["expires_in"] > 0
    stores = httpx.get(
        shared_sandbox.base_url + V1 + "/data-consult/stores",
        headers={"Authorization": "Bearer " + answer["access_token"]},
    )
    assert stores.status_code == 200


def test_json_types_are_the_interfaces(http: httpx.Client) -> None:
    (order, *_) = http.get("/orders-payment/orders/001").json()
    assert isinstance(order["orderId"], int) and isinstance(order["amount"], float)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", order["createDate"])
    paid = next(o for o in http.get("/orders-payment/orders/001").json() if o["amountPaid"])
    (payment, *_) = http.get(f"/orders-payment/payments/{paid['orderId']}").json()
    assert isinstance(payment["userId"], str) and isinstance(payment["orderId"], int)
    assert re.fullmatch(r"\*{12}\d{4}", payment["card"])


@pytest.mark.parametrize(
    ("body", "content"),
    [(None, b"{not json"), ({"orderId": "x"}, None), ({}, None), ([1, 2], None)],
)
def test_validation_errors_are_400_in_the_one_shape(
    http: httpx.Client, body: Any, content: bytes | None
) -> None:
    if content is not None:
        response = http.post(
            "/orders-payment/payments/create",
            content=content,
            headers={"Content-Type": "application/json"},
        )
    else:
        response = http.post("/orders-payment/payments/create", json=body)
    error = _assert_error(response, 400)
    assert isinstance(error["message"], list) and error["message"]


def test_search_is_accent_and_case_blind_and_hostile_text_is_text(http: httpx.Client) -> None:
    everyone = http.get("/data-consult/customers/a").json()
    assert 0 < len(everyone) <= 200
    for hostile in ["'; DROP TABLE customers; --", "%", "_", "\\", '" OR 1=1']:
        found = http.get("/data-consult/customers/" + httpx.URL(path=hostile).raw_path.decode())
        assert found.status_code == 200 and found.json() == []
    accented = next(c for c in everyone if re.search("[áéíóúãõç]", c["name"], re.I))
    folded = accented["name"].upper().translate(str.maketrans("ÁÉÍÓÚÃÕÇÂÊÔ", "AEIOUAOCAEO"))
    assert accented in http.get(f"/data-consult/customers/{folded}").json()
    digits = re.sub(r"\W", "", accented["document"])
    assert accented in http.get(f"/data-consult/customers/{digits[2:9]}").json()


def test_demo_data_looks_real(sandbox: SandboxServer, http: httpx.Client) -> None:
    conn = sqlite3.connect(sandbox.db.path)
    documents = [row[0] for row in conn.execute("SELECT document FROM customers")]
    assert all(cpf.is_valid(d) or cnpj.is_valid(d) for d in documents)
    assert any(cnpj.is_valid(d) for d in documents)
    plans = {row[0] for row in conn.execute("SELECT installments FROM plans")}
    assert plans == {1, 3, 6, 10, 12}
    states = conn.execute(
        "SELECT sum(amount_paid_cents = 0), sum(amount_paid_cents BETWEEN 1 AND amount_cents - 1),"
        " sum(amount_paid_cents = amount_cents), (SELECT count(*) FROM invoices) FROM orders"
    ).fetchone()
    assert all(count > 0 for count in states), states
    products = http.get("/data-consult/products/a").json()
    assert products and all(p["manufacturerCode"] for p in products)
    billings = http.get("/data-consult/billings").json()
    assert len(billings) == 90
    conn.close()


def test_payment_rules(http: httpx.Client) -> None:
    order = _open_order(http)
    balance = order["amount"]
    create = "/orders-payment/payments/create"
    _assert_error(http.post(create, json=_payment(order, orderId=1)), 404)
    _assert_error(http.post(create, json=_payment(order, amount=0)), 400)
    _assert_error(http.post(create, json=_payment(order, amount=balance + 0.01)), 400)
    _assert_error(http.post(create, json=_payment(order, amount=1.001)), 400)
    _assert_error(http.post(create, json=_payment(order, installments=0)), 400)
    _assert_error(http.post(create, json=_payment(order, installments=99)), 400)
    _assert_error(http.post(create, json=_payment(order, card="4111111111111111")), 400)
    _assert_error(http.post(create, json=_payment(order, card="411111******1111")), 400)

    created = http.post(create, json=_payment(order, amount=10.0))
    assert created.status_code == 201
    assert created.json() == http.get(f"/orders-payment/payments/{order['orderId']}").json()[0]
    again = http.post(create, json=_payment(order, amount=5.0))
    assert "already recorded" in _assert_error(again, 400)["message"]
    refreshed = http.get(f"/orders-payment/orders/001/{order['orderId']}").json()
    assert refreshed["amountPaid"] == 10.0
    listed = http.get("/orders-payment/orders/001").json()  # the cached list is rebuilt
    assert next(o for o in listed if o["orderId"] == order["orderId"]) == refreshed


def test_full_card_number_is_never_stored(sandbox: SandboxServer, http: httpx.Client) -> None:
    order = _open_order(http)
    for card in ["4111111111111111", "4111 1111 1111 1111", "5555555555554444"]:
        response = http.post("/orders-payment/payments/create", json=_payment(order, card=card))
        _assert_error(response, 400)
        assert card not in response.text
    sandbox.stop()
    raw = b"".join(p.read_bytes() for p in sandbox.db.path.parent.glob("sandbox.sqlite3*"))
    assert b"4111111111111111" not in raw and b"5555555555554444" not in raw


def test_invoice_rules(sandbox: SandboxServer, http: httpx.Client) -> None:
    order = _open_order(http)
    invoice = "/orders-payment/invoice/create"
    cashier = {"Authorization": f"Bearer {sandbox.token('cashier', 1001)}"}
    body = {"orderId": order["orderId"], "userId": 2001}
    by_cashier = {"orderId": order["orderId"], "userId": 1001}
    refused = _assert_error(http.post(invoice, json=by_cashier, headers=cashier), 403)
    assert refused["message"] == "Only a manager may issue invoices"
    _assert_error(http.post(invoice, json={"orderId": 1, "userId": 2001}), 404)
    _assert_error(http.post(invoice, json=body), 400)  # balance due
    paid = http.post(
        "/orders-payment/payments/create", json=_payment(order, amount=order["amount"])
    )
    assert paid.status_code == 201
    issued = http.post(invoice, json=body)
    assert issued.status_code == 201
    record = issued.json()
    assert record["orderId"] == order["orderId"] and record["amount"] == order["amount"]
    assert re.fullmatch(r"\d{44}", record["accessKey"])
    assert datetime.fromisoformat(record["issueDate"]).tzinfo is not None
    _assert_error(http.post(invoice, json=body), 400)  # already invoiced


def test_a_create_under_another_users_number_is_refused(
    sandbox: SandboxServer, http: httpx.Client
) -> None:
    order = _open_order(http)
    payments, invoice = "/orders-payment/payments/create", "/orders-payment/invoice/create"
    refused = _assert_error(http.post(payments, json=_payment(order, userId=1001)), 403)
    assert refused["message"] == "userId 1001 is not the signed-in user's (2001)"
    _assert_error(http.post(invoice, json={"orderId": order["orderId"], "userId": 0}), 403)
    assert http.get(f"/orders-payment/payments/{order['orderId']}").json() == []
    # A token whose subject is no number (a UUID) names no number to hold a create to.
    token = issue_token(
        sandbox.db.signing_secret(), subject="m", user_id=2001, name="M", roles=("manager",)
    )
    claims = jwt.decode(token, options={"verify_signature": False})
    claims.update(sub="5f0c2d8e-7a61-4c1b-9b9e-2f4a1c7d9e30")
    del claims["userId"]
    uuid_token = jwt.encode(claims, sandbox.db.signing_secret(), algorithm="HS256")
    headers = {"Authorization": f"Bearer {uuid_token}"}
    taken = http.post(payments, json=_payment(order, userId=1001), headers=headers)
    assert taken.status_code == 201, taken.text


def test_twenty_concurrent_payments_never_overpay(sandbox: SandboxServer) -> None:
    headers = {"Authorization": f"Bearer {sandbox.token('cashier', 1001)}"}

    async def scenario() -> tuple[dict[str, Any], list[httpx.Response], dict[str, Any]]:
        async with httpx.AsyncClient(
            base_url=sandbox.base_url + V1, headers=headers, timeout=30
        ) as client:
            orders = (await client.get("/orders-payment/orders/001")).json()
            order = next(o for o in orders if o["amountPaid"] == 0 and o["amount"] < 3000)
            share = (round(order["amount"] * 100) // 7) / 100  # 20 sevenths: 13 must fail
            answers = await asyncio.gather(*[
                client.post(
                    "/orders-payment/payments/create",
                    json=_payment(order, amount=share, nsu=f"N{i}", auth=f"A{i}", userId=1001),
                )
                for i in range(20)
            ])  # fmt: skip
            after = (await client.get(f"/orders-payment/orders/001/{order['orderId']}")).json()
            return order, answers, after

    order, answers, after = run(scenario())
    accepted = [a for a in answers if a.status_code == 201]
    assert {a.status_code for a in answers} <= {201, 400}
    assert len(accepted) == 7
    assert after["amountPaid"] <= order["amount"]
    assert round(sum(a.json()["amount"] for a in accepted), 2) == after["amountPaid"]


def test_openapi_describes_every_endpoint(shared_sandbox: SandboxServer) -> None:
    document = httpx.get(shared_sandbox.base_url + "/openapi.json").json()
    paths = set(document["paths"])
    expected = {
        V1 + "/data-consult/stores", V1 + "/data-consult/sellers", V1 + "/data-consult/billings",
        V1 + "/data-consult/customers/{filter}", V1 + "/data-consult/products/{filter}",
        V1 + "/orders-payment/orders/{id}", V1 + "/orders-payment/orders/{id}/{orderId}",
        V1 + "/orders-payment/payments/{id}", V1 + "/orders-payment/payments/create",
        V1 + "/orders-payment/invoice/create",
    }  # fmt: skip
    assert expected <= paths


def test_issue_date_is_now(http: httpx.Client) -> None:
    order = _open_order(http)
    http.post("/orders-payment/payments/create", json=_payment(order, amount=order["amount"]))
    record = http.post(
        "/orders-payment/invoice/create", json={"orderId": order["orderId"], "userId": 2001}
    ).json()
    issued = datetime.fromisoformat(record["issueDate"])
    assert abs((datetime.now(UTC) - issued).total_seconds()) < 120


def test_a_path_parameter_is_one_segment_whatever_it_holds(
    sandbox: SandboxServer, http: httpx.Client
) -> None:
    name, document = (
        sandbox.db.connect()
        .execute("SELECT name, document FROM customers WHERE length(document_key) = 14 LIMIT 1")
        .fetchone()
    )
    key = re.sub(r"\W", "", document)
    typed = f"{key[:2]}.{key[2:5]}.{key[5:8]}/{key[8:12]}-{key[12:]}"  # as printed on paper
    found = http.get("/data-consult/customers/" + quote(typed, safe=""))
    assert found.status_code == 200 and name in [c["name"] for c in found.json()]
    # A store id holding a "/" asks for that store's list, never for one order of store "a".
    store = http.get("/orders-payment/orders/" + quote("a/100001", safe=""))
    assert "Store a/100001 not found" in _assert_error(store, 404)["message"]


def test_an_overlong_search_is_refused_in_the_error_shape(http: httpx.Client) -> None:
    for kind in ("customers", "products"):
        answer = http.get(f"/data-consult/{kind}/" + "a" * 50_000)
        assert "at most" in _assert_error(answer, 400)["message"]


@pytest.mark.parametrize("field", ["nsu", "auth", "flagName", "paymentType"])
def test_a_card_number_is_refused_in_any_field(
    sandbox: SandboxServer, http: httpx.Client, field: str
) -> None:
    order = _open_order(http)
    body = _payment(order, **{field: "4111 1111 1111 1111"})
    answer = http.post("/orders-payment/payments/create", json=body)
    assert "card number" in _assert_error(answer, 400)["message"]
    assert "4111" not in answer.text
    listed = http.get(f"/orders-payment/payments/{order['orderId']}").json()
    assert listed == []


def test_a_body_over_the_maximum_is_refused_unread(http: httpx.Client) -> None:
    answer = http.post(
        "/orders-payment/payments/create",
        content=b"{" + b" " * 20_000_000 + b"}",
        headers={"Content-Type": "application/json"},
    )
    _assert_error(answer, 413)


@pytest.mark.parametrize("chunked", [False, True], ids=["declared", "chunked"])
@pytest.mark.parametrize(("size", "refused"), [(63 * 1024, False), (65 * 1024, True)])
def test_a_body_is_refused_past_64_kib_declared_or_not(
    http: httpx.Client, size: int, refused: bool, chunked: bool
) -> None:
    """The sandbox reads a request body up to 64 KiB (a payment is a few hundred bytes) and
    refuses one larger with 413, whether its length was declared or it came in chunks."""
    body = b"{" + b" " * (size - 2) + b"}"
    content = iter([body[:1024], body[1024:]]) if chunked else body
    answer = http.post(
        "/orders-payment/payments/create",
        content=content,
        headers={"Content-Type": "application/json"},
    )
    if refused:
        _assert_error(answer, 413)
    else:
        assert answer.status_code != 413  # read, and refused for what it holds (no fields)


# One Luhn-valid number written the ways a careless hand or an attacker would.
CARD_DIGITS = "4111111111111111"
DISGUISED = [
    CARD_DIGITS, "4111 1111 1111 1111", "4111.1111.1111.1111", "4111_1111_1111_1111",
    "4111/1111/1111/1111", "4111\u00a01111\u00a01111\u00a01111", "４１１１１１１１１１１１１１１１",
    "٤١١١١١١١١١١١١١١١", "4111\u200b1111\u200b1111\u200b1111", "4111 1111 1111 1111 12/28",
    "4111  1111  1111  1111", "4111 - 1111 - 1111 - 1111", "4111\u31641111\u31641111\u31641111",
    "4111\uffa01111\uffa01111\uffa01111", "41111111111111111228", "4111111111111111123",
    "994111111111111111", "4111%252F1111%252F1111%252F1111",
    # Four separators and more (issue 89): a cashier's spaces around a dash, dots, fillers.
    "4111....1111....1111....1111", "4111    1111    1111    1111", "4111  -  1111  -  1111  -  1111",
    "4111\u3164\u3164\u3164\u31641111\u3164\u3164\u3164\u31641111\u3164\u3164\u3164\u31641111",
]  # fmt: skip


def _digits_only(text: str) -> str:
    """Each decimal digit of ``text`` as ASCII, everything else gone: a card's digits show
    however they were disguised or split."""
    return "".join(
        str(unicodedata.decimal(c)) for c in text if unicodedata.decimal(c, None) is not None
    )


@pytest.mark.parametrize("field", ["nsu", "auth"])
@pytest.mark.parametrize("form", ["4111 -- 1111 -- 1111 -- 1111", "4111    1111    1111    1111"])
def test_a_card_with_wide_separators_is_refused_in_a_slips_codes(
    http: httpx.Client, field: str, form: str
) -> None:
    """Issue 89: these were stored (201)."""
    order = _open_order(http)
    answer = http.post("/orders-payment/payments/create", json=_payment(order, **{field: form}))
    assert "card number" in _assert_error(answer, 400)["message"]
    assert http.get(f"/orders-payment/payments/{order['orderId']}").json() == []


@pytest.mark.parametrize("form", DISGUISED)
def test_a_not_found_never_says_a_card_back(http: httpx.Client, form: str) -> None:
    for path in ("/orders-payment/orders/", "/orders-payment/payments/", "/nowhere/"):
        answer = http.get(path + quote(form, safe=""))
        assert CARD_DIGITS not in _digits_only(answer.text), (path, answer.text)


def test_the_words_of_an_error_are_redacted_whatever_raised_them() -> None:
    """The guard at the door refuses a card before any route; behind it, the one error shape
    still reads its words for one (a route that names what it was asked for)."""
    from desktop_app.sandbox.app import _http_error

    request = Request({"type": "http", "method": "GET", "path": "/", "headers": [],
                       "app": type("App", (), {"state": type("S", (), {"dialects": ()})()})()})  # fmt: skip
    said = asyncio.run(
        _http_error(request, ServiceError(404, "Store 4111 -- 1111 -- 1111 -- 1111"))
    )
    assert CARD_DIGITS not in _digits_only(bytes(said.body).decode())


@pytest.mark.usefixtures("processes")
def test_the_serve_log_and_the_database_never_hold_a_card_number(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    db = Database(path)
    seed(db, SeedSize(stores=1, orders_per_store=5, customers=5, products=5))
    token = issue_token(
        db.signing_secret(), subject="m", user_id=2001, name="M", roles=("manager",)
    )
    order_id = db.connect().execute("SELECT min(order_id) FROM orders").fetchone()[0]
    db.close()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "desktop_app.sandbox", "serve", "--db", str(path),
         "--port", str(port), "--log-level", "debug"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    lines: list[str] = []
    started = threading.Event()

    def read_log() -> None:  # all of it, as it comes: a full pipe would stall the server
        for line in server.stdout or ():
            lines.append(line)
            if "Uvicorn running" in line:
                started.set()

    reader = threading.Thread(target=read_log, daemon=True)
    reader.start()
    answers: list[httpx.Response] = []
    try:
        assert started.wait(60), "the sandbox did not start"
        headers = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=f"http://127.0.0.1:{port}{V1}", headers=headers) as http:
            for card in DISGUISED:
                one = quote(card, safe="")
                for address in (
                    f"/data-consult/customers/{one}", f"/data-consult/products/{one}",
                    f"/orders-payment/orders/{one}", f"/orders-payment/orders/001/{one}",
                    f"/orders-payment/orders/{one}/{order_id}", f"/orders-payment/payments/{one}",
                    f"/data-consult/stores?q={one}",
                ):  # fmt: skip
                    answers.append(http.get(address))
                for field in ("nsu", "auth", "flagName", "paymentType", "card"):
                    body = _payment({"orderId": order_id}, **{field: card})
                    answers.append(http.post("/orders-payment/payments/create", json=body))
            for number in (int(CARD_DIGITS), 4222222222222):
                for route in ("/orders-payment/payments/create", "/orders-payment/invoice/create"):
                    body = _payment({"orderId": number}) | {"userId": 2001}
                    answers.append(http.post(route, json=body))
            answers.append(
                http.post("/auth/login", json={"username": CARD_DIGITS, "password": "x"})
            )
    finally:
        server.terminate()
        server.wait(timeout=30)
        reader.join(timeout=30)
        if server.stdout is not None:
            server.stdout.close()
    log = "".join(lines)
    assert all(a.status_code in (400, 401) for a in answers), [
        (a.request.url, a.status_code) for a in answers if a.status_code not in (400, 401)
    ]
    assert all(CARD_DIGITS not in _digits_only(a.text) for a in answers)
    assert "GET /api/v1/data-consult/customers/[card number removed]" in log  # it was logged
    assert "Logging error" not in log and "Traceback" not in log
    for line in log.splitlines():
        assert CARD_DIGITS not in _digits_only(line) and "4222222222222" not in _digits_only(line)
    stored = "".join(p.read_bytes().decode("utf-8", "replace") for p in tmp_path.glob("s.db*"))
    assert CARD_DIGITS not in _digits_only(stored)


def test_a_body_that_never_arrives_is_given_up(tmp_path: Path) -> None:
    server = SandboxServer(tmp_path / "db.sqlite3", SeedSize(1, 5, 5, 5), body_seconds=0.5)
    with server, socket.create_connection((server.host, server.port), timeout=10) as connection:
        connection.sendall(
            b"POST /api/v1/orders-payment/payments/create HTTP/1.1\r\nHost: x\r\n"
            b'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"orderId"'
        )  # 11 of the 200 bytes it announced, and then nothing
        answer = b""
        while chunk := connection.recv(4096):  # until the server closes: no sleep
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive within 0.5 s" in answer


def test_the_cached_order_list_follows_every_write_whoever_makes_it(
    sandbox: SandboxServer, http: httpx.Client
) -> None:
    def built_afresh() -> list[dict[str, Any]]:
        conn = sqlite3.connect(sandbox.db.path)
        try:
            row = conn.execute(
                f"SELECT json_group_array({ORDER_JSON}) FROM"
                " (SELECT * FROM orders WHERE store_id = '001' ORDER BY order_id)"
            ).fetchone()
        finally:
            conn.close()
        return json.loads(row[0])  # type: ignore[no-any-return]

    first = _open_order(http)
    http.get("/orders-payment/orders/001")  # cached
    paid = http.post("/orders-payment/payments/create", json=_payment(first))
    assert paid.status_code == 201
    listed = http.get("/orders-payment/orders/001").json()
    assert next(o for o in listed if o["orderId"] == first["orderId"])["amountPaid"] == 10.0
    assert listed == built_afresh()
    # Another process (another till's service) changes two orders, the last one among them.
    last = listed[-1]["orderId"]
    other = sqlite3.connect(sandbox.db.path)
    with other:
        other.execute("UPDATE orders SET customer_name = 'Outra Loja' WHERE order_id IN (?, ?)",
                      (listed[3]["orderId"], last))  # fmt: skip
    other.close()
    listed = http.get("/orders-payment/orders/001").json()
    assert listed[3]["customerName"] == listed[-1]["customerName"] == "Outra Loja"
    assert listed == built_afresh()


@given(
    count=st.integers(0, 40),
    piece_bytes=st.integers(1, 400),
    changes=st.lists(st.tuples(st.integers(0, 39), st.text(max_size=30)), max_size=8),
)
def test_a_cached_list_in_pieces_is_the_list_with_each_change(
    count: int, piece_bytes: int, changes: list[tuple[int, str]]
) -> None:
    """A payment changes one order of a million: only the piece that holds it is copied. The
    pieces joined are always the list as built afresh, whichever order changed (the first or
    last of a piece, the list's last) and however small the pieces."""

    def order(number: int, name: str) -> dict[str, Any]:
        return {"createDate": "2026-11-20T10:00:00Z", "orderId": number, "customerName": name}

    orders = [order(number, "a" * (number % 7)) for number in range(100, 100 + count)]
    body = OrderListBody.cut(json.dumps(orders, separators=(",", ":")).encode(), piece_bytes)
    for index, name in changes:
        if index >= count:
            continue
        orders[index] = order(orders[index]["orderId"], name)
        text = json.dumps(orders[index], separators=(",", ":")).encode()
        patched = body.patched(orders[index]["orderId"], text)
        assert patched is not None
        body = patched
    assert json.loads(b"".join(body.pieces)) == orders
    assert len(body) == len(b"".join(body.pieces))


def test_a_search_answers_200_rows_at_most(tmp_path: Path) -> None:
    """README: "searches return at most 200" (customers and products alike)."""
    size = SeedSize(stores=1, orders_per_store=1, customers=260, products=230, seed=5)
    with SandboxServer(tmp_path / "many.sqlite3", size) as server:
        headers = {"Authorization": f"Bearer {server.token('manager')}"}
        with httpx.Client(base_url=server.base_url + V1, headers=headers) as client:
            customers = client.get("/data-consult/customers/a").json()
            products = client.get("/data-consult/products/a").json()
    assert len(customers) == len(products) == 200
