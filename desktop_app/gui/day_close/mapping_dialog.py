"""Which column of a terminal's export holds what: asked once per terminal model, kept in the
preferences, offered again (and changeable) at the next import."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Slot
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QWidget

from desktop_app.core.day_close.terminal_export import (
    Column,
    CsvMapping,
    guess_columns,
    mapping_from_json,
    mapping_to_json,
)
from desktop_app.gui.generated.ui_terminal_mapping import Ui_TerminalMappingDialog
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.shared.typed_fields import AsksBeforeDiscarding
from desktop_app.gui.widgets.form_texts import FormTexts, LetteredButtons
from desktop_app.gui.widgets.message_bar import Ends

if TYPE_CHECKING:
    from desktop_app.gui.settings.preferences import Preferences

DATE_FORMATS = (("dd/mm/yyyy", "%d/%m/%Y"), ("yyyy-mm-dd", "%Y-%m-%d"), ("mm/dd/yyyy", "%m/%d/%Y"))
NUMBER_FORMATS = (("1.234,56", True), ("1,234.56", False))
DEFAULT_MODEL = "Terminal"


def kept_mappings(preferences: Preferences) -> dict[str, CsvMapping]:
    """The mappings kept, by terminal model (one that cannot be read is asked for again)."""
    try:
        data = json.loads(preferences.get(prefs.TERMINAL_MAPPINGS) or "{}")
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    kept = {str(model): mapping_from_json(value) for model, value in data.items()}
    return {model: mapping for model, mapping in kept.items() if mapping is not None}


def keep_mapping(preferences: Preferences, model: str, mapping: CsvMapping) -> None:
    """Keep ``mapping`` for ``model`` (and remember it as the terminal in use)."""
    data = {name: mapping_to_json(kept) for name, kept in kept_mappings(preferences).items()}
    data[model] = mapping_to_json(mapping)
    preferences.set(prefs.TERMINAL_MAPPINGS, json.dumps(data, ensure_ascii=False))
    preferences.set(prefs.TERMINAL_MODEL, model)


def _words(text: str) -> frozenset[str]:
    return frozenset(word.strip().casefold() for word in text.split(",") if word.strip())


class TerminalMappingDialog(AsksBeforeDiscarding, FormTexts, QDialog):
    """The columns of one export, mapped to what the day close reads."""

    def __init__(
        self, headers: list[str], preferences: Preferences, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ui = ui = Ui_TerminalMappingDialog()
        ui.setupUi(self)
        keep = QT_TRANSLATE_NOOP("Buttons", "&Keep these columns")
        LetteredButtons(ui.buttons, {QDialogButtonBox.StandardButton.Ok: keep})
        place(self, preferences)
        self.preferences = preferences
        self.headers = headers
        self.mapping: CsvMapping | None = None
        self._kept = kept_mappings(preferences)
        for combo in self._column_combos().values():
            combo.addItem("", "")  # none: the column is not read
            for header in headers:
                combo.addItem(header, header)
        for text, comma in NUMBER_FORMATS:
            ui.number_format.addItem(text, comma)
        for text, date_format in DATE_FORMATS:
            ui.date_format.addItem(text, date_format)
        ui.model.addItems(sorted(self._kept))
        model = preferences.get(prefs.TERMINAL_MODEL) or DEFAULT_MODEL
        ui.model.setCurrentText(model)
        self._show(self._kept.get(model))
        ui.model.currentTextChanged.connect(lambda name: self._show(self._kept.get(name)))
        self.remember_as_shown([
            ui.model, *self._column_combos().values(), ui.number_format, ui.date_format,
            ui.credit_types, ui.debit_types, ui.sale_statuses,
        ])  # fmt: skip

    def _column_combos(self) -> dict[Column, QComboBox]:
        ui = self.ui
        return {
            Column.DATE: ui.date_column,
            Column.NSU: ui.nsu_column,
            Column.AUTH: ui.auth_column,
            Column.BRAND: ui.brand_column,
            Column.TYPE: ui.type_column,
            Column.INSTALLMENTS: ui.installments_column,
            Column.AMOUNT: ui.amount_column,
            Column.STATUS: ui.status_column,
            Column.LAST_FOUR: ui.last_four_column,
        }

    def _show(self, mapping: CsvMapping | None) -> None:
        """A kept mapping, or a first guess from the file's headers."""
        columns = dict(mapping.columns) if mapping is not None else guess_columns(self.headers)
        base = mapping or CsvMapping(columns={}, sale_statuses=frozenset({"aprovada", "aprovado"}))
        for column, combo in self._column_combos().items():
            combo.setCurrentIndex(max(combo.findData(columns.get(column, "")), 0))
        ui = self.ui
        ui.number_format.setCurrentIndex(max(ui.number_format.findData(base.decimal_comma), 0))
        ui.date_format.setCurrentIndex(max(ui.date_format.findData(base.date_format), 0))
        ui.credit_types.setText(", ".join(sorted(base.credit_types)))
        ui.debit_types.setText(", ".join(sorted(base.debit_types)))
        ui.sale_statuses.setText(", ".join(sorted(base.sale_statuses)))

    def chosen(self) -> CsvMapping:
        """The mapping as the form says it."""
        ui = self.ui
        return CsvMapping(
            columns={c: str(combo.currentData()) for c, combo in self._column_combos().items()},
            decimal_comma=bool(ui.number_format.currentData()),
            date_format=str(ui.date_format.currentData()),
            credit_types=_words(ui.credit_types.text()),
            debit_types=_words(ui.debit_types.text()),
            sale_statuses=_words(ui.sale_statuses.text()),
        )

    @Slot()
    def on_buttons_accepted(self) -> None:
        mapping = self.chosen()
        missing = mapping.missing()
        if missing:
            names = self._column_combos()
            self.ui.message_bar.show_error(
                QCoreApplication.translate(
                    "TerminalMappingDialog", "Choose the column of: {fields}."
                ).format(fields=", ".join(names[c].accessibleName() for c in missing)),
                ends=Ends(  # every column chosen
                    *(combo.currentIndexChanged for combo in names.values()),
                    ended=lambda *_: not self.chosen().missing(),
                ),
            )
            names[missing[0]].setFocus()
            return
        model = self.ui.model.currentText().strip() or DEFAULT_MODEL
        keep_mapping(self.preferences, model, mapping)
        self.mapping = mapping
        self.accept()

    @Slot()
    def on_buttons_rejected(self) -> None:
        self.reject()
