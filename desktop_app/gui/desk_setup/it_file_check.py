"""Settings the store's administrator set for every desk: what in them cannot be used, in words
that name the file and the key (at start, and in ``--check-connection``).

A wrong value is used all the same (the app never falls back to the person's own): the person at
the desk cannot change it, so the words say who can.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from desktop_app.api.address import AddressError, endpoint, service_address
from desktop_app.api.settle import zone_named
from desktop_app.api.trust import CertificateAuthorityError, tls_context
from desktop_app.gui.calls.error_words import ADDRESS_REASONS, AUTHORITY_REASONS, translated
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.preferences import MANAGEABLE, Preferences, Setting

log = logging.getLogger("desktop_app.gui.desk_setup.it_file_check")


_NO_SUCH_SETTING = QT_TRANSLATE_NOOP(
    "managed", "this app has no such setting, or none your administrator can set (misspelt?)."
)


def _reason(preferences: Preferences, setting: Setting[Any]) -> str:
    """Why the administrator's value of ``setting`` cannot be used ("" when it can)."""
    if not preferences.is_managed(setting):
        return ""
    if not preferences.readable(setting):
        return QCoreApplication.translate("managed", "it is not a number.")
    value = preferences.get(setting)
    if setting.lowest is not None:
        lowest, highest = setting.bounds()
        if not lowest <= value <= highest:
            return QCoreApplication.translate(
                "managed", "it is not from {lowest} to {highest}."
            ).format(lowest=f"{lowest:g}", highest=f"{highest:g}")
    if setting.choices and value not in setting.choices:
        return QCoreApplication.translate("managed", "it is not one of: {choices}.").format(
            choices=", ".join(choice for choice in setting.choices if choice)
        )
    if setting is prefs.CURRENCY and not re.fullmatch("[A-Za-z]{3}", value.strip()):
        return QCoreApplication.translate(
            "managed", "it is not a three-letter currency code, such as BRL."
        )
    if setting is prefs.TIME_ZONE and zone_named(value) is None:
        return QCoreApplication.translate(
            "managed", "it is not the name of a time zone, such as America/Sao_Paulo."
        )
    return _address_reason(preferences, setting)


def _address_reason(preferences: Preferences, setting: Setting[Any]) -> str:
    """Why the administrator's address or authority file cannot be used ("" when it can)."""
    text = preferences.managed_text(setting).strip()
    try:
        if setting is prefs.SERVICE_URL:
            service_address(text or prefs.SERVICE_URL.default)
        elif setting is prefs.LOGIN_URL:
            try:
                service = service_address(preferences.get(prefs.SERVICE_URL))
            except AddressError:  # the service's own address is what is wrong: said under its key
                return ""
            service_address(endpoint(service, text or prefs.LOGIN_URL.default))
        elif setting is prefs.CA_FILE and text:
            tls_context(text)
    except AddressError as error:
        return translated(ADDRESS_REASONS[error.problem])
    except CertificateAuthorityError as error:
        return translated(AUTHORITY_REASONS[error.problem])
    return ""


def problems(preferences: Preferences) -> list[str]:
    """Each value of the administrator's file that cannot be used, naming the file and key."""
    file = preferences.managed_file()
    found = []
    if not preferences.managed_file_well_formed():
        found.append(
            QCoreApplication.translate(
                "managed",
                "{file}: part of it cannot be read; check its [section] lines and key=value lines.",
            ).format(file=file)
        )
    reasons = [(setting.key, _reason(preferences, setting)) for setting in MANAGEABLE]
    known = {setting.key for setting in MANAGEABLE}
    for key in preferences.managed_keys():  # a misspelt key would be missed without a word
        if key not in known:
            reasons.append((key, QCoreApplication.translate("managed", str(_NO_SUCH_SETTING))))
    for key, reason in reasons:
        if reason:
            found.append(
                QCoreApplication.translate("managed", "{file}, {key}: {reason}").format(
                    file=file, key=key, reason=reason
                )
            )
    return found


def words(found: list[str]) -> str:
    """The message for ``found``: what is wrong, and who can put it right."""
    return "\n".join(
        [
            QCoreApplication.translate(
                "managed",
                "The settings your administrator set for this computer hold a value this app"
                " cannot use. It is used all the same, and cannot be changed here: ask IT to"
                " correct it.",
            ),
            *("• " + line for line in found),
        ]
    )


def report(window: QWidget, preferences: Preferences) -> QMessageBox | None:
    """Say at start what cannot be used in the administrator's file (None: nothing)."""
    found = problems(preferences)
    if not found:
        return None
    log.warning("%s", words(found))  # for IT, who reads the log
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        QCoreApplication.translate("managed", "Settings set by your administrator"),
        words(found),
        QMessageBox.StandardButton.Ok,
        window,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)  # a file's path and key are data
    box.open()
    return box
