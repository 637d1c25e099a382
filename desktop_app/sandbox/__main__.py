"""``python -m desktop_app.sandbox``: the same as ``pos-sandbox``."""

import sys

from desktop_app.sandbox.cli import main

sys.exit(main())
