"""Every kind of error reads as words with a way forward: the nearest kind's words, the service's
own reason where it helps, and never a traceback."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from desktop_app import api
from desktop_app.core.journal_recording import RecordingOff, RecordingOffError
from desktop_app.core.journal_schema import JOURNAL_VERSION
from desktop_app.core.journal_trouble import Trouble
from desktop_app.gui.words.errors import Remedy, describe, stop_words

CERT = api.Certificate(
    subject="CN=pos.loja",
    issuer="CN=Autoridade Loja,O=Loja",
    issuer_name="Autoridade Loja",
    names=("pos.loja", "10.0.0.8"),
    not_before=datetime(2026, 1, 1, tzinfo=UTC),
    not_after=datetime(2027, 1, 1, tzinfo=UTC),
)


class GatewayError(api.ServerError):
    """A kind the app may learn later, with no words of its own yet."""


@pytest.mark.parametrize(
    ("error", "words", "remedy"),
    [
        (api.AuthenticationError("expired", status_code=401), "sign in again", Remedy.SIGN_IN),
        (
            api.PermissionDeniedError("Only a manager may issue invoices", status_code=403),
            "Ask a manager. (Only a manager may issue invoices)",
            Remedy.GO_BACK,
        ),
        (
            api.BadRequestError("amount exceeds the balance due", status_code=400),
            "did not accept this: amount exceeds the balance due",
            Remedy.CORRECT,
        ),
        (api.ServerError("boom", status_code=500), "had an internal error (500)", Remedy.RETRY),
        (GatewayError("bad gateway", status_code=502), "internal error (502)", Remedy.RETRY),
        (
            api.ServiceNotFoundError("Cannot GET", status_code=404),
            "does not answer as the store service. Check File ▸ Settings ▸ Service address.",
            Remedy.SETTINGS,
        ),
        (
            api.SignInNotFoundError("", status_code=404),
            "Check File ▸ Settings ▸ Sign-in address.",
            Remedy.SETTINGS,
        ),
        (
            api.CertificateError(api.CertificateProblem.UNKNOWN_AUTHORITY, "x", "pos", CERT),
            "issued by Autoridade Loja, an authority this computer does not trust. Ask IT for"
            " the store's certificate authority file",
            Remedy.SETTINGS,
        ),
        (
            api.CertificateError(api.CertificateProblem.WRONG_NAME, "x", "10.0.0.9", CERT),
            "issued for pos.loja, 10.0.0.8, not for 10.0.0.9",
            Remedy.SETTINGS,
        ),
        (
            api.CertificateError(api.CertificateProblem.EXPIRED, "x", "pos", None),
            "the certificate of pos has expired (it could not be read from here, to say when)."
            " Ask IT to renew it.",
            Remedy.SETTINGS,
        ),
        (
            api.CertificateAuthorityError(api.AuthorityProblem.NO_CERTIFICATE, "/x.pem"),
            "file cannot be used: it holds no certificate. Choose another",
            Remedy.SETTINGS,
        ),
        (api.ApiStatusError("", status_code=418), "refused the request (418).", Remedy.RETRY),
        # A time-out is a connection error with words of its own: the nearest kind wins.
        (api.ApiTimeoutError("read", seconds=12.5), "did not answer in 12.5 s", Remedy.RETRY),
        (api.ApiTimeoutError("the cashier stopped waiting"), "taking too long", Remedy.RETRY),
        (api.ApiConnectionError("refused"), "cannot be reached", Remedy.RETRY),
        (api.ApiRequestError("bad text"), "Nothing was sent", Remedy.CORRECT),
        (
            api.AddressError(api.AddressProblem.IPV6_BRACKETS, "::1"),
            "cannot be used: an IPv6 address goes in brackets",
            Remedy.SETTINGS,
        ),
        (
            api.ApiResponseTooLargeError("big", status_code=200),
            "larger than this app can take",
            Remedy.RETRY,
        ),
    ],
)
def test_each_kind_of_error_has_its_words_and_way_forward(
    qapp: QApplication, error: BaseException, words: str, remedy: Remedy
) -> None:
    message = describe(error)
    assert words in message.text
    assert message.remedy is remedy
    assert message.error is error


@pytest.mark.allow_error_logs
def test_an_unexpected_error_is_summarised_and_logged_not_shown(
    qapp: QApplication, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="desktop_app.gui.words.errors"):
        message = describe(KeyError("internal detail"))
    assert "Something went wrong in the app" in message.text
    assert "internal detail" not in message.text
    assert message.remedy is Remedy.RETRY
    assert "KeyError" in caplog.text


def test_a_stop_at_start_and_a_journal_that_records_nothing_are_said_in_the_persons_language(
    qapp: QApplication, language: str
) -> None:
    too_new = RecordingOff(Trouble.TOO_NEW, Path("journal.sqlite3"), "", JOURNAL_VERSION + 1)
    said = describe(RecordingOffError(too_new)).text
    assert said.startswith("Este pagamento não foi registrado, e nada foi enviado")
    assert f"diário versão {JOURNAL_VERSION + 1}; esta versão lê até a {JOURNAL_VERSION}" in said
    assert stop_words(KeyError("internal detail")) == (
        "O aplicativo precisa fechar (KeyError). Abra-o de novo."
    )
