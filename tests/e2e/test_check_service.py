"""``pos-backoffice --check-service`` as IT runs it, against the sandbox speaking each other
service's dialect: the lines that say what was met and what the app does with it, the exit
status scripts trust, and no password or token anywhere it writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import httpx
import jwt
import pytest

from desktop_app.sandbox.auth import add_user
from desktop_app.sandbox.dialects import Dialect
from desktop_app.sandbox.server import SandboxServer
from tests.conftest import MACHINE_TRUST, SMALL, write_administrators_file
from tests.helpers import Reply, ScriptedServer, Seen

NOT_HERE = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", *MACHINE_TRUST)
PROXIES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY")


def check(
    tmp_path: Path, *args: str, stdin: str = "manager\n", lang: str = "en_US"
) -> subprocess.CompletedProcess[str]:
    """The command as IT runs it, with no terminal: the password (or token) on its input."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in NOT_HERE and name.upper() not in PROXIES
    }
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    # Read as UTF-8 on every system: a Windows pipe is cp1252 otherwise, where the marks are
    # written '?' (test_check_connection checks that case).
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "desktop_app", "--check-service", "--lang", lang, *args],
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


def signed_in_check(
    tmp_path: Path, server: SandboxServer | ScriptedServer, *args: str
) -> subprocess.CompletedProcess[str]:
    """The check of ``server`` as its manager, the password given on standard input."""
    address = ("--api-url", server.base_url)
    return check(tmp_path, *address, "--user", "manager", "--password-stdin", *args)


def lines(done: subprocess.CompletedProcess[str]) -> list[str]:
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout.splitlines()


def marked(done: subprocess.CompletedProcess[str], *marks: str) -> list[str]:
    return [line for line in lines(done) if line[:1] in marks]


@pytest.fixture
def dialect_sandbox(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SandboxServer]:
    server = SandboxServer(tmp_path / "sandbox.sqlite3", SMALL, dialects=request.param).start()
    yield server
    server.stop()


def test_the_sandbox_as_it_is_passes_with_no_warning(
    tmp_path: Path, shared_sandbox: SandboxServer
) -> None:
    done = signed_in_check(tmp_path, shared_sandbox)
    assert done.returncode == 0, done.stdout
    assert marked(done, "!", "✗") == []
    said = lines(done)
    for expected in (
        "✓ Sign-in: signed in as manager; the answer (access_token, token_type, expires_in)"
        " holds the token in access_token, where the app reads it",
        "✓ Token: claims sub, userId, name, roles, iat, exp; valid for 8 h, after which the app"
        " asks to sign in again",
        "✓ User id: read from userId (2001), sent with payments and invoices",
        "✓ Roles: roles = manager, read as a manager's: invoicing is offered",
        "✓ Stores: 2 read",
        "✓ Orders: 60 read",
        "✓ One order: order 100001 read",
        "✓ Payments: 1 read",
        "✓ Timestamps: date, createDate, payDate in UTC (Z): read as that moment",
        "✓ Money: numbers: read exactly",
        "The service answers as the app reads it: this address can be used.",
    ):
        assert expected in said
    assert any(
        line.startswith("✓ Clock: this desk's clock and the service's agree") for line in said
    )
    assert any(
        line.startswith("✓ No match: a search with no match (“zq") and "an empty list" in line
        for line in said
    )


