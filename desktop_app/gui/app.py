"""Start-up: the window is painted first; httpx, pydantic, qasync and the network come after.

Importing httpx, pydantic and qasync takes about 0.35 s here while an empty window paints in
0.15 s, so the window appears (showing "Starting…") before any of them is imported.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMessageBox

from desktop_app.gui.i18n import TRANSLATIONS, install_translations
from desktop_app.gui.style import training_banner

if TYPE_CHECKING:
    from desktop_app.gui.main_window import MainWindow
    from desktop_app.gui.stop_signals import StopSignals

log = logging.getLogger("desktop_app.gui.app")
ORGANIZATION = "POS Back-Office"
APPLICATION = "pos-backoffice"
DEFAULT_SERVICE_URL = "http://127.0.0.1:8765"
DEMO_USER_IDS = {"manager": 2001, "cashier": 1001}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line of ``pos-backoffice``."""
    parser = argparse.ArgumentParser(prog="pos-backoffice", description="POS Back-Office")
    parser.add_argument(
        "--training",
        action="store_true",
        help="practice mode: a sandbox inside the app, demo data; no other service is contacted",
    )
    parser.add_argument(
        "--role", choices=tuple(DEMO_USER_IDS), default="manager", help="training mode's demo role"
    )
    parser.add_argument("--api-url", default=None, help="the service's base address")
    parser.add_argument("--lang", default=None, help="language, e.g. pt_BR or en_US")
    parser.add_argument("--log-level", default="WARNING", help="DEBUG, INFO, WARNING or ERROR")
    parser.add_argument(
        "--journal",
        default=None,
        help="the payment journal file (default: journal.sqlite3 in the user's data folder)",
    )
    parser.add_argument(
        "--quit-after-start",
        action="store_true",
        help="quit as soon as the main window has shown its data (checks and packaging tests)",
    )
    return parser.parse_args(argv)


