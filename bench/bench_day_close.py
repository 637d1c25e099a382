"""The day close of a day with 2,000 card payments at one desk opens in under
100 ms (from the menu's action to the window painted with its totals and its slips).

Measured in the same run, five times each (the median stands):
* the floor: reading the day's 2,000 journal rows from SQLite and ``json.loads`` of each
  payment, what any reader of the journal must do;
* ``close_day`` alone (the rows as entries, totalled per kind, the others apart);
* the window: built, filled, shown and painted.
The journal holds 90 days of such desks (180,000 payments), as a default setting keeps them.
"""

from __future__ import annotations

import json
import os
import sqlite3
import statistics
import tempfile
import time
from contextlib import closing
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QDate, QSettings
from PySide6.QtWidgets import QApplication

from bench.common import report
from desktop_app.api.models import NewPayment
from desktop_app.core.day_close.closing import close_day
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_states import EntryState
from desktop_app.gui.day_close.window import DayCloseWindow
from desktop_app.gui.look.style import apply_style
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.shell.parts import build_context

PAYMENTS = 2_000
DAYS = 90
DAY = date(2026, 11, 20)
ROUNDS = 5
BRANDS = ("Visa", "Mastercard", "Elo", "Hipercard", "American Express")


def seed(path: Path, last_day: date = DAY, *, settled_only: bool = False, days: int = DAYS) -> None:
    """``days`` days of 2,000 payments a day up to ``last_day``, one in a hundred waiting for
    a person's review (none with ``settled_only``: a desk at the start of its week), written
    straight into the journal's file (the journal's own ``add`` would take minutes)."""
    PaymentJournal(path).close()  # the schema
    rows = []
    for day_number in range(days):
        day = (last_day - timedelta(days=day_number)).isoformat()
        for n in range(PAYMENTS):
            payment = NewPayment(
                order_id=100_000 + n, card="************4242", auth=f"A{n:05d}",
                nsu=f"{day_number:02d}{n:06d}", installments=1 + n % 4 // 3,
                amount=Decimal(10 + n % 500) + Decimal("0.90"), flag_name=BRANDS[n % 5],
                payment_type=("credit", "debit")[n % 2], user_id=2001,
            )  # fmt: skip
            reviewed = n % 100 or settled_only
            state = EntryState.CONFIRMED if reviewed else EntryState.NEEDS_REVIEW
            moment = f"{day}T12:00:00+00:00"
            rows.append(
                (f"{day_number}-{n}", "001", payment.order_id, payment.to_json().decode(),
                 state, "", moment, moment, day)
            )  # fmt: skip
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.executemany(
            "INSERT INTO payments (id, store_id, order_id, body, state, note, created_at,"
            " updated_at, slip_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


def floor(path: Path) -> float:
    started = time.perf_counter()
    with closing(sqlite3.connect(path)) as connection, connection:
        bodies = connection.execute(
            "SELECT body FROM payments WHERE store_id = ? AND slip_date = ?",
            ("001", DAY.isoformat()),
        ).fetchall()
    decoded = [json.loads(body) for (body,) in bodies]
    assert len(decoded) == PAYMENTS
    return time.perf_counter() - started


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-day-close-"))
    path = folder / "journal.sqlite3"
    seed(path)
    app = QApplication([])
    apply_style(app)
    preferences = Preferences(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    ctx = build_context(preferences, "http://127.0.0.1:9", "pt_BR", path)
    journal: PaymentJournal = ctx.outbox.journal
    floors, closes, opens = [], [], []
    for _ in range(ROUNDS):
        floors.append(floor(path))
        started = time.perf_counter()
        closing = close_day(journal, "001", DAY)
        closes.append(time.perf_counter() - started)
        assert len(closing.confirmed) + len(closing.apart[EntryState.NEEDS_REVIEW]) == PAYMENTS
        started = time.perf_counter()
        window = DayCloseWindow(ctx, [("001", "001 - Loja Centro")], "001")
        window.ui.day_edit.setDate(QDate(DAY.year, DAY.month, DAY.day))  # opens on today
        window.show()
        window.repaint()  # painted now, as the first frame
        app.processEvents()
        opens.append(time.perf_counter() - started)
        assert window.totals.rowCount() > 0
        window.close()
        window.deleteLater()
        app.processEvents()
    ctx.close()
    floor_s, close_s, open_s = (statistics.median(v) for v in (floors, closes, opens))
    report({
        "payments_of_the_day": PAYMENTS,
        "payments_kept": PAYMENTS * DAYS,
        "floor_ms": floor_s * 1000,
        "close_day_ms": close_s * 1000,
        "open_ms": open_s * 1000,
        "open_to_floor_ratio": open_s / floor_s,
        "open_to_target_ratio": open_s / 0.100,
    })  # fmt: skip


if __name__ == "__main__":
    main()
