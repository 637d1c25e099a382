"""The two settings files, opened safely at start: the person's and IT's system-wide one.

QSettings reads a file the first time it is asked, and reads whatever the path names: a named
pipe blocks it for ever, ``/dev/zero`` never ends. So each file is looked at first
(:func:`desktop_app.process.files.file_problem`). The person's file that is no settings file, or
has lines that do not read (Qt drops them, and would write the file back without them), is
kept aside under a new name, never deleted, and what could be read is carried into a new one;
IT's file that is no settings file is not read at all. Each is said at start and by
``--check-connection`` (``desktop_app.gui.desk_setup.settings_words``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from desktop_app.core import owner_only
from desktop_app.gui.settings.it_settings import ItSettings, administrators_settings
from desktop_app.gui.settings.setting import APPLICATION, ORGANIZATION
from desktop_app.process.files import (
    SETTINGS_FILE_BYTES,
    FileTooLargeError,
    file_problem,
    name_aside,
    read_small_file,
)
from desktop_app.process.system import POLICIES_KEY, SETTINGS_IN_FILES


@dataclass(frozen=True, slots=True)
class SetAside:
    """The person's settings file, kept under ``aside``: ``why`` it could not be used (a
    device or pipe, too large, or lines that do not read, named by ``lines``)."""

    file: str
    aside: str
    why: str  # "not_a_file", "too_large" or "lines"
    lines: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Opened:
    """The settings as they open: the person's, IT's (None when its file was not read), and
    what was done on the way."""

    person: QSettings
    managed: ItSettings | None
    set_aside: SetAside | None = None
    managed_not_read: tuple[str, str] | None = None  # IT's file, and why ("not_a_file", …)


def open_settings() -> Opened:
    """The person's and IT's settings, each file looked at before Qt reads it (QSettings reads
    as it is made: its paths are worked out here as Qt works them out on Linux). On Windows
    both are in the registry: typed values, nothing to look at before they are read (IT's key
    refused to this account is said, as a file that is none)."""
    if not SETTINGS_IN_FILES:
        try:
            return Opened(QSettings(), administrators_settings(), None)
        except OSError:  # the key is there, and this account may not read it
            return Opened(QSettings(), None, None, (f"HKLM\\{POLICIES_KEY}", "refused"))
    file = persons_file()
    set_aside = _keep_aside_if_no_file(file)
    _the_persons_alone(file)
    person = QSettings()  # safe now: Qt reads it (once)
    if set_aside is None and Path(file).is_file():
        lines = lines_that_do_not_read(file)
        # The person's file alone: ``person`` reads IT's file behind it, and would say IT's
        # line that does not read as the person's (their file then set aside for nothing).
        own = QSettings(file, QSettings.Format.IniFormat)
        own.allKeys()  # its status says nothing before
        if lines or own.status() != QSettings.Status.NoError:
            del own, person
            set_aside = _carry_over(file, tuple(lines))
            person = QSettings()
    for file in administrators_files():
        problem = file_problem(file, SETTINGS_FILE_BYTES)
        if problem is not None:  # never handed to Qt, which would read it
            return Opened(person, None, set_aside, (file, _why(problem)))
    return Opened(person, administrators_settings(), set_aside)


def persons_file() -> str:
    """Where QSettings keeps the person's settings (``$XDG_CONFIG_HOME``, else ``~/.config``)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    return str(Path(folder) / ORGANIZATION / f"{APPLICATION}.conf")


def _the_persons_alone(file: str) -> None:
    """The person's settings file and its folder made theirs alone (0600 in 0700), as every
    file the desk writes, before Qt first writes it: Qt writes a new file and renames it over
    the old one, and gives it the old one's permissions (or, with none there, the default's,
    which every account on the computer reads)."""
    path = Path(file)
    owner_only.folder(path.parent, the_apps=True)
    owner_only.create(path)


def administrators_files() -> list[str]:
    """Where QSettings may read IT's settings: each of ``$XDG_CONFIG_DIRS`` (``/etc/xdg``)."""
    folders = os.environ.get("XDG_CONFIG_DIRS", "") or "/etc/xdg"
    return [
        str(Path(folder) / ORGANIZATION / f"{APPLICATION}.conf")
        for folder in folders.split(os.pathsep)
        if folder
    ]


def _why(problem: OSError) -> str:
    return "too_large" if isinstance(problem, FileTooLargeError) else "not_a_file"


def _keep_aside_if_no_file(file: str) -> SetAside | None:
    """Keep the person's file aside, unopened, when it is a device, a pipe or too large; None
    when it is a file Qt may read (or there is none)."""
    problem = file_problem(file, SETTINGS_FILE_BYTES)
    if problem is None:
        return None
    aside = _aside(file)
    os.replace(file, aside)  # the entry moves: nothing is opened, nothing deleted
    return SetAside(file, aside, _why(problem))


def _carry_over(file: str, lines: tuple[tuple[int, str], ...]) -> SetAside:
    """Keep aside the person's file that has ``lines`` that do not read (Qt would drop them,
    and write the file back without them), and carry what reads into a new one."""
    aside = _aside(file)
    os.replace(file, aside)
    _the_persons_alone(file)
    kept = QSettings(aside, QSettings.Format.IniFormat)
    fresh = QSettings()
    for key in kept.allKeys():  # what Qt could read of it
        fresh.setValue(key, kept.value(key))
    fresh.sync()
    return SetAside(file, aside, "lines", lines)


def _aside(file: str) -> str:
    """A new name beside ``file`` for keeping it: ``….conf.not-read-20261127-153000``."""
    return name_aside(file, "not-read")


def lines_that_do_not_read(file: str) -> list[tuple[int, str]]:
    """The lines of the INI file at ``file`` that Qt cannot read, each with why as a code:
    ``hash_comment``, ``open_section``, ``no_equals`` (none where the settings are not a file,
    or it cannot be read)."""
    try:
        text = read_small_file(file, SETTINGS_FILE_BYTES).decode("utf-8", "replace")
    except OSError:
        return []
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith(";") or (line.startswith("[") and line.endswith("]")):
            continue
        if line.startswith("#") and "=" not in line:  # one with = is a key: named as one
            found.append((number, "hash_comment"))
        elif line.startswith("["):
            found.append((number, "open_section"))
        elif "=" not in line:
            found.append((number, "no_equals"))
    return found
