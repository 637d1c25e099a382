"""A desk stays open all week: a window opened and closed again and again leaves nothing.

Each test closes what it opened as a person does (Esc), many times, and then counts what is
left: the windows themselves (a weak reference to each, after the collector has run), live
widgets, the application's children and the loop's tasks. One turn first, before counting:
what Qt makes once for good (the keyboard's device, at the first key) is not a leak.
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from datetime import timedelta

from PySide6.QtCore import QAbstractEventDispatcher, QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.api.models import Order
from desktop_app.core.journal import local_today
from desktop_app.core.journal_states import EntryState
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.shell.main_window import MainWindow
from tests.core.test_journal import slip
from tests.gui.test_payments import open_order_by_keyboard, start_payment
from tests.helpers import heap_count

TIMES = 50


def settled(qtbot: QtBot) -> None:
    """Deferred deletes done (what a closed window asked for) and the collector run."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        qtbot.wait(1)  # one turn of the loop: queued signals delivered
    gc.collect()


def counts() -> tuple[int, int, int]:
    """Live widgets, the application's children, the loop's tasks."""
    app = QApplication.instance()
    assert app is not None
    return len(QApplication.allWidgets()), len(app.children()), len(asyncio.all_tasks())


def order_and_payment_form(
    qtbot: QtBot, window: MainWindow, order: Order
) -> list[weakref.ref[QWidget]]:
    """An order opened from the list (its payments read), F8, then Esc and Esc."""
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)  # kept as a draft until the order closes
    qtbot.keyClick(form, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not form.isVisible(), timeout=5_000)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)
    return [weakref.ref(dialog), weakref.ref(form)]


def test_an_order_opened_and_closed_50_times_leaves_nothing_behind(
    qtbot: QtBot, window: MainWindow
) -> None:
    orders = [o for o in window.orders.model.visible_orders() if o.balance_due > 0]
    order_and_payment_form(qtbot, window, orders[0])
    settled(qtbot)
    before = counts()
    closed: list[weakref.ref[QWidget]] = []
    for turn in range(TIMES):
        closed += order_and_payment_form(qtbot, window, orders[turn % len(orders)])
    settled(qtbot)
    left = [ref() for ref in closed if ref() is not None]
    assert not left, f"{len(left)} of {len(closed)} closed windows still in memory"
    assert counts() == before


def native_heap_in_use() -> int:
    """Bytes the C heap holds (glibc's count): what Qt keeps, which no Python census sees."""
    count = heap_count()
    assert count is not None  # glibc, as on every machine the app runs on
    return count.in_heap


def test_the_payment_form_leaves_nothing_in_qt_either(qtbot: QtBot, window: MainWindow) -> None:
    """Under a sheet for the whole app, Qt's style-sheet style kept what it knew of each form's
    spin boxes and combo boxes for good (about 6 KB a payment, 6 MiB per 1,000): the C heap
    stays flat over 50 forms. Counted over two halves, the smaller growth taken: a leak grows
    the heap in both, while a one-off (a cache filled once, another thread's allocations, the
    previous test's sandbox ending on its own thread) grew one half once by 180 KB."""
    orders = [o for o in window.orders.model.visible_orders() if o.balance_due > 0][:5]
    for order in orders:  # what is made once for good (fonts, each order's texts) made first
        order_and_payment_form(qtbot, window, order)
    settled(qtbot)
    heap = [native_heap_in_use()]
    for half in range(2):
        for turn in range(TIMES // 2):
            order_and_payment_form(qtbot, window, orders[(half + turn) % len(orders)])
        settled(qtbot)
        heap.append(native_heap_in_use())
    per_form = min(heap[1] - heap[0], heap[2] - heap[1]) / (TIMES // 2)
    assert per_form < 2_500, f"{per_form:.0f} bytes of C heap left by each order and form"


def test_answered_requests_leave_no_timer_running(
    qtbot: QtBot, window: MainWindow, event_loop_qt: asyncio.AbstractEventLoop
) -> None:
    """Each request arms deadlines and cancels them when answered: a cancelled deadline's Qt
    timer goes with it (qasync's stood until it fired, 30 s later: thousands at a busy desk)."""
    order = window.orders.model.visible_orders()[0]
    timers = event_loop_qt._timer  # type: ignore[attr-defined]
    dispatcher = QAbstractEventDispatcher.instance()
    assert dispatcher is not None
    running = len(dispatcher.registeredTimers(timers))
    for _ in range(20):
        answered = asyncio.ensure_future(window.ctx.client.list_payments(order.order_id))
        qtbot.waitUntil(answered.done, timeout=10_000)
        answered.result()
    assert len(dispatcher.registeredTimers(timers)) <= running


def test_a_desk_left_open_keeps_its_journal_to_the_setting(window: MainWindow) -> None:
    """Old confirmed payments leave the journal at start-up and at the first lock of each day:
    a desk never restarted keeps only what its setting says, as a restarted one does."""
    journal = window.ctx.outbox.journal
    keep = window.ctx.preferences.get(prefs.JOURNAL_KEEP_DAYS)
    today = local_today()
    # Recorded the day after the setting's reach began, confirmed: within it until today.
    old = journal.add("001", slip("000123"), slip_date=today - timedelta(days=keep + 1))
    journal.set_state(old.id, EntryState.CONFIRMED)
    journal.prune_daily(keep, today - timedelta(days=1))  # the desk opened yesterday
    assert [e.id for e in journal.find("000123")] == [old.id]
    window.ctx.session.lock("Locked after a while without use. Sign in to continue.")
    assert journal.find("000123") == []
