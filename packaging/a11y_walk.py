#!/usr/bin/python3
"""What a screen reader meets in POS Back-Office, read through AT-SPI as Orca reads it.

Run by ``packaging/a11y-check.sh`` with Debian's own Python and ``python3-pyatspi`` (never the
project's: this is the outside view), while the app runs in training mode with
``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1``. It drives the cashier's flow by keyboard (``xdotool``):
find an order, F8, a slip with a problem, the slip sent; then opens each other window. For each
window it prints the interactive objects (focusable and showing), how many are named, and any
unnamed; meanwhile it logs the focus and announcement events a screen reader hears. The last
line is one JSON object; the exit status is 1 when an object is unnamed or no announcement was
heard.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

import pyatspi  # type: ignore[import-not-found]
from gi.repository import GLib  # type: ignore[import-not-found]

APP = "pos-backoffice"
WINDOW_ROLES = ("frame", "dialog", "window")
events: list[str] = []
walked: dict[str, dict[str, Any]] = {}


def pump(seconds: float) -> None:
    """Let AT-SPI's events arrive for ``seconds``."""
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while context.pending():
            context.iteration(False)
        time.sleep(0.02)


def keys(*names: str) -> None:
    subprocess.run(["xdotool", "key", "--delay", "60", *names], check=True)
    pump(0.8)


def typed(text: str) -> None:
    subprocess.run(["xdotool", "type", "--delay", "50", text], check=True)
    pump(0.5)


def said(obj: Any) -> str:
    role = obj.getRoleName()
    return f'{role} "{obj.name}"'


def on_focus(event: Any) -> None:
    if event.detail1 == 1:
        try:
            events.append("focus: " + said(event.source))
        except GLib.GError:  # a window's object gone as it closed: nothing left to read
            events.append("focus: (an object of a window that closed)")


def on_announcement(event: Any) -> None:
    events.append(f"announcement: {event.any_data!r}")


def app() -> Any:
    desktop = pyatspi.Registry.getDesktop(0)
    for _ in range(120):
        for index in range(desktop.childCount):
            child = desktop.getChildAtIndex(index)
            if child is not None and child.name == APP:
                return child
        pump(0.5)
    sys.exit(f"{APP} never showed on the accessibility bus")


def interactive(root: Any) -> list[Any]:
    found, waiting = [], [root]
    while waiting:
        obj = waiting.pop()
        try:
            states = obj.getState()
            role = obj.getRole()
            children = [obj.getChildAtIndex(i) for i in range(obj.childCount)]
        except GLib.GError:  # an object gone while walked: nothing left to read
            continue
        if not states.contains(pyatspi.STATE_SHOWING):
            continue
        data = role in (pyatspi.ROLE_TABLE_CELL, pyatspi.ROLE_TABLE_COLUMN_HEADER)
        if obj is not root and states.contains(pyatspi.STATE_FOCUSABLE) and not data:
            found.append(obj)
        if role in (pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE_TABLE):
            continue  # its cells are data, named by what they hold
        waiting += [child for child in children if child is not None]
    return found


def labelled(obj: Any) -> bool:
    """Whether a label is read with ``obj`` (AT-SPI's "labelled by" relation)."""
    return any(
        relation.getRelationType() == pyatspi.RELATION_LABELLED_BY
        for relation in obj.getRelationSet()
    )


def walk_windows() -> None:
    application = app()
    for index in range(application.childCount):
        window = application.getChildAtIndex(index)
        if window is None or not window.getState().contains(pyatspi.STATE_SHOWING):
            continue
        objects = interactive(window)
        unnamed = [said(obj) for obj in objects if not (obj.name or "").strip()]
        # A combo box is named by what it shows (Qt on Linux): its label, read with it, says
        # which it is; one without a label is as good as unnamed.
        unnamed += [
            said(obj) + " (no label)"
            for obj in objects
            if obj.getRole() == pyatspi.ROLE_COMBO_BOX and not labelled(obj)
        ]
        walked[f"{window.getRoleName()} {window.name}"] = {
            "interactive": len(objects), "named": len(objects) - len(unnamed), "unnamed": unnamed,
        }  # fmt: skip


def main() -> int:
    pyatspi.Registry.registerEventListener(on_focus, "object:state-changed:focused")
    pyatspi.Registry.registerEventListener(on_announcement, "object:announcement")
    app()
    pump(3)
    walk_windows()
    keys("ctrl+f")
    typed("100002")
    keys("Return")  # the one order it leaves: opened
    pump(1.5)
    walk_windows()
    keys("F8")
    pump(1.5)
    walk_windows()
    typed("4242")
    keys("Return")  # a slip with a problem: the NSU is missing
    pump(1)
    typed("778899")
    keys("Tab")
    typed("AB12CD")
    keys("shift+Tab", "shift+Tab", "shift+Tab", "shift+Tab")
    typed("Visa")
    keys("Return")  # reviewed
    pump(1.5)
    keys("Return")  # sent
    pump(2)
    keys("Escape")  # the order window
    for key in ("F2", "F3", "ctrl+shift+f", "ctrl+d", "ctrl+comma", "F1"):
        keys(key)
        pump(1.5)
        walk_windows()
        keys("Escape")
    for title, found in walked.items():
        print(
            f"== {title}: {found['interactive']} interactive, {found['named']} named,"
            f" {len(found['unnamed'])} unnamed"
        )
        for name in found["unnamed"]:
            print(f"   unnamed: {name}")
    print("-- events")
    for event in events:
        print("  " + event)
    unnamed = sum(len(found["unnamed"]) for found in walked.values())
    # Each window met as a window (Orca says its title as it opens), never as a pane ("filler").
    not_windows = [title for title in walked if title.split(" ")[0] not in WINDOW_ROLES]
    announced = sum(event.startswith("announcement") for event in events)
    print(
        json.dumps(
            {
                "windows": len(walked),
                "unnamed": unnamed,
                "announcements": announced,
                "focus_events": sum(e.startswith("focus") for e in events),
                "not_windows": not_windows,
            }
        )
    )
    return 0 if unnamed == 0 and announced > 0 and not not_windows else 1


if __name__ == "__main__":
    sys.exit(main())
