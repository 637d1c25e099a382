"""Whether a newer version was installed while this program runs.

Both installers put each version in a copy of its own, ``versions/VERSION/``, and ``current``
beside it names the newest once it is complete: the Debian package as a link it switches
(``/opt/pos-backoffice``, packaging/debian/postinst), the MSI as a one-line file it writes
(``%ProgramFiles%\\POS Back-Office``: links need a privilege there). A program keeps running from
the copy it started from, whatever is installed meanwhile; this says when ``current`` has moved
on, so the desk can say a restart brings the new version.
"""

from __future__ import annotations

import os
from pathlib import Path

VERSIONS = "versions"
CURRENT = "current"


def installation_folder(executable: Path) -> Path | None:
    """The folder holding ``versions`` and ``current`` when ``executable`` runs from one of its
    copies; None for a source tree or a plain folder (nothing is ever switched under those)."""
    copy = executable.resolve().parent
    if copy.parent.name != VERSIONS:
        return None
    return copy.parent.parent


def newer_installed(executable: Path) -> str | None:
    """The version ``current`` names now, when it is not the one ``executable`` runs from."""
    top = installation_folder(executable)
    if top is None:
        return None
    current = top / CURRENT
    try:
        if current.is_symlink():
            newest = Path(os.readlink(current)).name
        else:
            newest = current.read_text(encoding="ascii", errors="replace").strip()
    except OSError:  # removed, or being switched this very moment: nothing to say yet
        return None
    running = executable.resolve().parent.name
    return newest if newest and newest != running else None
