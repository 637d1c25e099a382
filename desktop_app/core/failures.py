"""One reading of every failure to send a payment or an invoice: the only place that decides,
from an exception, what became of what was sent.

* **Not sent**: the request's headers never started to leave this machine (the client's
  ``on_leaving`` was never called), whatever the error: a refused connection, an authority file
  or an address that cannot be used, a card number refused at the gate, a wait given up before
  it left. The service did nothing; the same slip may be sent again.
* **Sign-in needed**: the service refused the token (401), or the token cannot be sent at all:
  the service did not look; kept, and sent once someone has signed in.
* **Refused**: the service looked and said no (400, 403, 404 and any other 4xx but 401, 407,
  408 and 429): nothing was recorded; its words are kept.
* **May be there already**: a 409 (Conflict) once it left: the service says it may have it
  (a duplicate slip); it is looked for, and never sent again into the same refusal.
* **Unknown**: anything else once it had started to leave (a time-out, a dropped connection, a
  5xx, an answer not understood): it may be at the service. It is looked for there and never
  sent again by the app on its own.
"""

from __future__ import annotations

import enum

from desktop_app import api

NOT_SENT_KINDS = (
    api.ApiNotSentError,
    api.CertificateError,
    api.CertificateAuthorityError,
    api.AddressError,
    api.ApiRequestError,
)
"""Failures that by their kind happen before a request leaves this machine."""
CONFLICT = 409
"""What services answer a duplicate with: what was sent may be recorded already."""
NOT_A_REFUSAL = frozenset({401, 407, 408, 429})
"""4xx answers that say nothing of the request itself: a sign-in, a proxy's, a time-out, too
many requests."""


class Reading(enum.Enum):
    """What a failure says about what was sent."""

    NOT_SENT = "not_sent"
    SIGN_IN = "sign_in"
    REFUSED = "refused"
    MAY_BE_THERE = "may_be_there"
    UNKNOWN = "unknown"


def read_failure(error: BaseException, *, left: bool) -> Reading:
    """What ``error`` says about a request that had (``left``) or had not started to leave."""
    if isinstance(error, api.AuthenticationError):
        return Reading.SIGN_IN  # a 401, or a token no request can carry: nothing recorded
    if not left or isinstance(error, NOT_SENT_KINDS):
        return Reading.NOT_SENT
    if isinstance(error, api.ApiStatusError):
        status = error.status_code
        if status == CONFLICT:
            return Reading.MAY_BE_THERE
        if 400 <= status < 500 and status not in NOT_A_REFUSAL:
            return Reading.REFUSED
    return Reading.UNKNOWN


def needs_a_setting(error: BaseException) -> bool:
    """Whether ``error`` comes from a setting that cannot be used (the address, the authority
    file): sending again before the setting changes would fail the same way."""
    return isinstance(error, api.AddressError | api.CertificateAuthorityError)


def forbidden(error: BaseException) -> bool:
    """Whether the service refused ``error``'s call for the person signed in (403): a slip kept
    by another person may be taken from that person only."""
    return isinstance(error, api.PermissionDeniedError)


class ReadReading(enum.Enum):
    """What a failure to read an order's payments says (a read changes nothing at the service;
    what matters is whether to go on, and with what)."""

    SIGN_IN = "sign_in"  # the token was refused: sign in, then read again
    REFUSED = "refused"  # the service says no about this order (no such order, not allowed)
    UNREACHED = "unreached"  # no answer came back: the service or the way to it is down
    UNANSWERED = (
        "unanswered"  # it answered, but not with the list (a 5xx, an answer not understood)
    )


def read_read_failure(error: BaseException) -> ReadReading:
    """What ``error``, met reading an order's payments, says."""
    if isinstance(error, api.AuthenticationError):
        return ReadReading.SIGN_IN
    if isinstance(error, (api.ApiConnectionError, api.ServiceNotFoundError, *NOT_SENT_KINDS)):
        return ReadReading.UNREACHED  # a 404 of an address that is not the service: not the order's
    if isinstance(error, api.ApiStatusError):
        status = error.status_code
        if 400 <= status < 500 and status not in NOT_A_REFUSAL:
            return ReadReading.REFUSED
    return ReadReading.UNANSWERED


def service_away(error: BaseException | None) -> bool:
    """Whether ``error`` says the service cannot be reached now (no connection, no answer in
    time), the slip then kept at the desk: a certificate refused is not that, and keeping would
    only hide it."""
    return isinstance(error, api.ApiConnectionError) and not isinstance(error, api.CertificateError)


def nothing_matches(error: BaseException | None) -> bool:
    """Whether a search's failure says only that nothing matches: some services answer an
    empty search with a 404. Not the framework's unknown-route answer (``Cannot GET …``), nor
    an address that is not the service: those keep their own words."""
    return (
        isinstance(error, api.NotFoundError)
        and not isinstance(error, api.ServiceNotFoundError)
        and not error.message.lstrip().startswith("Cannot GET")
    )
