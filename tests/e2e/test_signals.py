"""The real program stops cleanly on SIGINT (Ctrl+C in its terminal) and SIGTERM, as when its
window is closed: exit status 0, no traceback, the practice database removed, and the payment
journal kept as it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from desktop_app.api.models import NewPayment
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_states import UNSETTLED, EntryState
from tests.helpers import a_home_of_its_own

PROGRAM = Path(sys.executable).parent / "pos-backoffice"  # what set-up installed into .venv


def started_program(tmp_path: Path, journal: Path) -> subprocess.Popen[str]:
    """The installed program in training mode, offscreen, up and showing its orders."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        **a_home_of_its_own(tmp_path),
        TMPDIR=str(temp),  # where the practice database is made, so the test can see it go
    )
    args = [str(PROGRAM), "--training", "--log-level", "INFO", "--journal", str(journal)]
    process = subprocess.Popen(args, env=env, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    seen: list[str] = []
    for line in process.stderr:  # the program's log: wait for its own word that it is up
        seen.append(line)
        if "showing " in line and " orders" in line:
            break
    else:
        pytest.fail("the program ended before showing its orders:\n" + "".join(seen))
    assert list(temp.glob("pos-training-*")), "training mode made its practice database"
    return process


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM], ids=["INT", "TERM"])
def test_a_stop_signal_closes_the_program_cleanly(
    tmp_path: Path, stop_signal: signal.Signals
) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    journal = PaymentJournal(journal_path)
    payment = NewPayment(
        order_id=424242, card="************1111", auth="A1B2C3", nsu="778899",
        installments=1, amount=Decimal("10.00"), flag_name="Visa", payment_type="credit",
        user_id=2001,
    )  # fmt: skip
    entry = journal.set_state(journal.add("no-such-store", payment).id, EntryState.NEEDS_REVIEW)
    journal.close()

    process = started_program(tmp_path, journal_path)
    try:
        process.send_signal(stop_signal)
        _, rest = process.communicate(timeout=60)
    finally:
        process.kill()  # a program that ignored the signal must not outlive the test
        process.wait()

    assert process.returncode == 0, rest
    assert "Traceback" not in rest
    assert "KeyboardInterrupt" not in rest
    assert "Error calling Python override" not in rest
    assert not list((tmp_path / "tmp").glob("pos-training-*")), "the practice database is gone"
    journal = PaymentJournal(journal_path)
    try:
        assert journal.get(entry.id).state in UNSETTLED.states  # still there for the cashier
    finally:
        journal.close()
