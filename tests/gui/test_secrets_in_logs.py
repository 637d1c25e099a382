"""No password reaches a log, at any level: not the file, not the console, not Help ▸ Copy
diagnostics, through a sign-in and unlocks without the service, right and wrong."""

from __future__ import annotations

import asyncio
import logging
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from desktop_app.gui.shell.app import setup_logging
from desktop_app.sandbox.auth import add_user
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window
from tests.gui.test_session_and_errors import _sign_in_with_password as sign_in_with_password
from tests.gui.test_session_and_errors import (
    locked_while_the_service_is_away,
    signed_in_with_password,
)

RIGHT = "Lirio-Azul-2026"
WRONG = ("Errado-Um-71", "Errado-Dois-72")


@pytest.fixture
def logs_at_debug(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The app's own logging at DEBUG, in a log folder of the test's; as it was afterwards."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    root = logging.getLogger()
    before = (root.level, list(root.handlers))
    levels = {name: logging.getLogger(name).level for name in ("qasync", "asyncio")}
    path = setup_logging("DEBUG")
    yield path
    for handler in root.handlers:
        handler.close()
    root.handlers[:] = before[1]
    root.setLevel(before[0])
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def written(path: Path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return "".join(p.read_text(encoding="utf-8") for p in path.parent.glob(path.name + "*"))


def test_what_a_worker_thread_is_handed_stays_out_of_the_log(
    logs_at_debug: Path,
    capfd: pytest.CaptureFixture[str],
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """qasync logs each job given to a thread with its arguments at DEBUG: the app's level does
    not reach it, whatever is handed over (a password once was, as plain text)."""

    def work(_name: str, _password: str) -> int:
        return 1

    async def hand_over() -> int:
        return await asyncio.to_thread(work, "ines", RIGHT)

    assert event_loop_qt.run_until_complete(hand_over()) == 1
    logging.getLogger("desktop_app").debug("the app's own DEBUG lines are written")
    text = written(logs_at_debug) + capfd.readouterr().err
    assert "the app's own DEBUG lines are written" in text
    assert RIGHT not in text


def test_no_password_right_or_wrong_reaches_a_log(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    logs_at_debug: Path,
    capfd: pytest.CaptureFixture[str],
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    add_user(sandbox.db, "ines", RIGHT, 1003, "Inês Lima", "cashier")
    main = signed_in_with_password(qtbot, sandbox, settings, "ines", RIGHT)
    controller = main.ctx.session
    key = controller._offline_key
    assert key is not None
    dialog = locked_while_the_service_is_away(qtbot, main, sandbox)
    for wrong in WRONG:
        sign_in_with_password(qtbot, dialog, "ines", wrong)
        qtbot.waitUntil(lambda: dialog.ui.message_bar.kind == "error", timeout=10_000)
        assert "Wrong password" in dialog.ui.message_bar.text()  # not "cannot be reached"
        qtbot.waitUntil(dialog.sign_in_button.isEnabled, timeout=10_000)
        dialog.ui.password.clear()  # the locked person's name stays
    sign_in_with_password(qtbot, dialog, "ines", RIGHT)
    qtbot.waitUntil(lambda: not main.locked, timeout=10_000)
    assert controller.offline
    diagnostics = main.copy_diagnostics()
    close_window(qtbot, main)

    log_text = written(logs_at_debug)
    assert "DEBUG" in log_text and "POST /the sign-in address" in log_text
    for text in (log_text, capfd.readouterr().err, diagnostics):
        for secret in (RIGHT, *WRONG, key.salt.hex(), key.digest.hex(), repr(key.digest)):
            assert secret not in text
    assert stat.S_IMODE(logs_at_debug.stat().st_mode) == 0o600
    assert stat.S_IMODE(logs_at_debug.parent.stat().st_mode) == 0o700


def test_guesses_at_the_lock_without_the_service_wait_longer_and_the_window_answers(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = signed_in_with_password(qtbot, sandbox, settings, "cashier", "cashier")
    dialog = locked_while_the_service_is_away(qtbot, main, sandbox)
    for attempt in range(3):
        qtbot.waitUntil(dialog.sign_in_button.isEnabled, timeout=10_000)
        dialog.ui.password.clear()  # the locked person's name stays
        sign_in_with_password(qtbot, dialog, "cashier", f"guess-{attempt}")
        qtbot.waitUntil(lambda: "Wrong password" in dialog.ui.message_bar.text(), timeout=10_000)
    # The third wrong one: the next try waits, counted down while the window goes on answering.
    assert "try again in 2 s" in dialog.ui.message_bar.text()
    assert not dialog.sign_in_button.isEnabled()
    dialog.ui.password.clear()
    qtbot.keyClicks(dialog.ui.password, "cashier")  # typing goes on meanwhile
    assert dialog.ui.password.secret().reveal() == "cashier"
    qtbot.waitUntil(dialog.sign_in_button.isEnabled, timeout=5_000)
    assert "Type it again" in dialog.ui.message_bar.text()
    dialog.sign_in_button.click()  # the right one, once the wait is over
    qtbot.waitUntil(lambda: not main.locked, timeout=10_000)
    close_window(qtbot, main)
