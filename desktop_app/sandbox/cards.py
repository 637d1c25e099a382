"""Full card numbers in what the sandbox is sent, found so they are refused and never logged.

The sandbox imports nothing of the app, so this is its own reading of the rule the interface's
users follow: a card number is 13 to 19 digits that pass the Luhn check, however it is written.

* Any Unicode decimal digit is its digit (``４``, ``٤``); invisible format characters (zero-width
  spaces, joiners, direction marks) are not there.
* Digit groups with exactly one separator (a character that is neither a letter nor a digit)
  between each two make a grouped run; a run, or any stretch of its consecutive whole groups,
  with 13 to 19 digits that pass Luhn is a card (``4111 1111 1111 1111 12/28`` included).
* A run of 44 digits whose NF-e check digit is right is an invoice's access key, not a card.
* Where a document is expected, it is not a card: a valid CNPJ in a customer search, a GTIN-13
  in a product search.

A request address arrives percent-encoded in the access log (``4111%201111…``): text is decoded
before it is searched.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Iterator
from urllib.parse import unquote

from stdnum import ean
from stdnum.br import cnpj

REDACTED = "[card number removed]"
_RUN = re.compile(r"[0-9]+(?:[\W_][0-9]+)*")
_GROUP = re.compile(r"[0-9]+")
# A whole grouped run only: a valid CNPJ with more of a run around it may be most of a card's.
_DOCUMENT = re.compile(
    r"(?<![0-9A-Za-z])(?<![0-9][\W_])[0-9A-Za-z]{2}[\W_]?[0-9A-Za-z]{3}[\W_]?[0-9A-Za-z]{3}"
    r"[\W_]?[0-9A-Za-z]{4}[\W_]?[0-9]{2}(?![0-9A-Za-z])(?![\W_][0-9])"
)


def luhn_valid(digits: str) -> bool:
    """Whether ``digits`` (ASCII) pass the Luhn check."""
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _access_key(digits: str) -> bool:
    if len(digits) != 44:
        return False
    total = sum(int(d) * (2 + i % 8) for i, d in enumerate(reversed(digits[:43])))
    return digits[43] == str(0 if total % 11 < 2 else 11 - total % 11)


def plain(text: str, decoded: bool = True) -> str:
    """``text`` percent-decoded (unless not ``decoded``), with ASCII digits for every decimal
    digit, no invisible format characters, and other numerals as a plain separator."""
    text = unquote(text) if decoded and "%" in text else text
    if text.isascii():
        return text
    return "".join(map(_plain_character, text))


def _plain_character(char: str) -> str:
    category = unicodedata.category(char)
    if category == "Nd":
        return str(unicodedata.decimal(char))
    if category == "Cf":
        return ""  # invisible: not there
    return " " if category in ("No", "Nl") else char  # "²" is no letter: a separator


def _runs_with_a_card(
    text: str, *, barcodes: bool = False, documents: bool = False
) -> Iterator[re.Match[str]]:
    if documents:
        text = _DOCUMENT.sub(
            lambda m: "x" * len(m.group()) if cnpj.is_valid(m.group()) else m.group(), text
        )
    for run in _RUN.finditer(text):
        groups = _GROUP.findall(run.group())
        if len(groups) > 1 and _access_key("".join(groups)):
            continue
        if any(_is_card(stretch, barcodes) for stretch in _stretches(groups)):
            yield run


def _stretches(groups: list[str]) -> Iterator[str]:
    """The digits of every stretch of consecutive whole groups that could be a card's."""
    for start in range(len(groups)):
        digits = ""
        for group in groups[start:]:
            digits += group
            if len(digits) > 19:
                break
            if len(digits) >= 13:
                yield digits


def _is_card(digits: str, barcodes: bool) -> bool:
    if barcodes and len(digits) == 13 and ean.is_valid(digits):
        return False
    return luhn_valid(digits)


def has_card_number(text: str, *, barcodes: bool = False, documents: bool = False) -> bool:
    """Whether ``text`` holds what reads as a full card number, as it stands or decoded."""
    return any(
        any(_runs_with_a_card(plain(text, decoded), barcodes=barcodes, documents=documents))
        for decoded in (False, True)
    )


def redact(text: str) -> str:
    """``text`` with every run holding a card number replaced: first as it stands, then
    percent-decoded where it has to be. (Decoding alone would miss ``4111%00…``: ``%00`` reads
    as one character, and two of the number's digits go with it.)"""
    for decoded in (False, True):
        cleaned = plain(text, decoded)
        runs = list(_runs_with_a_card(cleaned))
        if runs:
            parts, end = [], 0
            for run in runs:
                parts += [cleaned[end : run.start()], REDACTED]
                end = run.end()
            text = "".join([*parts, cleaned[end:]])
    return text


class RedactCardNumbers(logging.Filter):
    """A logging filter that takes card numbers out of every record, changing only its text.

    Each argument is redacted in its place (uvicorn's access formatter reads the arguments of
    its records one by one: taking them away breaks it, and its error report would print the
    request's path whole). The traceback is formatted now, redacted.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        try:
            message = record.getMessage()
        except Exception:  # a broken format string must not hide the record
            message = str(record.msg)
        if redact(message) != message:  # a number only the whole line shows
            record.msg, record.args = redact(message), None
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


def log_config(level: str = "info", access_log: bool = True) -> dict[str, object]:
    """uvicorn's own logging configuration, with card numbers taken out of every line."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, object] = {key: value for key, value in LOGGING_CONFIG.items()}
    config["filters"] = {"cards": {"()": RedactCardNumbers}}
    handlers = {name: dict(handler) for name, handler in LOGGING_CONFIG["handlers"].items()}
    for handler in handlers.values():
        handler["filters"] = ["cards"]
    config["handlers"] = handlers
    loggers = {name: dict(logger) for name, logger in LOGGING_CONFIG["loggers"].items()}
    loggers["uvicorn"]["level"] = level.upper()
    loggers["uvicorn.access"]["level"] = level.upper() if access_log else "WARNING"
    loggers["desktop_app.sandbox"] = {"handlers": ["default"], "level": level.upper()}
    config["loggers"] = loggers
    return config
