"""Whom the app trusts, and what it says of a certificate it refused.

Trust is the operating system's certificate store (``truststore``: the store IT fills for every
program of the desk, on Linux, Windows and macOS alike) plus, where given, the store's own
certificate authority file, *added* to it. Verification is never switched off.

When a certificate is refused, a second handshake reads it, only to name its subject and issuer
in the message: nothing is sent on that connection, and it is closed at once. Certificates are
read in pure Python (``asn1crypto``): the package carries one OpenSSL, Python's own.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import ssl
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import truststore

from desktop_app.api._errors import ApiConnectionError, ApiError
from desktop_app.process.files import FileTooLargeError, NotAFileError, read_small_file

if TYPE_CHECKING:
    from asn1crypto import x509

READ_CERTIFICATE_SECONDS = 5.0
"""The longest the second handshake may take: it only adds a name to a message."""


class AuthorityProblem(enum.Enum):
    """Why a certificate authority file cannot be used."""

    UNREADABLE = "unreadable"  # missing, a folder, or not allowed
    NO_CERTIFICATE = "no_certificate"  # read, but holds no certificate
    NOT_AN_AUTHORITY = "not_an_authority"  # a server's own certificate, not its authority's
    NOT_A_FILE = "not_a_file"  # a device, a pipe, or far larger than a certificate file


AUTHORITY_FILE_BYTES = 4 * 1024 * 1024
"""An authority file's most: a whole bundle of authorities is a few hundred kilobytes."""


class CertificateAuthorityError(ApiError, ValueError):
    """The certificate authority file given cannot be used. Nothing was sent. ``certificate``:
    the one it holds instead of an authority's (for :attr:`AuthorityProblem.NOT_AN_AUTHORITY`)."""

    def __init__(
        self, problem: AuthorityProblem, path: str, certificate: Certificate | None = None
    ) -> None:
        super().__init__(f"The certificate authority file cannot be used ({problem.value})")
        self.problem = problem
        self.path = path
        self.certificate = certificate


def tls_context(ca_file: str | Path | None = None) -> ssl.SSLContext:
    """The context every connection verifies with: the system's store, plus ``ca_file``
    (PEM, or DER as Windows exports it) when given."""
    context = truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    if ca_file:
        try:
            data = read_small_file(ca_file, AUTHORITY_FILE_BYTES)
        except (NotAFileError, FileTooLargeError):
            raise CertificateAuthorityError(AuthorityProblem.NOT_A_FILE, str(ca_file)) from None
        except OSError:
            raise CertificateAuthorityError(AuthorityProblem.UNREADABLE, str(ca_file)) from None
        try:
            if b"-----BEGIN" in data:
                context.load_verify_locations(cadata=data.decode("ascii", "replace"))
            else:
                context.load_verify_locations(cadata=data)
        except (ssl.SSLError, ValueError):
            raise CertificateAuthorityError(AuthorityProblem.NO_CERTIFICATE, str(ca_file)) from None
        _hold_an_authority(data, str(ca_file))
    return context


def _hold_an_authority(data: bytes, path: str) -> None:
    """Raise unless ``data`` (PEM or DER) holds a certificate authority: a certificate whose
    basic constraints say so, or a self-signed one with none (as old authorities are). A
    server's own certificate handed out instead passes OpenSSL's load, then every handshake
    fails with "unknown authority"; said here, with whose it is, it is put right at once."""
    from asn1crypto import pem, x509

    try:
        if pem.detect(data):
            ders = [
                der for kind, _, der in pem.unarmor(data, multiple=True) if kind == "CERTIFICATE"
            ]
        else:
            ders = [data]
        certificates = [x509.Certificate.load(der) for der in ders]
        if not certificates or any(_is_authority(c) for c in certificates):
            return
        found = _described(certificates[0])
    except ValueError:
        return  # OpenSSL read it; what it makes of it is its own judgement
    raise CertificateAuthorityError(AuthorityProblem.NOT_AN_AUTHORITY, path, found)


def _is_authority(certificate: x509.Certificate) -> bool:
    if certificate.basic_constraints_value is not None:
        return bool(certificate.ca)
    return bool(certificate.subject == certificate.issuer)


def trust_or_why_not(ca_file: str | None) -> ssl.SSLContext | CertificateAuthorityError:
    """The context to verify with, or why the authority file is none (the client keeps it,
    and every request raises it instead of sending)."""
    try:
        return tls_context(ca_file)
    except CertificateAuthorityError as error:
        return error


@dataclass(frozen=True, slots=True)
class Certificate:
    """What a person (or IT) needs to know of a certificate."""

    subject: str  # whole, as IT reads it: "CN=pos.loja,O=Loja"
    issuer: str
    issuer_name: str  # as a person reads it: the issuer's common name, else its organisation
    names: tuple[str, ...]  # the names and addresses it was issued for
    not_before: datetime
    not_after: datetime

    @property
    def named(self) -> str:
        """The names it was issued for, else its subject: ``pos.loja, 10.0.0.8``."""
        return ", ".join(self.names or (self.subject,))


class CertificateProblem(enum.Enum):
    """Why a certificate was refused."""

    UNKNOWN_AUTHORITY = "unknown_authority"  # issued by an authority this computer does not trust
    WRONG_NAME = "wrong_name"  # issued for another name
    EXPIRED = "expired"
    NOT_YET_VALID = "not_yet_valid"
    OTHER = "other"


