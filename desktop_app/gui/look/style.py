"""The one style sheet (``resources/style/app.qss``), given to the widgets its rules select.

A widget with a sheet draws through Qt's style-sheet style, whose name is empty:
:func:`base_style_name` still says which style draws underneath, for the tables that paint
themselves only under the style they reproduce (should one ever sit in a widget given the sheet).
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import shiboken6
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

STYLE_SHEET = Path(__file__).resolve().parents[3] / "resources" / "style" / "app.qss"
ICON_THEMES = STYLE_SHEET.parents[1] / "icons" / "themes"
"""The action icons: a Qt icon theme per palette (made by packaging/make_icons.py)."""
# Words on the window's background: (light palette, dark palette). Each pair passes WCAG AA
# (4.5:1) against Fusion's window colour of that palette.
TEXT_COLOURS = {"@ERROR@": ("#b00020", "#ff8a80"), "@DONE@": ("#1b5e20", "#a5d6a7")}
_base_style = ""
_sheet = ""  # the sheet with the colours of the palette in use


@dataclass(frozen=True)
class Tone:
    """How a table shows a cell of one kind: its word in ``foreground``, on a small label of
    ``background`` when there is one. Colours are (light palette, dark palette); each
    foreground passes WCAG AA (4.5:1) on its label, or on the table's rows when it has none
    (tests check every pair). The word always stays: colour never carries meaning alone."""

    foreground: tuple[str, str]
    background: tuple[str, str] | None = None


TONES = {
    # An order's status, drawn as a label: open is blue, partly paid amber, paid green,
    # invoiced grey (done with, nothing to act on).
    "open": Tone(("#0b3d91", "#cfe0ff"), ("#dce8fb", "#1d3557")),
    "partly_paid": Tone(("#6b3d00", "#ffe2a8"), ("#ffefc7", "#4d3500")),
    "paid": Tone(("#14532d", "#c6efd2"), ("#d7f2df", "#163d26")),
    "invoiced": Tone(("#37474f", "#e3e7ea"), ("#e6eaed", "#3a444a")),
    # Money still owed: the amount in red, no label (zero owed stays plain).
    "owed": Tone(("#b00020", "#ff8a80")),
}


TEXT_COLOURS["@OWED@"] = TONES["owed"].foreground  # as the orders table shows money owed


def is_dark(palette: QPalette) -> bool:
    """Whether ``palette`` is a dark one: light words on a dark window (and its tables). The
    one place the app decides; the sheet's colours, the icons and the tables' tones follow it."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def dark_desktop_palette() -> QPalette:
    """A dark desktop's palette (as KDE's Breeze Dark or GNOME's dark style give Qt): what the
    screenshots and the tests show the app under, where this machine's desktop is light."""
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"),
        (QPalette.ColorRole.WindowText, "#eeeeee"),
        (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.AlternateBase, "#262626"),
        (QPalette.ColorRole.Text, "#eeeeee"),
        (QPalette.ColorRole.Button, "#353535"),
        (QPalette.ColorRole.ButtonText, "#eeeeee"),
        (QPalette.ColorRole.Highlight, "#2a6fb8"),
        (QPalette.ColorRole.HighlightedText, "#ffffff"),
        (QPalette.ColorRole.ToolTipBase, "#353535"),
        (QPalette.ColorRole.ToolTipText, "#eeeeee"),
        (QPalette.ColorRole.PlaceholderText, "#9a9a9a"),
        (QPalette.ColorRole.Link, "#8ab4f8"),
    ):
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette


@cache
def tone_colours(name: str, dark: bool) -> tuple[QColor, QColor | None]:
    """A tone's word colour and label colour (None: no label) for a light or dark palette."""
    tone = TONES[name]
    background = tone.background[dark] if tone.background is not None else None
    return QColor(tone.foreground[dark]), QColor(background) if background else None


