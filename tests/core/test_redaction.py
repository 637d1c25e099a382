"""The token and card numbers never reach a log record, at any level."""

from __future__ import annotations

import logging

import pytest

from desktop_app import api
from desktop_app.api.redaction import redact
from desktop_app.sandbox.server import SandboxServer
from tests.helpers import run

CARD = "4111111111111111"


def test_redact_removes_tokens_and_card_numbers_only() -> None:
    text = (
        "Authorization: Bearer abc.def.ghi and eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl "
        f"card {CARD} or 4111 1111 1111 1111; order 1234567890123 (not Luhn) nsu 000123"
    )
    cleaned = redact(text)
    assert "abc.def.ghi" not in cleaned and "eyJhbGciOi" not in cleaned
    assert CARD not in cleaned and "4111 1111 1111 1111" not in cleaned
    assert "1234567890123" in cleaned and "000123" in cleaned


def test_no_log_record_carries_the_token(
    shared_sandbox: SandboxServer, caplog: pytest.LogCaptureFixture
) -> None:
    token = shared_sandbox.token("manager")
    caplog.set_level(logging.DEBUG)

    async def scenario() -> None:
        async with api.ApiClient(shared_sandbox.base_url, token) as client:
            await client.list_stores()
            client.token = token + "x"  # forged: a 401 goes through the error path too
            with pytest.raises(api.AuthenticationError) as raised:
                await client.list_sellers()
            assert token not in str(raised.value) and token not in repr(raised.value)
            logging.getLogger("desktop_app.api").warning(
                "header was %s", f"Bearer {token}"
            )  # a careless log line is still redacted
            logging.getLogger("desktop_app").error("typed card %s", CARD)

    run(scenario())
    assert caplog.records, "DEBUG logging of the HTTP stack was expected"
    for record in caplog.records:
        text = record.getMessage() + (record.exc_text or "")
        assert token not in text
        assert token.split(".")[1] not in text
        assert CARD not in text
    caplog.clear()  # the deliberate error line above is not a failure of this test
