"""``python -m desktop_app`` and the ``pos-backoffice`` entry point."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Start the GUI (PySide6 is imported only here and below)."""
    from desktop_app.gui.shell.app import main as gui_main

    return gui_main(argv)


if __name__ == "__main__":
    sys.exit(main())
