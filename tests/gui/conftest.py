"""GUI fixtures: a qasync loop marked running (so async slots and httpx work while qtbot
waits), real windows against a sandbox on a free port, and isolated QSettings."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import pytest
import shiboken6
from PySide6.QtCore import QLocale, QSettings, QTranslator
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.gui.app_wide.installed import install_app_wide
from desktop_app.gui.look.language import install_translations
from desktop_app.gui.look.style import apply_style, dark_desktop_palette
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.it_settings import administrators_settings
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.shared.context import AppContext
from desktop_app.gui.shell.collection import QtThreadCollection
from desktop_app.gui.shell.event_loop import AppEventLoop
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shell.parts import build_context, follow_preferences
from desktop_app.sandbox.server import SandboxServer

# Every GUI test runs on the smallest screen the app supports: 1024x600 at 100 %.
SCREEN = Path(__file__).with_name("screen-1024x600.json")
if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
    # Qt splits a platform's arguments at each ":": a Windows path is named from here, its
    # drive left out (Qt ended at once on "configfile=Z:\\…").
    screen = (
        SCREEN.as_posix() if ":" not in str(SCREEN) else Path(os.path.relpath(SCREEN)).as_posix()
    )
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={screen}"
    if sys.platform == "win32":  # offscreen looks for fonts in Qt's own folder, which has none
        os.environ.setdefault("QT_QPA_FONTDIR", str(Path(os.environ["WINDIR"]) / "Fonts"))


@pytest.fixture(autouse=True, scope="session")
def _the_apps_style(qapp: QApplication) -> None:
    """Every window under the app's one style sheet, as the app runs them."""
    apply_style(qapp)


@pytest.fixture(autouse=True)
def _words_forget_the_administrator() -> Iterator[None]:
    """A window's words follow the administrator's file of its own test only."""
    yield
    from desktop_app.gui.words.errors import follow_administrator

    follow_administrator(None)


@pytest.fixture(params=["pt_BR"])
def language(qapp: QApplication, request: pytest.FixtureRequest) -> Iterator[str]:
    """The application in ``request.param`` for one test, then back to the source texts."""
    before = QLocale()
    yield install_translations(qapp, request.param)
    for translator in qapp.findChildren(QTranslator):
        qapp.removeTranslator(translator)
        translator.deleteLater()
    QLocale.setDefault(before)


@pytest.fixture
def dark_palette(qapp: QApplication) -> QPalette:
    """The one dark palette of the tests, the screenshots' own: a dark desktop's."""
    return dark_desktop_palette()


@pytest.fixture
def event_loop_qt(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    """A qasync loop on the test's QApplication, running while Qt's loop runs (qtbot.wait*)."""
    install_app_wide(qapp)  # as the app does at start-up
    loop = AppEventLoop(qapp)
    asyncio.set_event_loop(loop)
    asyncio.events._set_running_loop(loop)
    # What qasync does as its loop starts to run: on Windows its poller of finished I/O starts
    # (nothing on Linux). Without it no answer ever came in the tests under Windows.
    loop._before_run_forever()
    collection = QtThreadCollection()  # as the app: Qt's objects die on Qt's thread alone
    collection.start()
    yield loop
    pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in pending:
        task.cancel()
    if pending:
        asyncio.events._set_running_loop(None)
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop._after_run_forever()
    asyncio.events._set_running_loop(None)
    asyncio.set_event_loop(None)
    loop.close()
    # qasync's own timer must die on this thread, or the collector may free it on another.
    shiboken6.delete(loop._timer)
    collection.stop()  # what the test left, collected here
    shiboken6.delete(collection)


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """Settings in a file of this test's own."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def make_context(
    settings: QSettings,
    base_url: str | None,
    *,
    token: str | None = None,
    journal: Path | None = None,
    timeout: float = 5,
    locale: str = "en_US",
) -> AppContext:
    """The parts a window is given, made as start-up makes them (signed in with ``token``;
    ``base_url`` None: the service address the settings give)."""
    preferences = Preferences(settings, managed=administrators_settings())
    preferences.set(prefs.TIMEOUT_SECONDS, max(timeout, prefs.TIMEOUT_SECONDS.bounds()[0]))
    base_url = base_url or preferences.get(prefs.SERVICE_URL)
    journal_path = journal or Path(settings.fileName()).with_name("journal.sqlite3")
    ctx = build_context(preferences, base_url, locale, journal_path)
    ctx.client.backoff_base = 0.01  # retries of reads without the real back-off's wait
    ctx.client.timeout = timeout  # a test may wait less than a person can set
    qapp = QApplication.instance()
    assert isinstance(qapp, QApplication)
    follow_preferences(qapp, ctx, fixed_address=False)
    if token is not None:
        ctx.session.session.sign_in(token)
    return ctx


class Service(Protocol):
    """A service a window can be opened against: the sandbox in this process or its own."""

    @property
    def base_url(self) -> str: ...

    def token(self, role: str, user_id: int) -> str: ...


def open_window(
    qtbot: QtBot,
    server: Service,
    settings: QSettings,
    *,
    role: str = "manager",
    token: str | None = None,
    signed_in: bool = True,
    journal: Path | None = None,
    timeout: float = 5,
    locale: str = "en_US",
) -> MainWindow:
    """A real main window against ``server``, shown, started, with a payment journal."""
    if signed_in and token is None:
        token = server.token(role, 2001 if role == "manager" else 1001)
    settings.setValue(prefs.SERVICE_URL.key, server.base_url)
    ctx = make_context(
        settings, server.base_url, token=token if signed_in else None, journal=journal,
        timeout=timeout, locale=locale,
    )  # fmt: skip
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    window.show()
    window.start()
    return window


@pytest.fixture
def window(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> Iterator[MainWindow]:
    """The main window, signed in as a manager, with store 001's orders loaded."""
    main = open_window(qtbot, sandbox, settings)
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    yield main
    close_window(qtbot, main)


def close_window(qtbot: QtBot, main: MainWindow) -> None:
    """Close the window and its client's connections (before the loop goes away)."""
    main.close()
    stopping = asyncio.ensure_future(main.ctx.pending.stopped())  # the sender first: it
    qtbot.waitUntil(stopping.done, timeout=5_000)  # would meet a closed client
    closing = asyncio.ensure_future(main.ctx.client.aclose())
    qtbot.waitUntil(closing.done, timeout=5_000)
    main.ctx.close()
