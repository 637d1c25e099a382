"""One meaning, one word in pt_BR: the glossary in ``docs/glossary-pt_BR.md`` sets words aside,
and no translation uses them (issue "When the service is down (3)")."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary-pt_BR.md"
CATALOGUE = ROOT / "resources" / "translations" / "pos_backoffice_pt_BR.ts"


def glossary() -> list[tuple[str, str, list[str], set[str]]]:
    """Each row: its meaning, its pt_BR word, the words set aside, the contexts excepted."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("Meaning", "") or set(cells[0]) <= {"-"}:
            continue
        meaning, _english, word, aside, excepted = cells
        words = [w.strip() for w in aside.split(",") if w.strip()]
        rows.append((meaning, word, words, {c.strip() for c in excepted.split(",") if c.strip()}))
    return rows


def translations() -> list[tuple[str, str, str]]:
    """Each finished translation: its context, its English, its pt_BR."""
    root = ET.parse(CATALOGUE).getroot()  # noqa: S314 - our own catalogue
    return [
        (context.findtext("name", ""), message.findtext("source", ""), translation.text or "")
        for context in root.iter("context")
        for message in context.iter("message")
        if (translation := message.find("translation")) is not None
    ]


def test_the_glossary_is_read_whole() -> None:
    rows = glossary()
    assert len(rows) >= 9
    assert ("the card machine that approves a card", "maquininha") in [(m, w) for m, w, *_ in rows]


def test_no_translation_uses_a_word_the_glossary_sets_aside() -> None:
    found = []
    for meaning, word, aside, excepted in glossary():
        for set_aside in aside:
            pattern = re.compile(rf"(?<!\w){re.escape(set_aside)}(?!\w)", re.IGNORECASE)
            found += [
                (meaning, f"{set_aside!r} where the glossary says {word!r}", context, source)
                for context, source, text in translations()
                if context not in excepted and pattern.search(text)
            ]
    assert found == []


def test_the_card_machine_has_one_name_in_every_window() -> None:
    """ "maquininha" wherever the English names the card terminal (the issue's own case)."""
    for context, source, text in translations():
        if re.search(r"\bterminal\b", source) and context != "ServiceCheck":
            assert "maquininha" in text, (context, source, text)
