"""What a setting is: its key, type, default, the values it may take, who may set it and what it
is; each of the app's settings is one of these, declared once in
:mod:`desktop_app.gui.settings.preferences`. And where they are all kept: QSettings' names for
the app, which the person's file, IT's file and Group Policy's key are found by.

(Plain classes, not dataclasses: this module is read before the first paint, and
``dataclasses`` costs that paint 2 ms.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable

T = TypeVar("T", str, int, float)

ORGANIZATION = "POS Back-Office"
APPLICATION = "pos-backoffice"
"""Where QSettings keeps the settings: ``~/.config/POS Back-Office/pos-backoffice.conf`` for
the person, ``/etc/xdg/POS Back-Office/pos-backoffice.conf`` (each of ``XDG_CONFIG_DIRS``) for
the administrator, on Linux."""


class Who:
    """Who may set a setting."""

    PERSON_OR_IT = "the person, or IT for every desk"
    IT = "IT, for every desk"
    PERSON = "the person"
    APP = "the app, remembering the person's last choice"


class Rule:
    """What a setting's value must be beyond its type, bounds and choices (a currency's code, a
    zone's name): the test, and why a value that fails it cannot be used."""

    __slots__ = ("holds", "unlike")

    def __init__(self, holds: Callable[[Any], bool], unlike: str) -> None:
        self.holds = holds
        self.unlike = unlike  # "it is not …", as a file check says it (context "managed")


class Setting(Generic[T]):
    """One setting, declared once: where it is kept, its type, its value when unset or
    unreadable, the values it may take (the Settings dialog offers those; a value IT wrote
    outside them is reported), who may set it, and one sentence that says what it is. The
    README's settings tables and IT's example file are written from these declarations
    (``make docs``), and a test fails when they disagree."""

    __slots__ = (
        "about", "choices", "default", "example", "form", "highest", "key", "label", "lowest",
        "name", "rule", "shown_default", "type", "who",
    )  # fmt: skip

    def __init__(
        self,
        key: str,
        kind: type[T],
        default: T,
        *,
        about: str,
        who: str = Who.PERSON_OR_IT,
        lowest: T | None = None,
        highest: T | None = None,
        choices: tuple[T, ...] = (),
        label: str = "",
        name: str = "",
        form: str = "",
        shown_default: str = "",
        example: str = "",
        rule: Rule | None = None,
    ) -> None:
        self.key: str = key
        self.type: type[T] = kind
        self.default: T = default
        self.lowest: T | None = lowest
        self.highest: T | None = highest
        self.choices: tuple[T, ...] = choices  # (): any value of its type
        self.about = about  # one sentence: what it is
        self.who = who
        self.label = label  # its name in File ▸ Settings ("": not there)
        self.name = name or label  # its name for IT (Group Policy's), where it has no label
        self.form = form  # what a value looks like, where the type does not say it
        self.shown_default = shown_default  # the default in words, where the value does not say it
        self.example = example  # what IT's example file sets it to ("": the default)
        self.rule = rule  # what a value of its type must also be, where bounds do not say it

    def bounds(self) -> tuple[T, T]:
        """The lowest and highest value (of a setting that has them)."""
        assert self.lowest is not None, self.key
        assert self.highest is not None, self.key
        return self.lowest, self.highest


def may_take(setting: Setting[T], value: T) -> bool:
    """Whether ``value`` is one ``setting`` may take: within its bounds (a number that is not
    one, NaN, is within none), one of its choices, as its rule asks."""
    if setting.lowest is not None:
        lowest, highest = setting.bounds()
        if not lowest <= value <= highest:
            return False
    if setting.choices and value not in setting.choices:
        return False
    return setting.rule is None or setting.rule.holds(value)
