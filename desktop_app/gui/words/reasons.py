"""Why an address, an authority file or a certificate cannot be used, in the words the
messages of :mod:`desktop_app.gui.words.errors` carry; and where a person puts it right
(Settings, or this run's command line)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from desktop_app import api
from desktop_app.gui.settings import preferences as prefs

if TYPE_CHECKING:
    from desktop_app.gui.settings.setting import Setting

_options: dict[str, str] = {}  # a setting's key: the command-line option that set it this run


ADDRESS_REASONS: dict[api.AddressProblem, object] = {
    api.AddressProblem.EMPTY: QT_TRANSLATE_NOOP("errors", "it is empty."),
    api.AddressProblem.SCHEME: QT_TRANSLATE_NOOP(
        "errors", "it must start with https:// (or http:// on this machine)."
    ),
    api.AddressProblem.NO_HOST: QT_TRANSLATE_NOOP("errors", "it names no machine."),
    api.AddressProblem.SPACES: QT_TRANSLATE_NOOP("errors", "it holds a space."),
    api.AddressProblem.CREDENTIALS: QT_TRANSLATE_NOOP(
        "errors", "it holds a user name or password, which never go in an address."
    ),
    api.AddressProblem.QUERY: QT_TRANSLATE_NOOP("errors", "it holds a ? or a #."),
    api.AddressProblem.PORT: QT_TRANSLATE_NOOP(
        "errors", "its port is not a number from 1 to 65535."
    ),
    api.AddressProblem.IPV6_BRACKETS: QT_TRANSLATE_NOOP(
        "errors", "an IPv6 address goes in brackets, as in https://[fe80::1]:8443."
    ),
    api.AddressProblem.TOO_LONG: QT_TRANSLATE_NOOP(
        "errors", "it is longer than any address (2,048 characters at most)."
    ),
}
"""Why an address cannot be used, in the words the address message carries."""

CERTIFICATE_REASONS: dict[api.CertificateProblem, object] = {
    api.CertificateProblem.UNKNOWN_AUTHORITY: QT_TRANSLATE_NOOP(
        "errors",
        "the certificate of {names} was issued by {issuer}, an authority this computer does not"
        " trust. Ask IT for the store's certificate authority file and choose it in {authority}.",
    ),
    api.CertificateProblem.WRONG_NAME: QT_TRANSLATE_NOOP(
        "errors",
        "the certificate was issued for {names}, not for {host} (issued by {issuer}). Use that"
        " name in {address}, or ask IT.",
    ),
    api.CertificateProblem.EXPIRED: QT_TRANSLATE_NOOP(
        "errors",
        "the certificate of {names} expired on {not_after} (issued by {issuer}). Ask IT to"
        " renew it.",
    ),
    api.CertificateProblem.NOT_YET_VALID: QT_TRANSLATE_NOOP(
        "errors",
        "the certificate of {names} is valid only from {not_before} (issued by {issuer}). Check"
        " this computer's date and time, or ask IT.",
    ),
    api.CertificateProblem.OTHER: QT_TRANSLATE_NOOP(
        "errors",
        "{detail} (the certificate of {names}, issued by {issuer}). Ask IT for the store's"
        " certificate authority file and choose it in {authority}.",
    ),
}
"""Why a certificate was refused, with the way forward that fits."""

CERTIFICATE_REASONS_UNREAD: dict[api.CertificateProblem, object] = {
    api.CertificateProblem.UNKNOWN_AUTHORITY: QT_TRANSLATE_NOOP(
        "errors",
        "the certificate of {host} was issued by an authority this computer does not trust (it"
        " could not be read from here, to say more). Ask IT for the store's certificate"
        " authority file and choose it in {authority}.",
    ),
    api.CertificateProblem.WRONG_NAME: QT_TRANSLATE_NOOP(
        "errors",
        "the certificate is not issued for {host} (it could not be read from here, to say whose"
        " it is). Use the name it was issued for in {address}, or ask IT.",
    ),
    api.CertificateProblem.EXPIRED: QT_TRANSLATE_NOOP(
        "errors",
        "the certificate of {host} has expired (it could not be read from here, to say when)."
        " Ask IT to renew it.",
    ),
    api.CertificateProblem.NOT_YET_VALID: QT_TRANSLATE_NOOP(
        "errors",
        "the certificate of {host} is not valid yet (it could not be read from here, to say"
        " from when). Check this computer's date and time, or ask IT.",
    ),
    api.CertificateProblem.OTHER: QT_TRANSLATE_NOOP(
        "errors",
        "{detail} (the certificate of {host}; it could not be read from here, to say more). Ask"
        " IT for the store's certificate authority file and choose it in {authority}.",
    ),
}
"""The same, when the certificate itself could not be read (through a proxy, only the proxy
sees it): only what the refusal said, never its dates or issuer as "not readable"."""

AUTHORITY_REASONS: dict[api.AuthorityProblem, object] = {
    api.AuthorityProblem.UNREADABLE: QT_TRANSLATE_NOOP(
        "errors", "it does not exist or cannot be opened."
    ),
    api.AuthorityProblem.NO_CERTIFICATE: QT_TRANSLATE_NOOP("errors", "it holds no certificate."),
    api.AuthorityProblem.NOT_A_FILE: QT_TRANSLATE_NOOP(
        "errors",
        "it is not a certificate file (a device, a pipe, or larger than 4 MB), and was not read.",
    ),
    api.AuthorityProblem.NOT_AN_AUTHORITY: QT_TRANSLATE_NOOP(
        "errors",
        "it holds the certificate of {names} (issued by {issuer}), not that of a certificate"
        " authority: ask IT for the file of the authority that issued it.",
    ),
}


def follow_command_line(options: dict[Setting[Any], str]) -> None:
    """Words that send a person to File ▸ Settings name the command line's option instead
    where it set that setting for this run (``{prefs.SERVICE_URL: "--api-url"}``): Settings
    would not change what this run uses."""
    _options.clear()
    _options.update({setting.key: option for setting, option in options.items()})


def option_for(setting: Setting[Any] | None, options: Mapping[str, str] | None) -> str | None:
    """The option that set ``setting`` this run (``options``: by key; None, the app's own)."""
    if setting is None:
        return None
    return (_options if options is None else options).get(setting.key)


def translated(text: object) -> str:
    """One of the texts above, in the language in use."""
    return QCoreApplication.translate("errors", str(text))


def authority_reason(error: api.CertificateAuthorityError) -> str:
    """Why the authority file of ``error`` cannot be used; whose certificate it holds instead."""
    certificate = error.certificate
    return translated(AUTHORITY_REASONS[error.problem]).format(
        names=whose(certificate) if certificate else "",
        issuer=certificate.issuer_name if certificate else "",
    )


def whose(certificate: api.Certificate) -> str:
    """Whose ``certificate`` is: the names it was issued for, with its subject where that
    says more than its first name: ``10.0.0.8 [O=Loja]``; ``pos.loja`` for ``CN=pos.loja``."""
    names = ", ".join(certificate.names)
    if not names:
        return certificate.subject
    if certificate.subject in ("", f"CN={certificate.names[0]}"):
        return names
    return f"{names} [{certificate.subject}]"


def certificate_reason(
    error: api.CertificateError, options: Mapping[str, str] | None = None
) -> str:
    """Why ``error``'s certificate was refused, naming whose it is, who issued it, its dates
    where they matter, and where to put it right (Settings, or this run's command line)."""
    certificate = error.certificate
    if certificate is None:
        return translated(CERTIFICATE_REASONS_UNREAD[error.problem]).format(
            host=error.host,
            detail=error.detail,
            authority=_place(prefs.CA_FILE, options),
            address=_place(prefs.SERVICE_URL, options),
        )
    return translated(CERTIFICATE_REASONS[error.problem]).format(
        issuer=certificate.issuer_name,
        names=whose(certificate),
        not_after=certificate.not_after.date().isoformat(),
        not_before=certificate.not_before.date().isoformat(),
        host=error.host,
        detail=error.detail,
        authority=_place(prefs.CA_FILE, options),
        address=_place(prefs.SERVICE_URL, options),
    )


_IN_SETTINGS = {
    prefs.CA_FILE.key: QT_TRANSLATE_NOOP("errors", "File ▸ Settings ▸ Certificate authority"),
    prefs.SERVICE_URL.key: QT_TRANSLATE_NOOP("errors", "File ▸ Settings ▸ Service address"),
}


def _place(setting: Setting[Any], options: Mapping[str, str] | None) -> str:
    """Where ``setting`` is put right: this run's command-line option where it set it, else
    its place in Settings, as the menus say it."""
    option = option_for(setting, options)
    if option is not None:
        return QCoreApplication.translate("errors", "the command line ({option})").format(
            option=option
        )
    return translated(_IN_SETTINGS[setting.key])
