"""What a store's IT set for every desk, and where it is read: the system-wide settings file on
Linux (``/etc/xdg/POS Back-Office/pos-backoffice.conf``), the values Group Policy writes on
Windows (``HKLM\\Software\\Policies\\POS Back-Office\\pos-backoffice``, from the ADMX template
``make docs`` writes from the settings' declarations). Read once as the desk starts; used through
:class:`~desktop_app.gui.settings.preferences.Preferences`, with the same checks and words on both
(``desk_setup/it_file_check.py``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings

from desktop_app.gui.settings.setting import APPLICATION, ORGANIZATION, Setting
from desktop_app.process.system import (
    POLICIES_KEY,
    SETTINGS_IN_FILES,
    RegistryValue,
    policy_values,
)

READS: dict[type, tuple[str, ...]] = {
    str: ("REG_SZ", "REG_EXPAND_SZ", "REG_MULTI_SZ"),
    int: ("REG_DWORD", "REG_QWORD", "REG_SZ"),
    float: ("REG_DWORD", "REG_QWORD", "REG_SZ"),
}
"""The registry types a setting of each type reads (a number written as text too, as in the
Linux file); a value of another type (a binary one, a number for an address) does not read."""


class ItSettings:
    """What a store's IT set for every desk, read once as the desk starts: each key's value as
    read, and where (the system-wide file on Linux; on Windows the registry key Group Policy
    writes, each value with its registry type)."""

    def __init__(
        self,
        where: str,
        values: dict[str, object],
        *,
        kinds: dict[str, str] | None = None,
        well_formed: bool = True,
    ) -> None:
        self.where = where  # the file, or the registry key
        self.values = values  # by key, as read: text, a number, or a list (an INI's "a, b")
        self.kinds = kinds  # by key, the registry type of each value (None: a file's text)
        self.well_formed = well_formed  # whether all of it reads (a file's lines)

    @classmethod
    def from_file(cls, settings: QSettings) -> ItSettings:
        """What the settings file ``settings`` holds."""
        keys = settings.allKeys()  # Qt reads the file on first use: its status says nothing before
        well_formed = settings.status() == QSettings.Status.NoError
        values = {key: settings.value(key) for key in keys}
        return cls(settings.fileName(), values, well_formed=well_formed)

    @classmethod
    def from_registry(cls, found: dict[str, RegistryValue]) -> ItSettings:
        """The values Group Policy wrote (:func:`policy_values`), each with its registry type."""
        values = {key: found[key].value for key in found}
        return cls(f"HKLM\\{POLICIES_KEY}", values, kinds={key: found[key].kind for key in found})

    def place(self, key: str) -> tuple[str, str]:
        """Where IT finds ``key``, in two parts: the file and the key, or the registry key and
        the value's name (``HKLM\\…\\pos-backoffice\\service``, ``url``)."""
        if self.kinds is None:
            return self.where, key
        section, _, name = key.rpartition("/")
        return (f"{self.where}\\{section}" if section else self.where).replace("/", "\\"), name

    def kind_not_read(self, setting: Setting[Any]) -> str:
        """The registry type of IT's value of ``setting`` when ``setting`` does not read that
        type ("" when it does, and in a file, whose values are all text)."""
        kind = (self.kinds or {}).get(setting.key, "")
        return "" if not kind or kind in READS[setting.type] else kind


def administrators_settings() -> ItSettings:
    """What IT set for every desk: on Linux the system-wide file (read only by the app), on
    Windows the values Group Policy writes (``HKLM\\Software\\Policies``)."""
    if not SETTINGS_IN_FILES:
        return ItSettings.from_registry(policy_values())
    settings = QSettings(
        QSettings.Format.NativeFormat, QSettings.Scope.SystemScope, ORGANIZATION, APPLICATION
    )
    settings.setFallbacksEnabled(False)  # this file itself, not an organisation-wide one
    return ItSettings.from_file(settings)
