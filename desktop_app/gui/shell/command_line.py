"""The command line of ``pos-backoffice``: its options, and the settings they set for one run
(support uses them; Settings keep their own values)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from desktop_app import version
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.setting import Setting

DEMO_USER_IDS = {"manager": 2001, "cashier": 1001}


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked (it costs 40 ms)."""

    def __init__(self, option_strings: list[str], dest: str, **_: Any) -> None:
        super().__init__(
            option_strings, dest, nargs=0, default=argparse.SUPPRESS,
            help="say the version and exit",
        )  # fmt: skip

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        sys.stdout.write(f"{parser.prog} {version()}\n")  # where argparse says its own
        parser.exit()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line of ``pos-backoffice``."""
    parser = argparse.ArgumentParser(prog="pos-backoffice", description="POS Back-Office")
    parser.add_argument("--version", action=_Version)
    parser.add_argument(
        "--training",
        action="store_true",
        help="practice mode: a sandbox inside the app, demo data; no other service is contacted",
    )
    parser.add_argument(
        "--role", choices=tuple(DEMO_USER_IDS), default="manager", help="training mode's demo role"
    )
    parser.add_argument(
        "--api-url",
        default=None,
        help="the service's address, with or without /api/v1 (for this run: Settings keep theirs)",
    )
    parser.add_argument(
        "--ca-file",
        default=None,
        help="the store's certificate authority file, trusted in addition to this computer's"
        " (for this run: Settings keep theirs)",
    )
    parser.add_argument(
        "--check-connection",
        action="store_true",
        help="check the connection to the service step by step and exit (no window: IT and"
        " support); exit status 0 only when the service answers and can be used",
    )
    parser.add_argument(
        "--check-service",
        action="store_true",
        help="sign in and read each route of the service once, and say whether it answers the"
        " way the app reads it (no window: IT); exit status 2 cannot reach or sign in, 1 the"
        " app would be stopped or misled, 3 plain http to another machine, else 0",
    )
    check = parser.add_argument_group("the service check (--check-service)")
    check.add_argument(
        "--login-url", default=None, help="the sign-in address (default: the saved one)"
    )
    check.add_argument("--user", default=None, help="the user name to sign in with")
    secret = check.add_mutually_exclusive_group()
    secret.add_argument(
        "--password-stdin",
        action="store_true",
        help="read the password from standard input (without a terminal, this or --token-stdin)",
    )
    secret.add_argument(
        "--token-stdin", action="store_true", help="read a token from standard input instead"
    )
    check.add_argument(
        "--store", default=None, help="the store whose orders are read (default: the first)"
    )
    check.add_argument("--json", action="store_true", help="the findings as JSON, for scripts")
    parser.add_argument("--lang", default=None, help="language, e.g. pt_BR or en_US")
    parser.add_argument("--log-level", default="WARNING", help="DEBUG, INFO, WARNING or ERROR")
    parser.add_argument(
        "--log-full-addresses",
        action="store_true",
        help="developers: log request addresses whole, with what they held (search text, order"
        " numbers); tokens and card numbers are removed all the same",
    )
    parser.add_argument(
        "--journal",
        default=None,
        help="the payment journal file (default: journal.sqlite3 in the user's data folder)",
    )
    parser.add_argument(
        "--quit-after-start",
        action="store_true",
        help="quit as soon as the main window has shown its data (checks and packaging tests)",
    )
    return parser.parse_args(argv)


OPTIONS = {
    prefs.SERVICE_URL.key: "--api-url",
    prefs.CA_FILE.key: "--ca-file",
    prefs.LANGUAGE.key: "--lang",
}
"""The option that sets a setting for one run, by the setting's key."""


def given_on_command_line(args: argparse.Namespace) -> dict[Setting[Any], str]:
    """The settings this run's command line set, each with its option."""
    return {setting: OPTIONS[setting.key] for setting in _given(args)}


def this_run(args: argparse.Namespace) -> dict[str, str]:
    """The values this run's command line set, by setting key (Settings shows them)."""
    return {setting.key: value for setting, value in _given(args).items()}


def _given(args: argparse.Namespace) -> dict[Setting[Any], str]:
    given = ((prefs.SERVICE_URL, args.api_url), (prefs.CA_FILE, args.ca_file))
    return {setting: value for setting, value in (*given, (prefs.LANGUAGE, args.lang)) if value}
