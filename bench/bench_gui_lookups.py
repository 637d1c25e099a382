"""The customer lookup with 50,000 customers in the sandbox (its own process).

A person types ten characters at 8 keystrokes per second. Measured in the same run:
* the largest stall of the UI (gap of a 5 ms timer) while typing and results arrive
  (target: under one frame, 16 ms), over runs two to five; the first search of a freshly
  opened window, which also pays one-time costs (the first paint of a filled table), is
  reported on its own as ``first_search_stall_ms``;
* from the last keystroke to the results shown, against the service's own response time for
  the same search plus the debounce (target: within 1.2x).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import httpx
from PySide6.QtCore import QSettings, QTemporaryDir
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from bench.bench_gui_orders import GapMeter
from bench.common import OUT, SandboxProcess, report
from desktop_app.gui.look.style import apply_style
from desktop_app.gui.lookups.customers import CustomersWindow
from desktop_app.gui.lookups.search import DEBOUNCE_MS
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.shell.app import freeze_start_up_objects, tune_the_process
from desktop_app.gui.shell.event_loop import AppEventLoop
from desktop_app.gui.shell.parts import build_context
from desktop_app.sandbox.seed import SeedSize
from desktop_app.sandbox.server import SandboxServer

TYPED = "maria silv"
KEY_INTERVAL = 1 / 8


def main() -> None:
    OUT.mkdir(exist_ok=True)
    db = OUT / "customers-50k.sqlite3"
    SandboxServer(
        db, SeedSize(stores=1, orders_per_store=10, customers=50_000, seed=9)
    ).start().stop()
    sandbox = SandboxProcess(db).start()
    token = sandbox.token()
    url = f"{sandbox.base_url}/api/v1/data-consult/customers/{TYPED.replace(' ', '%20')}"
    with httpx.Client(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http:
        http.get(url)
        service = []
        for _ in range(7):
            started = time.perf_counter()
            http.get(url).raise_for_status()
            service.append(time.perf_counter() - started)
    service_s = statistics.median(service)

    tune_the_process()
    app = QApplication([])
    apply_style(app)  # as the app runs: under its one style sheet
    loop = AppEventLoop(app)
    asyncio.set_event_loop(loop)
    folder = QTemporaryDir()
    settings = QSettings(folder.filePath("settings.ini"), QSettings.Format.IniFormat)
    ctx = build_context(
        Preferences(settings), sandbox.base_url, "pt_BR", Path(folder.filePath("journal.sqlite3"))
    )
    ctx.session.session.sign_in(token)
    client = ctx.client
    # In the app this window opens in a session that has already talked to the service (the
    # stores and orders load first): the client's first connection is not this window's cost.
    loop.run_until_complete(client.list_stores())
    window = CustomersWindow(ctx)
    window.show()
    freeze_start_up_objects()  # as the app does once it is up
    meter = GapMeter()

    async def one_run() -> tuple[float, float]:
        window.search.clear()
        window.searched_text = ""
        await asyncio.sleep(0.5)
        meter.largest = 0.0
        meter.start()
        answered: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def shown_for(text: str) -> None:
            if text == TYPED and not answered.done():
                answered.set_result(None)

        window.results_shown.connect(shown_for)
        for char in TYPED:
            QTest.keyClicks(window.search, char)
            last = time.perf_counter()
            await asyncio.sleep(KEY_INTERVAL)  # a person's typing pace, not synchronisation
        await asyncio.wait_for(answered, 30)
        shown = time.perf_counter() - last
        window.results_shown.disconnect(shown_for)
        meter.stop()
        return shown, meter.largest

    with loop:
        runs = [loop.run_until_complete(one_run()) for _ in range(5)]
        loop.run_until_complete(client.aclose())
    ctx.close()
    sandbox.stop()
    shown_s = statistics.median(shown for shown, _ in runs)
    first_stall = runs[0][1]  # the window's first search also pays one-time costs
    gaps = max(gap for _, gap in runs[1:])
    print("per run:", [f"{shown * 1000:.0f} ms / stall {gap * 1000:.1f} ms" for shown, gap in runs])
    floor_s = service_s + DEBOUNCE_MS / 1000
    report({
        "customers": 50_000,
        "service_response_s": service_s,
        "debounce_s": DEBOUNCE_MS / 1000,
        "last_key_to_results_s": shown_s,
        "results_ratio": shown_s / floor_s,
        "largest_ui_stall_ms": gaps * 1000,
        "first_search_stall_ms": first_stall * 1000,
    })  # fmt: skip


if __name__ == "__main__":
    main()
