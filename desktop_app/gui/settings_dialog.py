"""The Settings dialog: what a person may change of :mod:`desktop_app.gui.preferences`.

Saved changes apply at once. The token is never among them: it is not a setting."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtWidgets import QDialog, QWidget

from desktop_app.api.address import AddressError, ServiceAddress, endpoint, service_address
from desktop_app.gui import preferences as prefs
from desktop_app.gui.errors import describe
from desktop_app.gui.generated.ui_settings import Ui_SettingsDialog
from desktop_app.gui.preferences import Preferences
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts
from desktop_app.gui.widgets.placement import place

CURRENCIES = ("BRL", "USD", "EUR", "ARS", "PYG", "UYU", "CLP")


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

    @Slot(str)
    def on_login_url_textChanged(self, _text: str) -> None:  # noqa: N802
        self._check_url()

    def _typed_addresses(self) -> tuple[ServiceAddress, ServiceAddress]:
        """The service and sign-in addresses as typed (empty: their defaults); raises
        :class:`AddressError` when one is no address."""
        ui = self.ui
        service = service_address(ui.service_url.text().strip() or prefs.SERVICE_URL.default)
        sign_in = endpoint(service, ui.login_url.text().strip() or prefs.LOGIN_URL.default)
        return service, service_address(sign_in)

    def _warning(self) -> str:
        """What is wrong with the addresses ("" when nothing): one that is no address, or plain
        http to another machine on either (the sign-in address carries the password, the
        service address the token)."""
        try:
            addresses = self._typed_addresses()
        except AddressError as error:
            return describe(error).text
        if any(address.plain_http_elsewhere for address in addresses):
            return QCoreApplication.translate(
                "SettingsDialog",
                "Warning: plain http sends your sign-in over the network unencrypted. Use https.",
            )
        return ""

    def _check_url(self) -> None:
        ui = self.ui
        warning = self._warning()
        ui.url_warning.setText(warning)
        ui.url_warning.setVisible(bool(warning))
        layout = self.layout()
        if warning and layout is not None:  # a long reason wraps: the dialog grows to show it
            layout.activate()
            needed = layout.totalHeightForWidth(self.width())
            if needed > self.height():
                self.resize(self.width(), needed)

    @Slot()
    def on_buttons_rejected(self) -> None:
        self.reject()

    @Slot()
    def on_buttons_accepted(self) -> None:
        """Keep the settings (each applies at once) and close; an address that is none is not
        kept: the dialog stays open with the reason."""
        ui, p = self.ui, self.preferences
        try:
            self._typed_addresses()
        except AddressError:
            self._check_url()
            ui.service_url.setFocus()
            return
        p.set(prefs.SERVICE_URL, ui.service_url.text().strip() or prefs.SERVICE_URL.default)
        p.set(prefs.LOGIN_URL, ui.login_url.text().strip() or prefs.LOGIN_URL.default)
        p.set(prefs.TIMEOUT_SECONDS, ui.timeout.value())
        p.set(prefs.IDLE_LOCK_MINUTES, float(ui.idle_lock.value()))
        p.set(prefs.JOURNAL_KEEP_DAYS, ui.keep_days.value())
        p.set(prefs.LANGUAGE, str(ui.language.currentData()))
        p.set(prefs.CURRENCY, ui.currency.currentText().strip().upper() or "BRL")
        self.accept()