_PROBLEMS = {
    2: CertificateProblem.UNKNOWN_AUTHORITY,  # unable to get issuer certificate
    18: CertificateProblem.UNKNOWN_AUTHORITY,  # self-signed certificate
    19: CertificateProblem.UNKNOWN_AUTHORITY,  # self-signed certificate in chain
    20: CertificateProblem.UNKNOWN_AUTHORITY,  # unable to get local issuer certificate
    21: CertificateProblem.UNKNOWN_AUTHORITY,  # unable to verify the first certificate
    9: CertificateProblem.NOT_YET_VALID,
    10: CertificateProblem.EXPIRED,
    62: CertificateProblem.WRONG_NAME,  # host name mismatch
    64: CertificateProblem.WRONG_NAME,  # IP address mismatch
}
"""OpenSSL's verification codes, by what they mean to a person."""


class CertificateError(ApiConnectionError):
    """The service's certificate was refused: nothing was sent. ``certificate`` is what the
    second handshake read of it (None when it could not be read)."""

    def __init__(
        self, problem: CertificateProblem, detail: str, host: str, certificate: Certificate | None
    ) -> None:
        super().__init__(f"The certificate of {host} was refused: {detail}")
        self.problem = problem
        self.detail = detail
        self.host = host
        self.certificate = certificate


def verification_failure(error: BaseException) -> ssl.SSLCertVerificationError | None:
    """The certificate verification failure behind ``error`` (httpx wraps it twice), if any."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, ssl.SSLCertVerificationError):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def problem_of(failure: ssl.SSLCertVerificationError) -> CertificateProblem:
    """What ``failure`` means to a person."""
    code = getattr(failure, "verify_code", None)
    if isinstance(code, int) and code in _PROBLEMS:
        return _PROBLEMS[code]
    message = str(getattr(failure, "verify_message", "") or failure).lower()
    if "mismatch" in message or "not valid for" in message:
        return CertificateProblem.WRONG_NAME
    if "expired" in message:
        return CertificateProblem.EXPIRED
    return CertificateProblem.OTHER


async def certificate_error(
    failure: ssl.SSLCertVerificationError, host: str, port: int
) -> CertificateError:
    """The error to raise for ``failure``, with the certificate read by a second handshake."""
    detail = str(getattr(failure, "verify_message", "") or failure.reason or failure)
    certificate = await read_certificate(host, port)
    return CertificateError(problem_of(failure), detail, host, certificate)


async def read_certificate(
    host: str, port: int, seconds: float = READ_CERTIFICATE_SECONDS
) -> Certificate | None:
    """The certificate ``host`` presents, read by a handshake that verifies nothing and sends
    nothing (None when it cannot be read). Only ever used to name a refused certificate."""
    reading = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    reading.check_hostname = False
    reading.verify_mode = ssl.CERT_NONE  # reads the certificate; no request ever goes on this
    try:
        async with asyncio.timeout(seconds):
            _, writer = await asyncio.open_connection(host, port, ssl=reading, server_hostname=host)
    except (OSError, TimeoutError, ssl.SSLError):
        return None
    try:
        ssl_object = writer.get_extra_info("ssl_object")
        der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    finally:
        writer.close()
        with contextlib.suppress(OSError, ssl.SSLError, TimeoutError):
            async with asyncio.timeout(1):
                await writer.wait_closed()
    return described(der) if der else None


_SHORT_NAMES = {
    "common_name": "CN",
    "organization_name": "O",
    "organizational_unit_name": "OU",
    "country_name": "C",
    "state_or_province_name": "ST",
    "locality_name": "L",
    "street_address": "STREET",
    "domain_component": "DC",
    "user_id": "UID",
}
"""RFC 4514's names of the attributes a certificate's subject holds; any other is its OID."""


def _rfc4514(name: x509.Name) -> str:
    """``name`` as IT reads it in OpenSSL's and Windows' tools: ``CN=pos.loja,O=Loja``."""
    parts = []
    for relative in reversed(list(name.chosen)):
        pieces = []
        for attribute in relative:
            kind = attribute["type"]
            label = _SHORT_NAMES.get(kind.native, kind.dotted)
            value = str(attribute["value"].native)
            escaped = "".join("\\" + c if c in ',+"\\<>;=' else c for c in value)
            pieces.append(f"{label}={escaped}")
        parts.append("+".join(pieces))
    return ",".join(parts)


def _name_of(name: x509.Name) -> str:
    """The name a person reads: the common name, else the organisation, else the whole."""
    native = name.native
    for field in ("common_name", "organization_name"):
        value = native.get(field)
        if value:
            return str(value[0] if isinstance(value, list) else value)
    return _rfc4514(name)


def described(der: bytes) -> Certificate | None:
    """``der`` (a certificate as sent) as a :class:`Certificate`, or None if unreadable."""
    from asn1crypto import x509

    try:
        return _described(x509.Certificate.load(der))
    except ValueError:
        return None


def _described(certificate: x509.Certificate) -> Certificate:
    alternatives = certificate.subject_alt_name_value
    names = tuple(
        str(name.native) for name in (alternatives or ()) if name.name in ("dns_name", "ip_address")
    )
    return Certificate(
        subject=_rfc4514(certificate.subject),
        issuer=_rfc4514(certificate.issuer),
        issuer_name=_name_of(certificate.issuer),
        names=names,
        not_before=certificate.not_valid_before,
        not_after=certificate.not_valid_after,
    )
