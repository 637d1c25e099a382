"""File ▸ Settings ▸ Check the service: the service check of the address the desk uses, from it
(``pos-backoffice --check-service`` says the same lines; ``service_check``).

It signs in for the check alone: the user name and password typed here make a token that lives
in the check's call and goes with it; the app's own session is never touched. The password
field is emptied as the check starts. The check can be stopped, and shows how far it has come.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QSize, Slot
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from desktop_app.api.check import Result
from desktop_app.core.service_check import Credentials
from desktop_app.core.service_check.findings import Finding
from desktop_app.gui.calls.policy import TaskRunner
from desktop_app.gui.desk_setup.service_check import asked_of, run_service_check
from desktop_app.gui.generated.ui_service_check import Ui_ServiceCheckDialog
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts
from desktop_app.gui.words import service_findings
from desktop_app.gui.words.errors import describe

CHECK = "check-service"


class ServiceCheckDialog(FormTexts, QDialog):
    """The check of the service address the desk uses (the saved one, or this run's: in
    training, the practice service), one line per finding (``ui/service_check.ui``)."""

    def __init__(
        self,
        preferences: Preferences,
        parent: QWidget | None = None,
        *,
        training: bool = False,
        address: str | None = None,
        ca_file: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.ui = ui = Ui_ServiceCheckDialog()
        ui.setupUi(self)
        wide = QSize(self.fontMetrics().averageCharWidth() * 100, self.sizeHint().height() * 2)
        add_training_banner(ui.layout, training)
        place(self, preferences, wide)
        self.preferences = preferences
        self._address = address or preferences.get(prefs.SERVICE_URL)
        self._ca_file = ca_file or preferences.get(prefs.CA_FILE) or None
        self._checks = TaskRunner(self)
        self._retranslate()
        self._running(False)
        ui.copy.setEnabled(False)

    def _retranslate(self) -> None:
        self.ui.about.setText(
            QCoreApplication.translate(
                "ServiceCheckDialog",
                "Whether the service at {address} answers the way this app reads it. The check"
                " signs in for itself alone (your own sign-in is not touched) and only reads:"
                " nothing is created.",
            ).format(address=self._address)
        )

    @Slot()
    def on_check_clicked(self) -> None:
        """Start the check with the user name and password typed (the password is emptied)."""
        ui = self.ui
        user, password = ui.user.text().strip(), ui.password.secret()
        if not user or not password:
            ui.progress_label.setText(
                QCoreApplication.translate(
                    "ServiceCheckDialog", "Type the user name and password to sign in with."
                )
            )
            ui.progress_label.show()
            (ui.password if user else ui.user).setFocus()
            return
        ui.password.clear()  # not kept in the window while the check runs, nor after
        asked = asked_of(
            self.preferences, self._address, self._ca_file, Credentials(user, password=password)
        )
        asked = replace(asked, store_id=ui.store.text().strip(), on_bytes=self._orders_came)
        ui.results.clear()
        ui.progress_label.setText(QCoreApplication.translate("ServiceCheckDialog", "Checking…"))
        self._running(True)
        ui.stop.setFocus()  # Enter started it, Enter (or Alt+O) stops it
        check = run_service_check(asked, ui.results.appendPlainText, options={})
        self._checks.run(CHECK, check, self._ended, self._failed)

    @Slot()
    def on_stop_clicked(self) -> None:
        """Stop the check where it is: what it said so far stays."""
        self._checks.cancel(CHECK)
        self.ui.results.appendPlainText(
            QCoreApplication.translate("ServiceCheckDialog", "Stopped before the check ended.")
        )
        self._running(False)
        self.ui.check.setFocus()

    @Slot()
    def on_copy_clicked(self) -> None:
        """The lines to the clipboard, to send to IT or to the service's team."""
        QApplication.clipboard().setText(self.ui.results.toPlainText())
        self.ui.progress_label.setText(QCoreApplication.translate("ServiceCheckDialog", "Copied."))
        self.ui.progress_label.show()

    @Slot()
    def on_close_button_clicked(self) -> None:
        self.reject()

    def done(self, result: int) -> None:
        self._checks.cancel_all()  # a check under way ends with the dialog
        super().done(result)

    def _orders_came(self, received: int, _expected: int | None) -> None:
        self.ui.progress_label.setText(service_findings.orders_came(received))

    def _ended(self, results: list[Result]) -> None:
        self._running(False)
        if any(result.finding is Finding.PASSWORD_REFUSED for result in results):
            self.ui.password.setFocus()  # typed again, and Enter checks again
        else:
            self.ui.results.setFocus()  # the lines, read next (a screen reader reads them)

    def _failed(self, error: BaseException) -> None:
        self.ui.results.appendPlainText(describe(error).text)
        self._running(False)

    def _running(self, running: bool) -> None:
        ui = self.ui
        ui.check.setEnabled(not running)
        ui.stop.setEnabled(running)
        ui.progress.setVisible(running)
        ui.progress_label.setVisible(running)
        ui.copy.setEnabled(not running and bool(ui.results.toPlainText()))
        for field in (ui.user, ui.password, ui.store):
            field.setEnabled(not running)