def setup_logging(level_name: str) -> Path:
    """Log to the console and to a rotating file in the user's log folder, both redacted
    (tokens, ``Authorization`` values, card numbers never reach either)."""
    import logging.handlers

    import platformdirs

    from desktop_app.api.redaction import install_redaction, redacting_filter

    folder = Path(platformdirs.user_log_dir("pos-backoffice", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "pos-backoffice.log"
    level = getattr(logging, level_name.upper(), logging.WARNING)
    file_handler = logging.handlers.RotatingFileHandler(
        path, maxBytes=1_000_000, backupCount=5, encoding="utf-8"
    )
    file_handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    console = logging.StreamHandler()
    for handler in (file_handler, console):
        handler.addFilter(redacting_filter())
    logging.basicConfig(level=level, handlers=[file_handler, console], force=True)
    install_redaction()
    return path


def tune_for_responsiveness() -> None:
    """Let the Qt thread take the GIL back within 1 ms (Python's default is 5 ms).

    The app's own heavy work runs in steps on the Qt thread (desktop_app/core/steps.py), but
    other threads still run Python: the training sandbox's server, httpx's name lookups. Every
    call Qt makes into Python waits for the GIL, and at 5 ms a handful make a visible stutter.
    """
    sys.setswitchinterval(0.001)


def freeze_start_up_objects() -> None:
    """Move everything start-up made (modules, Qt wrappers, pydantic's validators: hundreds
    of thousands of objects) out of the collector's sight, once the app is up.

    They live as long as the app; left in view, every full collection walks them all (29 ms
    measured: a stutter while someone types). Frozen objects are still freed when dropped."""
    gc.collect()
    gc.freeze()


def _starting_frame(training: bool) -> QMainWindow:
    """The first thing painted: the window's frame, title and banner, with "Starting…".

    Building the full main window means loading some forty Qt widget classes and the app's
    modules (about 0.2 s); this frame needs three, so a person sees the app at once.
    """
    frame = QMainWindow()
    frame.setWindowTitle(QCoreApplication.translate("MainWindow", "POS Back-Office"))
    body = QLabel(QCoreApplication.translate("MainWindow", "Starting…"))
    body.setAlignment(Qt.AlignmentFlag.AlignCenter)
    if training:
        frame.setMenuWidget(training_banner())
    frame.setCentralWidget(body)
    frame.resize(1200, 720)
    frame.show()
    return frame


def main(argv: list[str] | None = None) -> int:
    """Run the app; returns the exit status."""
    args = parse_args(argv)
    tune_for_responsiveness()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setQuitOnLastWindowClosed(False)
    app.setDesktopFileName("br.com.posbackoffice.BackOffice")
    from desktop_app.gui.stop_signals import StopSignals

    stop = StopSignals(app)  # from the first moment: Ctrl+C stops the app cleanly, never raises
    icon = TRANSLATIONS.parent / "icons" / "hicolor" / "256x256" / "apps" / "pos-backoffice.png"
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    settings = QSettings()
    locale = install_translations(app, args.lang or str(settings.value("ui/language", "")) or None)
    frame = _starting_frame(args.training)
    app.processEvents()  # painted now, before any module of the app's own windows is imported
    if os.environ.get("POS_REPORT_FIRST_PAINT"):
        heavy = sorted(
            m for m in ("httpx", "pydantic", "qasync", "jwt", "babel") if m in sys.modules
        )
        # Read by bench/bench_gui_startup.py and tests/e2e: when, and what was loaded by then.
        print(f"first-paint {time.time():.6f} loaded={','.join(heavy)}", flush=True)

    # The frame has no field to type into: what guards and records input can come now.
    setup_logging(str(args.log_level))
    from desktop_app.core.money import set_currency
    from desktop_app.gui.card_guard import install_card_guard

    install_card_guard(app)
    set_currency(str(settings.value("ui/currency", "BRL")))

    from desktop_app.core.session import Session
    from desktop_app.gui.main_window import MainWindow
    from desktop_app.gui.settings_dialog import LOGIN_URL_KEY

    window = MainWindow(
        None,
        Session(),
        settings,
        training=args.training,
        locale=locale,
        login_url=str(settings.value(LOGIN_URL_KEY, "api/v1/auth/login")),
    )
    window.show_starting()
    window.setGeometry(frame.geometry())
    window.show()  # in the frame's place, before the frame goes: the app never has no window
    frame.close()
    frame.deleteLater()
    app.processEvents()

    import asyncio

    import qasync

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    try:
        with loop:
            status: int = loop.run_until_complete(_run(app, window, args, stop))
            return status
    except Exception as error:  # the last net: words, never a traceback
        log.exception("the app stopped on an unexpected error")
        QMessageBox.critical(
            None, "POS Back-Office", f"The app must close ({type(error).__name__}). Start it again."
        )
        return 1


async def _run(
    app: QApplication, window: MainWindow, args: argparse.Namespace, stop: StopSignals
) -> int:
    from desktop_app.api.redaction import install_redaction

    install_redaction()
    folder: tempfile.TemporaryDirectory[str] | None = None
    if args.training:
        folder = tempfile.TemporaryDirectory(prefix="pos-training-")
    try:
        return await _serve(app, window, args, stop, folder)
    finally:
        if folder is not None:  # the practice database goes on every way out
            folder.cleanup()


async def _serve(
    app: QApplication,
    window: MainWindow,
    args: argparse.Namespace,
    stop: StopSignals,
    folder: tempfile.TemporaryDirectory[str] | None,
) -> int:
    import asyncio

    from desktop_app.api import ApiClient
    from desktop_app.gui.settings_dialog import SERVICE_URL_KEY, TIMEOUT_KEY

    settings = window.settings
    sandbox: Any = None
    base_url = args.api_url or str(settings.value(SERVICE_URL_KEY, DEFAULT_SERVICE_URL))
    token: str | None = None
    if folder is not None:
        from desktop_app.sandbox.server import SandboxServer

        sandbox = await asyncio.to_thread(
            SandboxServer(Path(folder.name) / "training.sqlite3").start
        )
        base_url = sandbox.base_url
        token = sandbox.token(args.role, DEMO_USER_IDS[args.role], minutes=480)
    try:
        timeout = float(str(settings.value(TIMEOUT_KEY, 30)))
        client = ApiClient(base_url, None, timeout=timeout)
        from desktop_app.core.journal import PaymentJournal, default_journal_path
        from desktop_app.core.payments import PaymentRecorder

        journal_path = Path(args.journal) if args.journal else default_journal_path()
        if folder is not None and not args.journal:
            journal_path = Path(folder.name) / "journal.sqlite3"  # practice only
        journal = PaymentJournal(journal_path)
        window.attach(client, PaymentRecorder(client, journal))
        freeze_start_up_objects()
        if token is not None:
            window.session.sign_in(token)
            client.token = token
        closed = asyncio.Event()
        app.lastWindowClosed.connect(closed.set)

        def on_stop_requested(number: int) -> None:
            # The same path as closing the window (each window's closeEvent runs), then the
            # same clean-up; the process ends with 0, as a requested stop should.
            log.info("stopping on signal %d", number)
            app.closeAllWindows()
            closed.set()

        stop.stop_requested.connect(on_stop_requested)
        if stop.requested is not None:  # a signal came in while the app was starting
            on_stop_requested(stop.requested)
        # Read by tests/e2e (and a person at --log-level INFO): the app is up and showing data.
        window.orders_shown.connect(lambda count: log.info("showing %d orders", count))
        if args.quit_after_start:
            window.orders_shown.connect(window.close)
        if not closed.is_set():
            window.start()  # signed out: the lock page asks for sign-in
        await closed.wait()
        window.session.forget()
        await client.aclose()
        journal.close()
    finally:
        if sandbox is not None:
            await asyncio.to_thread(sandbox.stop)
    return 0
