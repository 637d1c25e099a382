"""A desk running one version learns when another was installed beside it (both installers'
layout: each version a copy of its own under versions/, ``current`` the newest), and nothing
else ever looks like an upgrade. The .deb's ``current`` is a symbolic link, POSIX's by nature;
the MSI's, a file, is its counterpart on every system."""

from __future__ import annotations

from pathlib import Path

from desktop_app.core.installed_version import installation_folder, newer_installed
from tests.platforms import posix_by_nature

A_WINDOWS_INSTALL = "test_the_msis_current_file_names_the_version_installed_after_this_one"


def installed(top: Path, *versions: str) -> dict[str, Path]:
    programs = {}
    for version in versions:
        copy = top / "versions" / version
        copy.mkdir(parents=True)
        (copy / "pos-backoffice").touch()
        programs[version] = copy / "pos-backoffice"
    return programs


def switch(top: Path, version: str) -> None:
    (top / "current.new").symlink_to(Path("versions") / version)
    (top / "current.new").replace(top / "current")


@posix_by_nature(A_WINDOWS_INSTALL)
def test_the_version_installed_after_this_one_started_is_named(tmp_path: Path) -> None:
    programs = installed(tmp_path, "0.1.0", "0.2.0")
    switch(tmp_path, "0.1.0")
    assert newer_installed(programs["0.1.0"]) is None
    switch(tmp_path, "0.2.0")
    assert newer_installed(programs["0.1.0"]) == "0.2.0"
    assert newer_installed(programs["0.2.0"]) is None


@posix_by_nature(A_WINDOWS_INSTALL)
def test_started_through_the_command_link_it_still_knows_its_own_copy(tmp_path: Path) -> None:
    programs = installed(tmp_path, "0.1.0", "0.2.0")
    switch(tmp_path, "0.1.0")
    command = tmp_path / "pos-backoffice"  # /usr/bin/pos-backoffice -> …/current/pos-backoffice
    command.symlink_to(tmp_path / "current" / "pos-backoffice")
    running = command.resolve()  # what the program's own path is, once started
    switch(tmp_path, "0.2.0")
    assert newer_installed(running) == "0.2.0"
    assert running == programs["0.1.0"]


def test_a_source_tree_or_a_plain_folder_is_never_upgraded_under_it(tmp_path: Path) -> None:
    plain = tmp_path / "POS Back-Office" / "pos-backoffice.exe"  # a folder copied by hand
    plain.parent.mkdir(parents=True)
    plain.touch()
    assert installation_folder(plain) is None
    assert newer_installed(plain) is None


def test_while_current_is_gone_nothing_is_said(tmp_path: Path) -> None:
    programs = installed(tmp_path, "0.1.0")
    assert newer_installed(programs["0.1.0"]) is None


def test_the_msis_current_file_names_the_version_installed_after_this_one(tmp_path: Path) -> None:
    """The MSI's layout, on every system: ``current`` a line naming the newest copy."""
    programs = installed(tmp_path, "0.1.0")
    (tmp_path / "current").write_bytes(b"0.1.0\r\n")
    assert newer_installed(programs["0.1.0"]) is None
    programs |= installed(tmp_path, "0.2.0")
    (tmp_path / "current").write_bytes(b"0.2.0\r\n")
    assert newer_installed(programs["0.1.0"]) == "0.2.0"
    assert newer_installed(programs["0.2.0"]) is None
    (tmp_path / "current").write_bytes(b"")  # being written this very moment: nothing yet
    assert newer_installed(programs["0.1.0"]) is None
