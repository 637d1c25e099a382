"""Closing the day: this desk's recorded payments of a day against the terminal's report."""

from __future__ import annotations

import json
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from desktop_app.api.models import NewPayment
from desktop_app.core.day_close.closing import (
    Look,
    check_totals,
    close_day,
    reconcile,
    slips_to_look_at,
)
from desktop_app.core.day_close.kinds import Kind, Split, Total, typed_kind
from desktop_app.core.day_close.terminal_export import (
    CardNumberInFileError,
    Column,
    CsvMapping,
    TerminalFileError,
    decoded,
    guess_columns,
    headers_of,
    mapping_from_json,
    mapping_to_json,
    read_terminal_csv,
)
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_states import EntryState

DAY = date(2026, 11, 20)
VISA_CREDIT = Kind("Visa", "credit", Split.SINGLE)
VISA_CREDIT_SPLIT = Kind("Visa", "credit", Split.INSTALLMENTS)
MASTER_DEBIT = Kind("Mastercard", "debit", Split.SINGLE)


def slip(
    nsu: str,
    amount: str,
    *,
    brand: str = "Visa",
    kind: str = "credit",
    installments: int = 1,
    last: str = "4242",
    auth: str = "",
) -> NewPayment:
    return NewPayment(
        order_id=100001, card="*" * 12 + last, auth=auth or f"A{nsu}", nsu=nsu,
        installments=installments, amount=Decimal(amount), flag_name=brand,
        payment_type=kind, user_id=2001,
    )  # fmt: skip


def write(journal: PaymentJournal, payment: NewPayment, state: EntryState, day: date = DAY) -> None:
    entry = journal.add("001", payment, slip_date=day)
    journal.set_state(entry.id, state)


@pytest.fixture
def journal(tmp_path: Path) -> PaymentJournal:
    return PaymentJournal(tmp_path / "journal.sqlite3")


def test_the_day_s_confirmed_payments_are_totalled_per_brand_and_type(
    journal: PaymentJournal,
) -> None:
    write(journal, slip("1", "10.00"), EntryState.CONFIRMED)
    write(journal, slip("2", "15.50", brand="VISA"), EntryState.CONFIRMED)  # as typed: one brand
    write(journal, slip("3", "300.00", installments=3), EntryState.CONFIRMED)
    write(journal, slip("4", "42.00", brand="Mastercard", kind="debit"), EntryState.CONFIRMED)
    write(journal, slip("5", "99.00"), EntryState.NEEDS_REVIEW)
    write(journal, slip("6", "98.00"), EntryState.SET_ASIDE)
    write(journal, slip("7", "97.00"), EntryState.REJECTED)
    write(journal, slip("8", "96.00"), EntryState.PENDING)
    write(journal, slip("9", "1.00"), EntryState.CONFIRMED, DAY - timedelta(days=1))
    closing = close_day(journal, "001", DAY)
    assert closing.totals == (
        Total(MASTER_DEBIT, 1, Decimal("42.00")),
        Total(VISA_CREDIT_SPLIT, 1, Decimal("300.00")),
        Total(VISA_CREDIT, 2, Decimal("25.50")),
    )  # by brand, then type, then in installments before in one payment
    assert closing.amount == Decimal("367.50")
    apart = {state: [e.payment.nsu for e in entries] for state, entries in closing.apart.items()}
    assert apart == {
        EntryState.NEEDS_REVIEW: ["5"],
        EntryState.PENDING: ["8"],
        EntryState.KEPT: [],
        EntryState.HELD: [],
        EntryState.SET_ASIDE: ["6"],
        EntryState.REJECTED: ["7"],
    }
    assert not closing.gone
    assert close_day(journal, "002", DAY).totals == ()  # another store's desk day


def test_a_day_older_than_the_journal_keeps_says_its_data_is_gone(
    journal: PaymentJournal,
) -> None:
    write(journal, slip("1", "10.00"), EntryState.CONFIRMED)
    journal.prune(90, today=DAY + timedelta(days=100))
    closing = close_day(journal, "001", DAY)
    assert closing.gone and closing.confirmed == ()
    assert not close_day(journal, "001", DAY + timedelta(days=20)).gone


# -- the terminal's export -----------------------------------------------------------------

