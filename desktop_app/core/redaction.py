"""Keep secrets and customer data out of logs: tokens, card numbers, what a request address held.

The filter rewrites a record's message (with its arguments merged in) and its traceback before
any handler sees it, so neither the file, the console nor Help ▸ Copy diagnostics ever receives:

* a bearer token or anything shaped like a JWT;
* a full card number, written in any way :mod:`desktop_app.core.cards` recognises, including
  percent-encoded in an address (``4111%201111…``);
* what a request address held (a customer search, an order number): addresses are named by their
  kind (``…/customers/{filter}``). A developer can ask for whole addresses
  (``--log-full-addresses``); tokens and card numbers are removed all the same.

Logging is the application's to set up: :func:`install_redaction` is called where the app
configures its logs (and by tests that check them).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from desktop_app.api import card_numbers as cards
from desktop_app.api.echoes import WITHHELD, in_flight, quotes_a_secret
from desktop_app.api.routes import by_kind
from desktop_app.core import owner_only

_BEARER = re.compile(r"(?i)(bearer\s+)[^\s'\",]+")
_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*")

REDACTED = "[redacted]"
LOGGERS = (
    "desktop_app", "httpx", "httpcore", "uvicorn", "uvicorn.access", "uvicorn.error", "qasync",
    "asyncio",
)  # fmt: skip
CAPPED_AT_INFO = ("qasync", "asyncio")
"""Libraries whose DEBUG lines print the arguments of what they run: qasync's executor logs every
job a thread is given with its arguments (a password once crossed to a thread in them), and
asyncio's debug mode the callbacks it runs. Whatever the app's level, they log INFO and above."""
LOG_NAME = "pos-backoffice.log"
CLEAN_MARK = ".logs-since-secrets-kept-out"
"""A file in the log folder that says its logs were written by a version that keeps passwords
out of every line (see :func:`forget_logs_from_before`)."""

_full_addresses = False


def log_full_addresses(enabled: bool) -> None:
    """Whether request addresses are logged whole (a developer's option; off by default)."""
    global _full_addresses
    _full_addresses = enabled


def redact(text: str) -> str:
    """``text`` with tokens and card numbers replaced, and request addresses named by kind."""
    text = _BEARER.sub(lambda m: m.group(1) + REDACTED, text)
    text = _JWT.sub(REDACTED, text)
    if not _full_addresses:
        text = by_kind(text)
    # An address carries what was typed percent-encoded ("4111%201111%201111%201111"): the
    # card rule's own reading decodes it (one rule, one home).
    return cards.redact(text)


class RedactingFilter(logging.Filter):
    """A logging filter that redacts the final message and traceback of every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()  # the line as its writer meant it, before any change
        except Exception:  # a format that does not fit its arguments: its text alone, and no
            message, record.args = str(record.msg), None  # arguments for handleError to print
        if isinstance(record.args, tuple):
            # Each argument redacted in its place, so a formatter that reads the arguments
            # themselves (uvicorn's access lines) still finds them.
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        cleaned = redact(message)
        # The format read once with these arguments, and each stays text: it reads again.
        if cleaned != message and record.getMessage() != cleaned:
            # What only the whole line shows (a token after "Bearer %s", a number split over
            # arguments, one in the format itself): the line is its redacted text alone. The
            # format was redacted in place once, and "Bearer %s" lost its placeholder: the line
            # could not be formatted, and logging printed its arguments whole to stderr.
            record.msg, record.args = cleaned, None
        if quotes_a_secret(cleaned, in_flight()):  # a library's line quoting the service's words
            record.msg, record.args = f"({WITHHELD})", None
        if record.exc_info and record.exc_info[1] is not None:
            # Tracebacks are formatted later from exc_info: format now, redacted.
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


_FILTER = RedactingFilter()


def cap_library_loggers(level: int) -> None:
    """Keep the :data:`CAPPED_AT_INFO` libraries at INFO or above, whatever ``level`` is."""
    for name in CAPPED_AT_INFO:
        logging.getLogger(name).setLevel(max(level, logging.INFO))


def forget_logs_from_before(folder: Path) -> None:
    """Remove the logs written by versions before :data:`CLEAN_MARK` existed, once.

    Those versions logged, at DEBUG, what qasync printed of a sign-in's password; no filter can
    find a password in a line (it looks like any other word), so those files are removed rather
    than scrubbed. The rest of the folder is left as it is."""
    mark = folder / CLEAN_MARK
    if mark.exists():
        return
    for old in folder.glob(LOG_NAME + "*"):
        old.unlink(missing_ok=True)
    owner_only.create(mark)


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
