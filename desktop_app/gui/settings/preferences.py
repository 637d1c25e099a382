"""Every setting of the app, declared once: its key, type, default, the values it may take, who
may set it and what it is (QSettings inside).

Nothing else reads or writes QSettings. A change made through :meth:`Preferences.set` is
announced at once (:attr:`Preferences.changed`), and whoever uses that setting applies it then:
no restart. The token is not a setting and never comes here.

A store's IT may set any of :data:`MANAGEABLE` for every desk, in the system-wide file or by
Group Policy (:mod:`desktop_app.gui.settings.it_settings`): a value set there is the value used,
whatever the person at the desk saved, and Settings shows it greyed. (QSettings' own fallback
runs the other way: the user's value would win.)

A setting's names and sentences are marked for the catalogue (``QT_TRANSLATE_NOOP``, context
"settings"): the Group Policy template's Brazilian Portuguese is written from their translations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, QSettings, Signal

from desktop_app import DEFAULT_TIMEOUT_SECONDS
from desktop_app.core.session import ClaimRules
from desktop_app.gui.settings.setting import Rule, Setting, Who, may_take

if TYPE_CHECKING:
    from desktop_app.gui.settings.it_settings import ItSettings

    def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - Qt's name, typed
        """Marks ``text`` for the catalogue (lupdate finds it by this name) and gives it back."""
else:
    from PySide6.QtCore import QT_TRANSLATE_NOOP

T = TypeVar("T", str, int, float)


def _currency_code(value: str) -> bool:
    """Three letters, as a currency's code is (BRL): the locale names its symbol."""
    code = value.strip()
    return len(code) == 3 and code.isascii() and code.isalpha()


def _zone_name(value: str) -> bool:
    """The name of a time zone this computer knows (empty: UTC, as the interface says)."""
    if not value.strip():  # every desk without IT's zone: the reader (and numpy) not needed
        return True
    # numpy comes with it: off the first paint's path.
    from desktop_app.api.after_validation import zone_named

    return zone_named(value) is not None


