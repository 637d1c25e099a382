"""This computer's operating system: every difference between a Windows desk and a Linux one.

The rest of the app asks here and never tests ``sys.platform`` itself, so each difference has
one place and one test (tests/process/test_system.py, run on Linux by ``make test`` and on
Windows CPython by ``make test-windows``):

* **Who may read a file.** On Linux a file holding people's data is created 0600 in a folder of
  0700. On Windows the data lives under the person's own profile (``%LOCALAPPDATA%``), whose
  access list already admits only them, the system and administrators; ``os.chmod`` there only
  sets or clears the read-only flag, so nothing is changed (docs/windows.md).
* **One holder of a lock file.** ``flock`` on Linux; ``msvcrt.locking`` on the file's first byte
  on Windows. Either is let go when the holder's process ends, however it ends.
* **What asks the program to stop.** SIGINT and SIGTERM on Linux. On Windows, Ctrl+C and
  Ctrl+Break in a console (SIGINT, SIGBREAK); no process is sent SIGTERM there, and the end of
  the session (log-off, shut-down) reaches the program through Qt (``commitDataRequest``).
* **The signals' wake-up.** Python writes a signal's number to a pipe on Linux; Windows wakes
  only on a socket.
* **Where settings live.** Qt keeps them in INI files on Linux (the person's under
  ``~/.config``, IT's under ``/etc/xdg``), each looked at before Qt reads it; on Windows in the
  registry, typed values with nothing to look at first (:data:`SETTINGS_IN_FILES`): the
  person's under ``HKCU``, IT's where Group Policy writes them, under
  ``HKLM\\Software\\Policies`` (:func:`policy_values`), read with their registry types.
* **The proxy.** The environment's variables (``HTTPS_PROXY``…) on both; on Windows without
  them, the person's own setting (Internet Settings in the registry), as every program there
  takes it. A PAC file is named, never run.
* **Text written for a person on a console, a pipe or a file.** Windows gives a pipe or a file
  the ANSI code page (cp1252), which has no ✓: what it cannot hold is written as ``?``, never
  an error.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Mapping
from typing import Any, NamedTuple, TextIO

WINDOWS = sys.platform == "win32"
"""Whether this is a Windows desk (otherwise a POSIX one: Linux)."""

SETTINGS_IN_FILES = not WINDOWS
"""Whether Qt keeps settings in files (Linux) rather than in the registry (Windows)."""

FILE_MODE = 0o600
FOLDER_MODE = 0o700

# (Each branch on ``sys.platform`` itself: mypy then checks each for its own system.)
if sys.platform == "win32":
    STOP_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGINT, signal.SIGBREAK)
else:
    STOP_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGINT, signal.SIGTERM)
"""The signals that ask the program to stop, as closing its window does."""


# -- who may read a file --------------------------------------------------------------------


def make_owner_only(path: str | os.PathLike[str], *, folder: bool = False) -> None:
    """Only ``path``'s owner may read it (and enter it, for a ``folder``). Windows: nothing to
    do (see the module's text)."""
    if not WINDOWS:
        os.chmod(path, FOLDER_MODE if folder else FILE_MODE)


def make_open_file_owner_only(descriptor: int) -> None:
    """The same for a file already open (Windows: nothing to do)."""
    if sys.platform != "win32":
        os.fchmod(descriptor, FILE_MODE)


# -- one holder of a lock file ----------------------------------------------------------------


def try_lock(descriptor: int) -> bool:
    """Take the exclusive lock of the open file ``descriptor`` without waiting: whether it is
    held now. Closing the file lets go of it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


# -- the signals' wake-up ---------------------------------------------------------------------


class WakeUp:
    """Two ends: Python writes each signal's number to :attr:`writer` (``signal.set_wakeup_fd``),
    and the event loop watches :attr:`reader`. A pipe where there is one (it costs the first
    paint nothing); a pair of sockets on Windows."""

    def __init__(self) -> None:
        self._sockets: list[Any] = []
        if WINDOWS:
            import socket

            self._sockets = list(socket.socketpair())
            for connected in self._sockets:
                connected.setblocking(False)
            self.reader, self.writer = (connected.fileno() for connected in self._sockets)
        else:
            self.reader, self.writer = os.pipe()
            for descriptor in (self.reader, self.writer):
                os.set_blocking(descriptor, False)

    def read(self) -> bytes:
        """What was written since the last read (BlockingIOError: nothing)."""
        if self._sockets:
            return bytes(self._sockets[0].recv(64))
        return os.read(self.reader, 64)

    def close(self) -> None:
        if self._sockets:
            for connected in self._sockets:
                connected.close()
            self._sockets = []
        else:
            for descriptor in (self.reader, self.writer):
                with contextlib.suppress(OSError):
                    os.close(descriptor)


# -- text for a person on a console, a pipe or a file -----------------------------------------


def written_safely(*streams: TextIO | None) -> None:
    """A character ``streams`` cannot hold is written as ``?``, never an error (a stream that
    is missing, as in a windowed program's, is left alone)."""
    for stream in streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


# -- the proxy this computer is set to use ----------------------------------------------------

INTERNET_SETTINGS = r"Software\Microsoft\Windows\CurrentVersion\Internet Settings"
"""Where Windows keeps the person's proxy (Settings ▸ Network ▸ Proxy), under HKCU."""


class SystemProxies(NamedTuple):
    """The proxy of each scheme (``http``, ``https``, ``all``; ``no`` for the exceptions, as
    ``NO_PROXY`` writes them), and the address of a PAC file the system names, which the desk
    does not read (a script of the network's: the desk runs none)."""

    by_scheme: dict[str, str]
    pac: str | None = None


def system_proxies() -> SystemProxies:
    """The proxy variables of the environment (``HTTPS_PROXY``…) wherever they are set; on
    Windows without them, the person's own setting, as every other program there takes it."""
    import urllib.request  # here: the window's first paint needs none of it

    found = urllib.request.getproxies_environment()
    if found or sys.platform != "win32":
        return SystemProxies(found)
    import winreg

    values: dict[str, object] = {}
    try:
        with winreg.OpenKey(winreg.HKEY_CURRENT_USER, INTERNET_SETTINGS) as key:
            for name in ("ProxyEnable", "ProxyServer", "ProxyOverride", "AutoConfigURL"):
                with contextlib.suppress(OSError):
                    values[name] = winreg.QueryValueEx(key, name)[0]
    except OSError:  # no such key: no proxy set
        return SystemProxies({})
    return internet_settings_proxies(values)


def internet_settings_proxies(values: Mapping[str, object]) -> SystemProxies:
    """Windows' Internet Settings values read as :class:`SystemProxies`: ``ProxyServer`` is
    ``host:port`` for every scheme, or ``http=host:port;https=host:port``; ``ProxyOverride``
    lists the exceptions with ``;`` (``<local>``: a name without a dot)."""
    pac = str(values.get("AutoConfigURL") or "").strip() or None
    server = str(values.get("ProxyServer") or "").strip()
    if not values.get("ProxyEnable") or not server:
        return SystemProxies({}, pac)
    by_scheme: dict[str, str] = {}
    if "=" in server:
        for part in server.split(";"):
            scheme, _, address = part.partition("=")
            scheme, address = scheme.strip().lower(), address.strip()
            if scheme in ("http", "https") and address:
                by_scheme[scheme] = address
    else:
        by_scheme = {"http": server, "https": server}
    exceptions = [entry.strip() for entry in str(values.get("ProxyOverride") or "").split(";")]
    if any(exceptions):
        by_scheme["no"] = ",".join(entry for entry in exceptions if entry)
    return SystemProxies(by_scheme, pac)


# -- IT's settings for every Windows desk, as Group Policy writes them -------------------------

POLICIES_KEY = r"Software\Policies\POS Back-Office\pos-backoffice"
"""Where Group Policy writes IT's settings for every desk (under ``HKLM``): the ADMX template's
key, with a subkey per section (``service``…) holding a value per setting (``url``…)."""


REGISTRY_TYPES = (
    "REG_NONE", "REG_SZ", "REG_EXPAND_SZ", "REG_BINARY", "REG_DWORD", "REG_DWORD_BIG_ENDIAN",
    "REG_LINK", "REG_MULTI_SZ", "REG_RESOURCE_LIST", "REG_FULL_RESOURCE_DESCRIPTOR",
    "REG_RESOURCE_REQUIREMENTS_LIST", "REG_QWORD",
)  # fmt: skip
"""The registry's value types, by winreg's names (its other ``REG_`` names share their numbers)."""


class RegistryValue(NamedTuple):
    """A value as the registry holds it: ``value`` as ``winreg`` gives it (``str``, ``int``,
    ``list[str]``, ``bytes`` or None; a ``REG_EXPAND_SZ`` expanded) and its ``kind``."""

    value: object
    kind: str  # "REG_SZ", "REG_DWORD"…


def policy_values(
    path: str = POLICIES_KEY, *, hive: str = "HKEY_LOCAL_MACHINE"
) -> dict[str, RegistryValue]:
    """Every value under ``hive\\path``, by its setting's key (the subkey ``service``'s value
    ``url`` is ``service/url``; a value of ``path`` itself is named alone): {} where the key is
    not there, and on Linux, which has no registry. An ``OSError`` other than "not there" (access
    refused) is raised: IT's settings that could not be read are said, never taken as none."""
    if sys.platform != "win32":
        return {}
    import winreg

    kinds = {getattr(winreg, name): name for name in REGISTRY_TYPES}
    found: dict[str, RegistryValue] = {}

    def read(key: Any, prefix: str) -> None:  # a winreg.HKEYType
        subkeys, values, _ = winreg.QueryInfoKey(key)
        for index in range(values):
            name, value, kind = winreg.EnumValue(key, index)
            if kind == winreg.REG_EXPAND_SZ and isinstance(value, str):
                value = winreg.ExpandEnvironmentStrings(value)
            found[prefix + name] = RegistryValue(value, kinds.get(kind, f"type {kind}"))
        for index in range(subkeys):
            name = winreg.EnumKey(key, index)
            with winreg.OpenKey(key, name) as subkey:
                read(subkey, f"{prefix}{name}/")

    root = getattr(winreg, hive)
    try:
        opened = winreg.OpenKey(root, path, 0, winreg.KEY_READ | winreg.KEY_WOW64_64KEY)
    except FileNotFoundError:
        return {}
    with opened:
        read(opened, "")
    return found
