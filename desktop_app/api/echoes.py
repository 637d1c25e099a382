"""Whether an answer quotes a secret the desk sent with its request (the password at sign-in,
the token in every request's header).

Gateways and validation layers quote the request they refuse (``bad body: {'username': …,
'password': …}``), in whatever form their language writes it: as typed, JSON-escaped,
Python's ``repr``, percent-encoded, or in Base64. A text that quotes a secret is withheld
whole, never mended: a short password replaced inside a text would mangle it and the numbers
around it, and a form not thought of here would still show through a partial mend.
"""

from __future__ import annotations

import base64
import contextlib
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any
from urllib.parse import quote, quote_plus

WITHHELD = "the service's answer quoted what was sent at sign-in: it is not shown"
"""What stands for such a text in logs and in the check's output (the windows say it in the
person's language)."""

_SHORTEST_BASE64 = 4  # a run of Base64 shorter than one group is too common to mean anything
_IN_FLIGHT: Counter[str] = Counter()  # the secrets of the requests under way, each counted


@contextlib.contextmanager
def while_sent(secrets: Iterable[str]) -> Iterator[None]:
    """Hold ``secrets`` as those of a request under way (what the log's filter withholds a
    record for: a library's line naming the answer's status words, say)."""
    held = [secret for secret in secrets if secret]
    _IN_FLIGHT.update(held)
    try:
        yield
    finally:
        _IN_FLIGHT.subtract(held)
        for secret in held:
            if _IN_FLIGHT[secret] <= 0:
                del _IN_FLIGHT[secret]


def in_flight() -> tuple[str, ...]:
    """The secrets of the requests under way."""
    return tuple(_IN_FLIGHT)


def _base64_runs(secret: bytes) -> Iterator[str]:
    """What the secret becomes inside any Base64 text: at each of the three alignments it can
    start at, the groups made of its bytes alone (those the bytes around it do not change)."""
    for offset in range(3):
        encoded = base64.b64encode(bytes(offset) + secret).decode("ascii")
        first, last = -(-offset // 3), (offset + len(secret)) // 3  # whole groups inside
        run = encoded[first * 4 : last * 4]
        if len(run) >= _SHORTEST_BASE64:
            yield run
            yield run.translate(str.maketrans("+/", "-_"))  # the URL-safe alphabet


@lru_cache(maxsize=8)
def forms_of(secret: str) -> frozenset[str]:
    """The texts ``secret`` may be quoted as."""
    forms = {
        secret,
        json.dumps(secret)[1:-1],
        json.dumps(secret, ensure_ascii=False)[1:-1],
        repr(secret)[1:-1],
        quote(secret, safe=""),
        quote(secret),
        quote_plus(secret),
        *_base64_runs(secret.encode("utf-8")),
    }
    return frozenset(form for form in forms if form)


def _texts_of(value: Any) -> Iterator[str]:
    """Every text inside a JSON value: its strings and its keys."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _texts_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts_of(item)


def quotes_a_secret(answer: bytes | str | Any, secrets: Iterable[str]) -> bool:
    """Whether ``answer`` (the bytes of a body, a text, or JSON already read) holds any of
    ``secrets`` in any of its forms. A body is read as text both as it came and, when it is
    JSON, through its escapes (``\\u0070assword`` is the same password)."""
    wanted = [forms_of(secret) for secret in secrets if secret]
    if not wanted:
        return False
    texts: list[str] = []
    try:
        if isinstance(answer, bytes | bytearray):
            texts += [bytes(answer).decode("utf-8", "replace"), bytes(answer).decode("latin-1")]
            with contextlib.suppress(ValueError):  # not JSON: its text alone
                texts.extend(_texts_of(json.loads(answer)))
        elif isinstance(answer, str):
            texts.append(answer)
        else:
            texts.extend(_texts_of(answer))
    except RecursionError:
        return True  # too deep to read through: never shown, as if it quoted one
    return any(form in text for forms in wanted for form in forms for text in texts)
