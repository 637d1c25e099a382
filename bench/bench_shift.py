"""A week at the desk without a restart, compressed: the real app (offscreen) against the
sandbox in its own process, driven through what a desk does all week.

``BENCH_SHIFT_PAYMENTS`` payments a week (2,000 by default: ``make soak``; ``make bench`` runs
200), ``BENCH_SHIFT_WEEKS`` weeks without a restart (one by default), each payment a person's:
the order opened from the list by its row and Enter, F8, the slip typed, reviewed, sent, the
order closed. Between them, in proportion to a week: lookups (customers and products, opened,
searched, closed), idle locks and sign-ins, store changes, invoices, outages, a language switch,
and a day close at each day's end: ten days a week, the last of them today, each payment's slip
dated its day. The journal holds the 90 days the default setting keeps (2,000 slips a day before
the weeks' own).

After a warm-up of the first tenth, the process is sampled at fixed points (every window but
the main one closed, no call in flight): resident memory, Python's live objects by type, live
widgets and the QObjects parented to the application, open file descriptors, asyncio tasks,
the journal's and log's sizes; a 5 ms ``QTimer`` notes its largest gap throughout, beside a
``Bystander`` (the machine's own stalls are not the app's).

The last line's figures: ``payments``, ``rss_growth_per_1000_payments_mib`` (the slope over the
samples) and its parts in the C heap (held, and freed but kept: glibc's ``mallinfo2``) and
as the kernel splits it (``rss_anon_…``: the heap; ``rss_file_…``: pages of files read in),
``widgets_left_after_close``, ``fd_growth``, ``task_growth``, ``largest_timer_gap_ms`` (the
largest interval no bystander was held through for half of it or more) and the raw largest,
the largest over the first and the last fifth of the week (does the loop's longest hold grow?),
``late_over_early_ratio`` (the median payment time of the last 100 over the first 100 after
the warm-up) and, beside it, the same of the Qt thread's own processor time
(``late_over_early_cpu_ratio``) and ``machine_late_over_early_ratio``: the same of a fixed
piece of work timed after each of those payments (the machine's own drift). Windows opened by
keys: ``window_open_p95_ms`` (an order's window and a payment form's, from the key's arrival
to the window's first paint), and the loop's holds outside their building,
``largest_timer_gap_outside_window_builds_ms`` (the builds' number and total time beside it).
Over two weeks, ``second_over_first_week_growth_ratio``: does memory level off?

Targets (what a person at the desk feels, and what grows without bound): nothing left behind;
late over early at most 1.1; the loop held under 30 ms outside a window's building; a window
opened by keys in 100 ms at the 95th percentile; under 3 MiB per 1,000 payments; over two
weeks, the second growing at most half as much as the first. Every sample goes to
``bench/out/shift_samples.json``.

The driver acts as a person does, one event at a time: a window opened is laid out and painted
before the first key reaches it (:func:`next_event`). It sets the application up as the app
does (what is installed app-wide, the collector on the Qt thread alone), and keeps its own notes
as numbers in arrays, so that what it measures is the app's growth, not its own.

To find what grows: ``BENCH_SHIFT_TRACE=frames`` (Python's allocations, by site) and
``BENCH_SHIFT_PROFILE=1`` (the Qt thread's functions, early payments against late); each sample
also carries what SQLite holds, Python's allocator's arenas and live blocks, the tables'
laid-out texts and a payment's processor time. To find what holds the loop:
``BENCH_SHIFT_STALLS=ms`` (``bench/stalls.py``: the stacks and events of each gap over that).
"""

from __future__ import annotations

import asyncio
import cProfile
import faulthandler
import functools
import gc
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from bench.common import OUT, Bystander, SandboxProcess, report
from bench.stalls import StallSampler, event_trail, write_gaps

