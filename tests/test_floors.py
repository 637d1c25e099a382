"""The floors of the code (docs/architecture.md): every import runs down, and none runs in a circle.

Read from the modules' syntax, every import counted wherever it stands (inside a function or
under ``TYPE_CHECKING`` too: either way a reader meets it), so a circle hidden in a function
shows here before it shows at run time. Issue 97 untied the last circles and the imports that
ran up a floor; this keeps them untied."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import desktop_app

PACKAGE = Path(desktop_app.__file__).parent

LAYERS = ("process", "api", "core", "gui")
"""The package's layers, lowest first: each imports only those below it (``gui`` → ``core`` →
``api``; ``gui`` → ``process``). ``sandbox`` stands apart and imports nothing of the app."""

ROOMS = ("settings", "look", "widgets", "app_wide", "words", "calls", "session", "shared")
"""The floors of ``gui/`` that every window stands on, lowest first: each imports only those
below it. The rooms a person works on (orders, payments, …) stand on all of them and may use
each other; ``shell`` assembles everything, and nothing imports it."""

ALLOWED_UP = {
    ("gui.shell.app", "sandbox.server"): "training mode's service, read only in training mode",
}
"""Imports across the lines above that the design makes, each with why."""


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        if "generated" in path.parts:
            continue
        name = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        found[name.removesuffix(".__init__").removesuffix("__init__")] = path
    return found


def imports_of(path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The app's modules ``path`` imports, as names below ``desktop_app``."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("desktop_app"):
            base = (node.module or "").removeprefix("desktop_app").removeprefix(".")
            for alias in node.names:
                whole = f"{base}.{alias.name}" if base else alias.name
                yield whole if whole in known else base
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("desktop_app."):
                    yield alias.name.removeprefix("desktop_app.")


def graph() -> dict[str, set[str]]:
    known = modules()
    return {
        name: {target for target in imports_of(path, known) if target in known and target}
        for name, path in known.items()
    }


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def floor_of(module: str) -> tuple[str, str]:
    parts = module.split(".")
    return parts[0], (parts[1] if parts[0] == "gui" and len(parts) > 2 else "")


def runs_up(source: str, target: str) -> bool:
    """Whether importing ``target`` from ``source`` runs up a layer, up a floor of ``gui/``,
    into ``shell`` from another room, or between ``sandbox`` and the app."""
    (layer, room), (its_layer, its_room) = floor_of(source), floor_of(target)
    if (source, target) in ALLOWED_UP:
        return False
    if layer != its_layer:
        if "sandbox" in (layer, its_layer):
            return True
        both = layer in LAYERS and its_layer in LAYERS
        return both and LAYERS.index(its_layer) > LAYERS.index(layer)
    if layer != "gui" or room == its_room:
        return False
    if its_room == "shell":
        return True
    if room not in ROOMS:  # a room a person works on: it stands on every floor
        return False
    return its_room not in ROOMS or ROOMS.index(its_room) > ROOMS.index(room)


def imports_running_up(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Each import that runs up (:func:`runs_up`)."""
    return sorted((s, t) for s, targets in edges.items() for t in targets if runs_up(s, t))


def test_no_module_of_the_app_imports_another_that_imports_it_back() -> None:
    assert circles(graph()) == []


def test_every_import_runs_down_a_floor() -> None:
    assert imports_running_up(graph()) == []


def test_the_floors_catch_an_import_that_runs_up() -> None:
    """The check itself bites: a widget that imported a window's words, or a circle of two."""
    edges = graph()
    edges["gui.widgets.message_bar"] = edges["gui.widgets.message_bar"] | {"gui.words.errors"}
    edges["core.money"] = edges["core.money"] | {"gui.look.language"}
    edges["gui.words.errors"] = edges["gui.words.errors"] | {"gui.shell.main_window"}
    assert imports_running_up(edges) == [
        ("core.money", "gui.look.language"),
        ("gui.widgets.message_bar", "gui.words.errors"),
        ("gui.words.errors", "gui.shell.main_window"),
    ]
    edges["gui.look.style"] = edges["gui.look.style"] | {"gui.look.announcer"}
    edges["gui.look.announcer"] = edges["gui.look.announcer"] | {"gui.look.style"}
    assert ["gui.look.announcer", "gui.look.style"] in circles(edges)
