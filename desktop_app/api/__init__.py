"""Typed async client of the store's ``/api/v1`` service. Qt-free."""

from desktop_app.api._body import BytesListener
from desktop_app.api._client import ApiClient
from desktop_app.api._errors import (
    ApiConnectionError,
    ApiError,
    ApiNotSentError,
    ApiRequestError,
    ApiResponseTooLargeError,
    ApiResponseValidationError,
    ApiStatusError,
    ApiTimeoutError,
    ApiUncertainAnswerError,
    AuthenticationError,
    BadRequestError,
    CardNumberRefusedError,
    NotFoundError,
    PermissionDeniedError,
    ServerError,
    ServiceNotFoundError,
    SignInNotFoundError,
)
from desktop_app.api._retry import backoff_delay
from desktop_app.api.address import AddressError, AddressProblem
from desktop_app.api.listing import Listing, Unread, read_in_part, read_whole, unread_count
from desktop_app.api.routes import path_segment
from desktop_app.api.secret import Secret
from desktop_app.api.trust import (
    AuthorityProblem,
    Certificate,
    CertificateAuthorityError,
    CertificateError,
    CertificateProblem,
)

__all__ = [
    "AddressError",
    "AddressProblem",
    "ApiClient",
    "ApiConnectionError",
    "ApiError",
    "ApiNotSentError",
    "ApiRequestError",
    "ApiResponseTooLargeError",
    "ApiResponseValidationError",
    "ApiStatusError",
    "ApiTimeoutError",
    "ApiUncertainAnswerError",
    "AuthenticationError",
    "AuthorityProblem",
    "BadRequestError",
    "BytesListener",
    "CardNumberRefusedError",
    "Certificate",
    "CertificateAuthorityError",
    "CertificateError",
    "CertificateProblem",
    "Listing",
    "NotFoundError",
    "PermissionDeniedError",
    "Secret",
    "ServerError",
    "ServiceNotFoundError",
    "SignInNotFoundError",
    "Unread",
    "backoff_delay",
    "path_segment",
    "read_in_part",
    "read_whole",
    "unread_count",
]
