"""Render the SVG icon to the PNG sizes desktops ask for (resources/icons/hicolor/…)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def main() -> int:
    app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(ICONS / "pos-backoffice.svg"))
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        target = ICONS / "hicolor" / f"{size}x{size}" / "apps" / "pos-backoffice.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        image.save(str(target))
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
