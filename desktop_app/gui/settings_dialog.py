"""Settings, kept with QSettings. The token never is: it is not a setting."""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, QSettings
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

from desktop_app.gui.style import add_training_banner

SERVICE_URL_KEY = "service/url"
LOGIN_URL_KEY = "service/login_url"
TIMEOUT_KEY = "service/timeout"
LANGUAGE_KEY = "ui/language"
CURRENCY_KEY = "ui/currency"
CURRENCIES = ("BRL", "USD", "EUR", "ARS", "PYG", "UYU", "CLP")
IDLE_LOCK_KEY = "session/idle_lock_minutes"
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


def insecure_address(url: str) -> bool:
    """Whether ``url`` is plain http to anything but this machine (tokens would travel bare)."""
    parts = urlsplit(url.strip())
    return parts.scheme == "http" and (parts.hostname or "") not in LOCAL_HOSTS


class SettingsDialog(QDialog):
    """Service address, time-outs, idle lock, language and login address."""

    def __init__(
        self, settings: QSettings, parent: QWidget | None = None, *, training: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("SettingsDialog")
        self.setWindowTitle(QCoreApplication.translate("SettingsDialog", "Settings"))
        self.settings = settings
        layout = QVBoxLayout(self)
        add_training_banner(layout, training)
        form = QFormLayout()
        self.service_url = QLineEdit(str(settings.value(SERVICE_URL_KEY, "http://127.0.0.1:8765")))
        self.service_url.setAccessibleName(
            QCoreApplication.translate("SettingsDialog", "Service address")
        )
        self.url_warning = QLabel()
        self.url_warning.setObjectName("urlWarning")
        self.url_warning.setWordWrap(True)
        self.url_warning.setStyleSheet("color:#b00020;")
        self.login_url = QLineEdit(str(settings.value(LOGIN_URL_KEY, "api/v1/auth/login")))
        self.login_url.setAccessibleName(
            QCoreApplication.translate("SettingsDialog", "Sign-in address")
        )
        self.timeout = QDoubleSpinBox()
        self.timeout.setRange(2, 300)
        self.timeout.setSuffix(" s")
        self.timeout.setValue(float(str(settings.value(TIMEOUT_KEY, 30))))
        self.timeout.setAccessibleName(
            QCoreApplication.translate("SettingsDialog", "Time-out in seconds")
        )
        self.idle_lock = QSpinBox()
        self.idle_lock.setRange(0, 240)
        self.idle_lock.setSpecialValueText(QCoreApplication.translate("SettingsDialog", "never"))
        self.idle_lock.setSuffix(" min")
        self.idle_lock.setValue(int(float(str(settings.value(IDLE_LOCK_KEY, 5)))))
        self.idle_lock.setAccessibleName(
            QCoreApplication.translate("SettingsDialog", "Lock after minutes without use")
        )
        self.language = QComboBox()
        self.language.setAccessibleName(QCoreApplication.translate("SettingsDialog", "Language"))
        system = QCoreApplication.translate("SettingsDialog", "System language")
        for label, code in ((system, ""), ("English", "en_US"), ("Português (Brasil)", "pt_BR")):
            self.language.addItem(label, code)
        index = self.language.findData(str(settings.value(LANGUAGE_KEY, "")))
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
        self.currency.setCurrentText(str(settings.value(CURRENCY_KEY, "BRL")))
        self.currency.setAccessibleName(QCoreApplication.translate("SettingsDialog", "Currency"))
        form.addRow(QCoreApplication.translate("SettingsDialog", "C&urrency"), self.currency)
        layout.addLayout(form)
        note = QLabel(
            QCoreApplication.translate(
                "SettingsDialog",
                "The address, the language and the currency take effect the next time the app"
                " starts.",
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

    def idle_lock_minutes(self) -> int:
        """Minutes without input before the lock (0: never)."""
        return self.idle_lock.value()

    def timeout_seconds(self) -> float:
        """Seconds a request may take."""
        return self.timeout.value()

    def save(self) -> None:
        """Write the settings and close."""
        self.settings.setValue(SERVICE_URL_KEY, self.service_url.text().strip())
        self.settings.setValue(LOGIN_URL_KEY, self.login_url.text().strip())
        self.settings.setValue(TIMEOUT_KEY, self.timeout.value())
        self.settings.setValue(IDLE_LOCK_KEY, self.idle_lock.value())
        self.settings.setValue(LANGUAGE_KEY, self.language.currentData())
        self.settings.setValue(CURRENCY_KEY, self.currency.currentText().strip().upper() or "BRL")
        self.settings.sync()
        self.accept()
