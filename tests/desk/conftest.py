"""A desk of its own for each test: a real X server (Xvfb) with a window manager (openbox), the
program on Qt's xcb platform, and keys from xdotool through both, at a scanner's speed. The
offscreen platform activates a window the moment it is asked to: the races a desk has between a
window opening and taking the keys never happen there."""

from __future__ import annotations

import json
import os
import queue
import select
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from tests.helpers import a_home_of_its_own

SCREEN = "1366x768x24"
WAIT_S = 30.0  # for the program's start on a loaded machine; each step waits far less
DELAY_MS = 5  # between keys: a card reader's or a scanner's speed


@pytest.fixture(autouse=True)
def _a_desk_runs_processes(processes: None) -> None:
    """Every test here starts an X server, a window manager and the program."""


class Display:
    """An X server and its window manager, for one test."""

    def __init__(self, folder: Path) -> None:
        for tool in ("Xvfb", "openbox", "xdotool", "xprop"):
            assert shutil.which(tool), f"{tool} is missing: make test installs it (set-up)"
        read, write = os.pipe()
        self._server = subprocess.Popen(
            # -noreset: an X server starts over each time its last client leaves, refusing
            # whoever connects meanwhile; the checks below connect and leave, and openbox,
            # connecting in such a moment, said it could not open the display (a flake).
            [
                "Xvfb",
                "-displayfd",
                str(write),
                "-screen",
                "0",
                SCREEN,
                "-nolisten",
                "tcp",
                "-noreset",
            ],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        ready, _, _ = select.select([read], [], [], WAIT_S)  # a server that hangs: no wait for ever
        with os.fdopen(read) as told:
            number = told.readline().strip() if ready else ""  # written once it listens
        if not number:
            self._server.terminate()
            self._server.wait(timeout=WAIT_S)
            raise AssertionError("Xvfb did not start")
        self.env = dict(os.environ, DISPLAY=f":{number}")
        self._said = folder / "openbox.log"
        self._manager: subprocess.Popen[bytes] | None = None
        try:
            # Xvfb says its number as it starts listening; a client may still be refused a
            # moment (openbox was, on Debian 13, and gave up): asked until it answers.
            until(self._answers, "Xvfb answers", lambda: "")
            with self._said.open("w") as said:
                self._manager = subprocess.Popen(
                    ["openbox", "--config-file", str(_openbox_config(folder))],
                    env=self.env, stdout=said, stderr=subprocess.STDOUT,
                )  # fmt: skip
            until(self._manages, "openbox manages the screen", lambda: self._said.read_text())
        except BaseException:
            self.close()  # nothing of a display that never was is left running
            raise

    def _answers(self) -> bool:
        done = subprocess.run(
            ["xprop", "-root", "-len", "0", "_NET_SUPPORTED"],
            env=self.env, capture_output=True, timeout=WAIT_S,
        )  # fmt: skip
        return done.returncode == 0

    def _manages(self) -> bool:
        done = subprocess.run(
            ["xdotool", "get_num_desktops"], env=self.env, capture_output=True, timeout=WAIT_S
        )
        return done.returncode == 0 and done.stdout.strip() not in (b"", b"0")

    def keys(self, *steps: tuple[str, ...]) -> None:
        """xdotool's commands one after another (``("key", "ctrl+f")``, ``("type", "100004")``),
        each ``DELAY_MS`` a key: one process each (a ``type`` takes every word after it)."""
        for step in steps:
            command, *words = step
            subprocess.run(
                ["xdotool", command, "--delay", str(DELAY_MS), *words],
                env=self.env,
                check=True,
                timeout=WAIT_S,
            )

    def active_title(self) -> str:
        done = subprocess.run(
            ["xdotool", "getactivewindow", "getwindowname"],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=WAIT_S,
        )
        return done.stdout.strip()

    def active_place(self) -> tuple[int, int, int, int]:
        """Where the window in front is on the screen, as X has it: left, top, width, height."""
        done = subprocess.run(
            ["xdotool", "getactivewindow", "getwindowgeometry", "--shell"],
            env=self.env, capture_output=True, text=True, timeout=WAIT_S, check=True,
        )  # fmt: skip
        said = dict(line.split("=", 1) for line in done.stdout.split())
        return int(said["X"]), int(said["Y"]), int(said["WIDTH"]), int(said["HEIGHT"])

    def on_top(self) -> str:
        """The title of the window the window manager stacks above every other."""
        stacking = subprocess.run(
            ["xprop", "-root", "_NET_CLIENT_LIST_STACKING"],
            env=self.env, capture_output=True, text=True, timeout=WAIT_S, check=True,
        ).stdout  # fmt: skip
        top = stacking.rsplit(",", 1)[-1].split("#")[-1].strip()  # bottom to top: the last
        return subprocess.run(
            ["xdotool", "getwindowname", str(int(top, 16))],
            env=self.env, capture_output=True, text=True, timeout=WAIT_S, check=True,
        ).stdout.strip()  # fmt: skip

    def close(self) -> None:
        running = [p for p in (self._manager, self._server) if p is not None]
        for process in running:
            process.terminate()
        for process in running:
            process.wait(timeout=WAIT_S)


def _openbox_config(folder: Path) -> Path:
    """openbox as Debian ships it, but focusing each new window as it maps (its default too;
    written out so that a desktop's own settings cannot change what is tested)."""
    config = folder / "openbox-rc.xml"
    config.write_text(
        '<?xml version="1.0"?>\n<openbox_config xmlns="http://openbox.org/3.4/rc">'
        "<focus><focusNew>yes</focusNew><followMouse>no</followMouse></focus>"
        "</openbox_config>\n"
    )
    return config


class Program:
    """The program on the display, with its probe's lines (what is in front) and its log."""

    def __init__(self, display: Display, folder: Path, *args: str) -> None:
        env = dict(
            display.env,
            QT_QPA_PLATFORM="xcb",
            **a_home_of_its_own(folder),
        )
        self.journal = folder / "journal.sqlite3"
        self._process = subprocess.Popen(
            [sys.executable, "-m", "tests.desk.probe", *args, "--journal", str(self.journal)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.seen: queue.Queue[dict[str, Any]] = queue.Queue()
        self.log: queue.Queue[str] = queue.Queue()
        self.last_seen: dict[str, Any] = {}
        assert self._process.stdout is not None and self._process.stderr is not None
        self._readers = [
            _read_lines(self._process.stdout, lambda line: self.seen.put(json.loads(line))),
            _read_lines(self._process.stderr, self.log.put),
        ]

    def logged(self, words: str) -> None:
        """Wait until the program's log says ``words``."""
        deadline = time.monotonic() + WAIT_S
        said = []
        while time.monotonic() < deadline:
            try:
                line = self.log.get(timeout=deadline - time.monotonic())
            except queue.Empty:
                break
            said.append(line)
            if words in line:
                return
        raise AssertionError(f"the log never said {words!r}:\n" + "".join(said[-20:]))

    def shows(
        self, wanted: Callable[[dict[str, Any]], bool], seconds: float = 10.0
    ) -> dict[str, Any]:
        """Wait until what is in front is ``wanted``; that view."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.last_seen and wanted(self.last_seen):
                return self.last_seen
            try:
                self.last_seen = self.seen.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
        raise AssertionError(f"never shown; last seen: {self.last_seen}")

    def close(self) -> None:
        self._process.terminate()
        try:
            self._process.wait(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        for reader in self._readers:
            reader.join(timeout=WAIT_S)  # at the end of its stream
        for stream in (self._process.stdout, self._process.stderr):
            if stream is not None:
                stream.close()


def _read_lines(stream: IO[str], take: Callable[[str], None]) -> threading.Thread:
    def read() -> None:
        for line in stream:
            take(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


def until(condition: Callable[[], bool], what: str, why: Callable[[], str] = str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, f"never: {what} {why()}"
        time.sleep(0.05)  # polling a process outside this one: nothing to wait on instead


@pytest.fixture
def display(tmp_path: Path) -> Iterator[Display]:
    shown = Display(tmp_path)
    yield shown
    shown.close()


@pytest.fixture
def program(display: Display, tmp_path: Path) -> Iterator[Program]:
    """The program in training mode, in English, showing its orders."""
    running = Program(display, tmp_path, "--training", "--lang", "en_US", "--log-level", "INFO")
    running.logged("showing")
    yield running
    running.close()
