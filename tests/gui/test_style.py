"""One style sheet for the fixed colours, readable in the light and the dark palette, given to
what its rules select."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from desktop_app.gui.look.style import (
    ICON_THEMES,
    STYLE_SHEET,
    TEXT_COLOURS,
    TONES,
    apply_style,
    give_style_sheet,
    icon,
    style_sheet,
)


def contrast(one: QColor, other: QColor) -> float:
    """WCAG contrast ratio of two colours."""

    def luminance(colour: QColor) -> float:
        channels = []
        for value in (colour.redF(), colour.greenF(), colour.blueF()):
            channels.append(value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4)
        red, green, blue = channels
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture
def dark(qapp: QApplication, dark_palette: QPalette) -> Iterator[QPalette]:
    """The app under the dark palette for one test, then as it was."""
    light = qapp.palette()
    qapp.setPalette(dark_palette)
    yield dark_palette
    qapp.setPalette(light)
    apply_style(qapp)


def words_colour(label: QLabel) -> str:
    label.ensurePolished()
    return label.palette().windowText().color().name()


def test_text_on_the_window_takes_the_colours_of_a_dark_palette(
    qtbot: QtBot, qapp: QApplication, dark_palette: QPalette
) -> None:
    light = qapp.palette()
    apply_style(qapp)
    error = QLabel("Not saved")
    qtbot.addWidget(error)
    error.setProperty("kind", "error")
    give_style_sheet(error)
    assert words_colour(error) == TEXT_COLOURS["@ERROR@"][0]
    qapp.setPalette(dark_palette)  # the desktop turns dark while the window is open
    try:
        apply_style(qapp)
        assert words_colour(error) == TEXT_COLOURS["@ERROR@"][1]
    finally:
        qapp.setPalette(light)
        apply_style(qapp)
    for _light, dark_colour in TEXT_COLOURS.values():
        assert contrast(QColor(dark_colour), dark_palette.window().color()) >= 4.5


def test_only_what_the_sheet_selects_is_given_it(qtbot: QtBot) -> None:
    """A widget no rule selects draws through the platform's style directly: given the sheet, a
    payment form took a third longer to build and show."""
    from PySide6.QtWidgets import QComboBox, QVBoxLayout, QWidget

    from desktop_app.gui.look.style import style_marked_labels
    from desktop_app.gui.widgets.message_bar import MessageBar

    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    figure, plain, combo, bar = QLabel("R$ 10.00"), QLabel("Amount"), QComboBox(), MessageBar()
    figure.setProperty("figure", "money")
    unruled = QLabel("Nothing is sent.")
    unruled.setProperty("figure", "consequences")  # marked, but no rule selects it
    for widget in (figure, plain, combo, bar, unruled):
        layout.addWidget(widget)
    style_marked_labels(window)
    assert figure.styleSheet() and bar.styleSheet()  # what a rule selects
    assert not plain.styleSheet() and not combo.styleSheet() and not window.styleSheet()
    assert not unruled.styleSheet()
    assert QApplication.instance().styleSheet() == ""  # type: ignore[union-attr]
    figure.ensurePolished()
    assert figure.font().bold() and not plain.font().bold()


def test_text_colours_read_on_the_light_window(qapp: QApplication) -> None:
    window = QApplication.style().standardPalette().window().color()
    for light_colour, _ in TEXT_COLOURS.values():
        assert contrast(QColor(light_colour), window) >= 4.5


def test_no_window_styles_itself() -> None:
    """Every fixed colour is in the one sheet: no module of the app calls setStyleSheet but
    the one that applies it."""
    from desktop_app.gui.look.language import ROOT

    sources = (ROOT / "desktop_app").rglob("*.py")
    callers = [
        str(path.relative_to(ROOT))
        for path in sources
        if "generated" not in path.parts and "setStyleSheet(" in path.read_text(encoding="utf-8")
    ]
    assert callers == ["desktop_app/gui/look/style.py"]
    assert "@ERROR@" in STYLE_SHEET.read_text(encoding="utf-8")


def test_a_message_bar_placed_by_a_form_keeps_its_colours(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from desktop_app.gui.widgets.message_bar import MessageBar

    window = QWidget()
    qtbot.addWidget(window)
    bar = MessageBar()
    bar.setObjectName("message_bar")  # as setupUi names it
    QVBoxLayout(window).addWidget(bar)
    bar.show_error("The service cannot be reached.")
    window.resize(320, 60)
    window.show()
    qtbot.waitExposed(window)

    def ground_and_words() -> tuple[str, str]:
        return (
            bar.grab().toImage().pixelColor(2, 2).name(),
            bar.label.palette().windowText().color().name(),
        )

    assert ground_and_words() == ("#fde7e9", "#5c0011")  # an error: red
    # The kind at a glance (a red circle), and in words for a screen reader.
    assert bar.kind_icon.accessibleName() == "Error"
    assert icon_colours(QIcon(bar.kind_icon.pixmap())) == {"#b00020"}
    bar.show_info("Sending…")  # progress is no error: not red
    assert ground_and_words() == ("#e5f1fb", "#002b4d")
    bar.show_warning("Not quite right.")
    assert ground_and_words() == ("#fff4ce", "#3b2f00")


def test_the_sessions_last_minutes_stand_out_once_set(qtbot: QtBot) -> None:
    """A value set later (the countdown's warning) dresses a label no form marked."""
    from desktop_app.gui.look.style import set_kind

    countdown = QLabel("Session ends in 0:59")
    qtbot.addWidget(countdown)
    countdown.setObjectName("countdownLabel")
    set_kind(countdown, "warn", "true")
    assert words_colour(countdown) == TEXT_COLOURS["@ERROR@"][0] and countdown.font().bold()


def sheet_pairs(sheet: str) -> list[tuple[str, str, str]]:
    """(rule, text colour, background) of every rule of the sheet that sets a background,
    with the text colour it or its labels' rule sets."""
    rules = {
        selector.strip(): body
        for selector, body in re.findall(
            r"([^{}/]+)\{([^}]*)\}", re.sub(r"/\*.*?\*/", "", sheet, flags=re.S)
        )
    }

    def colour(body: str, name: str) -> str | None:
        found = re.search(rf"(?:^|[;\s]){name}\s*:\s*([#\w]+)", body)
        return found.group(1) if found else None

    pairs = []
    for selector, body in rules.items():
        background = colour(body, "background")
        if background is None:
            continue
        text = colour(body, "color") or colour(rules.get(f"{selector} QLabel", ""), "color")
        assert text is not None, f"{selector} sets a background and no text colour"
        pairs.append((selector, text, background))
    return pairs


def test_the_first_frame_takes_the_dark_colours_before_the_app_is_styled(
    qtbot: QtBot, dark_palette: QPalette, monkeypatch: pytest.MonkeyPatch
) -> None:
    import desktop_app.gui.look.style as style

    monkeypatch.setattr(style, "_sheet", "")  # the first frame comes before apply_style
    banner = QLabel()
    qtbot.addWidget(banner)
    banner.setPalette(dark_palette)
    give_style_sheet(banner)
    assert TEXT_COLOURS["@ERROR@"][1] in banner.styleSheet()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_colour_pair_of_the_sheet_and_the_tables_passes_wcag_aa(dark: bool) -> None:
    light_palette = QApplication.style().standardPalette()
    bases = (
        [QColor("#1e1e1e"), QColor("#262626"), QColor("#2d2d2d")]
        if dark
        else [light_palette.base().color(), light_palette.alternateBase().color()]
    )
    failing = []
    pairs = sheet_pairs(style_sheet(dark))
    assert len(pairs) >= 3  # the banner, the message bar, the pending bar
    for selector, text, background in pairs:
        if contrast(QColor(text), QColor(background)) < 4.5:
            failing.append((selector, text, background))
    for name, tone in TONES.items():
        foreground = QColor(tone.foreground[dark])
        grounds = [QColor(tone.background[dark])] if tone.background else bases
        failing.extend(
            (name, foreground.name(), ground.name())
            for ground in grounds
            if contrast(foreground, ground) < 4.5
        )
    assert not failing


def make_icons() -> ModuleType:
    """packaging/make_icons.py (a file, not a package: ``packaging`` is also pip's library)."""
    spec = importlib.util.spec_from_file_location("make_icons", ICON_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ICON_SCRIPT = STYLE_SHEET.parents[2] / "packaging" / "make_icons.py"


def test_the_icon_themes_are_made_from_their_sources() -> None:
    made = make_icons().theme_files()
    on_disk = {path for path in ICON_THEMES.rglob("*") if path.is_file()}
    assert on_disk == set(made), "run: python packaging/make_icons.py --themes"
    stale = [path.name for path, text in made.items() if path.read_text(encoding="utf-8") != text]
    assert not stale, "run: python packaging/make_icons.py --themes"


def test_the_app_icon_pngs_are_its_svg_drawn_and_a_build_rewrites_none(qapp: QApplication) -> None:
    """``make package`` draws them again: one that differs would be rewritten, and a build would
    leave the tree changed (two builds of one commit would differ)."""
    tool = make_icons()
    stale = [
        path.parent.parent.name
        for path, image in tool.app_icon_images().items()
        if not tool.same_pixels(path, image)
    ]
    assert not stale, "run: python packaging/make_icons.py, and commit the PNGs"


def test_an_icon_png_is_its_drawing_to_within_a_processors_rounding_and_no_further(
    qapp: QApplication, tmp_path: Path
) -> None:
    """Another processor draws the SVG one level apart at a few edge pixels: the same icon,
    never rewritten by a build; a pixel two levels off is another drawing."""
    tool = make_icons()
    image = next(iter(tool.app_icon_images().values()))
    saved = tmp_path / "icon.png"
    for change, same in ((0, True), (1, True), (2, False)):
        changed = image.copy()
        middle = changed.width() // 2  # inside the drawing: opaque
        pixel = changed.pixelColor(middle, middle)
        assert pixel.alpha() == 255
        pixel.setRed(pixel.red() + change if pixel.red() < 128 else pixel.red() - change)
        changed.setPixelColor(middle, middle, pixel)
        assert changed.save(str(saved))
        assert tool.same_pixels(saved, image) is same, f"a pixel {change} levels off"


def test_every_icon_the_app_names_is_in_its_themes(qapp: QApplication) -> None:
    from desktop_app.gui.look.language import ROOT

    apply_style(qapp)
    named = set()
    for path in (ROOT / "desktop_app").rglob("*.py"):
        named |= set(re.findall(r'\bicon\(\s*"([\w-]+)"', path.read_text(encoding="utf-8")))
    # The menu's actions: ``self._action(slot, shortcut, "icon-name")``.
    shell = (ROOT / "desktop_app" / "gui" / "shell" / "main_window.py").read_text(encoding="utf-8")
    named |= set(re.findall(r'"((?:[a-z]+-)+[a-z]+)"\s*\)', shell))
    for path in (ROOT / "ui").glob("*.ui"):
        named |= set(re.findall(r'<iconset theme="([\w-]+)"', path.read_text(encoding="utf-8")))
    named |= {f"message-{kind}" for kind in ("error", "warning", "info")}
    assert len(named) >= 20
    missing = sorted(name for name in named if not QIcon.hasThemeIcon(name))
    assert not missing


def icon_colours(qicon: QIcon) -> set[str]:
    """The colours of an icon's opaque pixels (its edges blend into the background)."""
    image = qicon.pixmap(QSize(32, 32)).toImage()
    return {
        image.pixelColor(x, y).name()
        for x in range(image.width())
        for y in range(image.height())
        if image.pixelColor(x, y).alpha() == 255
    }


def test_icons_are_drawn_for_the_light_palette(qapp: QApplication) -> None:
    apply_style(qapp)
    button = QPushButton(icon("view-refresh"), "Refresh")
    assert icon_colours(button.icon()) == {make_icons().ON_WINDOW["pos-light"]}


def test_icons_follow_a_dark_palette(qapp: QApplication, dark: QPalette) -> None:
    apply_style(qapp)
    button = QPushButton(icon("view-refresh"), "Refresh")
    on_dark = make_icons().ON_WINDOW["pos-dark"]
    assert icon_colours(button.icon()) == {on_dark}
    assert contrast(QColor(on_dark), dark.window().color()) >= 3  # WCAG's figure for graphics


def test_icons_are_sharp_on_a_high_density_screen(qapp: QApplication) -> None:
    apply_style(qapp)
    assert icon("document-print").pixmap(QSize(24, 24), 2.0).size() == QSize(48, 48)