EXPECTED = {
    Dialect.PASSPORT: (
        0,
        [
            "✓ Token: claims sub, username, role, iat, exp; valid for 8 h",
            "✓ User id: read from sub (2001), sent with payments and invoices",
            "✓ Roles: role = manager, read as a manager's: invoicing is offered",
        ],
    ),
    Dialect.UPPER_ROLES: (0, ["✓ Roles: roles = MANAGER, read as a manager's"]),
    Dialect.WRAPPED_SIGN_IN: (
        0,
        ["✓ Sign-in: signed in as manager; the answer (data) holds the token in data.accessToken"],
    ),
    Dialect.EMPTY_CREATE: (0, []),  # nothing is created: the check is the same
    Dialect.CONFLICT: (0, []),
    Dialect.NEST_ERRORS: (0, []),
    Dialect.SEARCH_404: (0, ["answers 404: read as nothing found"]),
    Dialect.ZONED_TIMES: (
        0,
        ["✓ Timestamps: date, createDate, payDate with the offset -03:00: read as that moment"],
    ),
    Dialect.NAIVE_TIMES: (
        1,
        [
            "! Timestamps: date, createDate, payDate with no time zone (",
            "read as UTC. If the service writes its local time, IT sets service/time_zone",
        ],
    ),
    Dialect.BARE_DATES: (
        0,
        ["✓ Timestamps: date as the day alone: read as that day, which no zone moves"],
    ),
    Dialect.TEXT_MONEY: (0, ["✓ Money: strings (“"]),
    Dialect.FLOAT_SUMS: (0, ["✓ Money: numbers: read exactly"]),  # noise: see its own test
    Dialect.NULLS: (
        0,
        ["✓ Orders: null or empty: sellerName 5/60, customerName 8/60, planName 5/60; shown as"],
    ),
    Dialect.BILLING_PER_STORE: (
        0,
        [
            "✓ Billings: 180 records on 90 days (more than one a day): the app sums each day's",
        ],
    ),
    Dialect.PAGED_LINK: (0, ["✓ Orders: all 60 read, page by page, as the app reads them"]),
    Dialect.PAGED_TOTAL: (
        1,
        ["✗ Orders: the service says its list holds 60; the app reads 50: it gave no way to"],
    ),
    Dialect.ENVELOPE: (0, ["✓ Orders: 60 read"]),
    Dialect.SPRING_PAGE: (
        1,
        ["✗ Orders: the service says its list holds 60; the app reads 50: it gives the rest in"],
    ),
    Dialect.LATIN_1: (0, ["✓ Orders: 60 read"]),
    Dialect.EMPTY_204: (0, []),
}


@pytest.mark.parametrize(
    "dialect_sandbox",
    [pytest.param(dialect.value, id=dialect.value) for dialect in Dialect],
    indirect=True,
)
def test_each_dialect_is_named_with_what_the_app_does(
    tmp_path: Path, dialect_sandbox: SandboxServer
) -> None:
    (dialect,) = dialect_sandbox.dialects
    status, expected = EXPECTED[dialect]
    done = signed_in_check(tmp_path, dialect_sandbox)
    assert done.returncode == status, done.stdout
    for words in expected:
        assert words in done.stdout, done.stdout
    if status == 0:
        assert marked(done, "!", "✗") == [], done.stdout


def test_times_with_no_zone_read_in_its_zone_once_it_names_it(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, administrators_file: Path
) -> None:
    path = tmp_path_factory.mktemp("naive") / "sandbox.sqlite3"
    with SandboxServer(path, SMALL, dialects="naive-times").start() as server:
        write_administrators_file(administrators_file, "[service]\ntime_zone=America/Sao_Paulo\n")
        done = signed_in_check(tmp_path, server)
    assert done.returncode == 0, done.stdout
    assert "read in America/Sao_Paulo, as IT's service/time_zone says" in done.stdout


def test_sums_written_with_binary_noise_are_read_as_the_cent(
    tmp_path: Path, sandbox: SandboxServer
) -> None:
    # An order paid in three parts whose float sum is noisy, as the counter makes them.
    with httpx.Client(base_url=sandbox.base_url) as client:
        headers = {"Authorization": f"Bearer {sandbox.token()}"}
        store = client.get("/api/v1/data-consult/stores", headers=headers).json()[0]["id"]
        orders = client.get(f"/api/v1/orders-payment/orders/{store}", headers=headers).json()
        order = next(o for o in orders if Decimal(str(o["amountPaid"])) == 0)
        for number, cents in enumerate((1010, 2020, 3033)):
            body = {
                "orderId": order["orderId"], "card": "**** **** **** 1111", "auth": f"A{number}",
                "nsu": f"77{number}", "installments": 1, "amount": cents / 100,
                "flagName": "VISA", "paymentType": "credit", "userId": 2001,
            }  # fmt: skip
            created = client.post(
                "/api/v1/orders-payment/payments/create", json=body, headers=headers
            )
            assert created.is_success
    sandbox.stop()
    noisy = SandboxServer(sandbox.db.path, SMALL, dialects="float-sums").start()
    try:
        done = signed_in_check(tmp_path, noisy, "--store", store)
    finally:
        noisy.stop()
    assert done.returncode == 0, done.stdout
    assert (
        "✓ Money: sums written with binary noise (1, such as 60.629999999999995): read as the"
        " nearest cent" in done.stdout
    )


