"""The C heap of a process that runs all week: freed memory handed back to the system.

glibc's allocator keeps what a program frees for the program's next allocations, and hands the
system back only a free stretch at the very top of its heap. Two things follow for a desk that
is never restarted (measured in bench/bench_shift.py, a compressed week of 2,000 payments):

* A block above a threshold that the heap has no free room for gets pages of its own, handed
  back as it is freed, instead of growing the heap; but glibc raises that threshold to the size
  of each such block freed (up to 32 MiB), so after the first large list was read, every
  reply's buffer grew the heap and left holes in it between pieces still in use. With the
  threshold held at glibc's own starting value, the heap's free space grew 0.23 to 0.25 MiB
  per 1,000 payments instead of 0.55 to 0.97, and the heap's resident pages 1.9 MiB in the
  week instead of 4.1 (:func:`keep_large_blocks_out_of_the_heap`).
* Free pages between pieces still in use stay the process's until ``malloc_trim`` hands them
  back: 4 MiB at a time in that week, in a third of a millisecond
  (:func:`hand_back_freed_memory`; desktop_app/gui/shell/memory_hand_back.py says when).
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from functools import cache
from typing import Any

M_MMAP_THRESHOLD = -3
"""``mallopt``'s parameter for the size from which a block gets pages of its own."""
LARGE_BLOCK = 128 * 1024
"""That size: glibc's default before it starts raising it."""


@cache
def _libc_call(name: str) -> Any:
    """A function of glibc's allocator, or None where the C library has none (musl, macOS,
    Windows): there the allocator is left as it is."""
    try:
        return getattr(ctypes.CDLL(None), name)  # ctypes: an int unless its restype is set
    except (AttributeError, OSError):
        return None


def keep_large_blocks_out_of_the_heap() -> bool:
    """From now on, every block of :data:`LARGE_BLOCK` or more gets pages of its own, handed
    back to the system when freed; whether the allocator took the setting."""
    mallopt = _libc_call("mallopt")
    return bool(mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK)) if mallopt is not None else False


def hand_back_freed_memory() -> bool:
    """Hand the system every whole page the C heap holds free; whether any was handed back
    (False where the C library cannot)."""
    trim = _libc_call("malloc_trim")
    return bool(trim(0)) if trim is not None else False


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                     "uordblks", "fordblks", "keepcost")
    ]  # fmt: skip


@dataclass(frozen=True, slots=True)
class HeapCount:
    """glibc's own count of its memory (``mallinfo2``), in bytes: what no Python census sees."""

    in_heap: int
    """Held in the heap: what Qt, SQLite and Python's larger objects keep."""
    own_pages: int
    """Held in blocks with pages of their own (see :func:`keep_large_blocks_out_of_the_heap`)."""
    free_in_heap: int
    """Freed and kept by the allocator, not handed back."""


def heap_count() -> HeapCount | None:
    """The allocator's count now, or None where the C library keeps none."""
    mallinfo2 = _libc_call("mallinfo2")
    if mallinfo2 is None:
        return None
    mallinfo2.restype = _MallInfo2
    info = mallinfo2()
    return HeapCount(int(info.uordblks), int(info.hblkhd), int(info.fordblks))
