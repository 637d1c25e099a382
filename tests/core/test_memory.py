"""The allocator keeps what a load frees for the next load, rather than handing it back at once."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

# Each run is a fresh process: the allocator's settings are the whole process's, and adapt to
# what it has freed before.
MEASURE = """
import ctypes, sys
from desktop_app.core.memory import keep_freed_memory

class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]

mallinfo2 = ctypes.CDLL(None).mallinfo2
mallinfo2.restype = MallInfo2
kept = keep_freed_memory() if sys.argv[1] == "keep" else False
buffers = [bytearray(200_000) for _ in range(500)]  # 100 MB, as a load's buffers
del buffers
print(int(kept), mallinfo2().fordblks)  # freed bytes the heap still holds
"""


def _freed_and_held(mode: str) -> tuple[bool, int]:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, mode], capture_output=True, text=True, check=True
    )
    kept, held = done.stdout.split()
    return kept == "1", int(held)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's allocator only")
def test_what_a_load_frees_stays_for_the_next_one() -> None:
    kept, held = _freed_and_held("keep")
    assert kept
    assert held >= 100_000_000  # all of it, ready for the next load
    # The allocator's defaults, for contrast: each block had a mapping of its own, unmapped
    # (handed back) as it was freed.
    kept, held = _freed_and_held("default")
    assert not kept and held < 10_000_000
