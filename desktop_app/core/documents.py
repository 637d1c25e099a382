"""Brazilian registration documents: CPF (people) and CNPJ (companies), as people read them.

Formatting comes from python-stdnum, which knows the alphanumeric CNPJ Brazil introduces in
2026 (letters in the first twelve places). Lists show documents masked by default: they are
personal data, and the person at the counter rarely needs them whole.
"""

from __future__ import annotations

import re

from stdnum.br import cnpj, cpf

_ALNUM = re.compile(r"[^0-9A-Za-z]")


def compact(document: str) -> str:
    """Letters and digits only, upper case."""
    return _ALNUM.sub("", document).upper()


def kind(document: str) -> str:
    """``"CPF"``, ``"CNPJ"`` or ``""`` for anything else."""
    value = compact(document)
    if len(value) == 11 and value.isdigit():
        return "CPF"
    if len(value) == 14 and value[12:].isdigit():
        return "CNPJ"
    return ""


def format_document(document: str) -> str:
    """``000.000.000-00`` for a CPF, ``00.000.000/0000-00`` (or alphanumeric) for a CNPJ;
    anything else as it came."""
    value = compact(document)
    found = kind(value)
    if found == "CPF":
        return str(cpf.format(value))
    if found == "CNPJ":
        return str(cnpj.format(value))
    return document.strip()


def mask_document(document: str) -> str:
    """The formatted document with all but a middle group hidden: ``***.533.447-**``,
    ``**.ABC.345/****-**``. Enough to tell two customers apart, not enough to use."""
    shown = format_document(document)
    found = kind(document)
    if found == "CPF":
        return "***" + shown[3:11] + "-**"
    if found == "CNPJ":
        return "**" + shown[2:10] + "/****-**"
    return "*" * len(shown) if shown else ""
