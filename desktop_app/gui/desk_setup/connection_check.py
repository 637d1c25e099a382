"""The connection check of this desk's settings: ``pos-backoffice --check-connection`` and
Settings ▸ Test connection say the same, one line per step (the facts come from
:mod:`desktop_app.api.check`, the words from :mod:`desktop_app.gui.words.connection_findings`).

The command needs no display: it runs on QtCore alone (settings and translations), so IT can run
it over ssh and support can ask for its output. It never prints a token or a password.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from desktop_app.api.check import Result, check_connection
from desktop_app.gui.desk_setup import it_file_check, persons_file_check
from desktop_app.gui.look.language import install_translations
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.settings.setting import APPLICATION, ORGANIZATION
from desktop_app.gui.settings.settings_files import open_settings
from desktop_app.gui.words.connection_findings import line, status, verdict
from desktop_app.gui.words.errors import follow_administrator
from desktop_app.gui.words.reasons import follow_command_line

if TYPE_CHECKING:
    from desktop_app.gui.settings.setting import Setting


async def run_check(
    address: str,
    ca_file: str | None,
    on_line: Callable[[str], None],
    options: Mapping[str, str] | None = None,
    failed_before: bool = False,
) -> list[Result]:
    """Run the check, telling ``on_line`` each step in words as it comes, then the verdict.
    ``options``: where the values came from, as :func:`line` takes them; ``failed_before``, as
    :func:`verdict` takes it."""
    results: list[Result] = []
    async for result in check_connection(address, ca_file):
        results.append(result)
        on_line(line(result, options))
    on_line(verdict(results, failed_before))
    return results


@dataclass(frozen=True, slots=True)
class Desk:
    """This desk's settings for a check from the command line: IT's and the person's, with
    what the command line set for this run."""

    preferences: Preferences
    address: str
    ca_file: str | None
    it_problems: str  # IT's settings that do not read, in words ("" when none)
    persons_problems: str = ""  # the person's that could not be used ("": none)


def desk(args: argparse.Namespace, given: dict[Setting[Any], str]) -> Desk:
    """Settings and translations for a check run from the command line (QtCore alone)."""
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)

    opened = open_settings()  # each file looked at before Qt reads it: a pipe never blocks
    preferences = Preferences(opened.person, app, managed=opened.managed)
    install_translations(app, args.lang or preferences.get(prefs.LANGUAGE) or None)

    follow_administrator(preferences)
    follow_command_line(given)  # its values' errors point to it
    not_read = persons_file_check.it_file_not_read(opened)
    found = it_file_check.problems(preferences)
    persons = persons_file_check.problems(opened, preferences)
    ca_file = args.ca_file if args.ca_file is not None else preferences.get(prefs.CA_FILE)
    return Desk(
        preferences,
        args.api_url or preferences.get(prefs.SERVICE_URL),
        ca_file or None,
        not_read or (it_file_check.it_file_message(found).replace("\n", "\n  ") if found else ""),
        persons_file_check.persons_file_message(persons).replace("\n", "\n  ") if persons else "",
    )


def say(text: str) -> None:
    """A line of a check on the terminal, at once."""
    print(text, flush=True)


def stopped_reading() -> int:
    """The output was read by a command that stopped reading (``| head``): no traceback."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1


def command(args: argparse.Namespace, given: dict[Setting[Any], str]) -> int:
    """``pos-backoffice --check-connection``: the check of the address and authority given, or
    of the saved settings; exits 0 only when the service answers and can be used."""
    here = desk(args, given)
    try:
        if here.it_problems:  # named first: the steps below may fail because of them
            say("✗ " + here.it_problems)
        if here.persons_problems:  # the defaults are used: said, and no reason to stop
            say("! " + here.persons_problems)
        failed_before = bool(here.it_problems)
        results = asyncio.run(run_check(here.address, here.ca_file, say, None, failed_before))
    except BrokenPipeError:
        return stopped_reading()
    return status(results, failed_before)
