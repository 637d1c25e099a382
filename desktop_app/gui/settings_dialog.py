"""The Settings dialog: what a person may change of :mod:`desktop_app.gui.preferences`.

Saved changes apply at once. The token is never among them: it is not a setting."""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtWidgets import QDialog, QWidget

from desktop_app.gui import preferences as prefs
from desktop_app.gui.generated.ui_settings import Ui_SettingsDialog
from desktop_app.gui.preferences import Preferences
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts
from desktop_app.gui.widgets.placement import place

CURRENCIES = ("BRL", "USD", "EUR", "ARS", "PYG", "UYU", "CLP")
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


def insecure_address(url: str) -> bool:
    """Whether ``url`` is plain http to anything but this machine (tokens would travel bare)."""
    parts = urlsplit(url.strip())
    return parts.scheme == "http" and (parts.hostname or "") not in LOCAL_HOSTS


class SettingsDialog(FormTexts, QDialog):
    """Service address, sign-in address, time-out, idle lock, language and currency
    (``ui/settings.ui``)."""

    def __init__(
        self, preferences: Preferences, parent: QWidget | None = None, *, training: bool = False
    ) -> None:
        super().__init__(parent)
        self.ui = ui = Ui_SettingsDialog()
        ui.setupUi(self)
        place(self, preferences)  # fitted to the screen, where it was left
        add_training_banner(ui.layout, training)
        self.preferences = preferences
        ui.service_url.setText(preferences.get(prefs.SERVICE_URL))
        ui.login_url.setText(preferences.get(prefs.LOGIN_URL))
        ui.timeout.setValue(preferences.get(prefs.TIMEOUT_SECONDS))
        ui.idle_lock.setValue(round(preferences.get(prefs.IDLE_LOCK_MINUTES)))
        ui.keep_days.setValue(preferences.get(prefs.JOURNAL_KEEP_DAYS))
        for code in ("", "en_US", "pt_BR"):
            ui.language.addItem("", code)
        ui.currency.addItems(CURRENCIES)
        ui.currency.setCurrentText(preferences.get(prefs.CURRENCY))
        self._retranslate()
        ui.language.setCurrentIndex(max(ui.language.findData(preferences.get(prefs.LANGUAGE)), 0))
        self._check_url()

    def _retranslate(self) -> None:
        ui = self.ui
        ui.timeout.setSuffix(" " + QCoreApplication.translate("SettingsDialog", "s"))
        ui.idle_lock.setSuffix(" " + QCoreApplication.translate("SettingsDialog", "min"))
        ui.keep_days.setSuffix(" " + QCoreApplication.translate("SettingsDialog", "days"))
        ui.language.setItemText(0, QCoreApplication.translate("SettingsDialog", "System language"))
        ui.language.setItemText(1, "English")  # each language in its own words
        ui.language.setItemText(2, "Português (Brasil)")
        self._check_url()

    @Slot(str)
    def on_service_url_textChanged(self, _text: str) -> None:  # noqa: N802
        self._check_url()

    def _check_url(self) -> None:
        insecure = insecure_address(self.ui.service_url.text())
        self.ui.url_warning.setText(
            QCoreApplication.translate(
                "SettingsDialog",
                "Warning: plain http sends your sign-in over the network unencrypted. Use https.",
            )
            if insecure
            else ""
        )
        self.ui.url_warning.setVisible(insecure)

    @Slot()
    def on_buttons_rejected(self) -> None:
        self.reject()

    @Slot()
    def on_buttons_accepted(self) -> None:
        """Keep the settings (each applies at once) and close."""
        ui, p = self.ui, self.preferences
        p.set(prefs.SERVICE_URL, ui.service_url.text().strip() or prefs.SERVICE_URL.default)
        p.set(prefs.LOGIN_URL, ui.login_url.text().strip() or prefs.LOGIN_URL.default)
        p.set(prefs.TIMEOUT_SECONDS, ui.timeout.value())
        p.set(prefs.IDLE_LOCK_MINUTES, float(ui.idle_lock.value()))
        p.set(prefs.JOURNAL_KEEP_DAYS, ui.keep_days.value())
        p.set(prefs.LANGUAGE, str(ui.language.currentData()))
        p.set(prefs.CURRENCY, ui.currency.currentText().strip().upper() or "BRL")
        self.accept()
