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
from contextlib import AsyncExitStack
from pathlib import Path
from typing import TYPE_CHECKING

# Only what the first paint needs is imported before it: Qt's namespace of enums (``Qt``)
# alone takes 20-25 ms to make, and an empty window makes none of it (bench_installed_start).
from PySide6.QtCore import QCoreApplication, QSize
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMessageBox

from desktop_app.gui.look.language import (
    TRANSLATIONS,
    install_translations,
)
from desktop_app.gui.look.style import apply_style, give_style_sheet
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.settings.setting import APPLICATION, ORGANIZATION
from desktop_app.gui.shell.command_line import (
    DEMO_USER_IDS,
    given_on_command_line,
    parse_args,
    this_run,
)
from desktop_app.gui.shell.parts import build_context, follow_preferences
from desktop_app.gui.shell.start_report import StartReport
from desktop_app.gui.widgets.banner import training_banner

if TYPE_CHECKING:
    import asyncio
    from contextlib import AsyncExitStack

    from desktop_app.gui.settings.settings_files import Opened
    from desktop_app.gui.shell.main_window import MainWindow
    from desktop_app.gui.shell.stop_signals import StopSignals

log = logging.getLogger("desktop_app.gui.shell.app")


def setup_logging(level_name: str, *, full_addresses: bool = False) -> Path:
    """Log to the console and to a rotating file in the user's log folder, both redacted
    (tokens, ``Authorization`` values, card numbers and what request addresses held never
    reach either; ``full_addresses``: a developer asked for addresses whole). The folder and
    every log in it are the user's only; libraries that print what they run log INFO and up."""
    import platformdirs

    from desktop_app.core import owner_only
    from desktop_app.core.redaction import (
        LOG_NAME,
        cap_library_loggers,
        forget_logs_from_before,
        install_redaction,
        log_full_addresses,
        redacting_filter,
    )

    log_full_addresses(full_addresses)

    folder = owner_only.folder(Path(platformdirs.user_log_dir("pos-backoffice", appauthor=False)))
    forget_logs_from_before(folder)
    owner_only.restrict(*folder.glob(LOG_NAME + "*"))  # the rotated ones too
    path = folder / LOG_NAME
    level = getattr(logging, level_name.upper(), logging.WARNING)
    file_handler = owner_only.RotatingLog(path, maxBytes=1_000_000, backupCount=5, encoding="utf-8")
    file_handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    console = logging.StreamHandler()
    for handler in (file_handler, console):
        handler.addFilter(redacting_filter())
    logging.basicConfig(level=level, handlers=[file_handler, console], force=True)
    cap_library_loggers(level)
    install_redaction()
    return path


