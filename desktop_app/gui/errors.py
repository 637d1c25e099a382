"""The one place that turns an exception into words for a person, with a way forward."""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from desktop_app.api import ApiStatusError, Listing

log = logging.getLogger("desktop_app.gui.errors")


class Remedy(enum.Enum):
    """What the person can do next."""

    RETRY = "retry"
    SIGN_IN = "sign_in"
    GO_BACK = "go_back"
    CORRECT = "correct"


@dataclass(frozen=True, slots=True)
class UserMessage:
    """Words for a person: what happened, and what to do."""

    text: str
    remedy: Remedy
    error: BaseException | None = None  # what it was, for a window that tells kinds apart


def describe(error: BaseException) -> UserMessage:
    """Words for ``error``. Never a traceback; unknown errors are logged and summarised."""
    return replace(_words(error), error=error)


def _words(error: BaseException) -> UserMessage:
    from desktop_app import api

    if isinstance(error, api.AuthenticationError):
        return UserMessage(
            QCoreApplication.translate("errors", "Your session has ended. Please sign in again."),
            Remedy.SIGN_IN,
        )
    if isinstance(error, api.PermissionDeniedError):
        return UserMessage(
            QCoreApplication.translate("errors", "You are not allowed to do this. Ask a manager.")
            + _detail(error),
            Remedy.GO_BACK,
        )
    if isinstance(error, api.NotFoundError):
        return UserMessage(
            QCoreApplication.translate(
                "errors", "This no longer exists. Refresh the list and try again."
            )
            + _detail(error),
            Remedy.GO_BACK,
        )
    if isinstance(error, api.BadRequestError):
        return UserMessage(
            QCoreApplication.translate("errors", "The service did not accept this:")
            + " "
            + error.message,
            Remedy.CORRECT,
        )
    if isinstance(error, api.ApiTimeoutError):
        return UserMessage(
            QCoreApplication.translate(
                "errors", "The service is taking too long to answer. Check the network and retry."
            ),
            Remedy.RETRY,
        )
    if isinstance(error, api.ApiConnectionError):
        return UserMessage(
            QCoreApplication.translate(
                "errors",
                "The service cannot be reached. Check the network cable or Wi-Fi, then retry.",
            ),
            Remedy.RETRY,
        )
    if isinstance(error, api.ServerError):
        return UserMessage(
            QCoreApplication.translate(
                "errors", "The service had a problem ({status}). Wait a moment and retry."
            ).format(status=error.status_code),
            Remedy.RETRY,
        )
    if isinstance(error, api.ApiRequestError):
        return UserMessage(
            QCoreApplication.translate(
                "errors",
                "What was typed holds a character that cannot be sent (often from a paste)."
                " Nothing was sent: type it again.",
            ),
            Remedy.CORRECT,
        )
    if isinstance(error, api.ApiResponseTooLargeError):
        return UserMessage(
            QCoreApplication.translate(
                "errors",
                "The service's answer is larger than this app can take, or damaged."
                " Retry; if it happens again, call support.",
            ),
            Remedy.RETRY,
        )
    if isinstance(error, api.ApiResponseValidationError):
        return UserMessage(
            QCoreApplication.translate(
                "errors",
                "The service sent an answer this app does not understand. Retry, or call support.",
            ),
            Remedy.RETRY,
        )
    if isinstance(error, api.ApiStatusError):
        return UserMessage(
            QCoreApplication.translate(
                "errors", "The service refused the request ({status})."
            ).format(status=error.status_code)
            + _detail(error),
            Remedy.RETRY,
        )
    log.error("unexpected error shown to the user: %s", type(error).__name__, exc_info=error)
    return UserMessage(
        QCoreApplication.translate(
            "errors", "Something went wrong in the app. Retry; if it happens again, call support."
        ),
        Remedy.RETRY,
    )


def _detail(error: ApiStatusError) -> str:
    return f" ({error.message})" if error.message else ""


DETAILS_SHOWN = 20
"""Reasons listed under Details; the count above them is always the whole."""


def unread_words(listing: Listing[object]) -> tuple[str, str] | None:
    """What to say when a list answer was read only in part: a line for the message bar and
    the reasons for its Details (None: every element was read)."""
    if listing.complete:
        return None
    from desktop_app.gui.i18n import plural

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
    return text, "\n".join(lines)
