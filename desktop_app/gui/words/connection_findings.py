"""The connection check's steps and findings in words, and its verdict: ``pos-backoffice
--check-connection``, Settings ▸ Test connection and the service check say them, one line per
step (the facts come from :mod:`desktop_app.api.check`)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from desktop_app.api.check import Finding, Outcome, Result, Step, exit_status
from desktop_app.core.service_check.findings import Finding as ServiceFinding
from desktop_app.gui.words import service_findings
from desktop_app.gui.words.errors import describe

CONTEXT = "ConnectionCheck"

STEPS: dict[Step, object] = {
    Step.ADDRESS: QT_TRANSLATE_NOOP("ConnectionCheck", "Address"),
    Step.TRUST: QT_TRANSLATE_NOOP("ConnectionCheck", "Trust"),
    Step.LOOKUP: QT_TRANSLATE_NOOP("ConnectionCheck", "Name lookup"),
    Step.CONNECTION: QT_TRANSLATE_NOOP("ConnectionCheck", "Connection"),
    Step.TLS: QT_TRANSLATE_NOOP("ConnectionCheck", "Security (TLS)"),
    Step.SERVICE: QT_TRANSLATE_NOOP("ConnectionCheck", "Service"),
    Step.SIGN_IN: QT_TRANSLATE_NOOP("ConnectionCheck", "Sign-in"),
    Step.CLAIMS: QT_TRANSLATE_NOOP("ConnectionCheck", "Token"),
    Step.USER_ID: QT_TRANSLATE_NOOP("ConnectionCheck", "User id"),
    Step.ROLES: QT_TRANSLATE_NOOP("ConnectionCheck", "Roles"),
    Step.CLOCK: QT_TRANSLATE_NOOP("ConnectionCheck", "Clock"),
    Step.STORES: QT_TRANSLATE_NOOP("ConnectionCheck", "Stores"),
    Step.SELLERS: QT_TRANSLATE_NOOP("ConnectionCheck", "Sellers"),
    Step.BILLINGS: QT_TRANSLATE_NOOP("ConnectionCheck", "Billings"),
    Step.ORDERS: QT_TRANSLATE_NOOP("ConnectionCheck", "Orders"),
    Step.ORDER: QT_TRANSLATE_NOOP("ConnectionCheck", "One order"),
    Step.PAYMENTS: QT_TRANSLATE_NOOP("ConnectionCheck", "Payments"),
    Step.CUSTOMERS: QT_TRANSLATE_NOOP("ConnectionCheck", "Customer search"),
    Step.PRODUCTS: QT_TRANSLATE_NOOP("ConnectionCheck", "Product search"),
    Step.SEARCH: QT_TRANSLATE_NOOP("ConnectionCheck", "No match"),
    Step.TIMESTAMPS: QT_TRANSLATE_NOOP("ConnectionCheck", "Timestamps"),
    Step.MONEY: QT_TRANSLATE_NOOP("ConnectionCheck", "Money"),
}

FINDINGS: dict[Finding, object] = {
    Finding.ADDRESS: QT_TRANSLATE_NOOP("ConnectionCheck", "{address}"),
    Finding.ADDRESS_PROXY: QT_TRANSLATE_NOOP(
        "ConnectionCheck", "{address}, through the proxy {proxy}"
    ),
    Finding.PAC_NOT_READ: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "this computer's proxy is chosen by a script ({pac}), which the desk does not run: it"
        " uses the proxy set by address alone. Ask IT for the proxy's address, and set it as"
        " HTTPS_PROXY for the desk.",
    ),
    Finding.SYSTEM_TRUST: QT_TRANSLATE_NOOP(
        "ConnectionCheck", "the certificate authorities this computer trusts"
    ),
    Finding.AUTHORITY_ADDED: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "the certificate authorities this computer trusts, and the one in {file}",
    ),
    Finding.LOOKUP: QT_TRANSLATE_NOOP("ConnectionCheck", "{host} is {addresses}"),
    Finding.LOOKUP_FAILED: QT_TRANSLATE_NOOP(
        "ConnectionCheck", "no machine is named {host}. Check the service address, or ask IT."
    ),
    Finding.CONNECTED: QT_TRANSLATE_NOOP("ConnectionCheck", "connected to {endpoint}"),
    Finding.REFUSED: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "{endpoint} refused the connection: nothing answers on that port. Check the address"
        " and its port, or whether the service is running.",
    ),
    Finding.CONNECT_TIMEOUT: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "{endpoint} did not answer in {seconds} s. Check the network, or ask IT whether a"
        " firewall stops it.",
    ),
    Finding.UNREACHABLE: QT_TRANSLATE_NOOP(
        "ConnectionCheck", "{endpoint} cannot be reached ({detail}). Check the network."
    ),
    Finding.TLS: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "certificate of {names}, issued by {issuer} ({version}), valid {days} days more",
    ),
    Finding.TLS_FAILED: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "no secure connection could be made ({detail}). If the service speaks plain http, its"
        " address starts with http://.",
    ),
    Finding.PLAIN_HERE: QT_TRANSLATE_NOOP("ConnectionCheck", "plain http, on this machine only"),
    Finding.PLAIN_ELSEWHERE: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "plain http to another machine: passwords and tokens would cross the network"
        " readable. Ask IT for the service's https:// address.",
    ),
    Finding.THROUGH_PROXY: QT_TRANSLATE_NOOP(
        "ConnectionCheck", "checked with the service, through the proxy {proxy}"
    ),
    Finding.PROXY_FAILED: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "the proxy {proxy} did not carry the call to the service ({detail}). Ask IT whether the"
        " proxy lets this computer reach the service's address.",
    ),
    Finding.PROXY_REFUSED: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "the proxy {proxy} refused the connection ({endpoint}): the proxy is not running there,"
        " so the service was not asked. Ask IT whether this computer's proxy setting is right.",
    ),
    Finding.PROXY_NOT_FOUND: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "no machine is named {host}, the proxy this computer is set to use ({proxy}), so the"
        " service was not asked. Ask IT whether this computer's proxy setting is right.",
    ),
    Finding.PROXY_GATEWAY: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "the proxy {proxy} answered {status}: it could not carry the call to the service (or the"
        " service failed behind it). Ask IT whether the proxy reaches the service's address.",
    ),
    Finding.HTTPS_PORT: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "{endpoint} speaks https (a certificate of {names}), not plain http: write the address"
        " with https://.",
    ),
    Finding.SERVICE: QT_TRANSLATE_NOOP(
        "ConnectionCheck", "it answers as the store service (it asks for sign-in)"
    ),
    Finding.SERVICE_OPEN: QT_TRANSLATE_NOOP(
        "ConnectionCheck", "it answers, without asking for sign-in"
    ),
    Finding.NOT_SERVICE: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "this address does not answer as the store service (404). Check the service address:"
        " a part after the machine's name (such as /pos) may be missing or too much.",
    ),
    Finding.NOT_SERVICE_ANSWER: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "something answers, but not as the store service. Check the service address.",
    ),
    Finding.SERVER_ERROR: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "the service had an internal error ({status}). Try again later; if it goes on, tell"
        " the service's support.",
    ),
    Finding.SERVICE_STATUS: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "it answered {status}, as the store service does not. Check the service address"
        " (should it start with https://?).",
    ),
    Finding.SERVICE_TIMEOUT: QT_TRANSLATE_NOOP(
        "ConnectionCheck", "the service did not answer in {seconds} s."
    ),
    Finding.SERVICE_UNREACHABLE: QT_TRANSLATE_NOOP(
        "ConnectionCheck", "the service could not be reached. Check the network and the proxy."
    ),
}
"""Each finding's words; findings with an error of their own (a bad address, a refused
certificate, an authority file that cannot be used) take that error's words instead."""

