"""One tree of errors for everything the service (or the network) can do to a call.

The status-to-class mapping lives in :func:`make_status_error` alone. No error ever carries the
bearer token: messages are built from the status, the server's own message and the path.
"""

from __future__ import annotations

from typing import Any

from desktop_app.api.echoes import WITHHELD


class ApiError(Exception):
    """Root of every failure of a call to the service."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class ApiStatusError(ApiError):
    """The service answered with a non-2xx status."""

    def __init__(
        self, message: str, *, status_code: int, body: Any = None, withheld: bool = False
    ) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.body = body
        self.withheld = withheld
        """Whether the service's words were withheld: they quoted what the desk sent at
        sign-in (``message`` says so, and ``body`` is None)."""

    def __str__(self) -> str:
        return f"{self.status_code}: {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status_code={self.status_code}, message={self.message!r})"


class BadRequestError(ApiStatusError):
    """400: the service refused the request as invalid."""


class AuthenticationError(ApiStatusError):
    """401: no token, or the token is expired or forged. Sign in again."""


class PermissionDeniedError(ApiStatusError):
    """403: signed in, but not allowed to do this."""


class NotFoundError(ApiStatusError):
    """404: the thing asked for does not exist (any more)."""


class ServiceNotFoundError(NotFoundError):
    """404 where the service always answers: this address is not the store service."""


class SignInNotFoundError(NotFoundError):
    """404 at the sign-in address while the service answers: the sign-in address is wrong."""


class ServerError(ApiStatusError):
    """5xx: the service failed. For a POST the outcome is unknown."""


class ApiConnectionError(ApiError):
    """No usable answer came back: refused, dropped, reset. For a POST the outcome is unknown."""


class ApiNotSentError(ApiConnectionError):
    """No connection to the service could be made (refused, no route, no name, the connection
    not made in time): the request never left this machine, so the service did nothing."""


class ApiTimeoutError(ApiConnectionError):
    """The service did not answer in time (``seconds``). For a POST the outcome is unknown."""

    def __init__(self, message: str, *, seconds: float | None = None) -> None:
        super().__init__(message)
        self.seconds = seconds


class ApiRequestError(ApiError, ValueError):
    """The request could not be made from what was given (an empty identifier, or text with a
    character that has no UTF-8, such as half of a broken pair from a paste). Nothing was sent."""


class CardNumberRefusedError(ApiRequestError):
    """What was to be sent holds a full card number (``field``: where, by its name, never its
    value). Nothing was sent: a card number never leaves this machine."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field


class ApiResponseValidationError(ApiError):
    """A 2xx answer whose body is not the documented shape."""

    def __init__(self, message: str, *, status_code: int, body: Any = None) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.body = body


class ApiUncertainAnswerError(ApiResponseValidationError):
    """A 2xx answer to a create that does not say it was recorded: a web page (a gateway's, sent
    for an address it does not know) or a body shaped like an error. Whether the service has it
    is unknown: it is looked for there, never taken as recorded."""


class ApiResponseTooLargeError(ApiResponseValidationError):
    """A 2xx answer larger than this app reads (see ``desktop_app.api._body``)."""


_STATUS_CLASSES: dict[int, type[ApiStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
}


def server_message(body: Any, reason: str) -> str:
    """The human part of an error body: its ``message`` (a string or a list of strings)."""
    if isinstance(body, dict):
        message = body.get("message")
        if isinstance(message, str) and message.strip():
            return message.strip()
        if isinstance(message, list):
            parts = [str(part).strip() for part in message if str(part).strip()]
            if parts:
                return "; ".join(parts)
        error = body.get("error")
        if isinstance(error, str) and error.strip():
            return error.strip()
    return reason or "Unexpected answer from the service"


def make_status_error(
    status_code: int, body: Any, reason: str, *, withheld: bool = False
) -> ApiStatusError:
    """Build the error class that matches ``status_code``; with ``withheld``, none of the
    service's words (they quoted a secret the desk sent: :mod:`desktop_app.api.echoes`)."""
    cls = ServerError if status_code >= 500 else _STATUS_CLASSES.get(status_code, ApiStatusError)
    if withheld:
        return cls(WITHHELD, status_code=status_code, withheld=True)
    return cls(server_message(body, reason), status_code=status_code, body=body)
