#!/usr/bin/python3
"""Orca, the screen reader itself, with its speech written to a file instead of a synthesizer.

Run by ``packaging/orca_walk.py`` with Debian's own Python (Orca's). With no audio device,
speech-dispatcher froze Orca at its first utterance; with no synthesizer connected, Orca's
generators run as they are and each utterance is logged ("SPEECH OUTPUT: '…'"), one line each,
stamped with the time it was said, to the file named as the first argument. Orca 43 (Debian 12)
logs what it says to its "speech" logger, Orca 48 (Debian 13) through its debug module: both
are heard.
"""

from __future__ import annotations

import importlib
import logging
import runpy
import sys


class _Stamped(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return f"{record.created:.3f} {record.getMessage()}"


def main() -> None:
    handler = logging.FileHandler(sys.argv[1], encoding="utf-8")  # flushed at each line
    handler.setFormatter(_Stamped())
    # Every module first, in the order Orca's own start loads them: Orca 48's speech module
    # cannot be imported first (its imports run in a circle back to it).
    importlib.import_module("orca.orca")
    from orca import debug, speech  # type: ignore[import-not-found]

    if hasattr(debug, "print_message"):
        # Orca 45 and later (Debian 13's 48) log what they say through their debug log only.
        logged = logging.getLogger("orca-speech")
        logged.addHandler(handler)
        logged.setLevel(logging.INFO)
        print_message = debug.print_message

        def also_speech(level: int, text: str, *args: object, **kwargs: object) -> None:
            if text.startswith("SPEECH OUTPUT: "):
                logged.info(text)
            print_message(level, text, *args, **kwargs)

        debug.print_message = also_speech
    else:
        logging.getLogger("speech").addHandler(handler)  # Orca 43's own log of what it says
    speech.init = lambda *_args, **_kwargs: None  # no synthesizer: nothing to wait for
    sys.argv = ["orca", "--replace"]
    runpy.run_path("/usr/bin/orca", run_name="__main__")


if __name__ == "__main__":
    main()
