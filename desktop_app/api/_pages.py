"""A list as HTTP and JSON let a fair service give it (issue 88): in pages, in an envelope, with
its total said beside it. Read by the rules of HTTP and of common practice, never by a list of
services; and a part is never taken for the whole.

* **Pages.** The next page is the ``Link`` header's ``rel="next"`` (RFC 8288; relative to the
  answer's address, or absolute), or an envelope's ``next``. Followed only to the service's own
  origin (the bearer token goes nowhere else), never twice, and at most :data:`MOST_PAGES`.
* **Totals.** ``X-Total-Count``, ``Content-Range``'s ``/67``, or an envelope's ``total``,
  ``count``, ``totalElements``…: a list that says it holds more than was read is a part.
* **Envelopes.** ``{"data": [...]}`` (or ``items``, ``results``, ``content``): the list inside.
  Paging fields this app does not follow (Spring's ``last: false``, a ``page`` short of
  ``totalPages``, ``hasMore``) say the service may hold more: a part, never the whole.
"""

from __future__ import annotations

import asyncio
import enum
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx

from desktop_app.api._body import MAX_LIST_BYTES
from desktop_app.api.listing import Listing

log = logging.getLogger("desktop_app.api")

MOST_PAGES = 2_000
"""Pages read of one list at most: 1,000,000 orders in pages of 500 (the largest store's)."""

LIST_KEYS = ("data", "items", "results", "content")
"""Where an envelope keeps its list, in the order looked for."""
TOTAL_KEYS = ("total", "totalCount", "total_count", "totalElements", "totalItems", "count")
"""Where an envelope says how many the whole list holds."""

_CONTENT_RANGE = re.compile(r"^\s*\w+\s+(?:\d+-\d+|\*)\s*/\s*(\d+)\s*$")


class Partial(enum.StrEnum):
    """Why a list read is a part of the service's list ("" never: a whole list has none)."""

    SHORT_OF_TOTAL = "short_of_total"  # it says it holds more than it gave, and no next page
    MORE_UNSAID = "more_unsaid"  # it says there is more, in paging fields not followed here
    PAGE_AGAIN = "page_again"  # a next page already read: followed no further
    OTHER_ORIGIN = "other_origin"  # a next page at another address: never followed there
    TOO_MANY_PAGES = "too_many_pages"  # more pages than :data:`MOST_PAGES`
    TOO_LARGE = "too_large"  # its pages together pass what one whole answer may be
    CUT_SHORT = "cut_short"  # an answer ended before its end (the connection closed early)
    CHANGED = "changed"  # its total changed between pages, and fewer than it now holds came


class CutShortError(Exception):
    """An answer ended before it was whole; ``listing`` holds what came whole of it. A read
    is tried again as after a dropped connection; after the last try, this is what is read."""

    def __init__(self, listing: Listing[Any]) -> None:
        super().__init__("the answer was cut short")
        self.listing = listing


@dataclass(frozen=True, slots=True)
class PageFacts:
    """What one answer says of the list it is a page of."""

    next_url: httpx.URL | None = None
    total: int | None = None
    more_unsaid: bool = False  # it says there is more, and how to ask for it is not understood
    url: httpx.URL | None = None  # where this page was read
    size: int = 0  # its bytes, as they came