def test_a_wrong_password_cannot_sign_in(tmp_path: Path, shared_sandbox: SandboxServer) -> None:
    done = check(
        tmp_path, "--api-url", shared_sandbox.base_url, "--user", "manager", "--password-stdin",
        stdin="not-the-password\n",
    )  # fmt: skip
    assert done.returncode == 2
    assert lines(done)[-2] == (
        "✗ Sign-in: the user name manager or its password was not accepted. Check them, and try"
        " again."
    )
    assert lines(done)[-1] == (
        "The check could not reach the service or sign in: see the line marked ✗."
    )


def test_a_sign_in_address_where_nothing_answers(
    tmp_path: Path, shared_sandbox: SandboxServer
) -> None:
    done = signed_in_check(tmp_path, shared_sandbox, "--login-url", "api/v1/auth/nowhere")
    assert done.returncode == 2
    assert (
        f"✗ Sign-in: nothing answers at the sign-in address {shared_sandbox.base_url}"
        "/api/v1/auth/nowhere (404). IT sets the right one in service/login_url" in done.stdout
    )


def test_with_no_terminal_the_password_must_come_on_standard_input(
    tmp_path: Path, shared_sandbox: SandboxServer
) -> None:
    done = check(tmp_path, "--api-url", shared_sandbox.base_url, "--user", "manager")
    assert done.returncode == 2
    assert lines(done) == [
        "✗ Sign-in: there is no terminal to ask the password on. Give it with --password-stdin"
        " (and --user), or a token with --token-stdin."
    ]


def _service_of_another_team(scripted: ScriptedServer, sign_in: object, stores: object) -> None:
    """A service that answers the sign-in with ``sign_in`` and the stores with ``stores``; every
    other read an empty list, and nothing without a token."""
    token = jwt.encode({"sub": "7", "exp": datetime.now(UTC) + timedelta(hours=1)}, "k" * 32)

    def answer(seen: Seen) -> Reply:
        method, path = seen.method, seen.raw_path
        if method == "POST" and path.endswith("/auth/login"):
            return Reply(body=sign_in if sign_in != "token" else {"token": token})
        if "authorization" not in seen.headers:
            return Reply(status=401, body={"message": "Unauthorized"})
        return Reply(body=stores if path.endswith("/stores") else [])

    scripted.handler = answer


def test_a_sign_in_that_answers_without_a_token(tmp_path: Path, scripted: ScriptedServer) -> None:
    _service_of_another_team(scripted, {"ok": True, "user": {"id": 7}}, [])
    done = signed_in_check(tmp_path, scripted)
    assert done.returncode == 2
    assert (
        "✗ Sign-in: the sign-in answered without a token (it holds: ok, user). The app looks for"
        " access_token, accessToken, token or jwt" in done.stdout
    )


def test_an_answer_that_is_not_a_list_would_stop_the_app(
    tmp_path: Path, scripted: ScriptedServer
) -> None:
    _service_of_another_team(scripted, "token", {"message": "ok", "total": 1})
    done = signed_in_check(tmp_path, scripted)
    assert done.returncode == 1, done.stdout
    assert (
        "✗ Stores: the answer is not a list but object (message, total): the app cannot read it."
        in done.stdout
    )
    assert "✓ Sign-in: signed in as manager; the answer (token) holds the token in token" in (
        done.stdout
    )


def test_a_list_in_an_envelope_is_read_as_the_app_reads_it(
    tmp_path: Path, scripted: ScriptedServer
) -> None:
    """Issue 88: the app reads a list inside ``{"data": [...], "total": 1}``; so does the
    check (it said the app could not)."""
    _service_of_another_team(scripted, "token", {"data": [{"id": "1"}], "total": 1})
    done = signed_in_check(tmp_path, scripted)
    assert "✓ Stores: 1 read" in done.stdout, done.stdout
    assert "✓ Sign-in: signed in as manager; the answer (token) holds the token in token" in (
        done.stdout
    )


