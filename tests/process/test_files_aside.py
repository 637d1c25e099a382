"""The name a file is kept aside under is never taken for a card number: the log that names it
is redacted, and IT must be able to read it there."""

from __future__ import annotations

from datetime import datetime, timedelta

from desktop_app.api.card_numbers import contains_card_number
from desktop_app.core.redaction import redact
from desktop_app.process.files import STAMP


def test_no_moment_of_a_day_makes_a_kept_file_name_a_card_number() -> None:
    start = datetime(2026, 11, 28)
    for second in range(0, 24 * 3600, 7):  # every seventh second of a day
        name = f"/home/x/journal.sqlite3.damaged-{(start + timedelta(seconds=second)):{STAMP}}"
        assert not contains_card_number(name), name
        assert redact(name) == name