def _count(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None
    text = str(value).strip()
    return int(text) if text.isdigit() else None


def header_facts(response: httpx.Response) -> PageFacts:
    """The next page and the total as the answer's headers say them."""
    link = response.links.get("next", {}).get("url")
    next_url = response.url.join(link) if link else None
    total = _count(response.headers.get("x-total-count", ""))
    if total is None:
        ranged = _CONTENT_RANGE.match(response.headers.get("content-range", ""))
        total = int(ranged.group(1)) if ranged else None
    return PageFacts(next_url, total, url=response.url)


def envelope(answer: object, base: httpx.URL) -> tuple[list[Any], PageFacts] | None:
    """The list an envelope holds and what it says of the whole, its next page's address read
    against ``base`` (where it was read) (None: ``answer`` is no envelope holding a list)."""
    if not isinstance(answer, dict):
        return None
    found = next((answer[key] for key in LIST_KEYS if isinstance(answer.get(key), list)), None)
    if found is None:
        return None
    total = next((t for key in TOTAL_KEYS if (t := _count(answer.get(key))) is not None), None)
    link = _next_link(answer)
    next_url = base.join(link) if link else None
    return found, PageFacts(next_url, total, next_url is None and _says_more(answer))


def _next_link(answer: dict[str, Any]) -> str | None:
    candidates = [answer.get("next")]
    links = answer.get("links")
    if isinstance(links, dict):
        candidates.append(links.get("next"))
    hal = answer.get("_links")
    if isinstance(hal, dict) and isinstance(hal.get("next"), dict):
        candidates.append(hal["next"].get("href"))
    return next((c for c in candidates if isinstance(c, str) and c.strip()), None)


def _says_more(answer: dict[str, Any]) -> bool:
    """Whether paging fields say there is more (Spring's ``last``, ``hasMore``, a ``page``
    short of ``totalPages``)."""
    if answer.get("last") is False or answer.get("hasMore") is True:
        return True
    if answer.get("has_more") is True or answer.get("hasNext") is True:
        return True
    page, pages = _count(answer.get("page")), _count(answer.get("totalPages"))
    if page is not None and pages is not None:
        numbered_from_one = page >= 1
        return page < pages if numbered_from_one else page + 1 < pages
    return False


def with_envelope(headers: PageFacts, envelope: PageFacts | None) -> PageFacts:
    """What an answer says of its list: its envelope's word, else its headers'."""
    if envelope is None:
        return headers
    return PageFacts(
        envelope.next_url or headers.next_url,
        envelope.total if envelope.total is not None else headers.total,
        envelope.more_unsaid and headers.next_url is None,
        headers.url,
    )


def says_more(facts: PageFacts, read: int) -> bool:
    """Whether a first answer of ``read`` elements says the list holds more."""
    more_than_read = facts.total is not None and facts.total > read
    return facts.next_url is not None or facts.more_unsaid or more_than_read


def same_origin(url: httpx.URL, base: httpx.URL) -> bool:
    """Whether ``url`` is at the service's own origin (scheme, host and port)."""
    return (url.scheme, url.host, url.port) == (base.scheme, base.host, base.port)


async def every_page(
    route: str,
    first: Listing[Any],
    page: Callable[[str], Awaitable[Listing[Any]]],
    base: httpx.URL,
    key: Callable[[Any], object] | None,
) -> Listing[Any]:
    """The whole list ``first`` is the first page of (read at ``route``): each next page read
    by ``page`` and added, at the service's own address (``base``) only, once each, within
    :data:`MOST_PAGES` and the bytes of one whole answer; what stops short says why
    (``Listing.partial``). Elements ``key`` tells apart count once across pages."""
    whole, facts = first, first.page or PageFacts()
    asked = {str(facts.url)}
    seen = {key(item) for item in whole} if key is not None else set()
    size, total, partial = facts.size, facts.total, first.partial
    changed = False
    while facts.next_url is not None and not partial:
        url = facts.next_url
        if not same_origin(url, base):
            partial = Partial.OTHER_ORIGIN  # the token never goes there
        elif str(url) in asked:
            partial = Partial.PAGE_AGAIN
        elif len(asked) >= MOST_PAGES:
            partial = Partial.TOO_MANY_PAGES
        elif size > MAX_LIST_BYTES:
            partial = Partial.TOO_LARGE
        if partial:
            log.warning("the list at /%s was read in part: %s", route, partial)
            break
        asked.add(str(url))
        more = await page(str(url))
        facts = more.page or PageFacts()
        size += facts.size
        if key is None:
            whole.extend(more)
        else:
            keys = list(map(key, more))
            if seen.isdisjoint(keys) and len(set(keys)) == len(keys):
                whole.extend(more)  # the usual page: nothing read twice (in C, not per order)
                seen.update(keys)
            else:
                for item, found in zip(more, keys, strict=True):
                    if found not in seen:
                        whole.append(item)
                        seen.add(found)
        whole.unread_count += more.unread_count
        whole.unread += more.unread
        partial = more.partial  # a page cut short: what came of it is added, no more is asked
        if facts.total is not None and total is not None and facts.total != total:
            said = (route, total, facts.total)
            log.warning("the list at /%s changed while read: %d, then %d", *said)
            changed = True
        total = facts.total if facts.total is not None else total
    if not partial and facts.more_unsaid:
        partial = Partial.MORE_UNSAID
    if not partial and total is not None and whole.received < total:
        # Pages of a list that changed between them shift: what moved across a page's edge
        # was never sent (what came twice is counted once, above).
        partial = Partial.CHANGED if changed else Partial.SHORT_OF_TOTAL
    whole.total, whole.partial, whole.page = total, partial, None
    return whole


class ReadAhead:
    """The next page asked for as soon as a page's headers name it, while that page decodes
    (100 pages: their round trips hidden): at the service's own address (``base``) only, once
    each; what :func:`every_page` would ask next, asked sooner by ``send``."""

    def __init__(self, send: Callable[[str], Awaitable[Listing[Any]]], base: httpx.URL) -> None:
        self._send = send
        self._base = base
        self._asked: dict[str, asyncio.Future[Listing[Any]]] = {}

    def ahead(self, url: httpx.URL | None) -> None:
        """A page's headers named ``url`` as the next: ask for it now."""
        if url is None or not same_origin(url, self._base):
            return  # never elsewhere: the token goes to the service alone
        if str(url) not in self._asked and len(self._asked) < MOST_PAGES:
            self._asked[str(url)] = asyncio.ensure_future(self._send(str(url)))

    async def page(self, url: str) -> Listing[Any]:
        """The page at ``url``: the one asked ahead, else asked now."""
        task = self._asked.get(url)
        return await (task if task is not None else self._send(url))

    async def close(self) -> None:
        """Pages asked ahead that the read stopped before are cancelled, each one's end taken
        (none left unretrieved); a cancellation of the read itself still goes on up."""
        for task in self._asked.values():
            task.cancel()
        await asyncio.gather(*self._asked.values(), return_exceptions=True)
