"""The Settings dialog: what a person may change of :mod:`desktop_app.gui.preferences`.

Saved changes apply at once. The token is never among them: it is not a setting."""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui import preferences as prefs
from desktop_app.gui.preferences import Preferences
from desktop_app.gui.widgets.banner import add_training_banner

CURRENCIES = ("BRL", "USD", "EUR", "ARS", "PYG", "UYU", "CLP")
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


def insecure_address(url: str) -> bool:
    """Whether ``url`` is plain http to anything but this machine (tokens would travel bare)."""
    parts = urlsplit(url.strip())
    return parts.scheme == "http" and (parts.hostname or "") not in LOCAL_HOSTS


class SettingsDialog(QDialog):
    """Service address, time-outs, idle lock, language and login address."""

    def __init__(
        self, preferences: Preferences, parent: QWidget | None = None, *, training: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("SettingsDialog")
        self.setWindowTitle(QCoreApplication.translate("SettingsDialog", "Settings"))
        self.preferences = preferences
        layout = QVBoxLayout(self)
        add_training_banner(layout, training)
        form = QFormLayout()
        self.service_url = QLineEdit(preferences.get(prefs.SERVICE_URL))
        self.service_url.setAccessibleName(
            QCoreApplication.translate("SettingsDialog", "Service address")
        )
        self.url_warning = QLabel()
        self.url_warning.setObjectName("urlWarning")
        self.url_warning.setWordWrap(True)
        self.url_warning.setStyleSheet("color:#b00020;")
        self.login_url = QLineEdit(preferences.get(prefs.LOGIN_URL))
        self.login_url.setAccessibleName(
            QCoreApplication.translate("SettingsDialog", "Sign-in address")
        )
        self.timeout = QDoubleSpinBox()
        self.timeout.setRange(2, 300)
        self.timeout.setSuffix(" s")
        self.timeout.setValue(preferences.get(prefs.TIMEOUT_SECONDS))
        self.timeout.setAccessibleName(
            QCoreApplication.translate("SettingsDialog", "Time-out in seconds")
        )
        self.idle_lock = QSpinBox()
        self.idle_lock.setRange(0, 240)
        self.idle_lock.setSpecialValueText(QCoreApplication.translate("SettingsDialog", "never"))
        self.idle_lock.setSuffix(" min")
        self.idle_lock.setValue(round(preferences.get(prefs.IDLE_LOCK_MINUTES)))
        self.idle_lock.setAccessibleName(
            QCoreApplication.translate("SettingsDialog", "Lock after minutes without use")
        )
        self.language = QComboBox()
        self.language.setAccessibleName(QCoreApplication.translate("SettingsDialog", "Language"))
        system = QCoreApplication.translate("SettingsDialog", "System language")
        for label, code in ((system, ""), ("English", "en_US"), ("Português (Brasil)", "pt_BR")):
            self.language.addItem(label, code)
        index = self.language.findData(preferences.get(prefs.LANGUAGE))
        self.language.setCurrentIndex(max(index, 0))
        form.addRow(
            QCoreApplication.translate("SettingsDialog", "Service &address"), self.service_url
        )
        form.addRow("", self.url_warning)
        form.addRow(
            QCoreApplication.translate("SettingsDialog", "Sign-&in address"), self.login_url
        )
        form.addRow(QCoreApplication.translate("SettingsDialog", "&Time-out"), self.timeout)
        form.addRow(QCoreApplication.translate("SettingsDialog", "&Lock after"), self.idle_lock)
        form.addRow(QCoreApplication.translate("SettingsDialog", "&Language"), self.language)
        self.currency = QComboBox()
        self.currency.setEditable(True)
        self.currency.addItems(CURRENCIES)
        self.currency.setCurrentText(preferences.get(prefs.CURRENCY))
        self.currency.setAccessibleName(QCoreApplication.translate("SettingsDialog", "Currency"))
        form.addRow(QCoreApplication.translate("SettingsDialog", "C&urrency"), self.currency)
        layout.addLayout(form)
        note = QLabel(
            QCoreApplication.translate(
                "SettingsDialog",
                "Changes apply as soon as they are saved. A new service or sign-in address"
                " signs you out first.",
            )
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        layout.addWidget(buttons)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        self.service_url.textChanged.connect(self._check_url)
        self._check_url()

    def _check_url(self) -> None:
        insecure = insecure_address(self.service_url.text())
        self.url_warning.setText(
            QCoreApplication.translate(
                "SettingsDialog",
                "Warning: plain http sends your sign-in over the network unencrypted. Use https.",
            )
            if insecure
            else ""
        )
        self.url_warning.setVisible(insecure)

    def save(self) -> None:
        """Keep the settings (each applies at once) and close."""
        p = self.preferences
        p.set(prefs.SERVICE_URL, self.service_url.text().strip() or prefs.SERVICE_URL.default)
        p.set(prefs.LOGIN_URL, self.login_url.text().strip() or prefs.LOGIN_URL.default)
        p.set(prefs.TIMEOUT_SECONDS, self.timeout.value())
        p.set(prefs.IDLE_LOCK_MINUTES, float(self.idle_lock.value()))
        p.set(prefs.LANGUAGE, str(self.language.currentData()))
        p.set(prefs.CURRENCY, self.currency.currentText().strip().upper() or "BRL")
        self.accept()
