"""Tokens, card numbers and what request addresses held never reach a log record, at any level."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from desktop_app import api
from desktop_app.api import card_numbers as cards
from desktop_app.api.echoes import WITHHELD, while_sent
from desktop_app.core.redaction import (
    CAPPED_AT_INFO,
    LOGGERS,
    REDACTED,
    cap_library_loggers,
    install_redaction,
    log_full_addresses,
    redact,
    redacting_filter,
)
from desktop_app.sandbox.server import SandboxServer
from tests.helpers import Reply, ScriptedServer, run

CARD = "4111111111111111"


@pytest.fixture(autouse=True)
def _redacted_as_the_app_does() -> Iterator[None]:
    # As a process starts: no filter anywhere yet (a test before, or the process mutmut forks
    # its workers from, may have installed it already and hidden what install_redaction does).
    for logger in (logging.getLogger(name) for name in LOGGERS):
        logger.removeFilter(redacting_filter())
    for handler in logging.getLogger().handlers:
        handler.removeFilter(redacting_filter())
    install_redaction()  # what the app's start-up does before any call
    yield
    log_full_addresses(False)


def test_redact_removes_tokens_and_card_numbers_only() -> None:
    text = (
        "Authorization: Bearer abc.def.ghi and eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl "
        f"card {CARD} or 4111.1111.1111.1111 or ４１１１１１１１１１１１１１１１; "
        "order 1234567890123 (not Luhn) nsu 000123"
    )
    cleaned = redact(text)
    assert "abc.def.ghi" not in cleaned and "eyJhbGciOi" not in cleaned
    assert CARD not in cleaned and "4111.1111" not in cleaned and "４１１１" not in cleaned
    assert "1234567890123" in cleaned and "000123" in cleaned


def test_addresses_are_named_by_their_kind() -> None:
    line = (
        'HTTP Request: GET http://h:1/api/v1/data-consult/customers/Jo%C3%A3o%20Silva "200" · '
        "GET /api/v1/orders-payment/orders/001/100003 · /api/v1/orders-payment/payments/100003 "
        "· POST /api/v1/orders-payment/payments/create · /pos/api/v1/data-consult/products/cafe"
    )
    cleaned = redact(line)
    assert cleaned == (
        'HTTP Request: GET http://h:1/api/v1/data-consult/customers/{filter} "200" · '
        "GET /api/v1/orders-payment/orders/{id}/{orderId} · "
        "/api/v1/orders-payment/payments/{id} · POST /api/v1/orders-payment/payments/create · "
        "/pos/api/v1/data-consult/products/{filter}"
    )


@pytest.mark.parametrize(
    "typed",
    [
        "4111%201111%201111%201111",  # as an address carries "4111 1111 1111 1111"
        "4111%252F1111%252F1111%252F1111",  # encoded twice, "4111/1111/1111/1111"
        "%34%31%31%31%2D%31%31%31%31%2D%31%31%31%31%2D%31%31%31%31",  # every character
    ],
)
def test_a_card_number_in_an_address_is_removed_even_when_addresses_are_logged_whole(
    typed: str,
) -> None:
    log_full_addresses(True)
    cleaned = redact(f"GET /api/v1/data-consult/customers/{typed} -> 400")
    assert "/customers/" in cleaned and "{filter}" not in cleaned
    assert "4111" not in cleaned and "%31%31" not in cleaned


def test_an_address_whose_percent_signs_decode_to_no_text_is_still_read_for_a_card() -> None:
    """ "%FF" is no UTF-8: the line is kept (a strict decoding raised inside the logging filter)
    and the card typed after it still goes."""
    log_full_addresses(True)
    cleaned = redact("GET /api/v1/data-consult/customers/%FF%FE4111%201111%201111%201111 -> 400")
    assert cleaned.startswith("GET /api/v1/data-consult/customers/")
    assert "4111" not in cleaned and "%201111" not in cleaned


def test_no_log_record_carries_the_token_or_what_was_searched(
    shared_sandbox: SandboxServer, caplog: pytest.LogCaptureFixture
) -> None:
    token = shared_sandbox.token("manager")
    caplog.set_level(logging.DEBUG)

    async def scenario() -> None:
        async with api.ApiClient(shared_sandbox.base_url, token) as client:
            await client.list_stores()
            await client.search_customers("Joana Ribeiro")
            await client.list_payments(100003)
            with pytest.raises(api.CardNumberRefusedError):
                await client.search_customers(f"{CARD[:8]} {CARD[8:]}")  # never sent
            client.token = token + "x"  # forged: a 401 goes through the error path too
            with pytest.raises(api.AuthenticationError) as raised:
                await client.list_sellers()
            assert token not in str(raised.value) and token not in repr(raised.value)
            logging.getLogger("desktop_app.api").warning(
                "header was %s", f"Bearer {token}"
            )  # a careless log line is still redacted
            logging.getLogger("desktop_app").error("typed card %s", CARD)

    run(scenario())
    text = "\n".join(r.getMessage() + (r.exc_text or "") for r in caplog.records)
    assert "customers/{filter}" in text and "payments/{id}" in text, "DEBUG lines were expected"
    for secret in (token, token.split(".")[1], CARD, CARD[:8], "Joana", "Ribeiro", "100003"):
        assert secret not in text
    caplog.clear()  # the deliberate error line above is not a failure of this test


def test_a_developer_may_log_addresses_whole(
    shared_sandbox: SandboxServer, caplog: pytest.LogCaptureFixture
) -> None:
    log_full_addresses(True)
    caplog.set_level(logging.DEBUG)

    async def scenario() -> None:
        async with api.ApiClient(shared_sandbox.base_url, shared_sandbox.token()) as client:
            await client.search_customers("Joana")

    run(scenario())
    assert "customers/Joana" in "\n".join(r.getMessage() for r in caplog.records)


def test_a_librarys_line_quoting_the_sign_in_is_withheld_while_it_is_under_way(
    scripted: ScriptedServer, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 89: a gateway's status line quoting the sign-in body reached the log through
    httpx's own line ("HTTP Request: POST … 400 bad body: …"), which no card or token rule
    sees: the password is only a word."""
    password = "Senha-Forte-8c1f2e"
    scripted.default = Reply(status=400, reason=f"bad body password={password}", body=b"")
    caplog.set_level(logging.DEBUG)

    async def sign_in() -> None:
        async with api.ApiClient(scripted.base_url, "") as client:
            with pytest.raises(api.ApiStatusError):
                await client.login("api/v1/auth/login", "gerente2", api.Secret(password))

    run(sign_in())
    lines = [r.getMessage() for r in caplog.records]
    assert any(r.name.startswith("httpx") for r in caplog.records), "httpx's line was expected"
    assert not [line for line in lines if password in line]
    assert any("quoted what was sent at sign-in" in line for line in lines)
    logging.getLogger("desktop_app").info("after the sign-in: %s", password)
    assert password in caplog.records[-1].getMessage()  # only while the request is under way


