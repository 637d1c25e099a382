"""Installs are the same every time: what pyproject.toml asks for is what uv.lock holds, and
the lock keeps the PySide6 release that does not corrupt CPython 3.11."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UV = Path(sys.executable).parent / "uv"


def lock_check(folder: Path) -> subprocess.CompletedProcess[str]:
    """``uv lock --check`` on ``folder``, from what the machine already holds (no network)."""
    return subprocess.run(
        [str(UV), "lock", "--check", "--offline", "--directory", str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_lock_holds_what_pyproject_asks_for() -> None:
    checked = lock_check(ROOT)
    assert checked.returncode == 0, "pyproject.toml changed without `make lock`:\n" + checked.stderr


def test_a_dependency_added_without_the_lock_is_caught(tmp_path: Path) -> None:
    for name in ("pyproject.toml", "uv.lock", "README.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    pyproject = tmp_path / "pyproject.toml"
    text = pyproject.read_text()
    assert '    "orjson>=3.10",\n' in text
    pyproject.write_text(
        text.replace('    "orjson>=3.10",\n', '    "orjson>=3.10",\n    "tomli-w>=1",\n')
    )
    assert lock_check(tmp_path).returncode != 0


@pytest.mark.parametrize("name", ["pyside6-essentials", "pyside6-addons"])
def test_the_lock_keeps_pyside6_below_6_12(name: str) -> None:
    packages = tomllib.loads((ROOT / "uv.lock").read_text())["package"]
    (locked,) = [p["version"] for p in packages if p["name"] == name]
    assert tuple(int(part) for part in locked.split(".")[:2]) < (6, 12), locked