def test_rows_the_app_cannot_read_are_counted_with_the_first_reason(
    tmp_path: Path, sandbox: SandboxServer
) -> None:
    sandbox.faults.update({"unreadable_next": 1})  # the first list answered: the stores
    done = signed_in_check(tmp_path, sandbox)
    assert done.returncode == 1, done.stdout
    assert (
        "! Stores: 1 of 3 could not be read, and the app leaves them out: id: Field required (the"
        " first). Send this line to the service's team." in lines(done)
    )


def _keycloak_token(server: SandboxServer) -> str:
    """A token as a Keycloak realm writes it, signed by ``server``: the user by a UUID and a
    name, roles under realm_access, the user's number only in a claim of the realm's own."""
    now = datetime.now(UTC)
    claims = {
        "sub": "5f0c2d8e-7a61-4c1b-9b9e-2f4a1c7d9e30",
        "preferred_username": "ana",
        "realm_access": {"roles": ["cashier"]},
        "employee": "1001",
        "iat": now,
        "exp": now + timedelta(minutes=30),
    }
    return jwt.encode(claims, server.db.signing_secret(), algorithm="HS256")


def test_a_token_with_no_users_number_would_stop_payments_until_it_names_the_claim(
    tmp_path: Path, shared_sandbox: SandboxServer, administrators_file: Path
) -> None:
    token = _keycloak_token(shared_sandbox)
    address = ("--api-url", shared_sandbox.base_url)
    done = check(tmp_path, *address, "--token-stdin", stdin=token + "\n")
    assert done.returncode == 1, done.stdout
    said = lines(done)
    assert "✓ Sign-in: the token given on standard input (no sign-in made)" in said
    assert (
        "✓ Token: claims sub, preferred_username, realm_access, employee, iat, exp; valid for 30"
        " min, after which the app asks to sign in again" in said
    )
    assert (
        "✗ User id: no claim the app reads holds a whole number (userId, sub, user_id, uid):"
        " payments and invoices cannot be sent. If another claim holds the user's number, IT"
        " names it in service/user_id_claim; else the service's team adds userId to its tokens."
        in said
    )
    assert (
        "✓ Roles: realm_access = cashier, read as no manager's: invoicing is greyed (the service"
        " would refuse it)" in said
    )

    write_administrators_file(administrators_file, "[service]\nuser_id_claim=employee\n")
    done = check(tmp_path, *address, "--token-stdin", stdin=token + "\n")
    assert done.returncode == 0, done.stdout
    assert (
        "✓ User id: read from employee (1001), as IT's service/user_id_claim says; sent with"
        " payments and invoices" in lines(done)
    )


def _everything_written(home: Path, done: subprocess.CompletedProcess[str]) -> bytes:
    """Every byte the run left: its output, and every file under its home (settings, logs)."""
    written = [done.stdout.encode(), done.stderr.encode()]
    written += [path.read_bytes() for path in home.rglob("*") if path.is_file()]
    return b"\n".join(written)


