"""Qt's objects are freed on Qt's thread alone: the cyclic collector never runs on another."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Qt
from pytestqt.qtbot import QtBot

from desktop_app.gui.shell.collection import QtThreadCollection


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_qt_object_in_a_cycle_dropped_while_another_thread_works_dies_on_the_qt_thread(
    qtbot: QtBot,
) -> None:
    """A window's parts hold reference cycles; the sandbox's thread (training mode) or a thread
    decoding a store's orders allocates meanwhile. The object is destroyed on the Qt thread, by
    the Qt thread's collection, never by a collection set off on the working thread."""
    collection = QtThreadCollection()
    collection.start()
    try:
        destroyed_on: list[threading.Thread] = []
        thing = QObject()
        thing.destroyed.connect(
            lambda: destroyed_on.append(threading.current_thread()),
            Qt.ConnectionType.DirectConnection,
        )
        holder = _Cycle()
        holder.thing = thing  # type: ignore[attr-defined]
        thing.setProperty("holder", None)
        thing.holder = holder  # type: ignore[attr-defined]  # a cycle through the wrapper
        del thing, holder

        def work() -> None:  # thousands of fresh objects in cycles, well past every threshold
            for _ in range(100_000):
                _Cycle()

        worker = threading.Thread(target=work)
        worker.start()
        worker.join()
        assert destroyed_on == []  # not on the working thread
        qtbot.waitUntil(lambda: destroyed_on != [], timeout=5_000)
        assert destroyed_on == [threading.main_thread()]
    finally:
        collection.stop()
