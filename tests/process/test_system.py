"""Each difference between a Windows desk and a Linux one (process/system), checked on the
system the tests run on: make test on Linux, make test-windows on Windows CPython."""

from __future__ import annotations

import io
import os
import signal
from pathlib import Path

from desktop_app.process import system


def test_a_stop_signal_raised_wakes_the_reader_with_its_number() -> None:
    wake_up = system.WakeUp()
    previous_fd = signal.set_wakeup_fd(wake_up.writer, warn_on_full_buffer=False)
    previous = signal.signal(signal.SIGINT, lambda *_: None)
    try:
        signal.raise_signal(signal.SIGINT)
        assert wake_up.read() == bytes([signal.SIGINT])
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.set_wakeup_fd(previous_fd)
        wake_up.close()


def test_ctrl_c_asks_to_stop_on_every_desk_and_so_does_the_systems_own_request() -> None:
    assert signal.SIGINT in system.STOP_SIGNALS
    expected = "SIGBREAK" if system.WINDOWS else "SIGTERM"  # Ctrl+Break; a service manager's
    assert expected in {sig.name for sig in system.STOP_SIGNALS}


def test_a_lock_file_has_one_holder_until_it_closes(tmp_path: Path) -> None:
    path = tmp_path / "sender.lock"
    first = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    second = os.open(path, os.O_RDWR)
    try:
        assert system.try_lock(first) and not system.try_lock(second)
        os.close(first)
        assert system.try_lock(second)
    finally:
        os.close(second)


def test_a_character_a_stream_cannot_hold_is_written_as_a_question_mark() -> None:
    buffer = io.BytesIO()
    stream = io.TextIOWrapper(buffer, encoding="cp1252")
    system.written_safely(stream, None)
    stream.write("✓ Conexão: ok")
    stream.flush()
    assert buffer.getvalue().decode("cp1252") == "? Conexão: ok"


def test_a_file_made_owner_only_can_still_be_written_by_its_owner(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"")
    system.make_owner_only(path)
    system.make_owner_only(tmp_path, folder=True)
    with path.open("ab") as handle:
        system.make_open_file_owner_only(handle.fileno())
        handle.write(b"kept")
    assert path.read_bytes() == b"kept"
    if not system.WINDOWS:  # Windows: the profile's access list (nothing is changed)
        assert (path.stat().st_mode & 0o777, tmp_path.stat().st_mode & 0o777) == (0o600, 0o700)
