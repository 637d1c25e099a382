"""Text as people search it: case and accents ignored (``Brás`` is found by ``bras``)."""

from __future__ import annotations

import unicodedata


def _accent_table() -> dict[int, str]:
    """Each accented Latin letter to its base letter (for ``str.translate``, which runs in C)."""
    table = {}
    for code in range(0xC0, 0x250):
        letter = chr(code)
        base = unicodedata.normalize("NFKD", letter)[0]
        if base != letter and base.isascii() and base.isalpha():
            table[code] = base
    return table


ACCENTS = _accent_table()


def fold(text: str) -> str:
    """``text`` for comparing as a person would: lower case, without accents."""
    return text.casefold().translate(ACCENTS)
