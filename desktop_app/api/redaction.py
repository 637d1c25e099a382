"""Keep secrets out of logs: bearer tokens, anything shaped like a JWT, and card numbers.

The filter rewrites a record's message (with its arguments merged in) before any handler sees
it, so neither a file nor a console ever receives the secret. It is installed on the loggers of
this app and of the HTTP stack by :func:`install_redaction`.
"""

from __future__ import annotations

import logging
import re

from stdnum import luhn

_BEARER = re.compile(r"(?i)(bearer\s+)[^\s'\",]+")
_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*")
# 13-19 digits, possibly grouped by spaces or dashes as people type them.
_DIGIT_RUN = re.compile(r"(?<![0-9])(?:[0-9][ -]?){12,18}[0-9](?![0-9])")

REDACTED = "[redacted]"
LOGGERS = ("desktop_app", "httpx", "httpcore", "uvicorn", "uvicorn.access", "uvicorn.error")


def _card_or_digits(match: re.Match[str]) -> str:
    digits = re.sub(r"[ -]", "", match.group(0))
    if 13 <= len(digits) <= 19 and luhn.is_valid(digits):
        return "[card number redacted]"
    return match.group(0)


def redact(text: str) -> str:
    """``text`` with tokens and Luhn-valid card numbers replaced."""
    text = _BEARER.sub(lambda m: m.group(1) + REDACTED, text)
    text = _JWT.sub(REDACTED, text)
    return _DIGIT_RUN.sub(_card_or_digits, text)


class RedactingFilter(logging.Filter):
    """A logging filter that redacts the final message of every record it sees."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string must not hide the record
            message = str(record.msg)
        cleaned = redact(message)
        if cleaned != message or record.args:
            record.msg = cleaned
            record.args = None
        if record.exc_info and record.exc_info[1] is not None:
            # Tracebacks are formatted later from exc_info: format now, redacted.
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


_FILTER = RedactingFilter()


def install_redaction(*extra_loggers: str) -> None:
    """Attach the filter to this app's loggers and the HTTP stack's, and to every root handler.

    Logger filters only apply to records logged on that very logger, not to its children, so
    the filter also goes on the root logger's handlers, which every propagated record meets.
    """
    for name in (*LOGGERS, *extra_loggers):
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
    for handler in logging.getLogger().handlers:
        if _FILTER not in handler.filters:
            handler.addFilter(_FILTER)


def redacting_filter() -> RedactingFilter:
    """The shared filter instance, for handlers created later (log files, test capture)."""
    return _FILTER