MAPPING = CsvMapping(
    columns={
        Column.DATE: "Data da venda",
        Column.NSU: "NSU",
        Column.AUTH: "Código de autorização",
        Column.BRAND: "Bandeira",
        Column.TYPE: "Forma de pagamento",
        Column.INSTALLMENTS: "Parcelas",
        Column.AMOUNT: "Valor bruto",
        Column.STATUS: "Status",
        Column.LAST_FOUR: "Cartão",
    },
    sale_statuses=frozenset({"aprovada"}),
)
HEADER = (
    "Data da venda;Hora;NSU;Código de autorização;Bandeira;Forma de pagamento;Parcelas;"
    "Valor bruto;Status;Cartão;ID da transação\n"
)


def export(*lines: str) -> str:
    return HEADER + "".join(line + "\n" for line in lines)


def test_an_export_is_read_through_its_mapping_and_keeps_other_lines_apart() -> None:
    report = read_terminal_csv(
        export(
            "20/11/2026;10:01;000001;A1;VISA;Crédito;1;10,00;Aprovada;************4242;"
            "4111111111111111",  # a long id that passes the Luhn check: not a card number
            "20/11/2026 10:05;;000002;A2;VISA;Crédito;3;1.300,00;Aprovada;****4242;x",
            "20/11/2026;10:09;000003;A3;PIX;Pix;1;R$ 50.00;Aprovada;;x",  # a point before cents
            "20/11/2026;10:10;000004;A4;Alelo;Voucher refeição;1;32,00;Aprovada;;x",
            "20/11/2026;10:12;000005;A5;MASTERCARD;Débito;1;20,00;Cancelada;************5454;x",
            "19/11/2026;23:59;000006;A6;ELO;Débito;1;8,00;Aprovada;************6363;x",
            ";;;;;;;;;;",
        ),
        MAPPING,
        DAY,
    )
    assert [(s.line, s.nsu, s.kind, s.amount, s.last_four) for s in report.slips] == [
        (2, "000001", VISA_CREDIT, Decimal("10.00"), "4242"),
        (3, "000002", VISA_CREDIT_SPLIT, Decimal("1300.00"), "4242"),
    ]
    assert [(o.line, o.amount) for o in report.others] == [
        (4, Decimal("50.00")),  # PIX
        (5, Decimal("32.00")),  # a meal voucher
        (6, Decimal("20.00")),  # a cancelled sale
        (7, Decimal("8.00")),  # another day
    ]


def test_a_card_number_in_any_cell_read_refuses_the_file_each_cell_on_its_own() -> None:
    with pytest.raises(CardNumberInFileError) as refused:
        read_terminal_csv(
            export(
                "20/11/2026;10:01;000001;A1;VISA;Crédito;1;10,00;Aprovada;************4242;x",
                "20/11/2026;10:02;4111.1111.1111.1111;A2;VISA;Crédito;1;11,00;Aprovada;4242;x",
            ),
            MAPPING,
            DAY,
        )
    assert refused.value.line == 3
    # Cells side by side are never one number: 4111;1111;1111;1111 would be, read as a line.
    report = read_terminal_csv(
        export("20/11/2026;10:01;4111;1111;1111;Crédito;1;10,00;Aprovada;1111;x"), MAPPING, DAY
    )
    assert [s.nsu for s in report.slips] == ["4111"]


def test_a_day_and_time_with_a_cards_digits_is_read_as_a_date() -> None:
    # 20/11/2026 00:00:09: fourteen digits in one grouped run, and they pass Luhn.
    report = read_terminal_csv(
        export("20/11/2026 00:00:09;;000001;A1;VISA;Crédito;1;10,00;Aprovada;4242;x"),
        MAPPING,
        DAY,
    )
    assert [s.day for s in report.slips] == [DAY]


def test_a_card_column_showing_more_than_the_last_four_refuses_the_file_whole() -> None:
    with pytest.raises(CardNumberInFileError) as refused:
        read_terminal_csv(
            export(
                "20/11/2026;10:01;000001;A1;VISA;Crédito;1;10,00;Aprovada;************4242;x",
                "20/11/2026;10:02;000002;A2;VISA;Crédito;1;11,00;Aprovada;411111******4242;x",
            ),
            MAPPING,
            DAY,
        )
    assert refused.value.line == 3 and "line 3" in str(refused.value)


