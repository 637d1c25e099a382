"""The one place that turns an exception into words for a person, with a way forward."""

from __future__ import annotations

import enum
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from desktop_app import api
from desktop_app.core.journal_recording import RecordingOffError
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.words import unreachable
from desktop_app.gui.words.journal import recording_off_words
from desktop_app.gui.words.reasons import (
    ADDRESS_REASONS,
    authority_reason,
    certificate_reason,
    option_for,
    translated,
)

if TYPE_CHECKING:
    from desktop_app.gui.settings.preferences import Preferences
    from desktop_app.gui.settings.setting import Setting
    from desktop_app.gui.widgets.message_bar import Ends

log = logging.getLogger("desktop_app.gui.words.errors")


class Remedy(enum.Enum):
    """What the person can do next."""

    RETRY = "retry"
    SIGN_IN = "sign_in"
    GO_BACK = "go_back"
    CORRECT = "correct"
    SETTINGS = "settings"  # correct a setting (File ▸ Settings), then retry the same call


@dataclass(frozen=True, slots=True)
class UserMessage:
    """Words for a person: what happened, and what to do."""

    text: str
    remedy: Remedy
    error: BaseException | None = None  # what it was, for a window that tells kinds apart
    ends: Ends | None = None
    """What ends its cause, set by the call policy: the same call answered, or the service
    answering again when it could not be reached (the window shows it with them)."""


class Detail(enum.Enum):
    """How the service's own message joins the words."""

    NONE = "none"
    BRACKETED = "bracketed"  # "… Ask a manager. (only a manager may issue invoices)"
    FOLLOWS = "follows"  # "The service did not accept this: amount exceeds the balance due"


@dataclass(frozen=True, slots=True)
class Words:
    """One kind of error as a person reads it; ``text`` (untranslated, as lupdate found it) may
    name the answer's ``{status}``."""

    text: object
    remedy: Remedy
    detail: Detail = Detail.NONE
    setting: Setting[Any] | None = None  # the one setting that puts it right
    administrators: object = None  # the words instead when IT set that setting
    command_line: object = None  # the words instead when the command line set it ({option})


WORDS: dict[type[BaseException], Words] = {
    api.AuthenticationError: Words(
        QT_TRANSLATE_NOOP("errors", "Your session has ended. Please sign in again."),
        Remedy.SIGN_IN,
    ),
    api.PermissionDeniedError: Words(
        QT_TRANSLATE_NOOP("errors", "You are not allowed to do this. Ask a manager."),
        Remedy.GO_BACK,
        Detail.BRACKETED,
    ),
    api.ServiceNotFoundError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "This address does not answer as the store service. Check File ▸ Settings ▸"
            " Service address.",
        ),
        Remedy.SETTINGS,
        setting=prefs.SERVICE_URL,
        administrators=QT_TRANSLATE_NOOP(
            "errors",
            "The service address your administrator set does not answer as the store service."
            " Ask IT to check it.",
        ),
    ),
    api.SignInNotFoundError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "The sign-in address does not answer. Check File ▸ Settings ▸ Sign-in address.",
        ),
        Remedy.SETTINGS,
        setting=prefs.LOGIN_URL,
        administrators=QT_TRANSLATE_NOOP(
            "errors",
            "The sign-in address your administrator set does not answer. Ask IT to check it.",
        ),
    ),
    api.NotFoundError: Words(
        QT_TRANSLATE_NOOP("errors", "This no longer exists. Refresh the list and try again."),
        Remedy.GO_BACK,
        Detail.BRACKETED,
    ),
    api.BadRequestError: Words(
        QT_TRANSLATE_NOOP("errors", "The service did not accept this:"),
        Remedy.CORRECT,
        Detail.FOLLOWS,
    ),
    api.ApiTimeoutError: Words(
        QT_TRANSLATE_NOOP(
            "errors", "The service did not answer in {seconds} s. Check the network and retry."
        ),
        Remedy.RETRY,
    ),
    api.CertificateError: Words(
        QT_TRANSLATE_NOOP("errors", "The service's certificate was not accepted: {reason}"),
        Remedy.SETTINGS,
    ),
    api.CertificateAuthorityError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "The certificate authority file cannot be used: {reason} Choose another in File ▸"
            " Settings ▸ Certificate authority.",
        ),
        Remedy.SETTINGS,
        setting=prefs.CA_FILE,
        administrators=QT_TRANSLATE_NOOP(
            "errors",
            "The certificate authority file your administrator set cannot be used: {reason} Ask"
            " IT to correct it.",
        ),
        command_line=QT_TRANSLATE_NOOP(
            "errors",
            "The certificate authority file given with {option} cannot be used: {reason} Correct"
            " it on the command line.",
        ),
    ),
    api.ApiConnectionError: Words(unreachable.CALL, Remedy.RETRY),
    api.ServerError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "The service had an internal error ({status}). Wait a moment and retry; if it goes"
            " on, call support.",
        ),
        Remedy.RETRY,
    ),
    api.CardNumberRefusedError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "That holds a full card number, which is never sent. Nothing was sent: for a payment,"
            " type only the last four digits of the card.",
        ),
        Remedy.CORRECT,
    ),
    api.ApiRequestError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "What was typed holds a character that cannot be sent (often from a paste)."
            " Nothing was sent: type it again.",
        ),
        Remedy.CORRECT,
    ),
    api.ApiResponseTooLargeError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "The service's answer is larger than this app can take, or damaged."
            " Retry; if it happens again, call support.",
        ),
        Remedy.RETRY,
    ),
    api.ApiUncertainAnswerError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "The service answered with something that is no record (a web page, or an error):"
            " whether it was recorded is not known. It is looked for at the service; do not"
            " record it again.",
        ),
        Remedy.GO_BACK,
    ),
    api.ApiResponseValidationError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "The service sent an answer this app does not understand. Retry, or call support.",
        ),
        Remedy.RETRY,
    ),
    api.AddressError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "The service address cannot be used: {reason} Correct it in File ▸ Settings ▸ Service"
            " address.",
        ),
        Remedy.SETTINGS,
        setting=prefs.SERVICE_URL,
        administrators=QT_TRANSLATE_NOOP(
            "errors",
            "The service address your administrator set cannot be used: {reason} Ask IT to"
            " correct it.",
        ),
        command_line=QT_TRANSLATE_NOOP(
            "errors",
            "The service address given with {option} cannot be used: {reason} Correct it on the"
            " command line.",
        ),
    ),
    RecordingOffError: Words(
        QT_TRANSLATE_NOOP(
            "errors",
            "This payment was not recorded, and nothing was sent (the form keeps what you typed)."
            " {why}",
        ),
        Remedy.RETRY,
    ),
    api.ApiStatusError: Words(
        QT_TRANSLATE_NOOP("errors", "The service refused the request ({status})."),
        Remedy.RETRY,
        Detail.BRACKETED,
    ),
}
"""Each kind of error the app knows, with its words and remedy. An error takes the entry of its
own class or, failing that, of its nearest ancestor (a time-out is a connection error, but has
words of its own)."""

