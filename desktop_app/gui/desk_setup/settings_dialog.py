"""The Settings dialog: what a person may change of :mod:`desktop_app.gui.settings.preferences`.

Saved changes apply at once. The token is never among them: it is not a setting."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QSize, Qt, Slot
from PySide6.QtWidgets import QDialog, QFileDialog, QLineEdit, QWidget

from desktop_app.api.address import AddressError, ServiceAddress, endpoint, service_address
from desktop_app.api.trust import CertificateAuthorityError, tls_context
from desktop_app.gui.calls.policy import TaskRunner
from desktop_app.gui.desk_setup.connection_check import run_check
from desktop_app.gui.desk_setup.service_check_dialog import ServiceCheckDialog
from desktop_app.gui.generated.ui_settings import Ui_SettingsDialog
from desktop_app.gui.look.style import style_marked_labels
from desktop_app.gui.look.window_placement import grow_to_fit, place
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.settings.setting import Setting
from desktop_app.gui.shared.typed_fields import AsksBeforeDiscarding
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts, LetteredButtons
from desktop_app.gui.widgets.labels import room_for_placeholder
from desktop_app.gui.words.errors import describe

T = TypeVar("T", int, float)
CURRENCIES = ("BRL", "USD", "EUR", "ARS", "PYG", "UYU", "CLP")


class SettingsDialog(AsksBeforeDiscarding, FormTexts, QDialog):
    """Service address, sign-in address, certificate authority (with Test connection),
    time-out, idle lock, language and currency (``ui/settings.ui``)."""

    def __init__(
        self,
        preferences: Preferences,
        parent: QWidget | None = None,
        *,
        training: bool = False,
        this_run: Mapping[str, str] | None = None,
    ) -> None:
        """``this_run``: what the command line set for this run, by setting key (shown above
        the fields: what is saved here applies only when the app starts without it)."""
        super().__init__(parent)
        self._this_run = dict(this_run or {})
        self.ui = ui = Ui_SettingsDialog()
        ui.setupUi(self)
        style_marked_labels(self)
        # Wide enough for an address and a line of the connection check; the check's lines
        # scroll in a box of their own (six lines shown), never push the buttons off screen.
        lines = ui.check_results.fontMetrics().lineSpacing()
        ui.check_results.setFixedHeight(lines * 6 + 2 * ui.check_results.frameWidth() + 8)
        wide = QSize(self.fontMetrics().averageCharWidth() * 80, self.sizeHint().height())
        add_training_banner(ui.layout, training)
        place(self, preferences, wide)  # fitted to the screen, where it was left
        self._training = training
        self.preferences = preferences
        self._checks = TaskRunner(self)  # before the fields are filled: typing forgets a check
        ui.service_url.setText(preferences.get(prefs.SERVICE_URL))
        ui.login_url.setText(preferences.get(prefs.LOGIN_URL))
        ui.ca_file.setText(preferences.get(prefs.CA_FILE))
        ui.check_results.hide()
        # The values each setting may take are the preferences' (IT's file is held to them too).
        timeout = preferences.get(prefs.TIMEOUT_SECONDS)
        ui.timeout.setRange(*self._bounds(prefs.TIMEOUT_SECONDS, timeout))
        ui.timeout.setValue(timeout)
        idle_lock = round(preferences.get(prefs.IDLE_LOCK_MINUTES))
        lowest, highest = self._bounds(prefs.IDLE_LOCK_MINUTES, idle_lock)
        ui.idle_lock.setRange(round(lowest), round(highest))
        ui.idle_lock.setValue(idle_lock)
        keep_days = preferences.get(prefs.JOURNAL_KEEP_DAYS)
        ui.keep_days.setRange(*self._bounds(prefs.JOURNAL_KEEP_DAYS, keep_days))
        ui.keep_days.setValue(keep_days)
        for code in prefs.LANGUAGE.choices:
            ui.language.addItem("", code)
        ui.currency.addItems(CURRENCIES)
        ui.currency.setCurrentText(preferences.get(prefs.CURRENCY))
        self._fields: dict[Setting[Any], tuple[QWidget, ...]] = {
            prefs.SERVICE_URL: (ui.service_url,),
            prefs.LOGIN_URL: (ui.login_url,),
            prefs.CA_FILE: (ui.ca_file, ui.choose_ca_file),
            prefs.TIMEOUT_SECONDS: (ui.timeout,),
            prefs.IDLE_LOCK_MINUTES: (ui.idle_lock,),
            prefs.LANGUAGE: (ui.language,),
            prefs.CURRENCY: (ui.currency,),
            prefs.JOURNAL_KEEP_DAYS: (ui.keep_days,),
        }
        LetteredButtons(ui.buttons, None)
        self._retranslate()
        ui.language.setCurrentIndex(max(ui.language.findData(preferences.get(prefs.LANGUAGE)), 0))
        self._check_url()
        self.remember_as_shown([field for fields in self._fields.values() for field in fields[:1]])

    def _bounds(self, setting: Setting[T], value: T) -> tuple[T, T]:
        """The values ``setting``'s box offers: a value IT wrote outside them is shown as it
        is used, not as the box would clamp it."""
        lowest, highest = setting.bounds()
        if self.preferences.is_managed(setting):
            return min(lowest, value), max(highest, value)
        return lowest, highest

    def _retranslate(self) -> None:
        ui = self.ui
        ui.timeout.setSuffix(" " + QCoreApplication.translate("SettingsDialog", "s"))
        ui.idle_lock.setSuffix(" " + QCoreApplication.translate("SettingsDialog", "min"))
        ui.keep_days.setSuffix(" " + QCoreApplication.translate("SettingsDialog", "days"))
        ui.language.setItemText(0, QCoreApplication.translate("SettingsDialog", "System language"))
        ui.language.setItemText(1, "English")  # each language in its own words
        ui.language.setItemText(2, "Português (Brasil)")
        room_for_placeholder(ui.ca_file)  # "Só os certificados deste computador"
        self._show_managed()
        self._show_this_run()
        self._check_url()

    def _show_this_run(self) -> None:
        """What the command line set for this run, which Settings do not change: the address
        it uses and checks are not the ones typed here."""
        ui = self.ui
        shown = (
            (prefs.SERVICE_URL, ui.service_url_label, "--api-url"),
            (prefs.CA_FILE, ui.ca_file_label, "--ca-file"),
            (prefs.LANGUAGE, ui.language_label, "--lang"),
        )
        lines = []
        for setting, label, option in shown:
            value = self._this_run.get(setting.key)
            if value is None:
                continue
            if setting is prefs.LANGUAGE:
                language = ui.language.findData(value)
                value = ui.language.itemText(language) if language >= 0 else value
            if self._training and setting is prefs.SERVICE_URL:  # the practice service's
                option = QCoreApplication.translate("SettingsDialog", "training")
            lines.append(
                QCoreApplication.translate("SettingsDialog", "{setting}: {value} ({option})")
                .format(setting=label.text().replace("&", ""), value=value, option=option)
            )  # fmt: skip
        note = ui.command_line_note
        note.setText(
            "\n".join([
                QCoreApplication.translate(
                    "SettingsDialog",
                    "This run uses what its command line set; what you save here applies when"
                    " the app starts without it, and Test connection checks what is typed here.",
                ),
                *lines,
            ])
        )  # fmt: skip
        note.setVisible(bool(lines))

    def _show_managed(self) -> None:
        """What the administrator set: shown greyed, not the person's to change."""
        managed = [s for s in self._fields if self.preferences.is_managed(s)]
        said = QCoreApplication.translate("SettingsDialog", "Set by your administrator")
        for setting in managed:
            for widget in self._fields[setting]:
                widget.setEnabled(False)
                if isinstance(widget, QLineEdit):
                    widget.setClearButtonEnabled(False)  # nothing there is the person's to clear
                widget.setToolTip(said)
                widget.setAccessibleDescription(said)
        self.ui.managed_note.setText(
            QCoreApplication.translate(
                "SettingsDialog",
                "Greyed settings are set by your administrator ({file}); ask IT to change them.",
            ).format(file=self.preferences.managed_file())
        )
        self.ui.managed_note.setVisible(bool(managed))

    @Slot(str)
    def on_service_url_textChanged(self, _text: str) -> None:  # noqa: N802
        self._typed_again()

    @Slot(str)
    def on_login_url_textChanged(self, _text: str) -> None:  # noqa: N802
        self._typed_again()

    @Slot(str)
    def on_ca_file_textChanged(self, _text: str) -> None:  # noqa: N802
        self._typed_again()

    def _typed_again(self) -> None:
        """An address or file typed anew: checked again as typed, and a connection check's
        result, which was of what was there before, goes (one under way stops)."""
        self._checks.cancel_all()
        self.ui.check_results.clear()
        self.ui.check_results.hide()
        self._check_url()

    @Slot()
    def on_choose_ca_file_clicked(self) -> None:
        """Pick the authority file IT handed out (PEM, or DER as Windows exports it)."""
        typed = self.ui.ca_file.text().strip()
        chosen, _ = QFileDialog.getOpenFileName(
            self,
            QCoreApplication.translate("SettingsDialog", "Certificate authority file"),
            str(Path(typed).parent) if typed else str(Path.home()),
            QCoreApplication.translate(
                "SettingsDialog", "Certificates (*.pem *.crt *.cer *.der);;All files (*)"
            ),
        )
        if chosen:
            self.ui.ca_file.setText(chosen)
            self.ui.ca_file.setFocus()

    @Slot()
    def on_test_connection_clicked(self) -> None:
        """Check the address and authority as typed (not yet saved), each step in words."""
        ui = self.ui
        results = ui.check_results
        results.clear()
        results.show()
        grow_to_fit(self)
        address = ui.service_url.text().strip() or prefs.SERVICE_URL.default
        # What is typed is checked, as Settings would keep it: its words never send the
        # person to this run's command line.
        ca_file = ui.ca_file.text().strip() or None
        check = run_check(address, ca_file, results.appendPlainText, options={})
        self._checks.run(
            "check-connection",
            check,
            lambda _results: None,
            lambda error: results.appendPlainText(describe(error).text),
        )

    @Slot()
    def on_check_service_clicked(self) -> None:
        """The service check of the address this computer uses now, in a window of its own (it
        signs in for itself: the user name and password are asked there): the saved one, or
        this run's (``--api-url``, ``--ca-file``; in training, the practice service, never the
        store's). The saved one, checked while the desk used another, said "refused" of a
        service nobody was using."""
        dialog = ServiceCheckDialog(
            self.preferences, self, training=self._training,
            address=self._this_run.get(prefs.SERVICE_URL.key),
            ca_file=self._this_run.get(prefs.CA_FILE.key),
        )  # fmt: skip
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def done(self, result: int) -> None:
        self._checks.cancel_all()  # a check under way ends with the dialog
        super().done(result)

    def _typed_addresses(self) -> tuple[ServiceAddress, ServiceAddress]:
        """The service and sign-in addresses as typed (empty: their defaults); raises
        :class:`AddressError` when one is no address."""
        ui = self.ui
        service = service_address(ui.service_url.text().strip() or prefs.SERVICE_URL.default)
        sign_in = endpoint(service, ui.login_url.text().strip() or prefs.LOGIN_URL.default)
        return service, service_address(sign_in)

    def _problem(self) -> AddressError | CertificateAuthorityError | None:
        """Why what is typed cannot be saved: an address that is none, or an authority file
        that cannot be used. (What the administrator set is not the person's to correct: it
        is reported at start, and never stops the person's own settings being kept.)"""
        managed = self.preferences.is_managed
        try:
            self._typed_addresses()
        except AddressError as error:
            if not (managed(prefs.SERVICE_URL) or managed(prefs.LOGIN_URL)):
                return error
        try:
            tls_context(self.ui.ca_file.text().strip() or None)
        except CertificateAuthorityError as error:
            if not managed(prefs.CA_FILE):
                return error
        return None

    def _warning(self) -> str:
        """What is wrong ("" when nothing): the :meth:`_problem`, or plain http to another
        machine on either address (the sign-in address carries the password, the service
        address the token)."""
        problem = self._problem()
        if problem is not None:
            return describe(problem, {}).text  # what is typed: never the command line's
        try:
            addresses = self._typed_addresses()
        except AddressError:  # the administrator's: reported at start
            return ""
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
        if warning:
            grow_to_fit(self)

    @Slot()
    def on_buttons_rejected(self) -> None:
        self.reject()

    @Slot()
    def on_buttons_accepted(self) -> None:
        """Keep the settings (each applies at once) and close; an address that is none, or an
        authority file that cannot be used, is not kept: the dialog stays open with the
        reason."""
        ui, p = self.ui, self.preferences
        problem = self._problem()
        if problem is not None:
            self._check_url()
            field = ui.ca_file if isinstance(problem, CertificateAuthorityError) else ui.service_url
            field.setFocus()
            return
        p.set(prefs.SERVICE_URL, ui.service_url.text().strip() or prefs.SERVICE_URL.default)
        p.set(prefs.LOGIN_URL, ui.login_url.text().strip() or prefs.LOGIN_URL.default)
        p.set(prefs.CA_FILE, ui.ca_file.text().strip())
        p.set(prefs.TIMEOUT_SECONDS, ui.timeout.value())
        p.set(prefs.IDLE_LOCK_MINUTES, float(ui.idle_lock.value()))
        p.set(prefs.JOURNAL_KEEP_DAYS, ui.keep_days.value())
        p.set(prefs.LANGUAGE, str(ui.language.currentData()))
        p.set(prefs.CURRENCY, ui.currency.currentText().strip().upper() or "BRL")
        self.accept()
