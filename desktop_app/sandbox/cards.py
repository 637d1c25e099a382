"""Full card numbers in what the sandbox is sent, found so they are refused and never logged.

The sandbox imports nothing of the app, so it has its own few lines of Luhn rather than the
client's. A card number is a run of 13 to 19 digits (spaces or dashes between groups allowed, as
people type them) that passes the Luhn check: an NSU or an authorization code is shorter, and a
long id that passes by chance is refused as a card would be, which costs a retype at most.
"""

from __future__ import annotations

import logging
import re

_SEPARATOR = r"(?:[ +-]|%20|%2[dD])"  # as typed, and as a request path encodes it
_DIGIT_RUN = re.compile(rf"(?<![\d%])\d(?:{_SEPARATOR}?\d){{12,18}}(?!\d)")
REDACTED = "[card number removed]"


def luhn_valid(digits: str) -> bool:
    """Whether ``digits`` passes the Luhn check."""
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _is_card(run: str) -> bool:
    return luhn_valid(re.sub(_SEPARATOR, "", run))


def has_card_number(text: str) -> bool:
    """Whether ``text`` holds what looks like a full card number."""
    return any(_is_card(found.group()) for found in _DIGIT_RUN.finditer(text))


def redact(text: str) -> str:
    """``text`` with every full card number replaced."""
    return _DIGIT_RUN.sub(
        lambda found: REDACTED if _is_card(found.group()) else found.group(), text
    )


class RedactCardNumbers(logging.Filter):
    """A logging filter that takes card numbers out of every record (the access log writes
    request paths, and a card number typed as a customer search is in one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
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
