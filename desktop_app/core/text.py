"""Text as people search it: case and accents ignored (``Brás`` is found by ``bras``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

_MARKS = re.compile("[\u0300-\u036f]+")  # the combining accents NFD splits from letters
_SEPARATOR = "\0"


def fold_all(texts: Sequence[str]) -> list[str]:
    """Each of ``texts`` lower case and without accents, in one pass over them all (a few
    C-level calls for thousands of names, where one call per name costs more than the work)."""
    if not texts:
        return []
    joined = _SEPARATOR.join(texts)
    if joined.count(_SEPARATOR) != max(len(texts) - 1, 0):  # a text holds the separator
        return [fold(text) for text in texts]
    return _MARKS.sub("", unicodedata.normalize("NFD", joined.casefold())).split(_SEPARATOR)


def fold(text: str) -> str:
    """``text`` for comparing as a person would: lower case, without accents."""
    return fold_all([text.replace(_SEPARATOR, " ")])[0]
