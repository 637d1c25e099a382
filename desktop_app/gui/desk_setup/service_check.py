"""``pos-backoffice --check-service``: before the first sale, whether the service answers the way
the app reads it, one line per finding in the person's language (or ``--json`` for IT's
scripts). Settings ▸ Test connection offers the same check (``service_check_dialog``).

The sign-in is made for the check alone: the password is asked on the terminal without echo,
or read from standard input (``--password-stdin``), or a token is given there
(``--token-stdin``); neither is printed, logged or written anywhere, and the token lives only
in the check's memory. The check only reads.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from desktop_app.api.check import Result
from desktop_app.api.secret import Secret
from desktop_app.core.service_check import Asked, Credentials, check_service
from desktop_app.gui.desk_setup.connection_check import Desk, desk, say, stopped_reading
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.words import service_findings
from desktop_app.gui.words.connection_findings import line, status
from desktop_app.process.collector import collector_paused

if TYPE_CHECKING:
    from desktop_app.gui.settings.setting import Setting

CONTEXT = "ServiceCheck"


def asked_of(
    preferences: Preferences, address: str, ca_file: str | None, credentials: Credentials
) -> Asked:
    """The check of ``address`` with IT's readings of the service (its time zone, the claim
    of the user's number, the manager's roles) and the saved sign-in address."""
    return Asked(
        address=address,
        login_url=preferences.get(prefs.LOGIN_URL),
        credentials=credentials,
        ca_file=ca_file,
        zone=preferences.get(prefs.TIME_ZONE),
        rules=prefs.claim_rules(preferences),
        seconds=float(preferences.get(prefs.TIMEOUT_SECONDS)),
    )


async def run_service_check(
    asked: Asked,
    on_line: Callable[[str], None],
    options: Mapping[str, str] | None = None,
    failed_before: bool = False,
) -> list[Result]:
    """Run the check, telling ``on_line`` each finding in words as it comes, then the verdict
    (``options``, ``failed_before``: as the connection check takes them)."""
    results: list[Result] = []
    # The lists it reads are built as the app builds them, under the collector's pause: a
    # collection in the middle of 100,000 fresh orders held the loop 70-100 ms at a time
    # (the window's, in Settings), against 1-4 ms a step paused.
    with collector_paused():
        async for result in check_service(asked):
            results.append(result)
            on_line(line(result, options))
    on_line(service_findings.verdict(status(results, failed_before)))
    return results


def command(args: argparse.Namespace, given: dict[Setting[Any], str]) -> int:
    """``pos-backoffice --check-service``: exits 2 when the service cannot be reached or signed
    in to, 1 when something would stop or mislead the app, 3 for plain http to another
    machine, else 0."""
    here = desk(args, given)
    credentials = _credentials(args)
    if isinstance(credentials, int):
        return credentials
    saved = asked_of(here.preferences, here.address, here.ca_file, credentials)
    asked = replace(
        saved,
        login_url=args.login_url or saved.login_url,
        store_id=args.store or "",
        on_bytes=_progress if sys.stderr.isatty() else None,
    )
    failed_before = bool(here.it_problems)
    try:
        if args.json:
            return _as_json(here, asked, failed_before)
        if here.it_problems:
            say("✗ " + here.it_problems)
        if here.persons_problems:
            say("! " + here.persons_problems)
        results = asyncio.run(run_service_check(asked, _said, None, failed_before))
    except BrokenPipeError:
        return stopped_reading()
    finally:
        if sys.stderr.isatty():
            print("\r\033[K", end="", file=sys.stderr, flush=True)
    return status(results, failed_before)


def _credentials(args: argparse.Namespace) -> Credentials | int:
    """Who signs in for the check, from standard input or the terminal; else the exit
    status, the reason said."""
    if args.token_stdin:
        return Credentials(token=Secret(sys.stdin.readline().strip()))
    if args.password_stdin:
        if not args.user:
            say(service_findings.no_user())
            return 2
        return Credentials(args.user, password=Secret(sys.stdin.readline().rstrip("\r\n")))
    if not sys.stdin.isatty():
        say(service_findings.no_terminal())
        return 2
    user = args.user or input(QCoreApplication.translate(CONTEXT, "User name: ")).strip()
    return Credentials(
        user,
        password=Secret(getpass.getpass(QCoreApplication.translate("ServiceCheck", "Password: "))),
    )


def _said(text: str) -> None:
    """A finding's line, over the progress line where there is one (a terminal)."""
    if sys.stderr.isatty():
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    say(text)


def _progress(received: int, _expected: int | None) -> None:
    """How far a store's orders have come, on the terminal's last line (stderr)."""
    print("\r\033[K" + service_findings.orders_came(received), end="", file=sys.stderr, flush=True)


def _as_json(here: Desk, asked: Asked, failed_before: bool) -> int:
    """The findings as one JSON object: each with its step, outcome, finding, facts and line;
    the verdict and the exit status."""
    results = asyncio.run(run_service_check(asked, lambda _line: None, None, failed_before))
    code = status(results, failed_before)
    findings = [
        {
            "step": result.step.value,
            "outcome": result.outcome.value,
            "finding": result.finding.value,
            "facts": dict(result.facts),
            "line": line(result),
        }
        for result in results
    ]
    if here.it_problems:
        findings.insert(
            0,
            {
                "step": "settings",
                "outcome": "failed",
                "finding": "it_settings",
                "facts": {},
                "line": "✗ " + here.it_problems,
            },
        )
    document = {
        "findings": findings,
        "verdict": service_findings.verdict(code),
        "exit_status": code,
    }
    print(json.dumps(document, ensure_ascii=False, indent=2), flush=True)
    return code
