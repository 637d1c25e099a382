"""Settings the store's administrator set for every desk: what in them cannot be used, in words
that name the file and the key (at start, and in ``--check-connection``).

A wrong value is used all the same where it reads as its setting's type, else its default, as the
words say (the app never falls back to the person's own): the person at the desk cannot change
it, so the words say who can.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from desktop_app.api.address import AddressError, endpoint, service_address
from desktop_app.api.trust import CertificateAuthorityError, tls_context
from desktop_app.gui.look.open_windows import register
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.it_settings import READS
from desktop_app.gui.settings.preferences import LONGEST_TEXT, MANAGEABLE, Preferences
from desktop_app.gui.settings.setting import Setting
from desktop_app.gui.settings.settings_files import lines_that_do_not_read
from desktop_app.gui.words.reasons import ADDRESS_REASONS, authority_reason, translated

log = logging.getLogger("desktop_app.gui.desk_setup.it_file_check")


_NO_SUCH_SETTING = QT_TRANSLATE_NOOP(
    "managed", "this app has no such setting, or none your administrator can set (misspelt?)."
)
_HASH_COMMENT = QT_TRANSLATE_NOOP(
    "managed", "a comment in this file starts with ; (a line starting with # is read as a key)."
)
LINES_NAMED = 5
"""Lines that do not read named one by one; the file's line above says the rest."""


def value_reason(setting: Setting[Any], text: str) -> str:
    """Why ``text``, written for ``setting`` in a settings file, is no value it may take ("" when
    it is one): longer than any, not of its type, out of its bounds, none of its choices. Said
    alike of IT's values and of the person's own (``persons_file_check``)."""
    if len(text) > LONGEST_TEXT:
        return QCoreApplication.translate(
            "managed", "it is longer than any value of it ({count} characters)."
        ).format(count=f"{len(text):,}")
    try:
        value = setting.type(float(text)) if setting.type is int else setting.type(text)
    except ValueError:
        return QCoreApplication.translate("managed", "it is not a number.")
    if setting.lowest is not None:
        lowest, highest = setting.bounds()
        if not lowest <= value <= highest:  # NaN is within none
            return QCoreApplication.translate(
                "managed", "it is not from {lowest} to {highest}."
            ).format(lowest=f"{lowest:g}", highest=f"{highest:g}")
    if setting.choices and value not in setting.choices:
        return QCoreApplication.translate("managed", "it is not one of: {choices}.").format(
            choices=", ".join(str(choice) for choice in setting.choices if choice)
        )
    if setting.rule is not None and not setting.rule.holds(value):
        return QCoreApplication.translate("managed", str(setting.rule.unlike))
    return ""


def _reason(preferences: Preferences, setting: Setting[Any]) -> str:
    """Why the administrator's value of ``setting`` cannot be used ("" when it can)."""
    if not preferences.is_managed(setting):
        return ""
    managed = preferences.managed
    assert managed is not None
    if kind := managed.kind_not_read(setting):  # a registry value of a type it does not read
        return QCoreApplication.translate(
            "managed", "its registry type is {found}; this setting takes {expected}."
        ).format(found=kind, expected=", ".join(READS[setting.type]))
    text = preferences.managed_text(setting)
    if text.strip() and (reason := value_reason(setting, text)):
        return reason
    return _address_reason(preferences, setting)


def _with_default(preferences: Preferences, setting: Setting[Any]) -> str:
    """Why the administrator's value of ``setting`` cannot be used ("" when it can), and, when
    it cannot even be read as its setting's type, that its default is used instead."""
    reason = _reason(preferences, setting)
    if not reason or preferences.readable(setting):
        return reason  # read: used as it is, wrong as it may be
    default = f"{setting.default:g}" if setting.type in (int, float) else str(setting.default)
    return QCoreApplication.translate(
        "managed", "{reason} The default, {default}, is used."
    ).format(
        reason=reason,
        default=default or QCoreApplication.translate("settings", "none"),
    )


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
        return authority_reason(error)
    return ""


def problems(preferences: Preferences) -> list[str]:
    """Each value the administrator set that cannot be used, naming the file and key (on
    Windows, the registry key and the value's name)."""
    file = preferences.managed_file()
    managed = preferences.managed
    found = []
    if not preferences.managed_file_well_formed():
        found.append(
            QCoreApplication.translate(
                "managed",
                "{file}: part of it cannot be read; check its [section] lines and key=value lines.",
            ).format(file=file)
        )
        found += line_words(file, lines_that_do_not_read(file))
    reasons = [(setting.key, _with_default(preferences, setting)) for setting in MANAGEABLE]
    known = {setting.key for setting in MANAGEABLE}
    for key in preferences.managed_keys():  # a misspelt key would be missed without a word
        if key not in known:
            why = _HASH_COMMENT if key.rpartition("/")[2].startswith("#") else _NO_SUCH_SETTING
            reasons.append((key, QCoreApplication.translate("managed", str(why))))
    for key, reason in reasons:
        if reason and managed is not None:
            where, name = managed.place(key)
            found.append(
                QCoreApplication.translate("managed", "{file}, {key}: {reason}").format(
                    file=where, key=name, reason=reason
                )
            )
    return found


LINE_REASONS: dict[str, object] = {
    "hash_comment": _HASH_COMMENT,
    "open_section": QT_TRANSLATE_NOOP("managed", "its [section] is not closed."),
    "no_equals": QT_TRANSLATE_NOOP("managed", "it is not key=value."),
}
"""Why a line of a settings file does not read (``settings_files.lines_that_do_not_read``)."""


def line_words(file: str, lines: Sequence[tuple[int, str]]) -> list[str]:
    """The first lines of ``file`` that do not read, each in words naming it."""
    return [
        QCoreApplication.translate("managed", "{file}, line {number}: {reason}").format(
            file=file,
            number=number,
            reason=QCoreApplication.translate("managed", str(LINE_REASONS[code])),
        )
        for number, code in lines[:LINES_NAMED]
    ]


def it_file_message(found: list[str]) -> str:
    """The message for ``found``: what is wrong, and who can put it right."""
    return "\n".join(
        [
            QCoreApplication.translate(
                "managed",
                "The settings your administrator set for this computer hold a value this app"
                " cannot use. A value it can read is used all the same (where it cannot, the"
                " default, as said), and cannot be changed here: ask IT to"
                " correct it.",
            ),
            *("• " + line for line in found),
        ]
    )


def report(window: QWidget, preferences: Preferences, not_read: str = "") -> QMessageBox | None:
    """Say at start what cannot be used in the administrator's file, or that it was not read
    at all (``not_read``, in words); None: nothing to say."""
    found = problems(preferences)
    if not (found or not_read):
        return None
    said = not_read or it_file_message(found)
    log.warning("%s", said)  # for IT, who reads the log
    title = QCoreApplication.translate("managed", "Settings set by your administrator")
    return say_at_start(window, title, said)


def say_at_start(window: QWidget, title: str, text: str) -> QMessageBox:
    """A warning over the main window as the app starts (it waits for nobody: ``open``)."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, window)
    register(box)
    box.setTextFormat(Qt.TextFormat.PlainText)  # a file's path, a key and a value are data
    box.open()
    return box
