"""The C heap of a process that runs all week: large blocks handed back to the system.

glibc's allocator keeps what a program frees for the program's next allocations, and hands the
system back only a free stretch at the very top of its heap (measured in bench/bench_shift.py,
a compressed week of 2,000 payments):

A block above a threshold that the heap has no free room for gets pages of its own, handed
back as it is freed, instead of growing the heap; but glibc raises that threshold to the size
of each such block freed (up to 32 MiB), so after the first large list was read, every
reply's buffer grew the heap and left holes in it between pieces still in use. With the
threshold held at glibc's own starting value, the heap's free space grew 0.23 to 0.25 MiB
per 1,000 payments instead of 0.55 to 0.97, and the heap's resident pages 1.9 MiB in the
week instead of 4.1 (:func:`keep_large_blocks_out_of_the_heap`).

It keeps its place by the week's soak, run with it and without it, interleaved, three weeks
each (``bench/soak_pieces.py``, 2026-11-27): without it the week grew 2.07, 2.42 and 1.89 MiB
per 1,000 payments, past the 2 MiB target in two weeks of three; with everything, 1.81, 1.73
and 1.90. A hand-back of the heap's free pages after each window closed (``malloc_trim``) was
weighed the same way and went: without it, 1.78, 1.50 and 1.88 MiB, no more than with it.
Weighed again by the targets a desk feels (issue "A lighter house (3a)", two rounds, 2026-11-30):
without it the loop was held 47.1 and 35.7 ms outside a window's building, over the 30 ms
target (with everything 29.99 and 28.91 ms); memory 1.83 and 1.70 MiB per 1,000 payments (with
everything 1.79 and 2.10: both under the 3 MiB target, the week's spread).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from desktop_app.process.system import c_library_function

M_MMAP_THRESHOLD = -3
"""``mallopt``'s parameter for the size from which a block gets pages of its own."""
LARGE_BLOCK = 128 * 1024
"""That size: glibc's default before it starts raising it."""


@cache
def _libc_call(name: str) -> Any:
    """A function of glibc's allocator, or None where the C library has none (musl, macOS,
    Windows): there the allocator is left as it is."""
    return c_library_function(name)


def keep_large_blocks_out_of_the_heap() -> bool:
    """From now on, every block of :data:`LARGE_BLOCK` or more gets pages of its own, handed
    back to the system when freed; whether the allocator took the setting."""
    mallopt = _libc_call("mallopt")
    return bool(mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK)) if mallopt is not None else False