def tune_the_process() -> None:
    """Set what a process that runs all day and all week needs, before it makes much.

    * The Qt thread takes the GIL back within 1 ms (Python's default is 5 ms). The app's own
      heavy work runs in steps on the Qt thread (desktop_app/core/steps.py), but other threads
      still run Python: the training sandbox's server, httpx's name lookups. Every call Qt
      makes into Python waits for the GIL, and at 5 ms a handful make a visible stutter.

    (glibc's threshold for large blocks was held here until the week's soak, run without it,
    held every target: docs/performance.md, "The tuning weighed again".)
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
    body.setObjectName("startingLabel")  # plain text, centred: by the style sheet
    give_style_sheet(body)
    if training:
        frame.setMenuWidget(training_banner(spoken=False))  # the main window's is spoken
    frame.setCentralWidget(body)
    # Fitted to the screen (the main window that follows opens where it was left last time).
    room = frame.screen().availableGeometry().size() * 0.95
    frame.resize(QSize(1200, 720).boundedTo(room))
    frame.show()
    return frame


def main(argv: list[str] | None = None) -> int:
    """Run the app; returns the exit status."""
    start = StartReport()  # what the start benchmarks read (POS_REPORT_FIRST_PAINT)
    start.mark("main")
    args = parse_args(argv)
    if args.check_connection or args.check_service:
        setup_logging(str(args.log_level), full_addresses=bool(args.log_full_addresses))
        from desktop_app.gui.desk_setup import connection_check, service_check

        if args.check_service:
            return service_check.command(args, given_on_command_line(args))
        return connection_check.command(args, given_on_command_line(args))
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setQuitOnLastWindowClosed(False)
    app.setDesktopFileName("br.com.posbackoffice.BackOffice")
    start.mark("application")
    from desktop_app.gui.shell.stop_signals import StopSignals

    stop = StopSignals(app)  # from the first moment: Ctrl+C stops the app cleanly, never raises
    start.mark("stop_signals")
    icon = TRANSLATIONS.parent / "icons" / "hicolor" / "256x256" / "apps" / "pos-backoffice.png"
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    from desktop_app.gui.settings.settings_files import open_settings

    opened = open_settings()  # each file looked at before Qt reads it: a pipe never blocks
    preferences = Preferences(opened.person, app, managed=opened.managed)
    start.mark("settings")
    locale = install_translations(app, args.lang or preferences.get(prefs.LANGUAGE) or None)
    start.mark("translations")
    frame = _starting_frame(args.training)
    start.mark("frame")
    app.processEvents()  # painted now, before any module of the app's own windows is imported
    start.first_paint()

    # The frame has no field to type into: what guards and records input can come now, and
    # the style sheet for every window to come; nothing large has been made yet.
    tune_the_process()
    apply_style(app)
    setup_logging(str(args.log_level), full_addresses=bool(args.log_full_addresses))
    from desktop_app.core.money import set_currency
    from desktop_app.gui.app_wide.installed import install_app_wide

    install_app_wide(app)
    set_currency(preferences.get(prefs.CURRENCY))

    import asyncio

    # Imported here, after the first paint, as the loop is: with the context and the collector
    # (shell/parts.py), hoisted they made 2.4 ms more before it (python -X importtime).
    from desktop_app.gui.shell.collection import QtThreadCollection
    from desktop_app.gui.shell.event_loop import AppEventLoop

    loop = AppEventLoop(app)
    asyncio.set_event_loop(loop)
    QtThreadCollection(app).start()  # Qt's objects are freed on Qt's thread alone
    try:
        with loop:
            running = _run(app, frame, preferences, locale, args, stop, opened)
            status: int = loop.run_until_complete(running)
    except Exception as error:  # the last net: words, never a traceback
        log.exception("the app stopped on an unexpected error")
        return _stopped_on(error, stop)
    if loop.left_working():  # a name lookup the resolver has not answered: nobody needs it
        _end_without_waiting(status)
    return status


def _end_without_waiting(status: int) -> None:
    """End the process now, everything of the run already closed and written (the journal,
    the log): a thread still waiting for a resolver would hold its end for as long as that
    takes, and Qt aborts on a thread still running as the program's objects go."""
    log.info("a name lookup has not come back: the program ends without waiting for it")
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    os._exit(status)


NO_SCREEN = frozenset({"offscreen", "minimal"})
"""Qt's platforms with nobody in front of them: a window there would wait for ever."""


def _stopped_on(error: Exception, stop: StopSignals) -> int:
    """Say why the app stops: in a window a person closes, or that a stop signal closes (it
    never waits for a person who is not there); with no screen, in the log alone. Exit status
    1 either way."""
    from desktop_app.gui.words.errors import stop_words

    words = stop_words(error)
    if QGuiApplication.platformName() in NO_SCREEN:
        log.error("%s", words)
        return 1
    box = QMessageBox(
        QMessageBox.Icon.Critical, "POS Back-Office", words, QMessageBox.StandardButton.Ok
    )
    stop.stop_requested.connect(box.reject)
    box.exec()
    return 1