PAYMENTS = int(os.environ.get("BENCH_SHIFT_PAYMENTS") or 2000)
"""A week's payments."""
WEEKS = int(os.environ.get("BENCH_SHIFT_WEEKS") or 1)
"""Weeks without a restart (``BENCH_SHIFT_WEEKS=2``: does the second grow as the first did?)."""
PROFILE = os.environ.get("BENCH_SHIFT_PROFILE") == "1"
"""To find what a payment costs more late in the weeks: the Qt thread profiled (``cProfile``)
over the first 100 payments after the warm-up and the last 100, the functions whose own time
grew most written to ``bench/out/shift_profile.txt``."""
TRACE_FRAMES = int(os.environ.get("BENCH_SHIFT_TRACE") or 0)
"""To find what grows: Python's allocations traced from the warm-up's end (``tracemalloc``, this
many frames each; 0: not traced, the default: tracing slows everything several times), the
sites that grew most written to ``bench/out/shift_growth.txt``."""
STALLS_MS = int(os.environ.get("BENCH_SHIFT_STALLS") or 0)
"""To find what holds the loop: the Qt thread's stack taken while the timer is late
(``bench/stalls.py``), and for each gap over this many milliseconds outside a window's building,
the stacks taken during it, written to ``bench/out/shift_stalls.txt`` (0: none, the default)."""
WARM_UP = max(PAYMENTS // 10, 20)
SAMPLE_EVERY = max(PAYMENTS // 20, 10)
LOOKUP_EVERY = max(PAYMENTS // 300, 1)  # 300 lookups a week
LOCK_EVERY = max(PAYMENTS // 50, 2)  # 50 idle locks
STORE_EVERY = max(PAYMENTS // 30, 3)  # 30 store changes
INVOICE_EVERY = max(PAYMENTS // 100, 2)  # 100 invoices
DAY_CLOSE_EVERY = max(PAYMENTS // 10, 5)
"""A day's payments: ten days a week, each closed at its end."""
DAYS = -(-PAYMENTS * WEEKS // DAY_CLOSE_EVERY)
"""The days of the weeks, the last of them today: each payment's slip is of its own day, and
each day close reads that day alone. (Every slip dated today, the one day grew all the weeks
long, and so did what its closes read: no desk's day does.)"""
OUTAGE_EVERY = max(PAYMENTS // 4, 25)  # now and then


TERMINAL = "Bench terminal"
TERMINAL_COLUMNS = ("Data", "NSU", "Autorizacao", "Bandeira", "Produto", "Valor", "Cartao")


def terminal_line(number: int, amount: Decimal, day: date) -> str:
    """The terminal's line for the bench's slip ``number`` of ``day`` (as typed in the
    payment form)."""
    money = f"{amount:.2f}".replace(".", ",")
    card = f"************{number % 10_000:04}"
    return f"{day:%d/%m/%Y};{number:06};S{number};VISA;Crédito;{money};{card}\n"


class ShiftSandbox(SandboxProcess):
    """The sandbox with three stores of 400 orders (payments go to those with a balance),
    killed and started again on the same port for an outage."""

    port = 0

    def command(self, port: int) -> list[str]:
        self.port = port
        return [*super().command(port), "--stores", "3", "--orders-per-store", "400"]

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    async def start_again(self) -> None:
        """Started on the same port; waited for on the loop (the app's timer goes on)."""
        # Popen returns once the process is forked (a millisecond); qasync has no subprocesses.
        self.process = subprocess.Popen(  # noqa: ASYNC220
            self.command(self.port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

        def listening() -> bool:
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", self.port)) == 0

        await until(listening, 60, "start the service again")


async def until(condition: Callable[[], Any], seconds: float = 60, what: str = "") -> None:
    """Wait on the loop for what the app brings about (a driver's poll, not a test's)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the app did not {what or 'get there'} in {seconds:g} s")
        await asyncio.sleep(0.002)


async def next_event() -> None:
    """What a person does next comes in an event of its own (a key, a click): the window just
    opened or closed is laid out and painted before it. A driver that opened the payment form
    and typed into it in one go held the loop for both, a gap no person ever meets."""
    await asyncio.sleep(0)


async def signalled(signal: Any, start: Callable[[], object], seconds: float) -> None:
    """Call ``start`` and wait for ``signal``. The driver's slot goes again after: the windows
    the app keeps live all week, and what this driver connects is not the app's to keep."""
    heard = asyncio.Event()

    def hear(*_: object) -> None:
        heard.set()

    signal.connect(hear)
    try:
        start()
        await asyncio.wait_for(heard.wait(), seconds)
    finally:
        signal.disconnect(hear)


async def first_paint(window: Any) -> float:
    """When ``window`` (shown, not yet painted) has painted itself the first time: its native
    window's first exposure, which paints every widget of it before it returns."""
    painted: asyncio.Future[float] = asyncio.get_running_loop().create_future()
    handle = window.windowHandle()
    if handle is None or handle.isExposed():
        raise RuntimeError(f"{window.windowTitle()}: not a window just shown")
    watch = first_exposure_filter()(painted)
    handle.installEventFilter(watch)
    return await asyncio.wait_for(painted, 60)


@functools.cache
def first_exposure_filter() -> type:
    """The event filter :func:`first_paint` installs, its class made once. A class made at each
    call is a new Python type and Qt meta-object each time, which PySide keeps for the life of
    the process: the bench's own growth, two classes a payment, seen as the app's (tracemalloc,
    ``BENCH_SHIFT_TRACE``, 2026-11-30: weakrefs and tuples of the class's bases)."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject

    class FirstExposure(QObject):
        def __init__(self, painted: asyncio.Future[float]) -> None:
            super().__init__()
            self.painted = painted

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() != QEvent.Type.Expose or self.painted.done():
                return False
            watched.removeEventFilter(self)
            QCoreApplication.sendEvent(watched, event)  # painted now, through Qt
            self.painted.set_result(time.monotonic())
            return True  # painted already

    return FirstExposure


def resident_mib(kind: str = "VmRSS") -> float:
    """This process's resident memory, from the kernel: all of it (``VmRSS``), or its
    anonymous part (``RssAnon``: the heap, what a leak grows) or its pages of files
    (``RssFile``: the program's libraries and fonts as they are read in, SQLite's shared
    index of a WAL journal)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{kind}:"):
            return int(line.split()[1]) / 1024
    return 0.0


def machine_floor() -> float:
    """Seconds for a fixed piece of the kind of work a payment is made of (Python, and Qt's text
    measured on this thread): the machine's own speed at that moment, taken beside the first
    and the last 100 payments. A virtual machine's speed drifts by a tenth within minutes."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication

    started = time.perf_counter()
    metrics = QFontMetrics(QApplication.font())
    for number in range(300):
        metrics.horizontalAdvance(f"{number:06} R$ {number * 3.7:,.2f}")
    return time.perf_counter() - started


def heap_mib() -> tuple[float, float]:
    """The C heap's memory held and free (kept by the allocator, not handed back) in MiB:
    resident memory's growth split into what is held and what is only kept. (0, 0) where the
    C library keeps no count."""
    from tests.helpers import heap_count  # glibc's own count, as the tests read it

    count = heap_count()
    if count is None:
        return 0.0, 0.0
    return (count.in_heap + count.own_pages) / 2**20, count.free_in_heap / 2**20


@functools.cache
def _sqlite_library() -> Any:
    """The SQLite library Python's sqlite3 module uses, for its own count (None if not found)."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("sqlite3")
    if name is None:
        return None
    library = ctypes.CDLL(name)
    library.sqlite3_memory_used.restype = ctypes.c_int64
    return library


def pymalloc_mib() -> tuple[float, float]:
    """What Python's allocator of small objects holds in arenas, and of that what its live
    blocks use (MiB): an arena goes back to the system only once every block in it is free, so
    a few long-lived blocks among many short-lived ones keep whole arenas (CPython prints its
    figures only, to the standard error's descriptor)."""
    sys.stderr.flush()
    with tempfile.TemporaryFile() as printed:
        kept = os.dup(2)
        os.dup2(printed.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(kept, 2)
            os.close(kept)
        printed.seek(0)
        text = printed.read().decode("ascii", "replace")

    arenas = re.search(r"(\d+) arenas \* (\d+) bytes/arena", text)
    blocks = re.search(r"# bytes in allocated blocks\s*=\s*([\d,]+)", text)
    held = int(arenas[1]) * int(arenas[2]) if arenas else 0
    live = int(blocks[1].replace(",", "")) if blocks else 0
    return held / 2**20, live / 2**20


def sqlite_mib() -> float:
    """What SQLite holds in this process (its page caches among it: they fill as the journal
    grows, up to each connection's cache size), in MiB; 0 where its library is not found."""
    library = _sqlite_library()
    return library.sqlite3_memory_used() / 2**20 if library is not None else 0.0


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


class Shift:
    """The desk and what is measured of it."""

    def __init__(self, service: ShiftSandbox, folder: Path, gap: Any) -> None:
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication

        from bench.bench_day_close import seed
        from desktop_app.core.day_close.terminal_export import Column, CsvMapping
        from desktop_app.core.journal import local_today
        from desktop_app.gui.day_close.mapping_dialog import keep_mapping
        from desktop_app.gui.payments.slip_fields import SLIP_DAYS_BACK
        from desktop_app.gui.settings import preferences as prefs
        from desktop_app.gui.settings.preferences import Preferences
        from desktop_app.gui.shell.app import freeze_start_up_objects
        from desktop_app.gui.shell.main_window import MainWindow
        from desktop_app.gui.shell.parts import build_context

        self.app = QApplication.instance()
        self.folder = folder
        self.gap = gap
        # The week's timings as numbers in arrays: Python floats in lists, a few hundred
        # thousand blocks a week, would grow the process as if the app did.
        self.window_opens = array("d")  # seconds from the key to the window painted
        self.other_opens = array("d")  # the same, of the day close's and the lookups' windows
        self.number = 0  # the payment under way, counted over every week
        self.opens_at_warm_up = self.other_opens_at_warm_up = 0  # opened before the warm-up's end
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        preferences = Preferences(settings)
        preferences.set(prefs.IDLE_LOCK_MINUTES, 0.0)  # locks come from the driver
        preferences.set(prefs.LAST_STORE, "001")
        kinds = (Column.DATE, Column.NSU, Column.AUTH, Column.BRAND, Column.TYPE, Column.AMOUNT,
                 Column.LAST_FOUR)  # fmt: skip
        columns = dict(zip(kinds, TERMINAL_COLUMNS, strict=True))
        keep_mapping(preferences, TERMINAL, CsvMapping(columns=columns))
        self.journal_path = folder / "journal.sqlite3"
        # A desk's journal: the 90 days the default setting keeps, the weeks' own days the
        # last of them, and 2,000 slips a day before (an empty one hid what grows with it:
        # SQLite's page cache, reads by store).
        if DAYS > SLIP_DAYS_BACK + 1:
            raise SystemExit(
                f"{DAYS} days of payments: a slip's date goes back {SLIP_DAYS_BACK} days at most"
            )
        self.first_day = local_today() - timedelta(days=DAYS - 1)
        seed(
            self.journal_path, self.first_day - timedelta(days=1), settled_only=True,
            days=max(prefs.JOURNAL_KEEP_DAYS.default - DAYS, 1),
        )  # fmt: skip
        self.ctx = build_context(preferences, service.base_url, "en_US", self.journal_path)
        self.token = service.token("manager")
        self.ctx.session.session.sign_in(self.token)
        self.shell = MainWindow(self.ctx)
        self.shell.resize(1366, 768)
        self.shell.show()
        freeze_start_up_objects()  # as the app does once its window is up
        self.payment_seconds = array("d")
        self.payment_cpu_seconds = array("d")  # the Qt thread's own work in each
        self.floor_seconds = {"early": array("d"), "late": array("d")}
        self.samples: list[dict[str, Any]] = []
        self.objects_at_warm_up: Counter[str] = Counter()
        self.traced_at_warm_up: Any = None  # tracemalloc's snapshot, when traced
        self.paid_at_last_sample = 0
        self.paid_in_store: Counter[int] = Counter()  # payments made in each store (its place)
        self.profiles = {"early": cProfile.Profile(), "late": cProfile.Profile()} if PROFILE else {}
        self.paid = self.invoices = self.outages = self.stale_order_reads = 0
        self.day_closes = 0
        # Each store's terminal exports its own slips: a line a slip, a file a store, on disk
        # (kept in the bench's memory, they would grow it as the app's own growth is measured).
        self.slips = folder / "slips"
        self.slips.mkdir()

    def day(self, number: int) -> date:
        """The day of the weeks' payment ``number`` (its slip's date)."""
        return self.first_day + timedelta(days=number // DAY_CLOSE_EVERY)

    def terminal(self, store_id: str, day: date) -> Path:
        """The file of a store's terminal's slips of ``day``."""
        return self.slips / f"{store_id}-{day.isoformat()}.csv"

    # -- what a desk does ------------------------------------------------------------------

    def open_orders(self) -> list[Any]:
        """Orders of the store on screen that can take another R$0.01."""
        return [o for o in self.shell.orders.model.visible_orders() if o.balance_due >= 1]

    async def pay(self, order: Any) -> None:
        """One payment as a person records it, timed from opening the order to closing it."""
        counted = len(self.payment_seconds)  # this payment's place in the week
        profile = self.profiles.get(profiled_part(counted))
        if profile is not None:
            profile.enable()
        started, cpu_started = time.perf_counter(), time.thread_time()
        dialog = await self.open(order)
        await self.record(dialog, Decimal("0.01"))
        dialog.close()
        await next_event()
        self.payment_seconds.append(time.perf_counter() - started)
        self.payment_cpu_seconds.append(time.thread_time() - cpu_started)
        if profile is not None:
            profile.disable()
        if WARM_UP <= counted < WARM_UP + 100:  # a short week's two hundreds overlap
            self.floor_seconds["early"].append(machine_floor())
        if counted >= PAYMENTS * WEEKS - 100:
            self.floor_seconds["late"].append(machine_floor())

    async def open(self, order: Any) -> Any:
        """An order opened from the list by keys (its row chosen, Enter), its payments read."""
        dialog = await self.opened(order)
        await until(lambda: dialog._payments_read, what="read the order's payments")
        return dialog

    async def opened(self, order: Any) -> Any:
        """The window of ``order`` (as the list shows it now), opened by its row and Enter."""
        from PySide6.QtCore import Qt

        from desktop_app.gui.orders.order_dialog import OrderDialog

        page = self.shell.orders
        listed = page.model.visible_orders()
        row = next(i for i, shown in enumerate(listed) if shown.order_id == order.order_id)
        page.table.setFocus()
        page.table.setCurrentIndex(page.model.index(row, 0))
        return await self.built(OrderDialog, page.table, Qt.Key.Key_Return)

    async def built(self, kind: type, keys_to: Any, key: Any, modifier: Any = None) -> Any:
        """The window of ``kind`` a key pressed in ``keys_to`` opens, once it is painted: the
        time from the key's arrival to its first paint is a window's opening (an order's or a
        payment form's in ``window_opens``, another's in ``other_opens``), and the timer's gaps
        meanwhile are its building's (``GapMeter``)."""
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        from desktop_app.gui.look.open_windows import shown_windows
        from desktop_app.gui.orders.order_dialog import OrderDialog
        from desktop_app.gui.payments.payment_dialog import PaymentDialog

        before: set[Any] = set(shown_windows(kind))
        self.gap.build_started()
        arrived = time.monotonic()
        # As the window system delivers a key: shortcuts first.
        QTest.keyClick(keys_to, key, modifier or Qt.KeyboardModifier.NoModifier)
        window: Any
        (window,) = set(shown_windows(kind)) - before
        painted = await first_paint(window)
        self.gap.build_ended()
        timed = kind in (OrderDialog, PaymentDialog)  # the issue's windows, the counter's
        (self.window_opens if timed else self.other_opens).append(painted - arrived)
        return window

    async def record(self, dialog: Any, amount: Decimal, *, keep: bool = False) -> None:
        """F8 in the order, the slip typed, reviewed and sent (or kept, the service away)."""
        from PySide6.QtCore import QDate, Qt

        from desktop_app.gui.payments.payment_dialog import PaymentDialog

        number = self.paid
        form = await self.built(PaymentDialog, dialog, Qt.Key.Key_F8)
        done = asyncio.Event()
        form.payment_recorded.connect(lambda _: done.set())
        ui = form.ui
        ui.amount.setText(f"{amount:.2f}")
        ui.brand.setCurrentText("Visa")
        ui.last_four.setText(f"{number % 10_000:04}")  # never a near duplicate of another
        ui.nsu.setText(f"{number:06}")
        ui.auth.setText(f"S{number}")
        day = self.day(self.number)
        ui.slip_date.setDate(QDate(day.year, day.month, day.day))
        with self.terminal(dialog.order.store_id, day).open("a", encoding="utf-8") as slips:
            slips.write(terminal_line(number, amount, day))
        form.on_review_button_clicked()
        await until(lambda: ui.pages.currentIndex() == 1, what="show the summary")
        await next_event()  # the summary read, then its Enter
        form.on_send_button_clicked()  # Send, or Keep the slip when the service is away
        bar = ui.message_bar
        await until(lambda: done.is_set() or bar.kind == "error", what="record the payment")
        if not done.is_set():
            raise RuntimeError(f"payment {number} not recorded: {bar.text()}")
        if not keep:
            await until(lambda: not dialog.calls.is_running("order"), what="reload the order")
        self.paid += 1

    async def invoice(self, order: Any) -> None:
        """The order's balance paid, then its invoice issued (F9, Alt+I) and closed."""
        import shiboken6
        from PySide6.QtCore import Qt

        from desktop_app.gui.invoices.invoice_dialog import InvoiceDialog

        dialog = await self.open(order)
        dialog.reload()  # the order as it stands now (the list's may be days old)
        await until(lambda: not dialog.calls.is_running("order"), what="read the order")
        await until(lambda: not dialog.calls.is_running("payments"), what="read the payments")
        paid = sum((p.amount for p in dialog.payment_list), Decimal(0))
        if paid != dialog.order.amount_paid:  # the order read lagging its payments: counted
            self.stale_order_reads += 1
        await self.record(dialog, dialog.order.amount - paid)
        # Paid in full, its window closes and the list comes forward (README, "The right
        # order"): the invoice is issued from the order opened again.
        await until(
            lambda: not shiboken6.isValid(dialog) or not dialog.isVisible(),
            what="close the order paid in full",
        )
        await next_event()
        dialog = await self.open(order)
        await until(lambda: dialog.order.balance_due == 0, what="show the order paid")
        form = await self.built(InvoiceDialog, dialog, Qt.Key.Key_F9)
        issued = asyncio.Event()
        form.invoice_issued.connect(lambda _: issued.set())
        form.on_issue_button_clicked()
        await asyncio.wait_for(issued.wait(), 60)
        form.close()
        await next_event()
        dialog.close()
        await next_event()
        self.invoices += 1

    async def day_close(self) -> None:
        """The day close of the day just ended opened by its key, its day chosen (its
        payments read and totalled), the terminal's export imported and set against the day,
        and closed."""
        from PySide6.QtCore import QDate, Qt

        from desktop_app.gui.day_close.window import DayCloseWindow

        await self.back_to_the_list()
        control = Qt.KeyboardModifier.ControlModifier
        window = await self.built(DayCloseWindow, self.shell, Qt.Key.Key_D, control)
        day = self.day(self.number - 1)
        window.ui.day_edit.setDate(QDate(day.year, day.month, day.day))
        await next_event()
        export = self.folder / "terminal.csv"
        header = ";".join(TERMINAL_COLUMNS) + "\n"
        slips = self.terminal(window.store_id(), day)  # the day close's store's terminal
        lines = slips.read_text(encoding="utf-8") if slips.exists() else ""
        export.write_text(header + lines, encoding="utf-8")
        window.import_export(export)
        if window.reconciliation is None:
            raise RuntimeError(
                f"the terminal's export was not read: {window.ui.message_bar.text()}"
            )
        if not window.reconciliation.agrees:  # every slip typed was sent: they must agree
            raise RuntimeError(f"the day close disagrees: {window.ui.summary.text()}")
        await next_event()
        window.close()
        await next_event()
        self.day_closes += 1

    async def outage(self, service: ShiftSandbox, orders: list[Any]) -> None:
        """The link goes down: three slips kept at the desk; it comes back and they go. Its
        parts are phases of their own: the service's new process starting beside the app is
        the bench's, not the desk's."""
        service.kill()
        self.gap.phase = "an outage: slips kept"
        for order in orders[:3]:
            dialog = await self.open_unread(order)
            await self.record(dialog, Decimal("0.01"), keep=True)
            dialog.close()
            await next_event()
        self.gap.phase = "an outage: the service starting again"
        await service.start_again()
        self.gap.phase = "an outage: the kept slips sent"
        self.ctx.pending.note_change()  # as the next answer from the service wakes it
        await until(lambda: self.ctx.pending.waiting() == 0, 120, "send the kept slips")
        self.outages += 1

    async def back_to_the_list(self) -> None:
        """The main window active, as a person's click or the window manager makes it when the
        window in front closes: its keys (F2, Ctrl+D) are shortcuts of the active window."""
        from PySide6.QtWidgets import QApplication

        self.shell.activateWindow()
        await until(lambda: QApplication.activeWindow() is self.shell, what="activate the list")

    async def open_unread(self, order: Any) -> Any:
        """An order opened while its payments cannot be read (the service away)."""
        dialog = await self.opened(order)
        await until(lambda: dialog._payments_unread, what="fail to read the payments")
        return dialog

    async def look_up(self, turn: int) -> None:
        """A customer or product lookup opened by its key (F2, F3), searched and closed."""
        from PySide6.QtCore import Qt

        from desktop_app.gui.lookups.customers import CustomersWindow
        from desktop_app.gui.lookups.products import ProductsWindow

        kind, key = (
            (CustomersWindow, Qt.Key.Key_F2) if turn % 2 else (ProductsWindow, Qt.Key.Key_F3)
        )
        await self.back_to_the_list()
        window = await self.built(kind, self.shell, key)
        window.search.setText(("Silva", "Souza")[turn % 4 // 2] if turn % 2 else "Caf")
        await signalled(window.results_shown, window.run_search, 30)  # as after typing
        window.close()
        await next_event()

    async def lock_and_sign_in(self) -> None:
        """Locked, then signed in as a person does: Sign in on the lock page, the token pasted
        in the sign-in window, OK (the driver once handed the session its token by hand, past
        what the app does on a sign-in)."""
        from desktop_app.gui.look.open_windows import shown_windows
        from desktop_app.gui.session.sign_in import SignInDialog

        self.ctx.session.lock("Locked after a while without use. Sign in to continue.")
        await next_event()
        self.shell.lock_page.ui.sign_in_button.click()
        await next_event()
        (dialog,) = shown_windows(SignInDialog)
        dialog.ui.token_way_button.click()
        dialog.ui.token_field.setText(self.token)
        dialog.on_buttons_accepted()
        await until(lambda: not self.shell.locked, what="unlock")
        await next_event()

    def next_in_store(self) -> int:
        """The place in the store's list of the next order to pay: each store's orders in turn,
        from where the last visit to it stopped, so that an order gets a few payments over the
        weeks, as at a desk. (Counted from the list's start at each visit, the same sixty orders
        of a store took twenty payments each, and a late payment opened an order window with
        twenty rows where an early one had one: late over early 1.14, the machine's 1.03; from
        where each store's last visit stopped, 0.93 and 0.90.)"""
        store = self.shell.orders.store_combo.currentIndex()
        self.paid_in_store[store] += 1
        return self.paid_in_store[store]

    async def change_store(self, turn: int) -> None:
        page = self.shell.orders
        page.store_combo.setCurrentIndex(turn % page.store_combo.count())
        await signalled(page.orders_shown, page.refresh, 60)

    async def close(self) -> None:
        """The desk closes at the end of the week, as the app does: the sender stopped, the
        connections closed, the journal closed (the window goes after the loop)."""
        self.ctx.pending.stop()
        await asyncio.sleep(0)  # the sender's task ends on its cancellation
        await self.ctx.client.aclose()
        self.ctx.close()

    # -- what is measured ------------------------------------------------------------------

    async def quiet(self) -> None:
        """The fixed point: every window but the main one closed, no call in flight."""
        from PySide6.QtWidgets import QApplication

        from desktop_app.gui.look.open_windows import shown_windows

        for widget in shown_windows():
            if widget is not self.shell:
                widget.close()
        await until(lambda: not self.shell.orders.calls.is_running("orders"), what="settle")
        for _ in range(5):
            await asyncio.sleep(0.01)  # deferred deletes and queued signals run
            QApplication.sendPostedEvents(None, 0)  # DeferredDelete among them
        gc.collect()

    def sample(self) -> None:
        from PySide6.QtWidgets import QApplication

        journal = sum(p.stat().st_size for p in self.folder.glob("journal.sqlite3*"))
        in_use, free = heap_mib()
        arenas, in_blocks = pymalloc_mib()
        self.samples.append(
            {
                "payments": self.paid,
                "week": self.number / PAYMENTS,  # 1.0: the end of the first week
                "window_opens": len(self.window_opens),
                "rss_mib": resident_mib(),
                "rss_anon_mib": resident_mib("RssAnon"),
                "rss_file_mib": resident_mib("RssFile") + resident_mib("RssShmem"),
                "heap_held_mib": in_use,
                "heap_free_mib": free,
                "sqlite_mib": sqlite_mib(),
                "python_blocks": sys.getallocatedblocks(),
                "pymalloc_arenas_mib": arenas,
                "pymalloc_blocks_mib": in_blocks,
                "widgets": len(QApplication.allWidgets()),
                "app_children": len(self.app.children()) if self.app else 0,
                "fds": open_fds(),
                "tasks": len(asyncio.all_tasks()),
                "journal_kib": journal / 1024,
                "laid_out_texts": laid_out_texts(),
                # The bench's own notes, which grow with the week (not the app's growth).
                "long_gaps_noted": len(self.gap.long_gaps) + len(self.gap.long_gaps_outside_builds),
            }
        )

    def objects(self) -> Counter[str]:
        gc.collect()
        return Counter(type(o).__name__ for o in gc.get_objects())


def profiled_part(counted: int) -> str:
    """Which hundred payments ``counted`` is in: "early" (the first after the warm-up), "late"
    (the last of the weeks) or neither."""
    if WARM_UP <= counted < WARM_UP + 100:
        return "early"
    return "late" if counted >= PAYMENTS * WEEKS - 100 else ""


def profile_growth(profiles: dict[str, Any], path: Path) -> None:
    """The functions whose own time grew most from the early hundred payments to the late."""
    import pstats

    own = {part: pstats.Stats(profile).stats for part, profile in profiles.items()}  # type: ignore[attr-defined]
    lines = []
    for where in sorted(
        set(own["early"]) | set(own["late"]),
        key=lambda w: own["early"].get(w, (0, 0, 0))[2] - own["late"].get(w, (0, 0, 0))[2],
    )[:40]:
        early, late = (own[part].get(where, (0, 0, 0, 0))[:3] for part in ("early", "late"))
        lines.append(
            f"{(late[2] - early[2]) * 10:+8.2f} ms a payment ({early[2] * 10:.2f} -> "
            f"{late[2] * 10:.2f}; calls {early[1]} -> {late[1]}) {where[2]} ({where[0]}:{where[1]})"
        )
    path.write_text("\n".join(lines) + "\n")


def laid_out_texts() -> int:
    """The texts the tables keep laid out (bounded, each: a cache filling is not a leak)."""
    from PySide6.QtWidgets import QAbstractItemView, QApplication

    from desktop_app.gui.widgets.text_table import TextTableModel

    models = {
        id(model): model
        for view in QApplication.allWidgets()
        if isinstance(view, QAbstractItemView) and isinstance(model := view.model(), TextTableModel)
    }
    return sum(len(model._laid_out_texts) for model in models.values())


def traced_growth(before: Any, path: Path) -> None:
    """What Python allocated since ``before`` and still holds, by where it was allocated, the
    largest first; then what a full collection with nothing frozen would give back (garbage
    the collector never saw: frozen, or in cycles not yet collected)."""
    import tracemalloc

    after = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(False, tracemalloc.__file__)]
    )
    lines = []
    for stat in after.compare_to(before, "traceback")[:40]:
        lines.append(f"{stat.size_diff / 1024:+.0f} KiB, {stat.count_diff:+} blocks")
        lines.extend("    " + line for line in stat.traceback.format())
    rss, (held, _) = resident_mib(), heap_mib()
    traced = tracemalloc.get_traced_memory()[0]
    gc.unfreeze()
    found = gc.collect()
    lines.append(
        f"unfrozen and collected: {found} objects; resident {rss:.1f} -> {resident_mib():.1f} MiB,"
        f" C heap held {held:.1f} -> {heap_mib()[0]:.1f} MiB, traced"
        f" {traced / 2**20:.1f} -> {tracemalloc.get_traced_memory()[0] / 2**20:.1f} MiB"
    )
    path.write_text("\n".join(lines) + "\n")


async def week(shift: Shift, gap: Any, service: ShiftSandbox) -> None:
    page = shift.shell.orders
    await until(lambda: page.model.rowCount() > 0, 120, "show the orders")
    orders: list[Any] = []
    for number in range(PAYMENTS * WEEKS):
        shift.number = number
        if number == WARM_UP:
            # The windows the app keeps once opened (reopened as they were) are made before
            # counting: what is counted after is what closed windows left.
            await shift.look_up(0)
            await shift.look_up(1)
            await shift.day_close()
            await measured(shift, gap, first=True)
            gap.forget()
            shift.opens_at_warm_up = len(shift.window_opens)
            shift.other_opens_at_warm_up = len(shift.other_opens)
        elif number > WARM_UP and number % SAMPLE_EVERY == 0:
            await measured(shift, gap)
        if number and number % STORE_EVERY == 0:
            gap.phase = "a store change"
            await shift.change_store(number // STORE_EVERY)
            orders = []
        if number and number % LOCK_EVERY == 0:
            gap.phase = "a lock and sign-in"
            await shift.lock_and_sign_in()
        if number and number % LOOKUP_EVERY == 0:
            gap.phase = "a lookup"
            await shift.look_up(number // LOOKUP_EVERY)
        if number % PAYMENTS == PAYMENTS // 2:  # mid-week, to Portuguese and back the next
            gap.phase = "the language switch"
            switch_language(shift, ("pt_BR", "en_US")[number // PAYMENTS % 2])
        if not orders:
            orders = shift.open_orders()
        if number and number % INVOICE_EVERY == 0:
            gap.phase = "an invoice"
            await shift.invoice(orders.pop())  # paid up, then invoiced
        if number and number % DAY_CLOSE_EVERY == 0:
            gap.phase = "a day close"
            await shift.day_close()
        if number and number % OUTAGE_EVERY == 0:
            gap.phase = "an outage"
            await shift.outage(service, orders)
        gap.phase = "a payment"
        await shift.pay(orders[shift.next_in_store() % len(orders)])
    await measured(shift, gap)


async def measured(shift: Shift, gap: Any, *, first: bool = False) -> None:
    """A sample at a fixed point. The timer's gaps are not counted meanwhile: the bench's own
    full collections and census of objects are not the app's."""
    gap.stop()
    await shift.quiet()
    if first:
        # The bench's own count of the application's children wraps each of them in Python the
        # first time, and PySide then makes the classes it had not made yet (some 250, a few
        # MiB): done once before counting, or the bench's own first look is counted as growth.
        shift.sample()
        shift.samples.pop()
        shift.objects_at_warm_up = shift.objects()
        if TRACE_FRAMES:
            import tracemalloc

            tracemalloc.start(TRACE_FRAMES)
            shift.traced_at_warm_up = tracemalloc.take_snapshot()
    shift.sample()
    shift.samples[-1]["largest_gap_ms"] = gap.take() * 1000  # since the sample before
    # The Qt thread's own time in a payment since the sample before: does a payment cost more
    # as the week goes on, and from when?
    since = shift.payment_cpu_seconds[shift.paid_at_last_sample :]
    shift.samples[-1]["payment_cpu_median_ms"] = statistics.median(since) * 1000 if since else 0
    shift.paid_at_last_sample = len(shift.payment_cpu_seconds)
    gap.start()


def switch_language(shift: Shift, language: str) -> None:
    """The language a person chooses in Settings, applied at once."""
    from desktop_app.gui.settings import preferences as prefs

    shift.ctx.preferences.set(prefs.LANGUAGE, language)


def slope_per_1000(samples: list[dict[str, Any]], key: str) -> float:
    xs = [s["payments"] for s in samples]
    ys = [s[key] for s in samples]
    if len(xs) < 2:
        return 0.0
    return statistics.linear_regression(xs, ys).slope * 1000


def week_growth(samples: list[dict[str, Any]], week: int) -> float:
    """Resident memory's growth per 1,000 payments over week ``week`` (0: the first, after its
    warm-up), the samples at its two ends included."""
    return slope_per_1000([s for s in samples if week <= s["week"] <= week + 1], "rss_mib")


def second_over_first(samples: list[dict[str, Any]]) -> float:
    """The second week's growth over the first's (a first week that did not grow: over 0.01
    MiB per 1,000 payments, so that any growth of the second shows)."""
    return week_growth(samples, 1) / max(week_growth(samples, 0), 0.01)


def over_30_ms_by_phase(gaps: Any) -> str:
    """How many of ``gaps`` (ended, length, phase) were over 30 ms, by what the app was doing."""
    phases = Counter(phase for _, length, phase in gaps if length > 0.030)
    return ", ".join(f"{phase} {count}" for phase, count in phases.most_common()) or "none"


def p95(values: Sequence[float]) -> float:
    return statistics.quantiles(values, n=20)[18] if len(values) > 1 else sum(values)


def fifth_largest(samples: list[dict[str, Any]], *, first: bool) -> float:
    """The largest timer gap over the first or last fifth of the week after the warm-up (the
    first sample's covers the warm-up itself)."""
    after = samples[1:]
    part = max(1, len(after) // 5)
    chosen = after[:part] if first else after[-part:]
    return max((s["largest_gap_ms"] for s in chosen), default=0.0)


PIECES = ("collector",)
"""The process tuning a week can be run without (``SHIFT_WITHOUT=collector``), to weigh it
against weeks with it (bench/soak_pieces.py): the collector's pauses (paused while a large list
is built and frozen, start-up objects frozen, thawed at each lock). It kept its place by these
weeks (issue 96); glibc's threshold for large blocks did not, and went."""


def without_pieces() -> frozenset[str]:
    """The pieces this week runs without; called first, before the app's modules take the
    collector's functions by name."""
    named = frozenset(part for part in os.environ.get("SHIFT_WITHOUT", "").split(",") if part)
    if named - set(PIECES):
        raise SystemExit(f"SHIFT_WITHOUT: {', '.join(sorted(named - set(PIECES)))}: not {PIECES}")
    if "collector" in named:
        import contextlib

        from desktop_app.gui.shell import app as shell_app
        from desktop_app.process import collector

        collector.collector_paused = contextlib.nullcontext  # type: ignore[assignment]
        collector.thaw = lambda: False
        shell_app.freeze_start_up_objects = lambda: None
    return named


def main() -> None:
    without = without_pieces()
    import shiboken6
    from PySide6.QtWidgets import QApplication

    from bench.bench_gui_orders import GapMeter
    from desktop_app.gui.app_wide.installed import install_app_wide
    from desktop_app.gui.look.style import apply_style
    from desktop_app.gui.shell.app import setup_logging, tune_the_process
    from desktop_app.gui.shell.collection import QtThreadCollection
    from desktop_app.gui.shell.event_loop import AppEventLoop

    faulthandler.enable()  # a crash says where, in a soak of many minutes

    folder = Path(tempfile.mkdtemp(prefix="shift-"))
    os.environ["XDG_STATE_HOME"] = str(folder)  # the app's log, of this run only
    os.environ["XDG_CACHE_HOME"] = str(folder)
    log_path = setup_logging("WARNING")
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("shift.sqlite3*"):
        old.unlink()  # each week on a fresh store
    service = ShiftSandbox(OUT / "shift.sqlite3").start()
    bystander = Bystander()
    app = QApplication([])
    apply_style(app)
    install_app_wide(app)  # as the app does at start-up
    tune_the_process()
    loop = AppEventLoop(app)
    asyncio.set_event_loop(loop)
    # As the app: the collector runs on the Qt thread alone. Left to CPython, it ran on
    # whichever thread allocated (httpx's, a list's decoding) and destroyed Qt's objects there.
    collection = QtThreadCollection(app)
    collection.start()
    gap = GapMeter()
    shift = Shift(service, folder, gap)
    sampler = StallSampler(gap) if STALLS_MS else None
    trail = event_trail(app) if STALLS_MS else None
    started = time.monotonic()
    try:
        with loop:
            shift.shell.start()
            gap.start()
            if sampler:
                sampler.start()
            loop.run_until_complete(week(shift, gap, service))
            gap.stop()  # the desk's closing is not a hold at the desk (bench_gui_startup's)
            ended = shift.objects()
            if PROFILE:
                profile_growth(shift.profiles, OUT / "shift_profile.txt")
            if TRACE_FRAMES:
                traced_growth(shift.traced_at_warm_up, OUT / "shift_growth.txt")
            long_gaps = gap.long_gaps_outside_builds
            if sampler:
                sampler.stop()
                sampler.write(long_gaps, STALLS_MS / 1000, OUT / "shift_stalls.txt")
                write_gaps(long_gaps, STALLS_MS / 1000, OUT / "shift_stall_times.tsv")
            if trail:
                trail.write(
                    gap.long_gaps_outside_builds, STALLS_MS / 1000, OUT / "shift_events.txt"
                )
            loop.run_until_complete(shift.close())
            # The window goes while the application is there, as in the app (its window dies
            # with its running coroutine): left to the interpreter's end, it went after the
            # application, in no set order (a segmentation fault after the last line, twice).
            shiboken6.delete(shift.shell)
            collection.stop()
    finally:
        service.stop()  # the bystanders' notes are read first, then they stop
    first, last = shift.samples[0], shift.samples[-1]
    growers = (ended - shift.objects_at_warm_up).most_common(5)
    timed = shift.payment_seconds[WARM_UP:]
    cpu = shift.payment_cpu_seconds[WARM_UP:]
    early, late = timed[:100], timed[-100:]
    held = gap.machine_held(bystander)
    apps_largest, apps_largest_during = gap.largest_not_held(bystander)
    outside_builds, outside_builds_during = gap.largest_not_held(bystander, outside_builds=True)
    opens = shift.window_opens[shift.opens_at_warm_up :]
    figures = {
        "without": ",".join(sorted(without)) or "nothing",
        "payments": shift.paid,
        "invoices": shift.invoices,
        "outages": shift.outages,
        "day_closes": shift.day_closes,
        "stale_order_reads": shift.stale_order_reads,
        "minutes": (time.monotonic() - started) / 60,
        "rss_mib_after_warm_up": first["rss_mib"],
        "rss_mib_at_the_end": last["rss_mib"],
        "weeks": WEEKS,
        "rss_growth_per_1000_payments_mib": slope_per_1000(shift.samples, "rss_mib"),
        "first_week_growth_per_1000_payments_mib": week_growth(shift.samples, 0),
        "second_over_first_week_growth_ratio": (
            second_over_first(shift.samples) if WEEKS > 1 else 0.0
        ),
        "rss_anon_growth_per_1000_payments_mib": slope_per_1000(shift.samples, "rss_anon_mib"),
        "rss_file_growth_per_1000_payments_mib": slope_per_1000(shift.samples, "rss_file_mib"),
        # Of which: what the C heap holds, and what it keeps freed (fragments not handed back).
        "heap_held_growth_per_1000_payments_mib": slope_per_1000(shift.samples, "heap_held_mib"),
        "heap_free_growth_per_1000_payments_mib": slope_per_1000(shift.samples, "heap_free_mib"),
        # Python's own allocator (within the C heap's figures): its arenas, its live blocks.
        "pymalloc_arenas_growth_per_1000_payments_mib": slope_per_1000(
            shift.samples, "pymalloc_arenas_mib"
        ),
        "pymalloc_blocks_growth_per_1000_payments_mib": slope_per_1000(
            shift.samples, "pymalloc_blocks_mib"
        ),
        "widgets_left_after_close": last["widgets"] - first["widgets"],
        "app_children_growth": last["app_children"] - first["app_children"],
        "fd_growth": last["fds"] - first["fds"],
        "task_growth": last["tasks"] - first["tasks"],
        "journal_kib": last["journal_kib"],
        "log_kib": log_path.stat().st_size / 1024 if log_path.exists() else 0.0,
        "largest_timer_gap_raw_ms": gap.largest * 1000,
        "largest_gap_machine_held_ms": held * 1000,
        "largest_gap_raw_during": gap.largest_during,
        "largest_timer_gap_ms": apps_largest * 1000,
        "largest_gap_during": apps_largest_during,
        "gaps_over_30_ms": sum(length > 0.030 for _, length, _ in gap.long_gaps),
        # Outside the building of a window by a key (an order's, a payment form's): the loop's
        # own holds, which a person feels as a stall.
        "largest_timer_gap_outside_window_builds_ms": outside_builds * 1000,
        "largest_gap_outside_window_builds_during": outside_builds_during,
        "gaps_over_30_ms_outside_builds": over_30_ms_by_phase(gap.long_gaps_outside_builds),
        "window_builds": len(shift.window_opens),
        "window_builds_total_s": sum(shift.window_opens),
        # The day close's and the lookups' windows, opened by their keys: builds too.
        "other_window_builds": len(shift.other_opens),
        "other_window_builds_total_s": sum(shift.other_opens),
        "other_window_open_p95_ms": p95(shift.other_opens[shift.other_opens_at_warm_up :]) * 1000,
        # From the key's arrival to the window's first paint, an order's or a payment form's.
        "window_open_median_ms": statistics.median(opens) * 1000 if opens else 0.0,
        "window_open_p95_ms": p95(opens) * 1000,
        # Whether the loop's longest holds grow over the week: the first fifth's against the last.
        "largest_gap_first_fifth_ms": fifth_largest(shift.samples, first=True),
        "largest_gap_last_fifth_ms": fifth_largest(shift.samples, first=False),
        # A payment at the counter, from F8 to the order closed (after the warm-up).
        "payment_median_ms": statistics.median(timed) * 1000,
        "late_over_early_ratio": statistics.median(late) / statistics.median(early),
        # The Qt thread's own time in those payments, not the service's nor the machine's waits.
        "late_over_early_cpu_ratio": statistics.median(cpu[-100:]) / statistics.median(cpu[:100]),
        # The same, of a fixed piece of work taken beside them: above 1, the machine was slower.
        "machine_late_over_early_ratio": statistics.median(shift.floor_seconds["late"])
        / statistics.median(shift.floor_seconds["early"]),
        "top_growers": ", ".join(f"{name} +{count}" for name, count in growers),
    }
    # Every sample, for a look at the curve's shape (a plateau, then flat, is not a leak).
    (OUT / "shift_samples.json").write_text(json.dumps(shift.samples, indent=1))
    report(figures)
    sys.stdout.flush()
    bystander.stop()


if __name__ == "__main__":
    main()