MARKS = {
    Outcome.PASSED: "✓",
    Outcome.WARNING: "!",
    Outcome.MISLEADING: "!",
    Outcome.FAILED: "✗",
}

_CANNOT_YET = QT_TRANSLATE_NOOP(
    "ConnectionCheck", "The service cannot be used from here yet: see the step marked ✗."
)
VERDICTS: dict[int, object] = {
    0: QT_TRANSLATE_NOOP("ConnectionCheck", "The service answers: this address can be used."),
    3: QT_TRANSLATE_NOOP(
        "ConnectionCheck",
        "The service answers, but over plain http to another machine: do not use this address"
        " for real work.",
    ),
    2: _CANNOT_YET,
    1: _CANNOT_YET,  # IT's settings: a line marked ✗ before the steps
}
"""The connection check's last line, by its exit status."""


def _tr(text: object) -> str:
    return QCoreApplication.translate(CONTEXT, str(text))


def line(result: Result, options: Mapping[str, str] | None = None) -> str:
    """One step in words: ``✓ Name lookup: pos.loja is 10.0.0.8``. ``options``: as
    :func:`~desktop_app.gui.words.errors.describe` takes them."""
    if result.error is not None:
        words = describe(result.error, options).text
    elif isinstance(result.finding, ServiceFinding):
        words = service_findings.finding_words(result.finding, result.facts)
    else:
        assert isinstance(result.finding, Finding)
        words = _tr(FINDINGS[result.finding]).format_map(dict(result.facts))
    return f"{MARKS[result.outcome]} {_tr(STEPS[result.step])}: {words}"


def status(results: list[Result], failed_before: bool = False) -> int:
    """The exit status (:func:`~desktop_app.api.check.exit_status`); ``failed_before``: a line
    before the steps, IT's settings, is marked ✗ and would mislead the app (1, unless the
    service cannot be reached at all)."""
    found = exit_status(results)
    return 1 if failed_before and found != 2 else found


_ITS_FILE = QT_TRANSLATE_NOOP(
    "ConnectionCheck",
    "The service answers at this address, but a line of IT's settings above is marked ✗: the"
    " app would not run as IT meant. IT corrects that line.",
)
"""The verdict when every step passed and only IT's settings failed (the steps are all ✓: a
verdict pointing at "the step marked ✗" would send IT looking for none)."""


def verdict(results: list[Result], failed_before: bool = False) -> str:
    """The last line: whether this address can be used (``failed_before``: as :func:`status`
    takes it)."""
    if failed_before and exit_status(results) == 0:
        return _tr(_ITS_FILE)
    return _tr(VERDICTS[status(results, failed_before)])
