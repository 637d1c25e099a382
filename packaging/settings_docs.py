"""`make docs`: the README's settings tables, IT's example file and the Group Policy template
(packaging/windows/policies: windows/policy_template.py), written from the settings' one
declaration (desktop_app/gui/settings/preferences.py). `--check` writes nothing and exits 1 when
any is out of date (tests/packaging/test_settings_docs.py runs that check)."""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path
from typing import Any

from desktop_app.gui.settings.preferences import MANAGEABLE, SETTINGS
from desktop_app.gui.settings.setting import Setting

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging" / "windows"))
import policy_template  # noqa: E402  (a tool of the Windows build, imported as the script it is)

README = ROOT / "README.md"
EXAMPLE = ROOT / "packaging" / "pos-backoffice.conf.example"
PERSON_TABLE = "settings of File ▸ Settings"
IT_TABLE = "settings IT may set for every desk"
KEPT_TABLE = "what the app keeps besides"
EXAMPLE_HEAD = """\
; POS Back-Office: the settings IT sets for every desk of a store.
; (Written by `make docs` from the settings' declaration: edit that, not this file.)
;
; Copy to /etc/xdg/POS Back-Office/pos-backoffice.conf (readable by everyone, writable by root
; only). A key written here is the value every user of the machine gets: Settings shows it
; greyed, "Set by your administrator". Leave a key out (or delete its line) to let each person
; choose; an empty value means the app's default. Quote a value that holds a comma or a
; semicolon. A comment line starts with ";" (Qt's settings files take "#" for a key). The app
; reads this file at each start; a wrong value or a line that does not read is said at start
; and by `pos-backoffice --check-connection`, naming this file and the key or line.
"""


def _number(value: float) -> str:
    return f"{value:g}"


def form(setting: Setting[Any]) -> str:
    """What a value of ``setting`` looks like, in words."""
    if setting.form:
        return setting.form
    if setting.choices:
        named = [f"`{choice}`" for choice in setting.choices if choice]
        if "" in setting.choices:
            named.append("empty")
        return ", ".join(named[:-1]) + f" or {named[-1]}"
    if setting.type in (int, float):
        low, high = setting.bounds()
        kind = "whole number" if setting.type is int else "number"
        return f"{kind}, {_number(low)} to {_number(high)}"
    return "text"


def default(setting: Setting[Any]) -> str:
    """The default of ``setting``, in words."""
    if setting.shown_default:
        return setting.shown_default
    if setting.type in (int, float):
        return _number(setting.default)
    return f"`{setting.default}`" if setting.default else "empty"


def person_table() -> str:
    """The table of what File ▸ Settings keeps for each person."""
    rows = ["| setting | what it is | default |", "|---|---|---|"]
    rows += [f"| {s.label} | {s.about} | {default(s)} |" for s in SETTINGS if s.label]
    return "\n".join(rows)


def it_table() -> str:
    """The table of the keys IT may set in the system-wide file."""
    rows = ["| key | type | default | what it is |", "|---|---|---|---|"]
    rows += [f"| `{s.key}` | {form(s)} | {default(s)} | {s.about} |" for s in MANAGEABLE]
    return "\n".join(rows)


def kept_table() -> str:
    """The settings that are not in File ▸ Settings, with who sets each."""
    rows = ["| key | who sets it | what it is |", "|---|---|---|"]
    rows += [f"| `{s.key}` | {s.who} | {s.about} |" for s in SETTINGS if s not in MANAGEABLE]
    return "\n".join(rows)


def example_file() -> str:
    """IT's example file: every key IT may set, with its sentence and a value."""
    lines = [EXAMPLE_HEAD.rstrip("\n")]
    section = ""
    for setting in MANAGEABLE:
        group, name = setting.key.split("/", 1)
        if group != section:
            lines += ["", f"[{group}]"]
            section = group
        about = setting.about
        if setting.type in (int, float) or setting.choices:
            shape = form(setting)
            about += f" {shape[0].upper()}{shape[1:]}."
        about = about.replace("`", "")
        value = setting.example or (
            _number(setting.default) if setting.type in (int, float) else setting.default
        )
        lines += textwrap.wrap(about, width=96, initial_indent="; ", subsequent_indent="; ")
        lines.append(f"{name}={value}")
    return "\n".join(lines) + "\n"


def _between(text: str, name: str, body: str) -> str:
    start = f"<!-- {name}: written by make docs -->"
    end = f"<!-- end of {name} -->"
    before, found, rest = text.partition(start)
    if not found:
        raise SystemExit(f"README.md has no {start!r}")
    _, found, after = rest.partition(end)
    if not found:
        raise SystemExit(f"README.md has no {end!r}")
    return f"{before}{start}\n{body}\n{end}{after}"


def readme(text: str) -> str:
    """``text`` (the README) with its settings tables written afresh."""
    for name, body in (
        (PERSON_TABLE, person_table()),
        (IT_TABLE, it_table()),
        (KEPT_TABLE, kept_table()),
    ):
        text = _between(text, name, body)
    return text


def _text(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    check = parser.parse_args(argv).check
    wanted = {README: readme(README.read_text(encoding="utf-8")), EXAMPLE: example_file()}
    wanted |= policy_template.files()
    stale = [path for path, text in wanted.items() if _text(path) != text]
    if check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run make docs", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