SERVICE_URL = Setting(
    "service/url",
    str,
    "http://127.0.0.1:8765",
    label=QT_TRANSLATE_NOOP("settings", "Service address"),
    form=QT_TRANSLATE_NOOP("settings", "address"),
    example="https://pos.loja.example:8443",
    about=QT_TRANSLATE_NOOP(
        "settings",
        "The store service's address (`https://`; plain `http://` to anything but this machine"
        " is warned about).",
    ),
)
LOGIN_URL = Setting(
    "service/login_url",
    str,
    "api/v1/auth/login",
    label=QT_TRANSLATE_NOOP("settings", "Sign-in address"),
    form=QT_TRANSLATE_NOOP("settings", "address, relative or whole"),
    about=QT_TRANSLATE_NOOP(
        "settings",
        "Where user name and password are checked: relative to the service address, or whole"
        " (plain `http://` warned about too).",
    ),
)
CA_FILE = Setting(
    "service/ca_file",
    str,
    "",
    label=QT_TRANSLATE_NOOP("settings", "Certificate authority"),
    form=QT_TRANSLATE_NOOP("settings", "file path"),
    shown_default=QT_TRANSLATE_NOOP("settings", "none: this computer's authorities only"),
    example="/etc/ssl/loja/store-ca.pem",
    about=QT_TRANSLATE_NOOP(
        "settings",
        "The store's own certificate authority file (PEM, or DER as Windows exports it),"
        " trusted in addition to this computer's.",
    ),
)
USER_ID_CLAIM = Setting(
    "service/user_id_claim",
    str,
    "",
    who=Who.IT,
    name=QT_TRANSLATE_NOOP("settings", "User number claim"),
    form=QT_TRANSLATE_NOOP("settings", "a claim's name"),
    shown_default=QT_TRANSLATE_NOOP(
        "settings", "none: `userId`, else a `sub`, `user_id` or `uid` that is a whole number"
    ),
    example="employee_number",
    about=QT_TRANSLATE_NOOP(
        "settings",
        "The claim of the service's sign-in token that holds the user's number, where it is"
        " none of those the app reads by itself (without one, nothing is sent).",
    ),
)
MANAGER_ROLES = Setting(
    "service/manager_roles",
    str,
    "manager, admin, gerente, supervisor",
    who=Who.IT,
    name=QT_TRANSLATE_NOOP("settings", "Manager roles"),
    form=QT_TRANSLATE_NOOP("settings", "roles, comma-separated"),
    about=QT_TRANSLATE_NOOP(
        "settings",
        "The service's roles that may issue invoices, compared without case (a cashier's role"
        " greys invoicing; a role not known greys nothing: the service decides).",
    ),
)
TIME_ZONE = Setting(
    "service/time_zone",
    str,
    "",
    who=Who.IT,
    name=QT_TRANSLATE_NOOP("settings", "Service's time zone"),
    form=QT_TRANSLATE_NOOP("settings", "a time zone's name"),
    shown_default=QT_TRANSLATE_NOOP("settings", "none: UTC, as the interface says"),
    example="America/Sao_Paulo",
    rule=Rule(
        _zone_name,
        QT_TRANSLATE_NOOP(
            "managed", "it is not the name of a time zone, such as America/Sao_Paulo."
        ),
    ),
    about=QT_TRANSLATE_NOOP(
        "settings",
        "The zone of the service's clock, for the times it writes with no zone (a timestamp"
        " with a zone, or a date alone, is read as it is).",
    ),
)
TIMEOUT_SECONDS = Setting(
    "service/timeout",
    float,
    DEFAULT_TIMEOUT_SECONDS,
    lowest=2.0,
    highest=300.0,
    label=QT_TRANSLATE_NOOP("settings", "Time-out"),
    about=QT_TRANSLATE_NOOP("settings", "Seconds to wait for an answer."),
)
IDLE_LOCK_MINUTES = Setting(
    "session/idle_lock_minutes",
    float,
    5.0,
    lowest=0.0,
    highest=240.0,
    label=QT_TRANSLATE_NOOP("settings", "Idle lock"),
    about=QT_TRANSLATE_NOOP(
        "settings", "Minutes without input before the window locks (0: never)."
    ),
)
LANGUAGE = Setting(
    "ui/language",
    str,
    "",
    choices=("", "en_US", "pt_BR"),
    label=QT_TRANSLATE_NOOP("settings", "Language"),
    shown_default=QT_TRANSLATE_NOOP("settings", "empty: the system's"),
    example="pt_BR",
    about=QT_TRANSLATE_NOOP(
        "settings", "The app's language: Português (Brasil) or English; empty, the system's."
    ),
)
CURRENCY = Setting(
    "ui/currency",
    str,
    "BRL",
    label=QT_TRANSLATE_NOOP("settings", "Currency"),
    form=QT_TRANSLATE_NOOP("settings", "three-letter code"),
    about=QT_TRANSLATE_NOOP("settings", "The currency amounts are shown in."),
    rule=Rule(
        _currency_code,
        QT_TRANSLATE_NOOP("managed", "it is not a three-letter currency code, such as BRL."),
    ),
)
JOURNAL_KEEP_DAYS = Setting(
    "journal/keep_days",
    int,
    90,
    lowest=7,
    highest=3650,
    label=QT_TRANSLATE_NOOP("settings", "Keep recorded payments"),
    about=QT_TRANSLATE_NOOP(
        "settings", "Days confirmed payments stay in this desk's journal, then are removed."
    ),
)
TERMINAL_MODEL = Setting(
    "day_close/terminal_model", str, "", who=Who.PERSON,
    about="The model of this desk's card terminal, whose exported file the day close reads"
    " (chosen in File ▸ Close the day).",
)  # fmt: skip
TERMINAL_MAPPINGS = Setting(
    "day_close/terminal_mappings", str, "", who=Who.PERSON, form="JSON, by terminal model",
    about="Which column of each terminal model's file holds which fact of a payment (chosen"
    " in File ▸ Close the day).",
)  # fmt: skip
LAST_STORE = Setting(
    "stores/last", str, "", who=Who.APP, about="The store whose orders were shown last."
)
ORDERS_HIDDEN_COLUMNS = Setting(
    "orders/hidden_columns", str, "customer_id seller_id store_id", who=Who.APP,
    form="column keys, space-separated",
    about="The orders list's columns the person chose not to see.",
)  # fmt: skip
WINDOW_PLACES = Setting(
    "windows/places", str, "", who=Who.APP, about="Each window's size and place on the screen."
)

SETTINGS: tuple[Setting[Any], ...] = (
    SERVICE_URL, LOGIN_URL, CA_FILE, USER_ID_CLAIM, MANAGER_ROLES, TIME_ZONE, TIMEOUT_SECONDS,
    IDLE_LOCK_MINUTES, LANGUAGE, CURRENCY,
    JOURNAL_KEEP_DAYS, TERMINAL_MODEL, TERMINAL_MAPPINGS, LAST_STORE, ORDERS_HIDDEN_COLUMNS,
    WINDOW_PLACES,
)  # fmt: skip
"""Every setting, in the order the README and IT's example file list them."""
MANAGEABLE: tuple[Setting[Any], ...] = tuple(
    s for s in SETTINGS if s.who in (Who.PERSON_OR_IT, Who.IT)
)
"""The settings a store's IT may set for every desk; the others are always the person's."""


