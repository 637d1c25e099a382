"""The real program, started as a person starts it: training mode shows its window, loads the
demo orders and exits cleanly; nothing secret reaches the disk."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import write_administrators_file
from tests.helpers import a_home_of_its_own


def run_program(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        **a_home_of_its_own(tmp_path),  # QSettings, data and log folders land there
    )
    return subprocess.run(
        [sys.executable, "-m", "desktop_app", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )


def test_training_mode_starts_shows_orders_and_quits(tmp_path: Path) -> None:
    done = run_program(tmp_path, "--training", "--quit-after-start", "--lang", "en_US")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_no_token_is_written_to_disk(tmp_path: Path) -> None:
    done = run_program(tmp_path, "--training", "--quit-after-start", "--log-level", "DEBUG")
    assert done.returncode == 0, done.stderr
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.name == "pos-backoffice.log" for p in files)  # logging did happen
    written = b"".join(p.read_bytes() for p in files)
    assert b"eyJ" not in written  # every JWT starts with the base64 of '{"'
    assert "eyJ" not in done.stdout + done.stderr


def test_help_names_the_options(tmp_path: Path) -> None:
    done = run_program(tmp_path, "--help")
    assert done.returncode == 0
    for option in ("--training", "--api-url", "--lang", "--log-level"):
        assert option in done.stdout


def test_the_first_window_is_painted_before_the_heavy_imports(tmp_path: Path) -> None:
    """Start-up paints first: httpx, pydantic, qasync, PyJWT, Babel and Qt's namespace of enums
    (``Qt``, made on its first use) come after."""
    env = dict(
        os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), POS_REPORT_FIRST_PAINT="1"
    )
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app", "--training", "--quit-after-start"],
        env=env, capture_output=True, text=True, timeout=90, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("first-paint "))
    assert line.endswith("loaded="), line


def test_what_it_set_wrong_and_what_the_command_line_overrode_go_to_the_log(
    tmp_path: Path, administrators_file: Path
) -> None:
    write_administrators_file(
        administrators_file, "[service]\nurl=htps://central.example\n[ui]\nlanguage=pt_BR\n"
    )
    done = run_program(tmp_path, "--training", "--quit-after-start", "--lang", "en_US")
    assert done.returncode == 0, done.stderr
    assert f"{administrators_file}, service/url: it must start with https://" in done.stderr
    assert (
        "the command line's value is used for this run instead of the administrator's"
        f" ui/language in {administrators_file}"
    ) in done.stderr


def test_a_journal_kept_in_the_users_folder_is_read_at_start(tmp_path: Path) -> None:
    """What an upgrade relies on: the program opens the journal an earlier run left, and says
    what it holds (counts only) for IT."""
    from decimal import Decimal

    from desktop_app.api.models import NewPayment
    from desktop_app.core.journal import PaymentJournal
    from desktop_app.core.journal_states import EntryState

    path = tmp_path / "data" / "pos-backoffice" / "journal.sqlite3"
    earlier = PaymentJournal(path)
    entry = earlier.add("001", NewPayment(
        order_id=100001, card="************4242", auth="AB12CD", nsu="778899", installments=1,
        amount=Decimal("10.00"), flag_name="Visa", payment_type="credit", user_id=2001,
    ))  # fmt: skip
    earlier.set_state(entry.id, EntryState.CONFIRMED)
    earlier.close()
    done = run_program(
        tmp_path, "--training", "--quit-after-start", "--journal", str(path), "--log-level", "INFO"
    )
    assert done.returncode == 0, done.stderr
    assert f"payment journal {path}: 1 confirmed" in done.stderr
    assert "778899" not in done.stderr  # counts, never the slip
