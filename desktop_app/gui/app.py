"""Start-up: the window first, then the heavy imports and the network (qasync on Qt's loop)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication, QMessageBox

log = logging.getLogger("desktop_app.gui.app")
ORGANIZATION = "POS Back-Office"
APPLICATION = "pos-backoffice"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line of ``pos-backoffice``."""
    parser = argparse.ArgumentParser(prog="pos-backoffice", description="POS Back-Office")
    parser.add_argument(
        "--training",
        action="store_true",
        help="practice mode: a sandbox inside the app, demo data; no other service is contacted",
    )
    parser.add_argument(
        "--role",
        choices=("cashier", "manager"),
        default="manager",
        help="training mode's demo role",
    )
    parser.add_argument("--api-url", default=None, help="the service's base address")
    parser.add_argument("--lang", default=None, help="language, e.g. pt_BR or en")
    parser.add_argument("--log-level", default="WARNING", help="DEBUG, INFO, WARNING or ERROR")
    return parser.parse_args(argv)


def install_translations(app: QApplication, language: str | None) -> str:
    """Qt's own translations first, then the app's; returns the locale used for formatting."""
    locale = QLocale(language) if language else QLocale.system()
    qt_translator = QTranslator(app)
    if qt_translator.load(
        locale, "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    ):
        app.installTranslator(qt_translator)
    own = QTranslator(app)
    folder = Path(__file__).resolve().parents[2] / "resources" / "translations"
    if own.load(locale, "pos_backoffice", "_", str(folder)):
        app.installTranslator(own)
    name = locale.name()
    return name if name != "C" else "en_US"


def main(argv: list[str] | None = None) -> int:
    """Run the app; returns the exit status."""
    args = parse_args(argv)
    logging.basicConfig(level=getattr(logging, str(args.log_level).upper(), logging.WARNING))
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setQuitOnLastWindowClosed(False)
    language = args.lang or str(QSettings().value("ui/language", "")) or None
    locale = install_translations(app, language)

    import qasync  # the loop comes after QApplication; httpx and pydantic after the window

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    try:
        with loop:
            status: int = loop.run_until_complete(_run(app, args, locale))
            return status
    except Exception as error:  # the last net: words, never a traceback
        log.exception("the app stopped on an unexpected error")
        QMessageBox.critical(None, "POS Back-Office", f"The app must close: {type(error).__name__}")
        return 1


async def _run(app: QApplication, args: argparse.Namespace, locale: str) -> int:
    from desktop_app.api import ApiClient
    from desktop_app.api.redaction import install_redaction
    from desktop_app.core.session import Session
    from desktop_app.gui.main_window import MainWindow
    from desktop_app.gui.settings_dialog import LOGIN_URL_KEY, SERVICE_URL_KEY, TIMEOUT_KEY

    install_redaction()
    settings = QSettings()
    session = Session()
    sandbox: Any = None
    folder: tempfile.TemporaryDirectory[str] | None = None
    base_url = args.api_url or str(settings.value(SERVICE_URL_KEY, "http://127.0.0.1:8765"))
    if args.training:
        from desktop_app.sandbox.server import SandboxServer

        folder = tempfile.TemporaryDirectory(prefix="pos-training-")
        sandbox = await asyncio.to_thread(
            SandboxServer(Path(folder.name) / "training.sqlite3").start
        )
        base_url = sandbox.base_url
        session.sign_in(
            sandbox.token(args.role, 2001 if args.role == "manager" else 1001, minutes=480)
        )
    client = ApiClient(base_url, session.token, timeout=float(str(settings.value(TIMEOUT_KEY, 30))))
    window = MainWindow(
        client,
        session,
        settings,
        training=args.training,
        locale=locale,
        login_url=str(settings.value(LOGIN_URL_KEY, "api/v1/auth/login")),
    )
    closed = asyncio.Event()
    app.lastWindowClosed.connect(closed.set)
    window.show()
    window.start()  # not signed in: the lock page asks for sign-in
    await closed.wait()
    session.forget()
    await client.aclose()
    if sandbox is not None:
        await asyncio.to_thread(sandbox.stop)
    if folder is not None:
        folder.cleanup()
    return 0
