"""What the process does with memory it frees: keeps it for the next load, within limits.

A million orders are 0.6 GB of objects, and loading a store frees as much as it makes (the old
orders, the answer's buffers, the views' arrays). The C allocator's defaults hand freed memory
back to the system as soon as 128 KiB sit free at the top of its heap, and give each block of
more than 128 KiB (up to 32 MiB, as it adapts) a mapping of its own, unmapped when freed: the
next load then asks the system for the same memory again, page by page. On a virtual machine
that passes freed memory on to its host (free page reporting, as on this project's machines),
every thread of the app runs many times slower while the host takes it back (README,
"Benchmarks"). Kept in the heap instead, the memory is reused by the next load.
"""

from __future__ import annotations

import ctypes
import sys

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameters (malloc.h)."""

KEEP_FREE_BYTES = 512 * 1024 * 1024
"""Freed memory kept at the top of the heap before any is handed back: the buffers of one
large load, with room to spare, and nothing a store's day of orders would miss."""

OWN_MAPPING_ABOVE = 32 * 1024 * 1024
"""Blocks larger than this still get a mapping of their own (glibc's largest threshold)."""


def keep_freed_memory() -> bool:
    """Make the C allocator keep freed memory for reuse (glibc only; else nothing changes).
    Whether it did."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    # Each returns 1 on success; musl's mallopt does nothing and returns 0.
    return bool(
        mallopt(M_MMAP_THRESHOLD, OWN_MAPPING_ABOVE) and mallopt(M_TRIM_THRESHOLD, KEEP_FREE_BYTES)
    )