class Preferences(QObject):
    """The settings, typed, with a signal for each change."""

    changed = Signal(str)  # the key that changed

    def __init__(
        self,
        settings: QSettings,
        parent: QObject | None = None,
        *,
        managed: ItSettings | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._managed = managed

    def get(self, setting: Setting[T]) -> T:
        """The value of ``setting``: the administrator's where set, else the person's (its
        default when unset or not of its type)."""
        value = self._parsed(setting)
        return setting.default if value is None else value

    def is_managed(self, setting: Setting[T]) -> bool:
        """Whether the administrator set ``setting`` (the person cannot change it)."""
        return (
            self._managed is not None
            and setting in MANAGEABLE
            and setting.key in self._managed.values
        )

    def managed_text(self, setting: Setting[T]) -> str:
        """The administrator's value as written ("" when not set there)."""
        if not self.is_managed(setting):
            return ""
        assert self._managed is not None
        return _text(self._managed.values[setting.key])

    @property
    def managed(self) -> ItSettings | None:
        """What the administrator set (None: nothing read)."""
        return self._managed

    def managed_file(self) -> str:
        """Where the administrator's settings are: the file, or the registry key (for words
        and diagnostics)."""
        return self._managed.where if self._managed is not None else ""

    def managed_keys(self) -> list[str]:
        """Every key the administrator set, known to the app or not."""
        return list(self._managed.values) if self._managed is not None else []

    def managed_file_well_formed(self) -> bool:
        """Whether the administrator's settings read throughout (a file's lines)."""
        return self._managed is None or self._managed.well_formed

    def set(self, setting: Setting[T], value: T) -> None:
        """Keep ``value`` for ``setting`` and announce it if it changed. A setting the
        administrator set is not the person's to keep: nothing is written."""
        if self.is_managed(setting):
            return
        changed = self.get(setting) != value
        if changed or not self._settings.contains(setting.key):
            self._settings.setValue(setting.key, value)
            self._settings.sync()
        if changed:
            self.changed.emit(setting.key)

    def every_value_stored(self) -> list[tuple[str, str]]:
        """Every value kept, known to this version or not, as ``(key, text)`` sorted by key
        (for diagnostics)."""
        return [(key, str(self._settings.value(key))) for key in sorted(self._settings.allKeys())]

    def readable(self, setting: Setting[T]) -> bool:
        """Whether the value used for ``setting`` reads as its type (else its default is used)."""
        return self._parsed(setting) is not None

    def _parsed(self, setting: Setting[T]) -> T | None:
        """The value in use for ``setting``: the administrator's where set (used even outside
        its bounds: IT is told, the person cannot correct it), else the person's, which must be
        one the setting may take."""
        if self.is_managed(setting):
            assert self._managed is not None
            if self._managed.kind_not_read(setting):  # IT is told; its default is used
                return None
            return _parsed(setting, self._managed.values[setting.key])
        value = _parsed(setting, self._settings.value(setting.key, None))
        return value if value is None or may_take(setting, value) else None

    def persons_unusable(self) -> list[tuple[Setting[Any], str]]:
        """The person's own values that cannot be used (out of bounds, not of the setting's
        type, longer than any), each with its text as kept: their defaults are used."""
        found = []
        for setting in SETTINGS:
            raw = self._settings.value(setting.key, None)
            if raw is not None and not self.is_managed(setting) and self._parsed(setting) is None:
                found.append((setting, _text(raw)))
        return found

    def file_name(self) -> str:
        """Where the settings are kept (for diagnostics)."""
        return self._settings.fileName()


def claim_rules(preferences: Preferences) -> ClaimRules:
    """How this service's tokens are read, as IT set it: the claim of the user's number and
    the roles that may invoice."""
    listed = preferences.get(MANAGER_ROLES).split(",")
    roles = tuple(role.strip() for role in listed if role.strip())
    return ClaimRules(preferences.get(USER_ID_CLAIM).strip(), roles)


LONGEST_TEXT = 4096
"""The most characters a text setting holds (an address, a path, a zone's name)."""
LONGEST_WRITTEN_BY_THE_APP = 256 * 1024
"""The most a setting the app writes holds (window places, terminal mappings)."""


def _parsed(setting: Setting[T], raw: object) -> T | None:
    """``raw`` as ``setting``'s type (its default when unset; None when not of its type, or
    longer than any value of it)."""
    if raw is None or raw == "":
        return setting.default
    text = _text(raw)
    written_by_the_app = setting.who == Who.APP or setting is TERMINAL_MAPPINGS
    longest = LONGEST_WRITTEN_BY_THE_APP if written_by_the_app else LONGEST_TEXT
    if len(text) > longest:
        return None
    try:
        # "5.0" is a fine int: QSettings may give back a number written as another type.
        return setting.type(float(text)) if setting.type is int else setting.type(text)
    except ValueError:
        return None


def _text(raw: object) -> str:
    """A value as read, as text: a list, as an INI file's value with commas comes back from
    QSettings ("a, b") or a multi-string one from the registry, joined as it was written."""
    if raw is None:  # a registry value of no type (REG_NONE)
        return ""
    return ", ".join(map(str, raw)) if isinstance(raw, list) else str(raw)
