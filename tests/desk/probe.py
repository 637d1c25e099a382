"""The program as a desk runs it (``python -m desktop_app``'s own start), with a probe that
writes what a person sees after each change, one JSON line on standard output: the window in
front, the control with the focus and its text, a form's page and fields. The keys come from
outside (xdotool, through the X server and the window manager); this only looks.

``python -m tests.desk.probe --training …`` takes the program's own options."""

from __future__ import annotations

import json
import sys
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QDateEdit, QLineEdit, QWidget

LOOK_EVERY_MS = 10


def seen() -> dict[str, Any]:
    """What is in front now."""
    from desktop_app.gui.app_wide.type_ahead import type_ahead
    from desktop_app.gui.payments.payment_dialog import PaymentDialog

    window = QApplication.activeWindow()
    focus = QApplication.focusWidget()
    shown: dict[str, Any] = {
        "window": window.windowTitle() if window is not None else None,
        "focus": focus.objectName() if focus is not None else None,
        "text": _text(focus),
        "holding": type_ahead().holding,
    }
    if isinstance(window, PaymentDialog):
        ui = window.ui
        shown["page"] = ui.pages.currentIndex()
        shown["fields"] = {
            "last_four": ui.last_four.text(),
            "nsu": ui.nsu.text(),
            "auth": ui.auth.text(),
            "brand": ui.brand.currentText(),
        }
    return shown


def _text(widget: QWidget | None) -> str | None:
    if isinstance(widget, QLineEdit | QDateEdit):
        return widget.text()
    if isinstance(widget, QComboBox):
        return widget.currentText()
    return None


def main() -> int:
    from desktop_app.gui.shell.app import main as program

    app = QApplication(sys.argv[:1])
    last: list[dict[str, Any]] = [{}]

    def look() -> None:
        now = seen()
        if now != last[0]:
            last[0] = now
            print(json.dumps(now), flush=True)

    timer = QTimer(app)
    timer.timeout.connect(look)
    timer.start(LOOK_EVERY_MS)
    return program(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
