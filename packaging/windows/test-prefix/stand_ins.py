"""The Wine test prefix's stand-ins for what Wine 8 lacks of Windows 10 (README.md beside this).

    stand_ins.py build OUT SITE    build the three DLLs into OUT (mingw-w64) and point the
                                   numpy of SITE (a Windows site-packages) at the math one
    stand_ins.py check FOLDER...   exit 1, naming each, if a stand-in or a numpy pointed at one
                                   is in FOLDER (a build's files: none may ever ship)
    stand_ins.py point FOLDER      point the numpy under FOLDER at the math stand-in (an
                                   installed desk in the test prefix of `make msi-check`)
    stand_ins.py unpoint FOLDER    give the numpy under FOLDER back its own imports, each file
                                   checked against its wheel's RECORD (a frozen build: the
                                   freezer ran with the test environment's numpy)

Test environment only: ``make windows-env`` builds them into its Wine prefix; a build of the
desk for Windows runs ``check`` on what it packs.
"""

from __future__ import annotations

import base64
import hashlib
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CC = "x86_64-w64-mingw32-gcc"
OBJDUMP = "x86_64-w64-mingw32-objdump"

API_SET = b"api-ms-win-crt-math-l1-1-0.dll"
MATH_STAND_IN = b"wine-stand-in-crt-math-1-0.dll"
"""numpy's imports from the math API set name this instead (the same length: the name is
changed in place in the import table, nothing else of the file moves)."""
assert len(API_SET) == len(MATH_STAND_IN)
STAND_INS = ("icuuc.dll", "bcryptprimitives.dll", MATH_STAND_IN.decode())

_ANSWERED = re.compile(r"^(?:dcomplex|fcomplex|double|float) stand_in_(\w+)\(", re.MULTILINE)


def answered_here() -> set[str]:
    """The functions crt_math.c answers itself (every other one goes to ucrtbase)."""
    source = (HERE / "crt_math.c").read_text()
    names = set(_ANSWERED.findall(source))
    for _kind, name in re.findall(r"(ONE_ARGUMENT|REAL_RESULT)\((\w+)\)", source):
        if name != "name":
            names |= {name, name + "f", name + "l"}
    return names


def numpy_modules(site: Path) -> list[Path]:
    """numpy's modules that import from the math API set."""
    modules = sorted((site / "numpy").rglob("*.pyd"))
    return [path for path in modules if API_SET in path.read_bytes()]


def imported_math(module: Path) -> set[str]:
    """What ``module`` imports from the math API set (objdump's listing of its imports)."""
    listing = subprocess.run([OBJDUMP, "-p", str(module)], capture_output=True, text=True,
                             check=True).stdout  # fmt: skip
    names, inside = set(), False
    for line in listing.splitlines():
        if "DLL Name:" in line:
            inside = line.split("DLL Name:")[1].strip().lower() == API_SET.decode()
        elif inside and len(fields := line.split()) >= 3 and fields[-1].isidentifier():
            names.add(fields[-1])
    return names


def build(out: Path, site: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    compile_ = [CC, "-shared", "-O2", "-s", "-static-libgcc", "-Wall", "-Werror"]
    subprocess.run([*compile_, "-o", str(out / "icuuc.dll"), str(HERE / "icuuc.c")], check=True)
    subprocess.run([*compile_, "-o", str(out / "bcryptprimitives.dll"),
                    str(HERE / "bcryptprimitives.c"), "-ladvapi32"], check=True)  # fmt: skip
    modules = numpy_modules(site)
    wanted = set().union(*(imported_math(module) for module in modules)) if modules else set()
    here = answered_here()
    lines = ["EXPORTS"] + [
        f"    {name}=stand_in_{name}" if name in here else f"    {name}=ucrtbase.{name}"
        for name in sorted(wanted)
    ]
    definition = out / "crt_math.def"
    definition.write_text("\n".join(lines) + "\n")
    subprocess.run([*compile_, "-o", str(out / MATH_STAND_IN.decode()), str(HERE / "crt_math.c"),
                    str(definition)], check=True)  # fmt: skip
    point(modules)
    print(
        f"stand-ins: {', '.join(STAND_INS)} in {out}; {len(modules)} numpy modules pointed at "
        f"the math one ({len(wanted & here)} functions answered there, {len(wanted - here)} "
        "forwarded to ucrtbase)"
    )


def point(modules: list[Path], old: bytes = API_SET, new: bytes = MATH_STAND_IN) -> None:
    """Change the name of the DLL ``modules`` import from ``old`` to ``new``, in place."""
    for module in modules:  # a new file each: never through a link into an installer's cache
        changed = module.with_name(module.name + ".pointed")
        changed.write_bytes(module.read_bytes().replace(old, new))
        changed.replace(module)


def unpoint(folder: Path) -> int:
    """Give the numpy under ``folder`` its own imports back; 1 if a file then differs from the
    one its wheel's RECORD names (or no RECORD says)."""
    pointed = [path for path in folder.rglob("*.pyd") if MATH_STAND_IN in path.read_bytes()]
    point(pointed, MATH_STAND_IN, API_SET)
    records = {}
    for record in folder.rglob("numpy-*.dist-info/RECORD"):
        for line in record.read_text().splitlines():
            name, digest, _size = line.rsplit(",", 2)
            records[name] = digest
    wrong = []
    for path in pointed:
        relative = path.relative_to(folder).as_posix()
        place = next((n for n in records if relative == n or relative.endswith("/" + n)), None)
        sha256 = hashlib.sha256(path.read_bytes()).digest()
        digest = "sha256=" + base64.urlsafe_b64encode(sha256).decode().rstrip("=")
        if place is None or records[place] != digest:
            wrong.append(f"{path}: not numpy's own file after its imports were given back")
    for line in wrong:
        print(f"stand-ins: {line}", file=sys.stderr)
    print(f"stand-ins: {len(pointed)} numpy modules in {folder} given back their own imports")
    return 1 if wrong else 0


def check(folders: list[Path]) -> int:
    found = []
    for folder in folders:
        for path in folder.rglob("*"):
            if path.name.lower() in STAND_INS and path.is_file():
                found.append(f"{path}: a stand-in of the Wine test prefix")
            elif path.suffix.lower() in (".pyd", ".dll") and MATH_STAND_IN in path.read_bytes():
                found.append(f"{path}: points at the Wine test prefix's math stand-in")
    for line in found:
        print(f"stand-ins: {line}", file=sys.stderr)
    return 1 if found else 0


def main() -> int:
    command, *arguments = sys.argv[1:]
    if command == "build":
        build(Path(arguments[0]), Path(arguments[1]))
        return 0
    if command == "check":
        return check([Path(a) for a in arguments])
    if command == "point":
        point([p for p in Path(arguments[0]).rglob("*.pyd") if API_SET in p.read_bytes()])
        return 0
    if command == "unpoint":
        return unpoint(Path(arguments[0]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
