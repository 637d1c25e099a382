"""The person's own settings, checked as IT's are: a file that was no settings file or had lines
that did not read (kept aside at start, ``settings_files``), and values that cannot be used
(their defaults are used instead). Said at start and by ``--check-connection``; nothing is lost,
and nothing is rewritten without a word."""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from desktop_app.gui.desk_setup.it_file_check import line_words, say_at_start, value_reason
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.settings.settings_files import Opened
from desktop_app.process.files import SETTINGS_FILE_BYTES

log = logging.getLogger("desktop_app.gui.desk_setup.persons_file_check")


def _not_a_file(why: str) -> str:
    if why == "too_large":
        return QCoreApplication.translate("settings", "larger than {megabytes} MB").format(
            megabytes=SETTINGS_FILE_BYTES // 2**20
        )
    return QCoreApplication.translate("settings", "a device or a pipe, not a file")


def problems(opened: Opened, preferences: Preferences) -> list[str]:
    """What of the person's settings could not be used, and what became of it, in words."""
    found = []
    aside = opened.set_aside
    if aside is not None and aside.why == "lines":
        found.append(
            QCoreApplication.translate(
                "settings",
                "Your settings file {file} had lines that could not be read: it is kept as"
                " {aside}, and what could be read was carried over.",
            ).format(file=aside.file, aside=aside.aside)
        )
        found += line_words(aside.aside, aside.lines)
    elif aside is not None:
        found.append(
            QCoreApplication.translate(
                "settings",
                "Your settings file {file} is not a settings file ({why}): it is kept as"
                " {aside}, and your settings start from their defaults.",
            ).format(file=aside.file, why=_not_a_file(aside.why), aside=aside.aside)
        )
    for setting, text in preferences.persons_unusable():
        shown = text if len(text) <= 60 else text[:57] + "…"
        found.append(
            QCoreApplication.translate(
                "settings",
                "{file}, {key}: {value} cannot be used ({reason}); the default, {default}, is"
                " used.",
            ).format(
                file=preferences.file_name(),
                key=setting.key,
                value=shown,
                reason=value_reason(setting, text).rstrip("."),
                default=setting.default
                if setting.default != ""
                else QCoreApplication.translate("settings", "none"),
            )
        )
    return found


def it_file_not_read(opened: Opened) -> str:
    """IT's file, when it was no settings file and was not read ("" otherwise)."""
    if opened.managed_not_read is None:
        return ""
    file, why = opened.managed_not_read
    if why == "refused":  # Windows: the registry key Group Policy writes
        return QCoreApplication.translate(
            "settings",
            "{key}: this account may not read it, so the settings your administrator set do not"
            " apply here. Ask IT to correct it.",
        ).format(key=file)
    return QCoreApplication.translate(
        "settings",
        "{file}: it is not a settings file ({why}) and was not read, so the settings your"
        " administrator set do not apply here. Ask IT to correct it.",
    ).format(file=file, why=_not_a_file(why))


def persons_file_message(found: list[str]) -> str:
    """The message for ``found``: what could not be used, and that nothing was lost."""
    header = QCoreApplication.translate(
        "settings",
        "Some of your own settings could not be used. Nothing was lost: check them in"
        " File ▸ Settings.",
    )
    return "\n".join([header, *("• " + line for line in found)])


def report(window: QWidget, found: list[str]) -> QMessageBox | None:
    """Say at start what of the person's settings could not be used (None: nothing)."""
    if not found:
        return None
    log.warning("%s", persons_file_message(found))
    title = QCoreApplication.translate("settings", "Your settings")
    return say_at_start(window, title, persons_file_message(found))