async def _run(
    app: QApplication,
    frame: QMainWindow,
    preferences: Preferences,
    locale: str,
    args: argparse.Namespace,
    stop: StopSignals,
    opened: Opened,
) -> int:
    from desktop_app.core.redaction import install_redaction

    install_redaction()
    # What start-up makes is undone in reverse on every way out (a stop signal, an error).
    async with AsyncExitStack() as undo:
        base_url = args.api_url or preferences.get(prefs.SERVICE_URL)
        journal_path = Path(args.journal) if args.journal else None
        token: str | None = None
        if args.training:
            base_url, token, journal_path = await _start_training(undo, args, journal_path)
        ctx = build_context(
            preferences,
            base_url,
            locale,
            journal_path,
            training=args.training,
            ca_file=args.ca_file,
        )
        ctx.this_run = this_run(args)  # shown in Settings: what they do not change
        if args.training:  # the practice service, which Settings' checks check
            ctx.this_run[prefs.SERVICE_URL.key] = base_url
        undo.callback(ctx.close)
        undo.push_async_callback(ctx.client.aclose)
        undo.push_async_callback(ctx.pending.stopped)  # before the client closes: its sender
        undo.callback(ctx.session.stop)
        follow_preferences(
            app,
            ctx,
            fixed_address=bool(args.api_url) or args.training,
            fixed_trust=args.ca_file is not None or args.training,
        )
        from desktop_app.gui.shell.main_window import MainWindow

        window = MainWindow(ctx)
        window.show()  # before the frame goes: the app never has no window
        from desktop_app.gui.desk_setup import it_file_check, journal_check, persons_file_check

        it_file_check.report(window, preferences, persons_file_check.it_file_not_read(opened))
        persons_file_check.report(window, persons_file_check.problems(opened, preferences))
        journal_check.report(window, ctx.outbox.journal.carried_over)
        _follow_command_line(args, preferences)
        frame.close()
        frame.deleteLater()
        log.info("the main window is up")  # IT's log, and the tests', know the start is over
        freeze_start_up_objects()
        if token is not None:
            ctx.session.session.sign_in(token)
        await _until_closed(app, window, stop, quit_after_start=args.quit_after_start)
    return 0


def _follow_command_line(args: argparse.Namespace, preferences: Preferences) -> None:
    """The command line wins for one run (support uses it): the words of an error in one of
    its values point to it, and the log says where it replaced IT's value."""
    from desktop_app.gui.words.reasons import follow_command_line

    given = given_on_command_line(args)
    follow_command_line(given)
    for setting in (setting for setting in given if preferences.is_managed(setting)):
        log.warning(
            "the command line's value is used for this run instead of the administrator's %s in %s",
            setting.key,
            preferences.managed_file(),
        )


async def _start_training(
    undo: AsyncExitStack, args: argparse.Namespace, journal_path: Path | None
) -> tuple[str, str, Path]:
    """The training sandbox, started in a folder of its own that goes with it: its address, a
    token for the chosen role, and the practice journal (unless one was named)."""
    import asyncio

    from desktop_app.sandbox.server import SandboxServer

    folder = Path(undo.enter_context(tempfile.TemporaryDirectory(prefix="pos-training-")))
    sandbox = await asyncio.to_thread(SandboxServer(folder / "training.sqlite3").start)
    undo.push_async_callback(asyncio.to_thread, sandbox.stop)
    token = sandbox.token(args.role, DEMO_USER_IDS[args.role], minutes=480)
    return sandbox.base_url, token, journal_path or folder / "journal.sqlite3"


async def _until_closed(
    app: QApplication, window: MainWindow, stop: StopSignals, *, quit_after_start: bool
) -> None:
    """Start the window and wait until its last window closes or a stop signal comes."""
    import asyncio

    closed = asyncio.Event()
    app.lastWindowClosed.connect(closed.set)
    close_on_stop(app, stop, closed)
    # Read by tests/e2e (and a person at --log-level INFO): the app is up and showing data.
    window.orders_shown.connect(lambda count: log.info("showing %d orders", count))
    if quit_after_start:
        window.orders_shown.connect(window.close)
    if not closed.is_set():
        window.start()  # signed out: the lock page asks for sign-in
    await closed.wait()


def close_on_stop(app: QApplication, stop: StopSignals, closed: asyncio.Event) -> None:
    """A stop signal closes every window and ends the run whatever is open, and asks nobody:
    a form that waits for the service's answer stays open until the process ends (its payment
    is in the journal, looked for at the next start), a box that waits for a person closes."""

    def on_stop_requested(_number: int) -> None:
        # The same path as closing the window (each window's closeEvent runs), then the
        # same clean-up; the process ends with 0, as a requested stop should.
        app.closeAllWindows()
        closed.set()

    stop.stop_requested.connect(on_stop_requested)
    if stop.requested is not None:  # a signal came in while the app was starting
        on_stop_requested(stop.requested)