def apply_style(app: QApplication) -> None:
    """Choose the sheet's text colours and the icons for the palette in use, and give the new
    sheet to what has the sheet already; again whenever the desktop turns light or dark."""
    global _base_style, _sheet
    if not _base_style:
        _base_style = app.style().name()
        app.styleHints().colorSchemeChanged.connect(lambda _scheme: apply_style(app))
    dark = is_dark(app.palette())
    use_icon_theme(dark)
    _sheet = style_sheet(dark)
    for widget in list(_given):  # never every widget of the app: see _given
        if shiboken6.isValid(widget):
            widget.setStyleSheet(_sheet)


GIVEN_SHEET = "givenStyleSheet"
"""The property that marks a widget given the sheet (to give it the sheet of a new palette)."""
_given: weakref.WeakSet[QWidget] = weakref.WeakSet()
"""The widgets given the sheet, to give them a new palette's: not found by walking every widget
of the app, whose wrappers of widgets Qt made and deleted by itself can crash when called."""


def give_style_sheet(widget: QWidget) -> None:
    """Give ``widget`` (and what it holds) the style sheet: only what one of its rules selects
    is given it, never the whole app.

    An application-wide sheet made every widget's style Qt's style-sheet style, which works
    out each widget's rules as it is made, moved or shown, and draws it through them: a third
    of the time taken to build and show a payment form, for sixteen rules that select a few
    bars and labels by name or property. The style-sheet style also kept what it worked out
    for the inner line edits of spin and combo boxes for good (6 KB a payment form)."""
    widget.setProperty(GIVEN_SHEET, True)
    _given.add(widget)
    widget.setStyleSheet(_sheet or style_sheet(is_dark(widget.palette())))


def style_marked_labels(window: QWidget) -> None:
    """Give the sheet to the labels of ``window``'s form that a rule selects by a property's
    value (``[figure="money"]``; one marked for no rule, ``figure="consequences"``, is not)."""
    selected = selected_values()
    for label in window.findChildren(QLabel):
        if any(label.property(name) in values for name, values in selected.items()):
            give_style_sheet(label)


@cache
def selected_values() -> dict[str, frozenset[str]]:
    """The values the sheet's rules select by, by property (``figure``: count, money…): the
    same whatever the palette, which changes only colours."""
    found: dict[str, set[str]] = {}
    for name, value in re.findall(r'\[(\w+)="([^"]*)"\]', style_sheet(dark=False)):
        found.setdefault(name, set()).add(value)
    return {name: frozenset(values) for name, values in found.items()}


def use_icon_theme(dark: bool) -> None:
    """Icons drawn for a light or a dark palette (every ``QIcon.fromTheme`` follows)."""
    QIcon.setThemeSearchPaths([str(ICON_THEMES)])
    QIcon.setThemeName("pos-dark" if dark else "pos-light")


def icon(name: str) -> QIcon:
    """One of the app's icons (``packaging/make_icons.py`` lists them), in the palette's
    colours."""
    return QIcon.fromTheme(name)


@cache
def style_sheet(dark: bool) -> str:
    """The sheet, with the text colours for a light or a dark palette (read once)."""
    sheet = STYLE_SHEET.read_text(encoding="utf-8")
    for token, (light, on_dark) in TEXT_COLOURS.items():
        sheet = sheet.replace(token, on_dark if dark else light)
    return sheet


def base_style_name() -> str:
    """The style that draws under the style sheet (``fusion`` on Linux)."""
    app = QApplication.instance()
    current = app.style().name() if isinstance(app, QApplication) else ""
    return _base_style or current


def set_kind(widget: QWidget, name: str, value: str) -> None:
    """Set a property the style sheet selects on (``kind``, ``warn``) and show its look now
    (the widget given the sheet first, when a value set before was one no rule selects)."""
    if widget.property(name) == value:
        return
    widget.setProperty(name, value)
    if not widget.property(GIVEN_SHEET):
        give_style_sheet(widget)  # the sheet shows the look: nothing more to do
        return
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
