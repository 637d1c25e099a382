"""The one style sheet (``resources/style/app.qss``), applied to the whole app.

An application style sheet turns every widget's style into Qt's style-sheet style, whose name
is empty: :func:`base_style_name` still says which style draws underneath, for the tables that
paint themselves only under the style they reproduce.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QWidget

STYLE_SHEET = Path(__file__).resolve().parents[2] / "resources" / "style" / "app.qss"
ICON_THEMES = STYLE_SHEET.parents[1] / "icons" / "themes"
"""The action icons: a Qt icon theme per palette (made by packaging/make_icons.py)."""
# Words on the window's background: (light palette, dark palette). Each pair passes WCAG AA
# (4.5:1) against Fusion's window colour of that palette.
TEXT_COLOURS = {"@ERROR@": ("#b00020", "#ff8a80"), "@DONE@": ("#1b5e20", "#a5d6a7")}
_base_style = ""


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
    """Apply the style sheet to the whole app, with the text colours and the icons of the
    palette in use; again whenever the desktop turns light or dark."""
    global _base_style
    if not _base_style:
        _base_style = app.style().name()
        app.styleHints().colorSchemeChanged.connect(lambda _scheme: apply_style(app))
    dark = is_dark(app.palette())
    use_icon_theme(dark)
    app.setStyleSheet(style_sheet(dark))


INNER_PART_SHEET = "/* its own sheet, so that the style forgets it: see forget_inner_parts */"


def forget_inner_parts(window: QWidget) -> None:
    """Let the style sheet forget the inner parts of ``window``'s spin boxes, date fields and
    combo boxes when they go.

    Qt's style-sheet style keeps what it worked out for each widget until the widget is
    destroyed, but it never hears of the end of a spin box's or a combo box's inner line
    edit (it styles the box in its place): about 6 KB of every payment form stayed for good,
    6 MiB per 1,000 payments. An inner part with a sheet of its own (empty: nothing drawn
    changes) is followed as any widget is, and forgotten with it. Called by the windows made
    again and again; the combo box's list appears on first use, and stays small."""
    for widget in window.findChildren(QWidget):
        inner = isinstance(widget.parentWidget(), QAbstractSpinBox | QComboBox)
        if inner and not widget.styleSheet():
            widget.setStyleSheet(INNER_PART_SHEET)


def use_icon_theme(dark: bool) -> None:
    """Icons drawn for a light or a dark palette (every ``QIcon.fromTheme`` follows)."""
    QIcon.setThemeSearchPaths([str(ICON_THEMES)])
    QIcon.setThemeName("pos-dark" if dark else "pos-light")


def icon(name: str) -> QIcon:
    """One of the app's icons (``packaging/make_icons.py`` lists them), in the palette's
    colours."""
    return QIcon.fromTheme(name)


def apply_style_to_first_frame(banner: QWidget) -> None:
    """The same sheet on the first frame's banner alone: the first paint does not wait for
    every widget to be styled through the sheet (the whole app is, a moment later)."""
    banner.setStyleSheet(style_sheet(is_dark(banner.palette())))


def style_sheet(dark: bool) -> str:
    """The sheet, with the text colours for a light or a dark palette."""
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
    """Set a property the style sheet selects on (``kind``, ``warn``) and show its look now."""
    if widget.property(name) == value:
        return
    widget.setProperty(name, value)
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
