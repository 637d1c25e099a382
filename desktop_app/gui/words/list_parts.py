"""Why a list answer is shown in part: the service said it holds more than was read, or some of
its items could not be read; how many of how many, and why."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from desktop_app.gui.look.language import plural

if TYPE_CHECKING:
    from desktop_app.api import Listing

DETAILS_SHOWN = 20
"""Reasons listed under Details; the count above them is always the whole."""


def why_a_part(partial: str) -> str:
    """Why a list was read in part (``desktop_app.api._pages.Partial``), in words."""
    why = {
        "short_of_total": QT_TRANSLATE_NOOP("errors", "it gave no way to ask for the rest"),
        "more_unsaid": QT_TRANSLATE_NOOP(
            "errors", "it gives the rest in pages in a way this app does not follow"
        ),
        "page_again": QT_TRANSLATE_NOOP("errors", "its next page led back to a page already read"),
        "other_origin": QT_TRANSLATE_NOOP(
            "errors",
            "its next page is at another address, where this app never sends your sign-in",
        ),
        "too_many_pages": QT_TRANSLATE_NOOP("errors", "it gave more pages than this app reads"),
        "too_large": QT_TRANSLATE_NOOP(
            "errors", "its pages together are larger than this app reads"
        ),
        "cut_short": QT_TRANSLATE_NOOP(
            "errors", "its answer was cut off before its end, each time it was asked"
        ),
        "changed": QT_TRANSLATE_NOOP(
            "errors", "the list changed while its pages were read: refresh to read it again"
        ),
    }.get(partial, QT_TRANSLATE_NOOP("errors", "it says it holds more"))
    return QCoreApplication.translate("errors", str(why))


def part_words(listing: Listing[object]) -> str | None:
    """What to say when the service says its list holds more than was read (None: it does
    not): how many of how many, why, and that what is shown is that part."""
    if not listing.partial:
        return None
    read = len(listing) + listing.unread_count
    if listing.total is not None and listing.total > read:
        count = QCoreApplication.translate(
            "errors", "The service's list holds {total}; {read} were read"
        ).format(total=listing.total, read=read)
    else:
        count = QCoreApplication.translate(
            "errors", "{read} were read of the service's list, which may hold more"
        ).format(read=read)
    return QCoreApplication.translate(
        "errors",
        "{count}: {why}. What is shown, and its totals, are of that part. Tell IT: the"
        " service's paging needs a look.",
    ).format(count=count, why=why_a_part(listing.partial))


def unread_words(listing: Listing[object]) -> tuple[str, str] | None:
    """What to say when a list answer was read only in part: a line for the message bar and
    the reasons for its Details (None: every element was read, and it is the whole list)."""
    part = part_words(listing)
    if listing.complete:
        return None if part is None else (part, "")

    text = (
        plural(
            listing.unread_count,
            QCoreApplication.translate(
                "errors", "{count} item of the service's answer could not be read and is not shown."
            ),
            QCoreApplication.translate(
                "errors",
                "{count} items of the service's answer could not be read and are not shown.",
            ),
        )
        + " "
        + QCoreApplication.translate(
            "errors", "The rest is shown; tell support if it happens again."
        )
    )
    lines = [
        QCoreApplication.translate("errors", "Item {number}: {reason}").format(
            number=unread.index + 1, reason=unread.reason
        )
        for unread in listing.unread[:DETAILS_SHOWN]
    ]
    more = listing.unread_count - len(lines)
    if more > 0:
        lines.append(QCoreApplication.translate("errors", "… and {count} more.").format(count=more))
    return (text if part is None else f"{part} {text}"), "\n".join(lines)
