"""Each piece of process tuning weighed by the week's soak, with it and without it (issue 68).

Weeks of ``bench_shift`` run interleaved, round after round: one with everything, then one
without each piece (``SHIFT_WITHOUT``), so that the machine's drift over the hours falls on all
alike. Each week is judged by its own same-run floors: memory growth per 1,000 payments, late
over early divided by the machine's own late over early (a fixed piece of work timed beside the
payments), the largest timer gap the bystander was not held through outside a window's
building, and the 95th percentile of a window's opening by keys.

A piece whose absence keeps every week under :data:`TARGETS` has not earned its place.

    QT_QPA_PLATFORM=offscreen python -m bench.soak_pieces      # ROUNDS=2 by default

The last line is one JSON object: per piece, the median of each figure over its weeks.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from typing import Any

from bench.bench_shift import PIECES

TARGETS = {
    "mib_per_1000": 3.0,
    "late_over_early_ratio": 1.1,
    "largest_gap_outside_builds_ms": 30.0,
    "window_open_p95_ms": 100.0,
}
"""What a week must hold without a piece for the piece to go: the week's targets as a person
at the desk feels them (issue "A lighter house (3a)"; issue 68's were 2 MiB and any gap)."""


def week(without: str) -> dict[str, Any]:
    """One week's figures (its last line), run without ``without`` ("" for everything)."""
    env = dict(os.environ, SHIFT_WITHOUT=without, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "bench.bench_shift"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return {
        "mib_per_1000": figures["rss_growth_per_1000_payments_mib"],
        "late_over_early_ratio": figures["late_over_early_ratio"]
        / figures["machine_late_over_early_ratio"],
        "largest_gap_ms": figures["largest_timer_gap_ms"],
        "largest_gap_outside_builds_ms": figures["largest_timer_gap_outside_window_builds_ms"],
        "window_open_p95_ms": figures["window_open_p95_ms"],
        "minutes": figures["minutes"],
        "left_behind": figures["widgets_left_after_close"] + figures["task_growth"],
    }


def main() -> None:
    rounds = int(os.environ.get("ROUNDS") or 2)
    weeks: dict[str, list[dict[str, Any]]] = {name: [] for name in ("", *PIECES)}
    for number in range(1, rounds + 1):
        for without in weeks:
            figures = week(without)
            weeks[without].append(figures)
            shown = " ".join(f"{key}={value:.2f}" for key, value in figures.items())
            print(f"round {number}, without {without or 'nothing'}: {shown}", flush=True)
    summary: dict[str, Any] = {}
    for without, runs in weeks.items():
        name = without or "nothing"
        for key in ("largest_gap_ms", *TARGETS):
            summary[f"without_{name}_{key}"] = statistics.median(run[key] for run in runs)
        summary[f"without_{name}_holds_targets"] = all(
            run[key] <= limit for run in runs for key, limit in TARGETS.items()
        )
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
