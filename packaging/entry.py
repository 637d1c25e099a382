"""Entry point of the packaged program (PyInstaller starts here)."""

import sys

from desktop_app.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
