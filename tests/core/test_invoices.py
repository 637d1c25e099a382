"""The invoices this machine issued: found again, with no card or customer data kept."""

from __future__ import annotations

import sqlite3
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from desktop_app.core.invoices import InvoiceBook, kept_answer, record_of

KEY = "35261112345678000190550010000000171000000173"
SANDBOX_ANSWER: dict[str, object] = {
    "number": 17, "series": "1", "issueDate": "2026-11-22T14:00:00Z", "orderId": 100001,
    "amount": 1622.74, "accessKey": KEY,
}  # fmt: skip


def test_an_answer_becomes_a_record_whatever_its_spelling(tmp_path: Path) -> None:
    record = record_of("001", 100001, SANDBOX_ANSWER)
    assert (record.number, record.series) == ("17", "1")
    assert record.issued_at == datetime(2026, 11, 22, 14, tzinfo=UTC)
    assert record.amount == Decimal("1622.74")
    assert record.grouped_access_key().split() == [KEY[i : i + 4] for i in range(0, 44, 4)]
    other = record_of("001", 5, [{"nfe": {"numero": "9", "serie": "2", "chave": "123"}}])
    assert (other.number, other.series, other.access_key) == ("9", "2", "123")
    assert record_of("001", 5, None).number == ""  # an answer with no details


def test_no_customer_or_card_data_is_kept(tmp_path: Path) -> None:
    answer = {
        **SANDBOX_ANSWER,
        "customerName": "Ana Silva", "customer": {"cpf": "12345678909"},
        "buyer_email": "ana@example.com", "items": [{"cardNumber": "************1111"}],
    }  # fmt: skip
    kept = kept_answer(answer)
    assert set(kept) == {*SANDBOX_ANSWER, "items"} and kept["items"] == [{}]
    book = InvoiceBook(tmp_path / "invoices.sqlite3")
    book.add(record_of("001", 1, {**SANDBOX_ANSWER, "note": "4111 1111 1111 1111"}))
    book.add(record_of("001", 2, SANDBOX_ANSWER))
    book.add(record_of("001", 3, {**SANDBOX_ANSWER, "notes": ["pago", "4111 1111 1111 1111"]}))
    # Read through SQLite, as another program would: a row just written sits in the
    # write-ahead log, not yet in the main file.
    reader = sqlite3.connect(tmp_path / "invoices.sqlite3")
    kept_on_disk = "\n".join(reader.iterdump())
    reader.close()
    assert KEY in kept_on_disk  # the plain answer is there
    assert "4111" not in kept_on_disk  # an answer holding a card number is not kept at all
    book.close()


def test_a_timestamp_with_a_cards_digits_is_kept_as_a_timestamp(tmp_path: Path) -> None:
    # 10:30:00.000002+00:00 has sixteen digits in one grouped run, and they pass Luhn.
    answer = {**SANDBOX_ANSWER, "issueDate": "2026-11-22T10:30:00.000002+00:00"}
    book = InvoiceBook(tmp_path / "invoices.sqlite3")
    book.add(record_of("001", 100001, answer))
    found = book.get("001", 100001)
    assert found is not None and found.answer == answer
    book.add(record_of("001", 100002, {**answer, "nsu": "4111.1111.1111.1111"}))
    refused = book.get("001", 100002)
    assert refused is not None and refused.answer is None  # not kept with a card in it
    book.close()


def test_the_book_finds_an_invoice_again_and_knows_invoiced_elsewhere(tmp_path: Path) -> None:
    path = tmp_path / "invoices.sqlite3"
    book = InvoiceBook(path)
    book.add(record_of("001", 100001, SANDBOX_ANSWER))
    book.mark_elsewhere("001", 100002)
    book.close()
    book = InvoiceBook(path)  # another day, the same machine
    found = book.get("001", 100001)
    assert found is not None and found.number == "17" and found.answer == SANDBOX_ANSWER
    assert book.invoiced("001") == {100001: False, 100002: True}
    assert book.invoiced("002") == {} and book.get("002", 100001) is None
    book.close()


def test_the_checklist_names_payments_without_brand_authorization_or_nsu() -> None:
    from desktop_app.api.models import Order, Payment
    from desktop_app.core.invoices import check_before_invoice

    order = Order(order_id=7, amount_number=30.0, amount_paid_number=30.0)
    complete = Payment(order_id=7, amount=Decimal("10.00"), flag_name="Visa", auth="A1", nsu="1")
    no_nsu = Payment(order_id=7, amount=Decimal("20.00"), flag_name="Visa", auth="A2", nsu=" ")
    checks = check_before_invoice(order, [complete, no_nsu], [])
    assert checks.incomplete == (no_nsu,) and checks.balance_due == 0 and not checks.passed
    assert check_before_invoice(order, [complete], []).passed


def test_payments_not_all_read_are_never_a_passed_checklist() -> None:
    """Issue 88: a payment the service holds and this app did not read was not checked; the
    checklist never passes on what it did not see (a list in part, or an unreadable element)."""
    from desktop_app.api import Listing
    from desktop_app.api.models import Order, Payment
    from desktop_app.core.invoices import check_before_invoice

    order = Order(order_id=7, amount_number=10.0, amount_paid_number=10.0)
    complete = Payment(order_id=7, amount=Decimal("10.00"), flag_name="Visa", auth="A1", nsu="1")
    in_part: Listing[Payment] = Listing([complete])
    in_part.total, in_part.partial = 3, "short_of_total"
    unread: Listing[Payment] = Listing([complete])
    unread.unread_count = 1
    assert check_before_invoice(order, Listing([complete]), []).passed
    for payments in (in_part, unread):
        checks = check_before_invoice(order, payments, [])
        assert checks.not_all_read and not checks.passed


def test_an_invoices_time_with_no_zone_is_in_the_services_as_every_time_it_writes(
    tmp_path: Path,
) -> None:
    """Issue 88: an invoice issued at 23:41 in São Paulo, written with no zone, is 23:41 there
    (it read as UTC: 8:41 PM, and between midnight and 3 AM the day before); a bare date stays
    that day; and so they are kept and read back."""
    sao_paulo = ZoneInfo("America/Sao_Paulo")
    late = record_of("001", 7, {"numero": "9", "dhEmi": "2026-08-28T23:41:00"}, sao_paulo)
    assert late.issued_at == datetime(2026, 8, 28, 23, 41, tzinfo=sao_paulo)
    day = record_of("001", 8, {"numero": "10", "dataEmissao": "2026-08-28"}, sao_paulo)
    assert day.issued_at == date(2026, 8, 28) and not isinstance(day.issued_at, datetime)
    book = InvoiceBook(tmp_path / "invoices.sqlite3")
    for record in (late, day):
        kept = book.add(record)
        assert kept.issued_at == record.issued_at


@pytest.mark.parametrize("written", ["dez reais", "NaN", "Infinity", True, None, []])
def test_an_invoices_amount_that_is_no_number_is_none_not_guessed(written: object) -> None:
    from desktop_app.core.invoices import amount_of

    assert amount_of(written) is None
    assert amount_of("3715.11") == amount_of(3715.11) == Decimal("3715.11")
