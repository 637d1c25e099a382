"""What the desk says of a damaged journal carried over, in the person's language (issue 67)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from desktop_app.core.journal_damaged import CarriedOver
from desktop_app.gui.desk_setup.journal_check import carried_over_words


def test_a_journal_carried_in_part_says_where_it_is_kept_and_what_to_look_for(
    qapp: QApplication, language: str
) -> None:
    aside = Path("/home/{caixa}/.local/share/pos-backoffice/journal.sqlite3.damaged-20261127-1015")
    said = carried_over_words(
        CarriedOver(aside, 28, ("a1 (store 1, slip of 2026-11-27)", "row 9"), False)
    )
    assert said == (
        "O diário de pagamentos deste computador estava danificado. Ele foi guardado como"
        f" {aside}, e um novo foi começado com os 28 pagamentos que ainda puderam ser lidos."
        " 2 pagamentos não puderam ser lidos: peça à TI que os procure no serviço (o log do"
        " aplicativo diz quais)."
    )


def test_a_journal_with_nothing_readable_says_so(qapp: QApplication, language: str) -> None:
    said = carried_over_words(CarriedOver(Path("/j/{x}.damaged"), 0, (), True))  # a path is data
    assert said.startswith("O diário de pagamentos deste computador estava danificado, e nada")
    assert "Ele foi guardado como /j/{x}.damaged, e um novo, vazio" in said
