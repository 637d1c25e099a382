"""The strip under the orders that says a store's orders are on their way, and how far."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QTimer
from PySide6.QtWidgets import QLabel, QProgressBar, QWidget

from desktop_app.gui.calls.policy import PROGRESS_AFTER_MS

PAINTED_EVERY_MS = 100
"""The bar is repainted ten times a second at most."""


class LoadingStrip(QObject):
    """Shows ``strip`` (with its ``label`` and ``bar``) once a load has taken a moment, and the
    load's progress on the bar; ``loading()`` says whether the load still runs."""

    def __init__(
        self,
        strip: QWidget,
        label: QLabel,
        bar: QProgressBar,
        locale: str,
        loading: Callable[[], bool],
    ) -> None:
        super().__init__(strip)
        self._strip, self._label, self._bar = strip, label, bar
        self._locale = locale
        self._loading = loading
        self._shown = -1  # what the bar says: a percent, or whole megabytes
        self._latest: tuple[int, int | None] | None = None  # not shown yet
        self._appear = QTimer(self)
        self._appear.setSingleShot(True)
        self._appear.setInterval(PROGRESS_AFTER_MS)  # a quick load never flashes it
        self._appear.timeout.connect(self._show)
        self._paint = QTimer(self)
        self._paint.setSingleShot(True)
        self._paint.setInterval(PAINTED_EVERY_MS)
        self._paint.timeout.connect(self._show_progress)

    def started(self, store: str) -> None:
        """A load of ``store``'s orders (as its list names it) has begun."""
        self._shown = -1
        self._latest = None
        self._bar.setRange(0, 0)  # "busy" until the service starts to answer
        self._label.setText(
            QCoreApplication.translate("OrdersPage", "Loading the orders of {store}…").format(
                store=store
            )
        )
        self._appear.start()

    def _show(self) -> None:
        if self._loading():
            self._strip.show()

    def progress(self, received: int, expected: int | None) -> None:
        """How far the answer has come, shown ten times a second at most: a million orders
        arrive in 5,000 pieces, and each repaint of the bar under the style sheet costs a
        millisecond or two of the load. The last word always shows."""
        self._latest = (received, expected)
        if not self._paint.isActive():
            self._show_progress()

    def _show_progress(self) -> None:
        """The latest progress: a percent of what the answer declared, else the bytes so far."""
        if self._latest is None:
            return
        received, expected = self._latest
        self._latest = None
        self._paint.start()  # what arrives meanwhile waits for it
        bar = self._bar
        if expected:
            percent = min(100, received * 100 // expected)
            if percent != self._shown:
                self._shown = percent
                bar.setRange(0, 100)
                bar.setValue(percent)
            return
        megabytes = received >> 20
        if megabytes != self._shown:
            self._shown = megabytes
            bar.setRange(0, 0)  # how much is left is unknown: the bar only says "busy"
            bar.setFormat(
                QCoreApplication.translate("OrdersPage", "{size} received").format(
                    size=QLocale(self._locale).formattedDataSize(received)
                )
            )

    def ended(self) -> None:
        """The load is over, however it ended."""
        self._appear.stop()
        self._paint.stop()
        self._strip.hide()
        self._bar.resetFormat()

    @staticmethod
    def stopped_words(store: str, *, shown_before: bool) -> str:
        """A load of ``store``'s orders was stopped: what the table now shows."""
        if not shown_before:
            text = QCoreApplication.translate(
                "OrdersPage", "Loading stopped: no orders of {store} are shown."
            )
        else:
            text = QCoreApplication.translate(
                "OrdersPage", "Loading stopped: the orders of {store} are as they were before."
            )
        return text.format(store=store)
