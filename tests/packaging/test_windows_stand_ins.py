"""The Wine test prefix's stand-ins never enter a build: the check a Windows build runs on what
it packs names each one, and a numpy pointed at the math one."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import pytest

from tests.helpers import packaging_tool

stand_ins = packaging_tool("windows/test-prefix/stand_ins")


def test_a_clean_build_passes(tmp_path: Path) -> None:
    (tmp_path / "PySide6").mkdir()
    (tmp_path / "PySide6" / "Qt6Core.dll").write_bytes(b"MZ icuuc.dll as any Qt imports it")
    (tmp_path / "numpy.pyd").write_bytes(b"MZ " + stand_ins.API_SET)
    assert stand_ins.check([tmp_path]) == 0


@pytest.mark.parametrize(
    "name", ["icuuc.dll", "BCRYPTPRIMITIVES.DLL", "wine-stand-in-crt-math-1-0.dll"]
)
def test_a_stand_in_in_a_build_fails_it_by_name(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / name).write_bytes(b"MZ")
    assert stand_ins.check([tmp_path]) == 1
    assert name in capsys.readouterr().err


def test_a_numpy_pointed_at_the_math_stand_in_fails_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    module = tmp_path / "_multiarray_umath.cp311-win_amd64.pyd"
    module.write_bytes(b"MZ..." + stand_ins.API_SET + b"...")
    assert stand_ins.check([tmp_path]) == 0
    module.write_bytes(module.read_bytes().replace(stand_ins.API_SET, stand_ins.MATH_STAND_IN))
    assert stand_ins.check([tmp_path]) == 1
    assert "_multiarray_umath" in capsys.readouterr().err


def test_a_frozen_numpy_gets_its_own_imports_back_as_its_wheel_has_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """make msi freezes with the test environment's numpy, pointed at the stand-in: the frozen
    files are given back their own imports, and each must then be the wheel's file exactly."""
    own = b"MZ..." + stand_ins.API_SET + b"...crealf..."
    module = tmp_path / "_internal" / "numpy" / "_core" / "_multiarray_umath.cp311-win_amd64.pyd"
    module.parent.mkdir(parents=True)
    module.write_bytes(own.replace(stand_ins.API_SET, stand_ins.MATH_STAND_IN))
    record = tmp_path / "_internal" / "numpy-2.4.6.dist-info" / "RECORD"
    record.parent.mkdir()
    digest = base64.urlsafe_b64encode(hashlib.sha256(own).digest()).decode().rstrip("=")
    record.write_text(
        f"numpy/_core/_multiarray_umath.cp311-win_amd64.pyd,sha256={digest},{len(own)}\n"
    )
    assert stand_ins.unpoint(tmp_path) == 0
    assert module.read_bytes() == own
    assert stand_ins.check([tmp_path]) == 0
    # A file the pointing changed otherwise is not numpy's own: the build stops on it.
    module.write_bytes(own.replace(stand_ins.API_SET, stand_ins.MATH_STAND_IN) + b"!")
    assert stand_ins.unpoint(tmp_path) == 1
    assert "not numpy's own file" in capsys.readouterr().err
