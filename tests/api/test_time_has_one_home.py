"""Time has one home (issue 88): every time the service writes is read by ``models.Moment``'s
rule (``models.moment_in`` where no model reads it), so one written with no zone is in the
service's everywhere. An invoice's time was read elsewhere, as UTC, and showed three hours off.
This reads the syntax of every module of ``api/`` and ``core/`` and fails on a new reading of a
time from text outside that home; what is named below reads times that are not the service's."""

from __future__ import annotations

import ast
from pathlib import Path

import desktop_app

PACKAGE = Path(desktop_app.__file__).parent
HOME = "api/models.py"
NOT_THE_SERVICES = {
    "api/samples.py": "HTTP's own Date header, by email.utils (the service's clock)",
    "core/journal_entry.py": "the journal's own times, written by this app with their zone",
    "core/journal_schema.py": "the journal's own times, as an older version wrote them",
    "core/journal.py": "the journal's own days",
    "core/kept_slip.py": "a kept slip's facts, written by this app",
    "core/invoices.py": "whether a text is a timestamp at all (never a card number), not when",
    "core/money.py": "a fixed offset's time put in words, nothing read",
    "core/day_close/terminal_export.py": "the card terminal's report: a day, in its own format",
}
"""Modules that may read a time from text, each with what it reads."""
PARSERS = {"fromisoformat", "strptime"}


def readings_of_time(tree: ast.AST) -> list[int]:
    """The lines of ``tree`` that read a time from text or put a zone on one."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        zoned = node.func.attr == "replace" and any(k.arg == "tzinfo" for k in node.keywords)
        if node.func.attr in PARSERS or zoned:
            found.append(node.lineno)
    return found


def test_no_module_reads_the_services_times_outside_their_home() -> None:
    strays = {}
    for module in sorted((PACKAGE / "api").rglob("*.py")) + sorted(
        (PACKAGE / "core").rglob("*.py")
    ):
        name = module.relative_to(PACKAGE).as_posix()
        if name == HOME or name in NOT_THE_SERVICES:
            continue
        lines = readings_of_time(ast.parse(module.read_text(encoding="utf-8")))
        if lines:
            strays[name] = lines
    assert strays == {}, "a time read outside api/models.py's Moment: use models.moment_in"


def test_the_check_sees_each_way_of_reading_a_time() -> None:
    """The test above is only as good as what it looks for."""
    source = (
        "datetime.fromisoformat(t)\n"
        "datetime.strptime(t, '%Y')\n"
        "moment.replace(tzinfo=UTC)\n"
        "moment.replace(hour=1)\n"
    )
    assert readings_of_time(ast.parse(source)) == [1, 2, 3]


def test_each_named_exception_still_reads_a_time() -> None:
    """An exception whose reading went is taken off the list (it would hide a new one)."""
    for name in NOT_THE_SERVICES:
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        assert readings_of_time(tree), name
