"""The training banner every window shows in practice mode (kept tiny: the start-up frame
imports it). Its colours are in the style sheet, under its object name."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QBoxLayout, QLabel, QSizePolicy

from desktop_app.gui.look.style import give_style_sheet


class TrainingBanner(QLabel):
    """Spoken to a screen reader the first time one shows in a run (every window has one: said
    at each, it would be noise)."""

    said_in_this_run = False

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if not TrainingBanner.said_in_this_run:
            TrainingBanner.said_in_this_run = True
            from desktop_app.gui.app_wide.announcer import announce  # not at the first paint

            announce(self, self.text())


def training_banner() -> QLabel:
    """The banner every window shows in training mode: it cannot be missed."""
    banner = TrainingBanner(QCoreApplication.translate("MainWindow", "TRAINING — practice data"))
    banner.setTextFormat(Qt.TextFormat.PlainText)
    banner.setObjectName("trainingBanner")
    banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
    banner.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)  # never swells
    give_style_sheet(banner)
    # Its sheet's larger bold font taken now: a dialog laid out before the label was polished
    # kept the room of the plain font, and cut "TREINAMENTO — dados de prática" at both ends.
    banner.ensurePolished()
    return banner


def add_training_banner(layout: QBoxLayout, training: bool) -> None:
    """Put the training banner at the top of a dialog's layout, in training mode."""
    if training:
        layout.insertWidget(0, training_banner())
