"""What the launcher and IT start the program with: every command line the desktop file runs is
one the program accepts, and ``--version`` says the version (issue "A package IT signs off")."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from desktop_app import version
from desktop_app.gui.shell.command_line import parse_args

DESKTOP_FILE = (
    Path(__file__).resolve().parents[2] / "packaging" / "br.com.posbackoffice.BackOffice.desktop"
)


def test_every_exec_line_of_the_desktop_file_is_a_command_line_the_program_takes() -> None:
    lines = [
        line.removeprefix("Exec=")
        for line in DESKTOP_FILE.read_text(encoding="utf-8").splitlines()
        if line.startswith("Exec=")
    ]
    assert len(lines) >= 2  # the app, and its training action
    for line in lines:
        program, *arguments = shlex.split(line)
        assert program == "pos-backoffice"
        assert not any(argument.startswith("%") for argument in arguments), line  # no files
        parse_args(arguments)  # refused arguments would end the run here (SystemExit)


@pytest.mark.usefixtures("processes")
def test_version_says_the_installed_version_and_exits() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app", "--version"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"pos-backoffice {version()}\n"
