"""Every setting of the app, declared once: its key, type and default (QSettings inside).

Nothing else reads or writes QSettings. A change made through :meth:`Preferences.set` is
announced at once (:attr:`Preferences.changed`), and whoever uses that setting applies it then:
no restart. The token is not a setting and never comes here.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from PySide6.QtCore import QObject, QSettings, Signal

T = TypeVar("T", str, int, float)


class Setting(Generic[T]):
    """One setting: where it is kept, what type it has, and its value when unset or unreadable.

    (A plain class, not a dataclass: this module is read before the first paint, and
    ``dataclasses`` costs that paint 2 ms.)"""

    __slots__ = ("default", "key", "type")

    def __init__(self, key: str, kind: type[T], default: T) -> None:
        self.key: str = key
        self.type: type[T] = kind
        self.default: T = default


SERVICE_URL = Setting("service/url", str, "http://127.0.0.1:8765")
LOGIN_URL = Setting("service/login_url", str, "api/v1/auth/login")
CA_FILE = Setting("service/ca_file", str, "")  # added to the system's store; "": that alone
TIMEOUT_SECONDS = Setting("service/timeout", float, 30.0)
IDLE_LOCK_MINUTES = Setting("session/idle_lock_minutes", float, 5.0)  # 0: never lock
LANGUAGE = Setting("ui/language", str, "")  # "": the system's
CURRENCY = Setting("ui/currency", str, "BRL")
LAST_STORE = Setting("stores/last", str, "")
WINDOW_PLACES = Setting("windows/places", str, "")  # each window's size and place
JOURNAL_KEEP_DAYS = Setting("journal/keep_days", int, 90)  # confirmed payments, then removed
TERMINAL_MAPPINGS = Setting("day_close/terminal_mappings", str, "")  # JSON, by terminal model
TERMINAL_MODEL = Setting("day_close/terminal_model", str, "")  # this desk's terminal


class Preferences(QObject):
    """The settings, typed, with a signal for each change."""

    changed = Signal(str)  # the key that changed

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings

    def get(self, setting: Setting[T]) -> T:
        """The value of ``setting`` (its default when unset or not of its type)."""
        raw = self._settings.value(setting.key, None)
        if raw is None or raw == "":
            return setting.default
        text = str(raw)
        try:
            # "5.0" is a fine int: QSettings may give back a number written as another type.
            return setting.type(float(text)) if setting.type is int else setting.type(text)
        except ValueError:
            return setting.default

    def set(self, setting: Setting[T], value: T) -> None:
        """Keep ``value`` for ``setting`` and announce it if it changed."""
        changed = self.get(setting) != value
        if changed or not self._settings.contains(setting.key):
            self._settings.setValue(setting.key, value)
            self._settings.sync()
        if changed:
            self.changed.emit(setting.key)

    def kept(self) -> list[tuple[str, str]]:
        """Every value kept, known to this version or not, as ``(key, text)`` sorted by key
        (for diagnostics)."""
        return [(key, str(self._settings.value(key))) for key in sorted(self._settings.allKeys())]

    def file_name(self) -> str:
        """Where the settings are kept (for diagnostics)."""
        return self._settings.fileName()