class _Kept(logging.Handler):
    """A handler as a library or a developer attaches it: on one logger, not on the root."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        self.lines.append(logging.Formatter("%(message)s").format(record))


@pytest.fixture
def httpx_handler() -> Iterator[_Kept]:
    logger = logging.getLogger("httpx")
    kept, level = _Kept(), logger.level
    logger.addHandler(kept)
    logger.setLevel(logging.DEBUG)
    yield kept
    logger.removeHandler(kept)
    logger.setLevel(level)


def test_a_token_is_replaced_and_the_words_around_it_kept() -> None:
    assert redact("Authorization: Bearer abc.def") == f"Authorization: Bearer {REDACTED}"


def test_a_handler_on_a_librarys_own_logger_meets_only_redacted_records(
    httpx_handler: _Kept, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found reading a mutant (issue 98): the format's "Bearer %s" was redacted in place, lost
    its placeholder, and the line could not be formatted: logging then printed the record's
    arguments, the card and the token whole, to stderr."""
    logging.getLogger("httpx").debug("GET /x?card=%s Bearer %s", CARD, "abc.def")
    assert httpx_handler.lines == [f"GET /x?card={cards.REDACTED} Bearer {REDACTED}"]
    assert capsys.readouterr().err == ""


@pytest.mark.allow_error_logs
def test_a_traceback_is_redacted_raised_or_not(httpx_handler: _Kept) -> None:
    """The error's own words are part of its traceback: a card or a token there goes too,
    whether the exception was raised (a traceback) or handed over as it was made (none)."""
    log = logging.getLogger("httpx")
    try:
        raise ValueError(f"card {CARD} refused for Bearer abc.def")
    except ValueError:
        log.exception("the call failed")
    log.error("kept for later", exc_info=ValueError(f"card {CARD}"))
    log.error("where it was", stack_info=True)
    assert len(httpx_handler.lines) == 3
    assert "ValueError" in httpx_handler.lines[0] and "ValueError" in httpx_handler.lines[1]
    assert all(CARD not in line and "abc.def" not in line for line in httpx_handler.lines)


@pytest.mark.allow_error_logs
def test_a_stack_written_into_a_record_is_redacted(httpx_handler: _Kept) -> None:
    record = logging.LogRecord("httpx", logging.ERROR, __file__, 1, "stack", None, None)
    record.stack_info = f"Stack (most recent call last):\n  send(card='{CARD}')"
    logging.getLogger("httpx").handle(record)
    assert "send(card=" in httpx_handler.lines[0] and CARD not in httpx_handler.lines[0]


def test_an_access_line_keeps_its_arguments_each_redacted(httpx_handler: _Kept) -> None:
    """uvicorn's access formatter reads the arguments themselves: they stay five, each clean."""
    logging.getLogger("httpx").info(
        '%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", f"/customers/{CARD}", "1.1", 400
    )
    (record,) = httpx_handler.records
    assert isinstance(record.args, tuple) and len(record.args) == 5
    assert CARD not in " ".join(map(str, record.args)) and record.args[4] == 400


def test_a_broken_line_quoting_a_secret_under_way_is_withheld_not_raised(
    httpx_handler: _Kept,
) -> None:
    """A library's line whose format does not fit its arguments is still read, as written."""
    password = "Senha-Forte-8c1f2e"
    with while_sent([password]):
        logging.getLogger("httpx").info(f"bad body password={password} %d", "not a number")
    assert httpx_handler.lines == [f"({WITHHELD})"]


@pytest.mark.parametrize(("asked", "kept"), [(logging.DEBUG, logging.INFO), (30, 30)])
def test_libraries_that_print_arguments_log_info_at_most_whatever_the_apps_level(
    asked: int, kept: int
) -> None:
    before = {name: logging.getLogger(name).level for name in CAPPED_AT_INFO}
    try:
        cap_library_loggers(asked)
        assert {logging.getLogger(name).level for name in CAPPED_AT_INFO} == {kept}
    finally:
        for name, level in before.items():
            logging.getLogger(name).setLevel(level)
