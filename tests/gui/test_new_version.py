"""A desk running while a newer version is installed is told so, in its own language: the
package switches ``current`` as packaging/debian/postinst does (a new link, renamed over the
old one), and the running program's line says which version came and that a restart brings it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from desktop_app import version
from desktop_app.gui.look.announcer import announcer
from desktop_app.gui.shell.new_version import NewVersionBanner


def installed(top: Path, *versions: str) -> Path:
    """An installation as the package lays it out, ``current`` at the first version; the
    program of that version."""
    for name in versions:
        (top / "versions" / name).mkdir(parents=True)
        (top / "versions" / name / "pos-backoffice").touch()
    (top / "current").symlink_to(Path("versions") / versions[0])
    return top / "versions" / versions[0] / "pos-backoffice"


def switch(top: Path, name: str) -> None:
    """What postinst does at its end: ``ln -sfn versions/NAME current.new; mv -T current.new
    current`` (one rename: ``current`` is never missing)."""
    (top / "current.new").symlink_to(Path("versions") / name)
    os.replace(top / "current.new", top / "current")


def shown_in_a_window(qtbot: QtBot, banner: NewVersionBanner) -> QMainWindow:
    window = QMainWindow()
    window.setWindowTitle("POS Back-Office")
    window.setMenuWidget(banner)
    qtbot.addWidget(window)
    window.show()
    return window


def test_a_desk_is_told_a_newer_version_was_installed_while_it_runs(
    qtbot: QtBot, tmp_path: Path
) -> None:
    program = installed(tmp_path, "0.1.0", "0.2.0")
    said: list[str] = []
    announcer().said.connect(lambda words, _urgent: said.append(words))
    banner = NewVersionBanner(program)
    window = shown_in_a_window(qtbot, banner)
    assert window.isVisible() and banner.isHidden()  # nothing newer yet

    switch(tmp_path, "0.2.0")

    qtbot.waitUntil(banner.isVisible, timeout=10_000)
    assert banner.newer == "0.2.0"
    assert banner.text().startswith("POS Back-Office 0.2.0 was installed on this computer.")
    assert f"goes on with version {version()} until the app is closed" in banner.text()
    assert banner.accessibleName() == banner.text()  # a screen reader reads the same
    assert said == [banner.text()]  # and is told once, as it shows


@pytest.mark.usefixtures("language")
def test_the_line_is_in_the_desks_language(qtbot: QtBot, tmp_path: Path) -> None:
    program = installed(tmp_path, "0.1.0", "0.3.0")
    switch(tmp_path, "0.3.0")  # installed between the program's start and its window

    banner = NewVersionBanner(program)
    window = shown_in_a_window(qtbot, banner)

    assert window.isVisible() and banner.isVisible()
    assert banner.text().startswith("O POS Back-Office 0.3.0 foi instalado neste computador.")