UNEXPECTED = Words(
    QT_TRANSLATE_NOOP(
        "errors", "Something went wrong in the app. Retry; if it happens again, call support."
    ),
    Remedy.RETRY,
)


_preferences: Preferences | None = None


def follow_administrator(preferences: Preferences | None) -> None:
    """Words that send a person to File ▸ Settings send them to IT instead where IT set that
    setting for every desk (start-up gives the app's preferences; None: all are the person's)."""
    global _preferences
    _preferences = preferences


def _set_by_administrator(setting: Setting[Any] | None) -> bool:
    return setting is not None and _preferences is not None and _preferences.is_managed(setting)


def describe(error: BaseException, options: Mapping[str, str] | None = None) -> UserMessage:
    """Words for ``error``. Never a traceback; unknown errors are logged and summarised.
    ``options``: the command-line options that set a setting, by key, where they are not this
    run's (``{}`` for values typed in Settings); None, this run's (see follow_command_line)."""
    words = next((WORDS[kind] for kind in type(error).__mro__ if kind in WORDS), None)
    if words is None:
        log.error("unexpected error shown to the user: %s", type(error).__name__, exc_info=error)
        words = UNEXPECTED
    text = translated(words.text)
    option = option_for(words.setting, options)
    if option is not None and words.command_line is not None:  # this run's, not Settings'
        text = translated(words.command_line).replace("{option}", option)
    elif _set_by_administrator(words.setting):  # not the person's to correct: IT's
        text = translated(words.administrators)
    if isinstance(error, api.AddressError):
        text = text.format(reason=translated(ADDRESS_REASONS[error.problem]))
    elif isinstance(error, api.CertificateAuthorityError):
        text = text.format(reason=authority_reason(error))
    elif isinstance(error, api.CertificateError):
        text = text.format(reason=certificate_reason(error, options))
    elif isinstance(error, api.ApiTimeoutError):
        if error.seconds is not None:
            text = text.format(seconds=f"{error.seconds:g}")
        else:  # the person stopped waiting: there is no time of the service's to name
            text = QCoreApplication.translate(
                "errors", "The service is taking too long to answer. Check the network and retry."
            )
    elif isinstance(error, RecordingOffError):
        text = text.format(why=recording_off_words(error.off))
    if isinstance(error, api.ApiStatusError) and error.withheld:
        text = text.format(status=error.status_code)
        if words.detail is not Detail.NONE:  # where its words would follow: why there are none
            text += " " + QCoreApplication.translate(
                "errors",
                "The service's answer (status {status}) quoted what was sent at sign-in, so it"
                " is not shown. Try again; if it happens again, tell IT.",
            ).format(status=error.status_code)
    elif isinstance(error, api.ApiStatusError):
        text = text.format(status=error.status_code)
        if words.detail is Detail.FOLLOWS:
            text += " " + error.message
        elif words.detail is Detail.BRACKETED and error.message:
            text += f" ({error.message})"
    return UserMessage(text, words.remedy, error)


def stop_words(error: BaseException) -> str:
    """Words for an error that closes the app (the last net at start-up): a known kind's
    own, any other that the app must close. The caller logs it."""
    if any(kind in WORDS for kind in type(error).__mro__):
        return describe(error).text
    return QCoreApplication.translate(
        "errors", "The app must close ({kind}). Start it again."
    ).format(kind=type(error).__name__)
