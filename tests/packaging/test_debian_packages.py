"""Which Debian packages the set-up asks for (packaging/debian-packages.sh), read by the real
dpkg-query from a package database written as a desk of each release has it (issue 95: on
Debian 13 the set-up asked for libglib2.0-0 at every run, installed or not)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASH = shutil.which("bash") or "/bin/bash"

pytestmark = [
    pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="Debian's own tool"),
    pytest.mark.usefixtures("processes"),  # bash and dpkg-query
]


def installed(name: str, *, provides: str = "", status: str = "install ok installed") -> str:
    """One package's stanza in dpkg's status file."""
    lines = [f"Package: {name}", f"Status: {status}", "Architecture: amd64", "Version: 1.0-1"]
    if provides:
        lines.append(f"Provides: {provides}")
    return "\n".join([*lines, "Description: a library", ""]) + "\n"


def missing(tmp_path: Path, status: str, *wanted: str) -> list[str]:
    """What ``missing_debian_packages`` names of ``wanted`` on a desk whose dpkg database holds
    ``status``."""
    (tmp_path / "status").write_text(status, encoding="utf-8")
    said = subprocess.run(
        [BASH, "-c", '. packaging/debian-packages.sh && missing_debian_packages "$@"', "-",
         *wanted],
        cwd=ROOT,
        env={**os.environ, "DPKG_ADMINDIR": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    )  # fmt: skip
    return said.stdout.split()


def test_a_library_renamed_for_64_bit_time_counts_as_installed_by_its_provides(
    tmp_path: Path,
) -> None:
    debian_13 = installed(
        "libglib2.0-0t64",
        provides="libgio-2.0-0 (= 2.84.4-3~deb13u5), libglib2.0-0 (= 2.84.4-3~deb13u5)",
    ) + installed("libegl1")
    assert missing(tmp_path, debian_13, "libglib2.0-0", "libegl1", "libgio-2.0-0") == []


def test_a_package_absent_or_only_configured_is_asked_for(tmp_path: Path) -> None:
    desk = installed("libegl1") + installed("xvfb", status="deinstall ok config-files")
    assert missing(tmp_path, desk, "libegl1", "xvfb", "xdotool") == ["xvfb", "xdotool"]
    # A name another package merely depends on, or mentions, is not provided by it.
    other = installed("libglib2.0-bin", provides="glib-tools")
    assert missing(tmp_path, other, "libglib2.0-0") == ["libglib2.0-0"]