def test_an_export_that_does_not_fit_the_mapping_says_what_is_wrong() -> None:
    with pytest.raises(TerminalFileError, match="no column named 'Data da venda'"):
        read_terminal_csv("Data;NSU\n20/11/2026;1\n", MAPPING, DAY)
    with pytest.raises(TerminalFileError, match="line 2: the amount"):
        read_terminal_csv(
            export("20/11/2026;10:01;1;A1;VISA;Crédito;1;dez reais;Aprovada;;x"), MAPPING, DAY
        )
    with pytest.raises(TerminalFileError, match="line 2: the amount"):  # not R$1,250.00
        read_terminal_csv(
            export("20/11/2026;10:01;1;A1;VISA;Crédito;1;12x50;Aprovada;;x"), MAPPING, DAY
        )
    with pytest.raises(TerminalFileError, match="empty"):
        read_terminal_csv("", MAPPING, DAY)
    with pytest.raises(TerminalFileError, match="line 2: the date"):
        read_terminal_csv(
            export("2026-11-20;10:01;1;A1;VISA;Crédito;1;10,00;Aprovada;;x"), MAPPING, DAY
        )


def test_a_mapping_that_leaves_a_required_column_unnamed_is_refused_before_any_line() -> None:
    """Chosen in the dialog with the NSU left blank: said, and the file is not read at all."""
    blank = CsvMapping(columns={**MAPPING.columns, Column.NSU: ""})
    with pytest.raises(TerminalFileError, match="names no column for: nsu"):
        read_terminal_csv(
            export("20/11/2026;10:01;1;A1;VISA;Crédito;1;10,00;Aprovada;;x"), blank, DAY
        )
    no_status = CsvMapping(columns={**MAPPING.columns, Column.STATUS: ""})  # optional: skipped
    read = read_terminal_csv(
        export("20/11/2026;10:01;1;A1;VISA;Crédito;1;10,00;Cancelada;;x"), no_status, DAY
    )
    assert [slip.amount for slip in read.slips] == [Decimal("10.00")]


def test_an_older_terminals_latin_1_export_reads_with_its_accents() -> None:
    assert (
        decoded("Forma de pagamento;Crédito\n".encode("latin-1")) == "Forma de pagamento;Crédito\n"
    )
    assert decoded("\ufeffCrédito".encode()) == "Crédito"  # UTF-8 with its mark


def test_a_kept_mapping_whose_lists_are_no_lists_is_asked_for_again() -> None:
    kept = mapping_to_json(MAPPING)
    assert mapping_from_json({**kept, "credit_types": "crédito"}) is None


# -- the two sides -------------------------------------------------------------------------


def recorded(journal: PaymentJournal, *payments: NewPayment) -> list[JournalEntry]:
    for payment in payments:
        write(journal, payment, EntryState.CONFIRMED)
    return list(close_day(journal, "001", DAY).confirmed)


def test_recorded_payments_are_matched_with_the_terminal_s_slips(journal: PaymentJournal) -> None:
    mine = recorded(
        journal,
        slip("1", "10.00", auth="A1"),  # on both sides: matched (the terminal pads its NSU)
        slip("2", "20.00", auth="A2"),  # the terminal says 25,00: an amount difference
        slip("3", "30.00", auth="A3", last="1111"),  # another card on the terminal
        slip("44", "40.00", auth="A4"),  # NSU mistyped (4 for 4): found by amount and card
        slip("5", "50.00", auth="A5"),  # never on the terminal (another one, or a typo)
    )
    report = read_terminal_csv(
        export(
            "20/11/2026;1;000001;A1;VISA;Crédito;1;10,00;Aprovada;************4242;x",
            "20/11/2026;2;000002;A2;VISA;Crédito;1;25,00;Aprovada;************4242;x",
            "20/11/2026;3;000003;A3;VISA;Crédito;1;30,00;Aprovada;************2222;x",
            "20/11/2026;4;000004;A4;VISA;Crédito;1;40,00;Aprovada;************4242;x",
            "20/11/2026;6;000006;A6;VISA;Crédito;1;60,00;Aprovada;************4242;x",
        ),
        MAPPING,
        DAY,
    )
    result = reconcile(mine, report)
    assert [(e.payment.nsu, s.nsu) for e, s in result.matched] == [("1", "000001")]
    assert [(d.recorded.payment.nsu, d.amount, d.card, d.codes) for d in result.differences] == [
        ("2", True, False, False),
        ("3", False, True, False),
        ("44", False, False, True),
    ]
    assert [s.nsu for s in result.not_recorded] == ["000006"]  # revenue never recorded
    assert [e.payment.nsu for e in result.not_on_terminal] == ["5"]
    assert not result.agrees
    # The sixth kept here while the service was away: listed apart, not "never recorded".
    kept = journal.add("001", slip("6", "60.00", auth="A6"))
    assert reconcile(mine, report, [kept]).not_recorded == ()


