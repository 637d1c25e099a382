"""Brazilian Portuguese is complete, current, and shown; pseudo-translation stretches layouts."""

from __future__ import annotations

import asyncio
import re
import subprocess
import xml.etree.ElementTree as ET
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.core.money import money
from desktop_app.gui.look.language import TRANSLATIONS, catalogue_sources, pseudo
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.helpers import packaging_tool

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = TRANSLATIONS / "pos_backoffice_pt_BR.ts"


def messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(path).getroot()  # noqa: S314 - our own catalogue, not untrusted input
    return {
        (context.findtext("name", ""), message.findtext("source", "")): message
        for context in root.iter("context")
        for message in context.iter("message")
    }


@pytest.mark.usefixtures("processes")
def test_the_catalogue_holds_every_string_of_the_code(tmp_path: Path) -> None:
    """Run lupdate on the code and the forms now: a string added without translating it fails
    here."""
    fresh = tmp_path / "fresh.ts"
    sources = [str(path) for path in catalogue_sources()]
    assert any(path.endswith(".ui") for path in sources)  # the Designer forms are read
    subprocess.run(
        [str(Path(ROOT, ".venv", "bin", "pyside6-lupdate")), *sources, "-ts", str(fresh)],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    in_code = set(messages(fresh))
    in_catalogue = messages(CATALOGUE)
    assert in_code - set(in_catalogue) == set(), (
        "strings not in the catalogue: run make translations"
    )
    assert len(in_code) > 200


def test_every_string_is_translated_with_its_placeholders_and_mnemonics() -> None:
    for (context, source), message in messages(CATALOGUE).items():
        translation = message.find("translation")
        assert translation is not None and translation.get("type") is None, (context, source)
        text = translation.text or ""
        assert text.strip(), (context, source)
        assert sorted(re.findall(r"\{[^}]*\}", text)) == sorted(re.findall(r"\{[^}]*\}", source))
        assert text.count("&") == source.count("&"), (context, source)


@pytest.fixture
def portuguese(language: str) -> str:
    """The application in Brazilian Portuguese for one test."""
    return language


def test_the_app_speaks_portuguese(
    qtbot: QtBot,
    portuguese: str,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    assert portuguese == "pt_BR"
    main = open_window(qtbot, sandbox, settings)
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    assert main.training_banner.text() == "TREINAMENTO — dados de prática"
    assert main.orders.totals_label.text().startswith("60 pedidos")
    assert main.orders.ui.refresh_button.text() == "Atualizar (F5)"
    close_window(qtbot, main)


def test_money_follows_the_locale() -> None:
    assert money(Decimal("1234.56"), "pt_BR") == "R$\xa01.234,56"
    assert money(Decimal("1234.56"), "en_US", "USD") == "$1,234.56"


def test_pseudo_translation_stretches_but_keeps_what_matters() -> None:
    text = pseudo("&Send {count} payment(s)")
    assert (
        text.startswith("[&S")
        and "{count}" in text
        and len(text) > len("&Send {count} payment(s)") * 1.3
    )


def test_a_language_saved_in_settings_applies_at_once(
    qtbot: QtBot,
    qapp: QApplication,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    from desktop_app.gui.settings import preferences as prefs

    main = open_window(qtbot, sandbox, settings)
    page = main.orders
    qtbot.waitUntil(lambda: page.model.rowCount() == 60, timeout=10_000)
    try:
        main.ctx.preferences.set(prefs.LANGUAGE, "pt_BR")
        qtbot.waitUntil(lambda: main.file_menu.title() == "&Arquivo", timeout=5_000)
        assert page.ui.refresh_button.text() == "Atualizar (F5)"
        assert page.model.headerData(0, Qt.Orientation.Horizontal) == "Pedido"
        assert page.totals_label.text() == "60 pedidos"
        assert page.ui.due_caption.text() == "Saldo devedor"
        assert page.ui.due_value.text().startswith("R$\xa0")  # money written the Brazilian way
        titles = [
            page.model.headerData(c, Qt.Orientation.Horizontal)
            for c in range(page.model.columnCount())
        ]
        amount = page.model.index(0, titles.index("Valor")).data()
        assert amount.startswith("R$\xa0")  # in the rows too, written before in English
        assert main.status.user_label.text().startswith("Conectado")
    finally:
        main.ctx.preferences.set(prefs.LANGUAGE, "en_US")
    qtbot.waitUntil(lambda: main.file_menu.title() == "&File", timeout=5_000)
    close_window(qtbot, main)


def test_payment_types_have_english_words_not_the_services_values(qapp: QApplication) -> None:
    from desktop_app.gui.look.value_labels import PAYMENT_TYPES, payment_type_label

    assert [payment_type_label(value) for value in PAYMENT_TYPES] == ["Credit", "Debit"]


def test_every_value_the_app_knows_has_its_portuguese_words(portuguese: str) -> None:
    from desktop_app.gui.look.value_labels import (
        PAYMENT_TYPES,
        ROLES,
        payment_type_label,
        payment_type_of,
        role_label,
    )

    for value in PAYMENT_TYPES:
        shown = payment_type_label(value)
        assert shown and shown != value, value
        assert payment_type_of(shown) == value  # what is sent stays the service's value
    for value in ROLES:
        assert role_label(value) and role_label(value) != value, value
    assert payment_type_label("voucher") == "voucher"  # an unknown value, as it came
    assert role_label("auditor") == "auditor"


def test_units_and_dates_are_written_the_portuguese_way(
    qtbot: QtBot, portuguese: str, settings: QSettings
) -> None:
    from desktop_app.gui.desk_setup.settings_dialog import SettingsDialog
    from desktop_app.gui.settings.preferences import Preferences

    dialog = SettingsDialog(Preferences(settings))
    qtbot.addWidget(dialog)
    assert dialog.ui.timeout.text() == "30,00 s"
    assert dialog.ui.idle_lock.text() == "5 min"


def test_every_orders_column_shows_its_whole_title_in_portuguese_even_sorted(
    qtbot: QtBot,
    portuguese: str,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = open_window(qtbot, sandbox, settings)
    table = main.orders.table
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    header = table.horizontalHeader()
    shown = [column for column in range(header.count()) if not header.isSectionHidden(column)]
    assert len(shown) >= 7  # the order, its status, customer and money, and more
    for column in shown:
        header.setSortIndicator(column, Qt.SortOrder.DescendingOrder)
        title = main.orders.model.headerData(column, Qt.Orientation.Horizontal)
        needed = header.fontMetrics().horizontalAdvance(title)
        assert header.sectionSize(column) >= needed + 16, title  # the text and its arrow
    close_window(qtbot, main)


def orders_count(count: int) -> str:
    """The orders page's count, as the running language writes it."""
    from desktop_app.gui.look.language import plural

    return plural(
        count,
        QApplication.translate("OrdersPage", "{count} order"),
        QApplication.translate("OrdersPage", "{count} orders"),
    )


@pytest.mark.parametrize("language", ["C"], indirect=True)  # no language set: English
def test_counts_take_the_plural_form_of_english(language: str) -> None:
    assert language == "en_US"
    assert [orders_count(n) for n in (0, 1, 2)] == ["0 orders", "1 order", "2 orders"]
    assert orders_count(1_000_000) == "1,000,000 orders"  # grouped, as every other number


def test_counts_take_the_plural_form_of_portuguese(portuguese: str) -> None:
    # Zero takes the plural in Brazilian Portuguese, as in English.
    assert [orders_count(n) for n in (0, 1, 2)] == ["0 pedidos", "1 pedido", "2 pedidos"]
    assert orders_count(1_000_000) == "1.000.000 pedidos"


@pytest.mark.parametrize(
    ("language", "written_as", "amount"),
    [
        ("de_DE", "en_US", "R$1,234.56"),  # a language the app does not speak: English, whole
        ("ja_JP", "en_US", "R$1,234.56"),
        ("en_GB", "en_GB", "R$1,234.56"),  # English or Portuguese of any country: as it writes
        ("pt_PT", "pt_PT", "1\xa0234,56\xa0R$"),
    ],
    indirect=["language"],
)
def test_a_desk_in_another_language_gets_english_written_the_english_way(
    language: str, written_as: str, amount: str
) -> None:
    """The package holds Babel's data for English and Portuguese only: a desk whose system
    speaks German must not ask for German data (it would fail), and gets English words with
    English numbers, not English words with German numbers."""
    assert language == written_as
    assert packaging_tool("bundle").wanted(f"babel/locale-data/{language}.dat")
    assert money(Decimal("1234.56"), language, "BRL").replace("\u202f", "\xa0") == amount