def test_the_password_and_the_token_are_in_no_output_log_or_file(
    tmp_path: Path, sandbox: SandboxServer
) -> None:
    password = "Senha-Forte-8c1f2e"
    add_user(sandbox.db, "joana", password, 1002, "Joana", "cashier")
    home = tmp_path / "password"
    home.mkdir()
    done = check(
        home, "--api-url", sandbox.base_url, "--user", "joana", "--password-stdin",
        "--log-level", "DEBUG", stdin=password + "\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout
    assert "✓ User id: read from userId (1002)" in done.stdout
    assert list(home.rglob("*.log")), "the run logged nothing: the test would prove nothing"
    assert password.encode() not in _everything_written(home, done)

    token = sandbox.token("cashier", 1002)
    home = tmp_path / "token"
    home.mkdir()
    done = check(
        home, "--api-url", sandbox.base_url, "--token-stdin", "--json", "--log-level", "DEBUG",
        stdin=token + "\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout
    written = _everything_written(home, done)
    assert token.encode() not in written
    assert token.split(".")[2].encode() not in written  # nor its signature alone


def test_a_sign_in_refusal_that_quotes_the_password_is_never_printed(
    tmp_path: Path, scripted: ScriptedServer
) -> None:
    """Issue 89: a validation layer quoting the refused body printed the password on the
    check's output and in its JSON, output IT sends to the service's team."""

    def answer(seen: Seen) -> Reply:
        if seen.method != "POST":
            return Reply(status=401, body={"message": "Unauthorized"})
        quoted = f"bad body: {json.loads(seen.body)!r}"  # as Python's validation layers do
        return Reply(status=400, body={"detail": quoted, "message": quoted})

    scripted.handler = answer
    for form in ((), ("--json",)):
        home = tmp_path / ("json" if form else "text")
        home.mkdir()
        done = check(
            home, "--api-url", scripted.base_url, "--user", "manager", "--password-stdin",
            "--log-level", "DEBUG", *form, stdin="Senha-Forte-8c1f2e\n",
        )  # fmt: skip
        assert done.returncode == 2
        assert "quoted what was sent at sign-in" in done.stdout
        assert b"Senha-Forte-8c1f2e" not in _everything_written(home, done)
    posted = [seen.body for seen in scripted.requests if seen.method == "POST"]
    assert b"Senha-Forte-8c1f2e" in posted[0]  # it was sent, and quoted back


@pytest.mark.parametrize("dialect_sandbox", ["naive-times"], indirect=True)
def test_json_gives_the_same_findings_for_scripts(
    tmp_path: Path, dialect_sandbox: SandboxServer
) -> None:
    said = signed_in_check(tmp_path, dialect_sandbox)
    done = signed_in_check(tmp_path, dialect_sandbox, "--json")
    assert done.returncode == said.returncode == 1
    document = json.loads(done.stdout)
    assert document["exit_status"] == 1
    # The same lines, but for what differs from one run to the next: the clocks' seconds and
    # the word no one has.
    steady = [line for line in lines(said)[:-1] if not line.startswith(("✓ Clock", "✓ No match"))]
    found = [finding["line"] for finding in document["findings"]]
    assert [line for line in found if not line.startswith(("✓ Clock", "✓ No match"))] == steady
    assert len(found) == len(lines(said)) - 1
    assert document["verdict"] == lines(said)[-1]
    naive = next(f for f in document["findings"] if f["finding"] == "times_naive")
    assert naive["step"] == "timestamps"
    assert naive["outcome"] == "misleading"
    assert naive["facts"]["fields"] == "date, createDate, payDate"


def test_over_the_stores_tls_it_says_the_certificates_days_left(
    tmp_path: Path, tls_sandbox: SandboxServer, authority_file: Path
) -> None:
    done = check(
        tmp_path, "--api-url", tls_sandbox.base_url, "--ca-file", str(authority_file),
        "--user", "manager", "--password-stdin",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout
    (tls,) = [line for line in lines(done) if line.startswith("✓ Security (TLS)")]
    assert tls.startswith("✓ Security (TLS): certificate of 127.0.0.1")
    assert tls.endswith("days more") and ", valid " in tls


def test_what_needs_the_orders_is_not_checked_when_they_could_not_be_read(
    tmp_path: Path, sandbox: SandboxServer
) -> None:
    orders = "/api/v1/orders-payment/orders/"
    sandbox.faults.update({"fail_next": 1, "fail_status": 500, "fail_path": orders})
    done = signed_in_check(tmp_path, sandbox)
    assert done.returncode == 1, done.stdout
    said = lines(done)
    assert [line for line in said if line.startswith("✗ Orders: ")] == [
        "✗ Orders: The service had an internal error (500). Wait a moment and retry; if it goes"
        " on, call support."
    ]
    store = httpx.get(f"{sandbox.base_url}/api/v1/data-consult/stores", headers={
        "Authorization": f"Bearer {sandbox.token()}"}).json()[0]["id"]  # fmt: skip
    for step in ("One order", "Payments", "Customer search"):
        assert f"✓ {step}: not checked: the orders of store {store} could not be read" in said
    assert any(line.startswith("✓ Product search: ") for line in said)  # the rest still read
