"""``python -m desktop_app`` and the ``pos-backoffice`` entry point."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Start the GUI (PySide6 is imported only here and below)."""
    from desktop_app.process.system import written_safely

    # A console, pipe or file that cannot hold a character (Windows' cp1252 has no ✓) gets a
    # "?" for it, never an error: the checks print to them, and so does --help.
    written_safely(sys.stdout, sys.stderr)
    from desktop_app.gui.shell.app import main as gui_main

    return gui_main(argv)


if __name__ == "__main__":
    sys.exit(main())
