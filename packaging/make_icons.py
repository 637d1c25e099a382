"""Make the app's icons from their sources under ``resources/icons/``:

* ``pos-backoffice.svg`` rendered to the PNG sizes desktops ask for (``hicolor/…``), for
  ``make package``;
* the action icons, two Qt icon themes (``themes/pos-light`` and ``themes/pos-dark``) made from
  the Lucide icons in ``lucide/`` (ISC licence, packaging/LICENSES.txt), each drawn in the
  colour that reads on that palette's windows. Forms name them (Designer's "theme" icons) and
  code asks ``QIcon.fromTheme``; the style module picks the theme for the palette in use, and
  Qt draws the SVGs sharp at any screen scale. ``python packaging/make_icons.py --themes``
  writes them again (a test checks they are current).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QImage

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
THEMES = ICONS / "themes"

# The colour of icons on the window's background, per theme: a contrast of at least 3:1 with
# the window (WCAG's figure for graphics), as the words next to them.
ON_WINDOW = {"pos-light": "#3b3b3b", "pos-dark": "#dedede"}
# Icons of the message bar, whose background is fixed (light yellow in both palettes): each in
# its kind's colour, the same in both themes.
ON_MESSAGE_BAR = {
    "message-error": ("circle-alert", "#b00020"),
    "message-warning": ("triangle-alert", "#7a4a00"),
    "message-info": ("info", "#0b3d91"),
    "message-done": ("circle-check", "#1b5e20"),
}
# The app's icon names (freedesktop's where one fits) and the Lucide icon drawn for each.
ACTIONS = {
    "view-refresh": "refresh-cw",
    "edit-find": "search",
    "document-export": "file-down",
    "document-import": "file-up",
    "preferences-system": "settings",
    "system-log-out": "log-out",
    "system-log-in": "log-in",
    "application-exit": "power",
    "lookup-customers": "users",
    "lookup-products": "package",
    "lookup-revenue": "chart-column",
    "help-keyboard-shortcuts": "keyboard",
    "edit-copy": "clipboard-copy",
    "help-about": "info",
    "payment-record": "credit-card",
    "invoice-issue": "receipt",
    "document-print": "printer",
    "document-pdf": "file-text",
    "process-stop": "circle-x",
    "payments-pending": "hourglass",
    "day-close": "calendar-check",
    "edit-find-slip": "receipt-text",
}
INDEX = """[Icon Theme]
Name={name}
Comment=POS Back-Office's action icons (Lucide, ISC licence)
Directories=scalable/actions

[scalable/actions]
Size=24
MinSize=8
MaxSize=512
Type=Scalable
"""


def theme_files() -> dict[Path, str]:
    """Every file of the two themes, with its text."""
    files: dict[Path, str] = {}
    for theme, colour in ON_WINDOW.items():
        folder = THEMES / theme
        files[folder / "index.theme"] = INDEX.format(name=theme)
        drawn = {name: (source, colour) for name, source in ACTIONS.items()} | ON_MESSAGE_BAR
        for name, (source, stroke) in drawn.items():
            svg = (ICONS / "lucide" / f"{source}.svg").read_text(encoding="utf-8")
            files[folder / "scalable" / "actions" / f"{name}.svg"] = svg.replace(
                'stroke="currentColor"', f'stroke="{stroke}"'
            )
    return files


def write_themes() -> None:
    for path, text in theme_files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def app_icon_images() -> dict[Path, QImage]:
    """The app's icon rendered from its SVG at each size, by the PNG file it belongs in (needs
    a QGuiApplication)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(ICONS / "pos-backoffice.svg"))
    images = {}
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        images[ICONS / "hicolor" / f"{size}x{size}" / "apps" / "pos-backoffice.png"] = image
    return images


ROUNDING = 1
"""Levels a channel may differ by in the same drawing: Qt's raster engine blends with the
processor's own instructions (AVX2, AVX-512), and two machines' drawings of the SVG differ by
one level at a few edge pixels (4 of 65,536 at 256 px, 9 at 512 px, seen on 2026-11-30)."""


def same_pixels(path: Path, image: QImage) -> bool:
    """Whether the PNG at ``path`` holds ``image``'s pixels, to within a processor's rounding
    (its bytes may differ: encoders do)."""
    from PySide6.QtGui import QImage

    if not path.is_file():
        return False
    drawn = QImage(str(path)).convertToFormat(image.format())
    if drawn.size() != image.size():
        return False
    if drawn == image:
        return True
    pairs = zip(bytes(drawn.constBits()), bytes(image.constBits()), strict=True)
    return max(abs(here - there) for here, there in pairs) <= ROUNDING


def render_app_icon() -> None:
    """Write the PNGs whose pixels differ from a fresh render (committed, never rewritten by a
    build that draws them the same: a build leaves the tree as it was)."""
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication(sys.argv[:1])
    for target, image in app_icon_images().items():
        if not same_pixels(target, image):
            target.parent.mkdir(parents=True, exist_ok=True)
            image.save(str(target))
    del app


def main() -> int:
    write_themes()
    if "--themes" not in sys.argv:
        render_app_icon()
    return 0


if __name__ == "__main__":
    sys.exit(main())
