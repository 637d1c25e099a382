"""The uv that uv.lock names, for set-up to bring in with pip before uv installs the rest.

``--version`` prints its version; ``--requirement`` prints it as a pip requirement with every
hash the lock holds for it, so that pip installs exactly that file (``--require-hashes``);
``--pip-wheel`` prints where Python's own pip wheel lies (the one ``ensurepip`` installs), or
nothing: run from the wheel as ``.venv/bin/python PIP_WHEEL/pip install …``, pip installs into
a venv made without pip, which spares set-up the two seconds of putting pip and setuptools
into .venv only to bring uv in. Runs on the machine's own Python (3.11 has ``tomllib``),
before any package is installed.
"""

from __future__ import annotations

import ensurepip
import sys
import tomllib
from pathlib import Path

LOCK = Path(__file__).resolve().parent.parent / "uv.lock"
WHEEL_FOLDERS = (
    Path(ensurepip.__file__).parent / "_bundled",  # Python as python.org builds it
    Path("/usr/share/python-wheels"),  # Debian and Ubuntu (their ensurepip reads it there)
)


def locked_uv() -> tuple[str, list[str]]:
    """The version of uv in the lock and the sha256 of each of its files."""
    with LOCK.open("rb") as lock:
        packages = tomllib.load(lock)["package"]
    uv = next(package for package in packages if package["name"] == "uv")
    files = [*uv.get("wheels", []), *([uv["sdist"]] if "sdist" in uv else [])]
    return uv["version"], [file["hash"] for file in files]


def pip_wheel() -> Path | None:
    """Python's own pip wheel, the newest found (None: ensurepip holds none here)."""
    found = [wheel for folder in WHEEL_FOLDERS for wheel in folder.glob("pip-*-py3-none-any.whl")]
    return max(found, key=lambda wheel: wheel.name, default=None)


def main(argv: list[str]) -> int:
    """Print what ``argv`` asks for."""
    version, hashes = locked_uv()
    if argv[1:] == ["--version"]:
        print(version)
    elif argv[1:] == ["--requirement"]:
        print(f"uv=={version} " + " ".join(f"--hash={digest}" for digest in hashes))
    elif argv[1:] == ["--pip-wheel"]:
        print(pip_wheel() or "")
    else:
        print("usage: locked_uv.py --version | --requirement | --pip-wheel", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
