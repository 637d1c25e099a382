"""make coverage: branch coverage of the app's code per layer, after the whole suite ran with
coverage following every process it started (pyproject.toml, ``[tool.coverage.run]``).

A layer is the first package under desktop_app/ (api, core, gui, process, sandbox; the package's
own two files are "desktop_app"). Each layer's figure is coverage's own: lines and branch
outcomes reached over those there are. The lines no test reaches in ``--list`` layers (core and
api by default) follow, a file to a line, for docs/testing.md ("Coverage") to cover or explain.
The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "desktop_app"


def layer_of(path: str) -> str:
    """``desktop_app/core/money.py`` is core's; ``desktop_app/__main__.py`` the package's."""
    parts = Path(path).parts
    below = parts[parts.index(PACKAGE) + 1 :]
    return below[0] if len(below) > 1 else PACKAGE


def spans(lines: list[int]) -> str:
    """``[3, 4, 5, 9]`` as ``3-5, 9``."""
    found: list[str] = []
    start = previous = None
    for line in sorted(lines):
        if previous is not None and line == previous + 1:
            previous = line
            continue
        if start is not None:
            found.append(f"{start}-{previous}" if previous != start else str(start))
        start = previous = line
    if start is not None:
        found.append(f"{start}-{previous}" if previous != start else str(start))
    return ", ".join(found)


def report() -> dict[str, Any]:
    """Coverage's JSON report of the data the run left (combined first)."""
    import coverage

    measured = coverage.Coverage(config_file=str(ROOT / "pyproject.toml"))
    measured.load()  # what pytest-cov combined, with what processes left after it
    measured.combine(keep=False, strict=False)
    measured.save()
    out = ROOT / "build" / "coverage" / "coverage.json"
    measured.json_report(outfile=str(out))
    found: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", nargs="*", default=["core", "api"], metavar="LAYER")
    listed = set(parser.parse_args(argv).list)
    totals: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    unreached: dict[str, list[int]] = {}
    for path, measured in sorted(report()["files"].items()):
        layer = layer_of(path)
        summary = measured["summary"]
        for key in ("num_statements", "covered_lines", "num_branches", "covered_branches"):
            totals[layer][key] += summary[key]
        if layer in listed and measured["missing_lines"]:
            unreached[path] = measured["missing_lines"]
    figures: dict[str, float] = {}
    print(f"{'layer':<12}{'lines':>14}{'branches':>14}{'coverage':>10}")
    for layer, total in sorted(totals.items()):
        reached = total["covered_lines"] + total["covered_branches"]
        there = total["num_statements"] + total["num_branches"]
        figures[layer] = round(100 * reached / there, 1) if there else 100.0
        lines_reached = f"{total['covered_lines']}/{total['num_statements']}"
        branches = f"{total['covered_branches']}/{total['num_branches']}"
        print(f"{layer:<12}{lines_reached:>14}{branches:>14}{figures[layer]:>9}%")
    for path, missing in unreached.items():
        print(f"unreached: {path}: {spans(missing)}")
    unreached_by_layer = {
        layer: sum(len(lines) for path, lines in unreached.items() if layer_of(path) == layer)
        for layer in sorted(listed)
    }
    print(json.dumps({"coverage_by_layer": figures, "unreached_lines": unreached_by_layer}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