def test_typed_totals_are_checked_per_kind() -> None:
    recorded_totals = (
        Total(VISA_CREDIT, 2, Decimal("25.50")),
        Total(MASTER_DEBIT, 1, Decimal("42.00")),
    )
    typed = (
        Total(VISA_CREDIT, 2, Decimal("25.50")),
        Total(MASTER_DEBIT, 1, Decimal("24.00")),
        Total(VISA_CREDIT_SPLIT, 1, Decimal("300.00")),
    )
    checks = {check.kind: check for check in check_totals(recorded_totals, typed)}
    assert checks[VISA_CREDIT].agrees
    assert not checks[MASTER_DEBIT].agrees
    assert checks[VISA_CREDIT_SPLIT].recorded == Total(VISA_CREDIT_SPLIT, 0, Decimal(0))


def test_a_first_mapping_is_guessed_from_the_headers_and_kept_as_settings_keep_it() -> None:
    headers = [h.strip() for h in HEADER.split(";")]
    assert headers_of(HEADER + "x;y\n") == headers
    guessed = guess_columns(headers)
    assert guessed == dict(MAPPING.columns)
    kept = mapping_from_json(json.loads(json.dumps(mapping_to_json(MAPPING))))
    assert kept == MAPPING
    assert mapping_from_json({"columns": "nonsense"}) is None


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        (("elo", "d", ""), Kind("Elo", "debit", Split.SINGLE)),
        (("ELO ", "Débito", "1"), Kind("Elo", "debit", Split.SINGLE)),
        (("Visa", "crédito", "parcelado"), Kind("Visa", "credit", Split.INSTALLMENTS)),
        (("Visa", "credit", "3"), Kind("Visa", "credit", Split.INSTALLMENTS)),
        (("Visa", "voucher", "inst."), Kind("Visa", "voucher", Split.INSTALLMENTS)),
    ],
)
def test_a_kind_typed_from_the_printout_reads_in_either_language(
    typed: tuple[str, str, str], kind: Kind
) -> None:
    assert typed_kind(*typed) == kind
    assert typed_kind(" ", "credit", "") is None  # no brand yet: not a kind


def test_the_slips_to_look_at_come_in_the_order_a_person_settles_them(
    journal: PaymentJournal,
) -> None:
    entries = recorded(journal, slip("1", "10.00"), slip("2", "20.00"))
    write(journal, slip("3", "30.00"), EntryState.NEEDS_REVIEW)
    closing = close_day(journal, "001", DAY)
    report = read_terminal_csv(
        export(
            "20/11/2026;10:01;1;A1;VISA;Crédito;1;10,00;Aprovada;;x",
            "20/11/2026;10:02;9;A9;VISA;Crédito;1;99,00;Aprovada;;x",
            "20/11/2026;10:03;8;A8;PIX;Pix;1;5,00;Aprovada;;x",
        ),
        MAPPING,
        DAY,
    )
    looks = slips_to_look_at(closing, reconcile(entries, report))
    assert [(look.why, look.state) for look in looks] == [
        (Look.APART, EntryState.NEEDS_REVIEW),
        (Look.NOT_RECORDED, None),
        (Look.NOT_ON_TERMINAL, None),
        (Look.OTHER_LINE, None),
    ]
    assert [look.why for look in slips_to_look_at(closing, None)] == [Look.APART]
