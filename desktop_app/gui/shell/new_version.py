"""The line over the main window that says a newer version was installed while this one runs.

An upgrade never takes a file from under a running desk: each version runs from a copy of its
own, and the installer (the .deb, the MSI) points ``current`` at the new one once it is in
(:mod:`desktop_app.core.installed_version`). This desk goes on as it started; the line says that
closing and opening the app brings the new version, at a moment the person chooses. A program
not run from an installed copy (a source tree, a plain folder) watches nothing.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QFileSystemWatcher
from PySide6.QtWidgets import QWidget

from desktop_app import version
from desktop_app.core.installed_version import installation_folder, newer_installed
from desktop_app.gui.look.announcer import announce
from desktop_app.gui.widgets.notice_line import NoticeLine

log = logging.getLogger(__name__)


class NewVersionBanner(NoticeLine):
    """Hidden until the installed version is newer than the running one; then it says which,
    and that a restart brings it. Watches the installation's folder (where ``current`` is
    switched) for as long as it lives."""

    def __init__(self, program: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__("newVersionBanner", parent)
        self._program = program if program is not None else Path(sys.executable)
        self._newer: str | None = None
        self._watcher = QFileSystemWatcher(self)
        folder = installation_folder(self._program)
        if folder is not None:
            self._watcher.addPath(str(folder))
            self._watcher.directoryChanged.connect(self._look)
            self._look()  # installed between this program's start and this window

    @property
    def newer(self) -> str | None:
        """The version installed since this program started, if any."""
        return self._newer

    def _look(self) -> None:
        newer = newer_installed(self._program)
        if newer is None or newer == self._newer:
            return
        self._newer = newer
        self.refresh()
        log.info("version %s was installed; this program goes on as %s until it is closed",
                 newer, version())  # fmt: skip
        announce(self, self.text())

    def notice_text(self) -> str:
        if self._newer is None:
            return ""
        return QCoreApplication.translate(
            "MainWindow",
            "POS Back-Office {new} was installed on this computer. This desk goes on with"
            " version {running} until the app is closed; open it again to use the new"
            " version when it suits you. Nothing is lost meanwhile.",
        ).format(new=self._newer, running=version())
