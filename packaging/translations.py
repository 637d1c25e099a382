"""`make translations`: refresh the pt_BR catalogue from the code and the forms, keeping every
translation a person already made.

``pyside6-lupdate -no-obsolete`` drops a string whose context changed (a string that moved to
another class or into a Designer form) and lists it again as new and untranslated. This runs
lupdate keeping the obsolete entries, gives each new, unfinished string the translation its
identical source text already has elsewhere in the catalogue (when that translation is the only
one), then drops what the code no longer holds, and compiles the ``.qm``. What is left
unfinished is printed: those strings need a translator.
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from desktop_app.gui.look.language import catalogue_sources

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "resources" / "translations" / "pos_backoffice_pt_BR.ts"
BIN = Path(sys.executable).parent


def sources() -> list[str]:
    """Every file whose strings are translated, relative to the project (as lupdate notes them)."""
    return [str(path.relative_to(ROOT)) for path in catalogue_sources()]


def carry_over(root: ET.Element) -> list[tuple[str, str]]:
    """Fill unfinished messages from finished ones with the same source; drop obsolete ones.
    Returns the (context, source) pairs still unfinished."""
    known: dict[str, set[str]] = {}
    for message in root.iter("message"):
        translation = message.find("translation")
        kind = None if translation is None else translation.get("type")
        if translation is not None and translation.text and kind in (None, "obsolete", "vanished"):
            known.setdefault(message.findtext("source", ""), set()).add(translation.text)
    unfinished = []
    for context in root.iter("context"):
        for message in list(context.iter("message")):
            translation = message.find("translation")
            assert translation is not None
            kind = translation.get("type")
            if kind in ("obsolete", "vanished"):
                context.remove(message)
                continue
            if kind != "unfinished":
                continue
            found = known.get(message.findtext("source", ""), set())
            if len(found) == 1:
                translation.text = next(iter(found))
                del translation.attrib["type"]
            else:
                unfinished.append((context.findtext("name", ""), message.findtext("source", "")))
    for context in list(root.iter("context")):
        if context.find("message") is None:
            root.remove(context)
    return unfinished


def lupdate(*options: str) -> None:
    subprocess.run(
        [str(BIN / "pyside6-lupdate"), *sources(), *options, "-ts", str(CATALOGUE)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


def main() -> int:
    lupdate()  # obsolete entries kept: their translations are carried over below
    tree = ET.parse(CATALOGUE)  # noqa: S314 - our own catalogue
    unfinished = carry_over(tree.getroot())
    tree.write(CATALOGUE, encoding="utf-8", xml_declaration=True)
    lupdate("-no-obsolete")  # nothing obsolete is left; this writes lupdate's own layout
    subprocess.run([str(BIN / "pyside6-lrelease"), "-silent", str(CATALOGUE)], check=True)
    for context, source in unfinished:
        print(f"to translate: [{context}] {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
