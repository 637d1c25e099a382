"""The real program started on the files a hostile desk leaves it: an authority path that is a
device, a pipe or 2 GB; a 2 MB address; the person's settings out of range, malformed, or a
pipe; IT's file a device. It starts, says what it met in words (the log holds them for IT),
deletes nothing, and a SIGTERM ends it within 5 s."""

from __future__ import annotations

import os
import queue
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from desktop_app.sandbox.server import SandboxServer
from tests.conftest import MACHINE_TRUST

PROGRAM = Path(sys.executable).parent / "pos-backoffice"
UP = "the main window is up"


def _settings(home: Path, text: str) -> Path:
    folder = home / "config" / "POS Back-Office"
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / "pos-backoffice.conf"
    file.write_text(text, encoding="utf-8")
    return file


def _environment(home: Path) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name not in MACHINE_TRUST}
    env.update(
        QT_QPA_PLATFORM="offscreen",
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_CONFIG_DIRS=str(home / "xdg"),  # IT's file, where a test puts one
        XDG_DATA_HOME=str(home / "data"),
        XDG_STATE_HOME=str(home / "state"),
    )
    return env


class Running:
    """The program's log, line by line, as it writes it (read by a thread of the test's)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.seen: list[str] = []
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        with self.process.stderr:
            for line in self.process.stderr:
                self._lines.put(line)
        self._lines.put(None)

    def wait_for(self, words: str, seconds: float = 30) -> None:
        """Until the log says ``words`` (fails if it ends, or takes longer, first)."""
        deadline = time.monotonic() + seconds
        while not any(words in line for line in self.seen):
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                pytest.fail(f"no {words!r} in {seconds} s:\n" + "".join(self.seen))
            if line is None:
                pytest.fail(f"the program ended before {words!r}:\n" + "".join(self.seen))
            self.seen.append(line)

    def rest(self) -> str:
        """Every line, once the program has ended."""
        while (line := self._lines.get()) is not None:
            self.seen.append(line)
        return "".join(self.seen)


def start_and_stop(
    home: Path, setup: str = "", *, meanwhile: Callable[[Running], None] | None = None
) -> str:
    """Start the program (after ``setup``'s shell commands, in mounts of its own), wait for
    its word that it is up, do what is done ``meanwhile``, SIGTERM it: it ends within 5 s,
    cleanly. Its log (stderr) is returned."""
    args = [str(PROGRAM), "--log-level", "INFO", "--lang", "en_US"]
    if setup:
        args = in_mounts_of_its_own(setup, args)
    process = subprocess.Popen(args, env=_environment(home), stderr=subprocess.PIPE, text=True)
    running = Running(process)
    try:
        running.wait_for(UP)
        if meanwhile is not None:
            meanwhile(running)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=5)
    finally:
        process.kill()  # one that ignored the signal must not outlive the test
        process.wait()
    log = running.rest()
    assert process.returncode == 0, log
    assert "Traceback" not in log
    return log


def in_mounts_of_its_own(setup: str, args: list[str]) -> list[str]:
    """``args`` run after ``setup`` in a mount namespace of their own: a read-only folder or a
    small full disk that binds even root, and vanishes with the process. The shell ``exec``s
    the program: its pid is the one signalled."""
    # As root, a namespace of mounts alone; as anyone else, one where they are root for it.
    unshare = ["unshare", "--mount"] if os.geteuid() == 0 else ["unshare", "-r", "--mount"]
    return [*unshare, "sh", "-ec", f'{setup}; exec "$@"', "sh", *args]


def check_connection(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "desktop_app", "--check-connection", "--lang", "en_US", *args],
        env=_environment(home),
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


NOT_A_CERTIFICATE_FILE = (
    "it is not a certificate file (a device, a pipe, or larger than 4 MB), and was not read."
)


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _sparse(path: Path) -> Path:
    with path.open("wb") as file:
        file.truncate(2 * 1024**3)  # 2 GB that take no room
    return path


@pytest.mark.parametrize(
    "authority",
    [
        pytest.param(lambda _folder: Path("/dev/zero"), id="dev-zero"),
        pytest.param(lambda folder: _fifo(folder / "ca.pem"), id="fifo"),
        pytest.param(lambda folder: _sparse(folder / "ca.pem"), id="2-gb"),
    ],
)
def test_an_authority_that_is_no_file_is_named_and_never_read(
    tmp_path: Path, shared_sandbox: SandboxServer, authority: object
) -> None:
    path = authority(tmp_path)  # type: ignore[operator]
    _settings(tmp_path, f"[service]\nurl={shared_sandbox.base_url}\nca_file={path}\n")
    log = start_and_stop(tmp_path)
    assert NOT_A_CERTIFICATE_FILE in log or "the main window is up" in log
    done = check_connection(tmp_path, "--api-url", "https://127.0.0.1:1")
    assert done.returncode == 2, done.stdout
    assert f"✗ Trust: The certificate authority file cannot be used: {NOT_A_CERTIFICATE_FILE}" in (
        done.stdout
    )
    assert path.exists()  # named, not touched


def test_an_address_longer_than_any_is_refused_with_its_reason(tmp_path: Path) -> None:
    address = "https://" + "a" * 100_000 + ".example"
    _settings(tmp_path, f"[service]\nurl={address}\n")
    done = check_connection(tmp_path)
    assert (
        f"service/url: {address[:57]}… cannot be used (it is longer than any value of it"
        " (100,016 characters)); the default, http://127.0.0.1:8765, is used." in done.stdout
    )
    start_and_stop(tmp_path)


CHANGE_A_SETTING = """
from PySide6.QtWidgets import QApplication
from desktop_app.gui.settings import preferences as prefs, setting
from desktop_app.gui.settings.settings_files import open_settings
app = QApplication([])
app.setOrganizationName(setting.ORGANIZATION)
app.setApplicationName(setting.APPLICATION)
opened = open_settings()
for language in ("pt_BR", "en_US"):  # each saved at once, as the Settings window saves it
    prefs.Preferences(opened.person, app, managed=opened.managed).set(prefs.LANGUAGE, language)
"""


def test_the_persons_settings_stay_theirs_alone_as_qt_writes_them_again(
    tmp_path: Path, processes: None
) -> None:
    """Issue 87: every file the desk writes is its person's alone (0600, in a folder of 0700),
    the settings file too, which Qt rewrites (a new file renamed over the old one) each time a
    setting is saved. An earlier version's file, open to all, is made the person's too."""
    earlier = _settings(tmp_path, "[service]\nurl=https://pos.example\n")
    os.chmod(earlier, 0o644)
    os.chmod(earlier.parent, 0o755)  # noqa: S103 - as an earlier version left it
    done = subprocess.run(
        [sys.executable, "-c", CHANGE_A_SETTING],
        env=_environment(tmp_path), capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "language=en_US" in earlier.read_text()  # written again by Qt, twice
    assert (stat.S_IMODE(earlier.stat().st_mode), stat.S_IMODE(earlier.parent.stat().st_mode)) == (
        0o600,
        0o700,
    )


def test_a_new_persons_settings_file_is_theirs_alone(tmp_path: Path, processes: None) -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHANGE_A_SETTING],
        env=_environment(tmp_path), capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    made = tmp_path / "config" / "POS Back-Office" / "pos-backoffice.conf"
    assert (stat.S_IMODE(made.stat().st_mode), stat.S_IMODE(made.parent.stat().st_mode)) == (
        0o600,
        0o700,
    )


def test_a_settings_file_of_two_megabytes_is_kept_aside_unread(tmp_path: Path) -> None:
    file = _settings(tmp_path, "[service]\nurl=https://" + "a" * 2_000_000 + ".example\n")
    done = check_connection(tmp_path)
    (aside,) = file.parent.glob("pos-backoffice.conf.not-read-*")
    assert (
        f"Your settings file {file} is not a settings file (larger than 1 MB): it is kept as"
        f" {aside}, and your settings start from their defaults." in done.stdout
    )
    assert aside.stat().st_size > 2_000_000
    start_and_stop(tmp_path)


def test_the_persons_out_of_range_and_malformed_settings_are_said_and_kept(
    tmp_path: Path, shared_sandbox: SandboxServer
) -> None:
    file = _settings(
        tmp_path,
        f"[service]\nurl={shared_sandbox.base_url}\ntimeout=nan\nthis line has no sign\n"
        "[session]\nidle_lock_minutes=1e9\n[journal]\nkeep_days=-3\n"
        "[day_close]\nterminal_model=Cielo LIO\n[ui]\ncurrency=R$\n",
    )
    log = start_and_stop(tmp_path)
    assert "Some of your own settings could not be used. Nothing was lost" in log
    (aside,) = file.parent.glob("pos-backoffice.conf.not-read-*")
    assert "this line has no sign" in aside.read_text()  # kept whole, never rewritten
    carried = file.read_text()
    assert "terminal_model=Cielo LIO" in carried and f"url={shared_sandbox.base_url}" in carried
    assert stat.S_IMODE(file.stat().st_mode) == 0o600  # the new file is the person's alone too
    done = check_connection(tmp_path)
    assert done.returncode == 0, done.stdout  # the defaults are used: nothing stops the desk
    said = done.stdout.splitlines()
    assert said[0] == (
        "! Some of your own settings could not be used. Nothing was lost: check them in File ▸"
        " Settings."
    )
    for words in (
        "service/timeout: nan cannot be used (it is not from 2 to 300); the default, 30.0, is"
        " used.",
        "session/idle_lock_minutes: 1e9 cannot be used (it is not from 0 to 240); the default,"
        " 5.0, is used.",
        "journal/keep_days: -3 cannot be used (it is not from 7 to 3650); the default, 90, is"
        " used.",
        # the setting's own rule, beyond its type: the same for IT's values and the person's
        "ui/currency: R$ cannot be used (it is not a three-letter currency code, such as BRL);"
        " the default, BRL, is used.",
    ):
        assert any(line.endswith(words) for line in said), words


def test_a_settings_file_that_is_a_pipe_or_a_device_is_never_opened(
    tmp_path: Path, shared_sandbox: SandboxServer
) -> None:
    persons = tmp_path / "config" / "POS Back-Office" / "pos-backoffice.conf"
    persons.parent.mkdir(parents=True)
    os.mkfifo(persons)
    its = tmp_path / "xdg" / "POS Back-Office" / "pos-backoffice.conf"
    its.parent.mkdir(parents=True)
    its.symlink_to("/dev/zero")
    done = check_connection(tmp_path, "--api-url", shared_sandbox.base_url)
    assert done.returncode == 1, done.stdout
    assert done.stdout.splitlines()[0] == (
        f"✗ {its}: it is not a settings file (a device or a pipe, not a file) and was not read,"
        " so the settings your administrator set do not apply here. Ask IT to correct it."
    )
    (aside,) = persons.parent.glob("pos-backoffice.conf.not-read-*")
    assert aside.is_fifo()  # kept under its new name, never deleted
    assert f"is kept as {aside}, and your settings start from their defaults." in done.stdout
    start_and_stop(tmp_path)


UNFORESEEN = """
import sys
from desktop_app.gui.shell import app
def build_context(*args, **kwargs):
    raise RuntimeError("a fault this app did not foresee")
app.build_context = build_context
from desktop_app.__main__ import main
sys.exit(main())
"""
"""The real program, with a fault put where start-up builds its parts: every cause the app
knows of (a bad journal, a bad file) now has a way forward, and this is the last net's."""


def test_with_no_screen_a_stop_is_logged_and_the_program_exits_at_once(tmp_path: Path) -> None:
    """Nobody reads a window on an offscreen desk: the words go to the log, the exit status
    says it failed, and nothing waits for a person (it used to wait on its dialog for ever,
    deaf to SIGTERM)."""
    done = subprocess.run(
        [sys.executable, "-c", UNFORESEEN, "--lang", "en_US"],
        env=_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 1
    assert "The app must close (RuntimeError). Start it again." in done.stderr
