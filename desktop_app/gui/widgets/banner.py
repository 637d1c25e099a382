"""The training banner every window shows in practice mode (kept tiny: the start-up frame
imports it). Its colours are in the style sheet, under its object name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QSizePolicy

from desktop_app.gui.look.style import give_style_sheet

if TYPE_CHECKING:  # not made before the first paint: QEvent's types are large (app.py)
    from PySide6.QtGui import QShowEvent
    from PySide6.QtWidgets import QBoxLayout


class TrainingBanner(QLabel):
    """Spoken to a screen reader the first time one shows in a run (every window has one: said
    at each, it would be noise); the start-up frame's is not (it is gone within a second)."""

    said_in_this_run = False

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if not TrainingBanner.said_in_this_run:
            TrainingBanner.said_in_this_run = True
            from desktop_app.gui.look.announcer import announce  # not at the first paint

            announce(self, self.text())


def training_banner(*, spoken: bool = True) -> QLabel:
    """The banner every window shows in training mode: it cannot be missed. Plain text and
    centred by its style sheet (``qproperty-…``): Qt's namespace of enums is not made before the
    first paint (desktop_app/gui/shell/app.py)."""
    words = QCoreApplication.translate("MainWindow", "TRAINING — practice data")
    # The start-up frame's is a plain label: a show event handled in Python would make QEvent's
    # types before the first paint.
    banner = TrainingBanner(words) if spoken else QLabel(words)
    banner.setObjectName("trainingBanner")
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
