"""make mutants MODULE=core/money: the module's mutants run against the Qt-free layers' tests
(tests/core, tests/api: no QApplication in a forked worker), two at a time, and what became of
them: killed, survived, timed out, in a line and as the last line's JSON object.

mutmut keeps its work in ``mutants/`` (``mutmut browse`` shows each survivor, ``mutmut show
NAME`` its change); a second run of the same module re-tests only what changed. docs/testing.md,
"Mutants", says how a survivor is judged, and lists those judged equivalent.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTMUT = ROOT / ".venv" / "bin" / "mutmut"
WORKERS = 2


def module_path(module: str) -> Path:
    """``core/money`` (or ``core.money``, ``desktop_app/core/money.py``) as a source path."""
    name = module.removeprefix("desktop_app/").removeprefix("desktop_app.").removesuffix(".py")
    path = Path("desktop_app") / (name.replace(".", "/") + ".py")
    if not (ROOT / path).is_file():
        raise SystemExit(
            f"{path}: no such module (MODULE=core/money names desktop_app/core/money.py)"
        )
    return path


def exit_codes(path: Path) -> dict[str, int | None]:
    """Each mutant of ``path`` by name, with the exit code its tests ended with (None: not run)."""
    meta = ROOT / "mutants" / (str(path) + ".meta")
    codes: dict[str, int | None] = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return codes


def outcomes(codes: dict[str, int | None]) -> Counter[str]:
    """What became of each mutant, by mutmut's own names for its exit codes."""
    from mutmut.stats import status_by_exit_code

    return Counter(status_by_exit_code[code] for code in codes.values())


def survivors(codes: dict[str, int | None]) -> list[str]:
    """The names of the mutants that every test let through."""
    return sorted(name for name, code in codes.items() if code == 0)


def main(module: str) -> int:
    path = module_path(module)
    dotted = ".".join(path.with_suffix("").parts)
    started = time.monotonic()
    run = subprocess.run(
        [str(MUTMUT), "run", "--max-children", str(WORKERS), f"{dotted}.*"], cwd=ROOT, check=False
    )
    seconds = time.monotonic() - started
    if run.returncode != 0:
        return run.returncode
    codes = exit_codes(path)
    found = outcomes(codes)
    total = sum(found.values())
    killed = found["killed"] + found["timeout"] + found["caught by type check"]
    for name in survivors(codes):
        print("survived:", name)
    summary = {
        "module": str(path),
        "mutants": total,
        "killed": killed,
        "survived": found["survived"],
        "other": total - killed - found["survived"],
        "score": round(killed / total, 4) if total else None,
        "seconds": round(seconds, 1),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
