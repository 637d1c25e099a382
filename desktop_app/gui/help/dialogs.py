"""Help: the keyboard shortcuts, About (version, where things are kept, licences), and the
diagnostics a support person asks for (no secrets)."""

from __future__ import annotations

import html
import platform
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import platformdirs
from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Slot, qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QTableWidgetItem, QWidget

from desktop_app import version
from desktop_app.core.redaction import LOG_NAME, redact
from desktop_app.gui.generated.ui_about import Ui_AboutDialog
from desktop_app.gui.generated.ui_shortcuts import Ui_ShortcutsDialog
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts

SHORTCUTS = (
    ("F2", QT_TRANSLATE_NOOP("Help", "Customers")),
    ("F3", QT_TRANSLATE_NOOP("Help", "Products")),
    ("F5", QT_TRANSLATE_NOOP("Help", "Refresh the orders")),
    (
        "Ctrl+F",
        QT_TRANSLATE_NOOP("Help", "Find orders, from any window: the list in front, its filter"),
    ),
    ("Enter", QT_TRANSLATE_NOOP("Help", "Open the chosen order")),
    ("F8", QT_TRANSLATE_NOOP("Help", "Record a payment (an order, or the one chosen in the list)")),
    (
        "F9",
        QT_TRANSLATE_NOOP("Help", "Issue the invoice (an order, or the one chosen in the list)"),
    ),
    ("Enter, Enter", QT_TRANSLATE_NOOP("Help", "Review, then send a payment")),
    ("Esc", QT_TRANSLATE_NOOP("Help", "Back, or close")),
    ("Ctrl+W", QT_TRANSLATE_NOOP("Help", "Close a lookup")),
    ("Ctrl+C", QT_TRANSLATE_NOOP("Help", "Copy (lookups)")),
    ("Ctrl+E", QT_TRANSLATE_NOOP("Help", "Export the shown orders to CSV")),
    ("Ctrl+,", QT_TRANSLATE_NOOP("Help", "Settings")),
    ("Ctrl+Q", QT_TRANSLATE_NOOP("Help", "Quit")),
)
SECRET_WORDS = ("token", "password", "secret", "authorization")

LICENCES = (  # marked for lupdate, translated where shown
    QT_TRANSLATE_NOOP(
        "Help",
        "Qt 6 and PySide6: GNU LGPL v3 (kept as separate shared libraries; see qt.io/licensing)",
    ),
    QT_TRANSLATE_NOOP(
        "Help",
        "httpx, pydantic, qasync, platformdirs, uvicorn, starlette, FastAPI, orjson: MIT / BSD",
    ),
    QT_TRANSLATE_NOOP("Help", "PyJWT: MIT · python-stdnum: LGPL v2.1+ · Babel: BSD"),
)


def log_path() -> Path:
    """Where the app writes its log."""
    return Path(platformdirs.user_log_dir("pos-backoffice", appauthor=False)) / LOG_NAME


def diagnostics(
    preferences: Preferences, service_url: str, journal: Path | None, lines: int = 200
) -> str:
    """Version, platform, settings without secrets, and the last log lines as the file holds
    them: each record was redacted as it was written, so they are not read for card numbers
    again (a line's timestamp passes Luhn one time in ten, and was lost to the redaction)."""
    parts = [
        f"POS Back-Office {version()}",
        f"Python {sys.version.split()[0]} · PySide6 {pyside_version} · Qt {qVersion()}",
        # Not platform.platform(): it asks `uname -p` in a process of its own, on this thread.
        f"System: {platform.system()} {platform.release()} {platform.version()} "
        f"{platform.machine()}",
        f"Service: {service_url}",
        f"Journal: {journal or '-'}",
        f"Log: {log_path()}",
        "",
        "Settings:",
    ]
    for key, value in preferences.every_value_stored():
        if any(word in key.lower() for word in SECRET_WORDS):
            continue
        parts.append(f"  {key} = {value}")
    parts += ["", f"Last {lines} log lines:"]
    head = redact("\n".join(parts))  # what this copy writes itself: settings, addresses
    try:
        kept = log_path().read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]
    except OSError:
        kept = ["  (no log yet)"]
    return "\n".join([head, *kept])


class ShortcutsDialog(FormTexts, QDialog):
    """Help ▸ Shortcuts (``ui/shortcuts.ui``)."""

    def __init__(self, parent: QWidget | None = None, *, training: bool = False) -> None:
        super().__init__(parent)
        self.ui = Ui_ShortcutsDialog()
        self.ui.setupUi(self)
        add_training_banner(self.ui.layout, training)
        place(self, None)
        self.ui.table.setRowCount(len(SHORTCUTS))
        self._retranslate()

    def _retranslate(self) -> None:
        table = self.ui.table
        table.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("Help", "Keys"),
                QCoreApplication.translate("Help", "What they do"),
            ]
        )
        for row, (keys, meaning) in enumerate(SHORTCUTS):
            table.setItem(row, 0, QTableWidgetItem(keys))
            table.setItem(
                row, 1, QTableWidgetItem(QCoreApplication.translate("Help", str(meaning)))
            )
        table.resizeColumnsToContents()

    @Slot()
    def on_close_button_clicked(self) -> None:
        self.accept()


class AboutDialog(FormTexts, QDialog):
    """Help ▸ About: version, service, where the journal and logs live, licences
    (``ui/about.ui``)."""

    def __init__(
        self,
        service_url: str,
        journal: Path | None,
        parent: QWidget | None = None,
        *,
        training: bool = False,
    ) -> None:
        super().__init__(parent)
        self.ui = Ui_AboutDialog()
        self.ui.setupUi(self)
        add_training_banner(self.ui.layout, training)
        place(self, None)
        self._service_url, self._journal = service_url, journal
        self._retranslate()

    def _retranslate(self) -> None:
        facts = [
            f"<h2>POS Back-Office {html.escape(version())}</h2>",
            QCoreApplication.translate("Help", "Service: {url}").format(
                url=html.escape(self._service_url)
            ),
            QCoreApplication.translate("Help", "Payment journal: {path}").format(
                path=html.escape(str(self._journal or "-"))
            ),
            QCoreApplication.translate("Help", "Log file: {path}").format(
                path=html.escape(str(log_path()))
            ),
            "",
            QCoreApplication.translate(
                "Help",
                "Invoices issued from this machine are kept beside the journal, and F9 opens"
                " them again. Invoices issued from other machines are not known here.",
            ),
            "",
            QCoreApplication.translate("Help", "This program uses:"),
            *_bullets(QCoreApplication.translate("Help", str(line)) for line in LICENCES),
        ]
        self.ui.facts.setText("<br>".join(facts))

    @Slot()
    def on_close_button_clicked(self) -> None:
        self.accept()


def _bullets(lines: Iterable[str]) -> list[str]:
    return [f"• {html.escape(line)}" for line in lines]


def copy_diagnostics(
    preferences: Preferences, service_url: str, journal: Path | None, say: Callable[[str], None]
) -> str:
    """Put the diagnostics on the clipboard, say so with ``say``; returns them."""
    text = diagnostics(preferences, service_url, journal)
    QGuiApplication.clipboard().setText(text)
    say(
        QCoreApplication.translate(
            "MainWindow", "Diagnostics copied: paste them into your message to support."
        )
    )
    return text
