#!/usr/bin/python3
"""Orca, the screen reader itself, with its speech written to a file instead of a synthesizer.

Run by ``packaging/orca_walk.py`` with Debian's own Python (Orca's). With no audio device,
speech-dispatcher froze Orca at its first utterance; with no synthesizer connected, Orca's
generators run as they are and each utterance is logged ("SPEECH OUTPUT: '…'"), one line each,
stamped with the time it was said, to the file named as the first argument.
"""

from __future__ import annotations

import logging
import runpy
import sys


class _Stamped(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return f"{record.created:.3f} {record.getMessage()}"


def main() -> None:
    handler = logging.FileHandler(sys.argv[1], encoding="utf-8")  # flushed at each line
    handler.setFormatter(_Stamped())
    from orca import speech  # type: ignore[import-not-found]

    logging.getLogger("speech").addHandler(handler)  # Orca's own log of what it says
    speech.init = lambda *_args, **_kwargs: None  # no synthesizer: nothing to wait for
    sys.argv = ["orca", "--replace"]
    runpy.run_path("/usr/bin/orca", run_name="__main__")


if __name__ == "__main__":
    main()
