"""Memory the app frees goes back to the system (a desk open all week). glibc's allocator is
Linux's by nature; on Windows the heap is left as it is (its counterpart at the end)."""

from __future__ import annotations

import ctypes
import subprocess
import sys
from pathlib import Path

import pytest

from desktop_app.process.allocator import keep_large_blocks_out_of_the_heap
from desktop_app.process.system import WINDOWS
from tests.helpers import c_allocator, resident_bytes
from tests.platforms import posix_by_nature


def replies_handed_back() -> int:
    """A list of a few MB read and freed, then replies of 1 MB, every other one still in use
    when the others are freed: the bytes of the freed ones handed back to the system."""
    libc = c_allocator()
    assert keep_large_blocks_out_of_the_heap()
    large_list = libc.malloc(8 * 2**20)
    ctypes.memset(large_list, 1, 8 * 2**20)
    libc.free(large_list)  # glibc's own rule would now give every block under 8 MiB the heap
    replies = []
    for _ in range(60):
        replies.append(libc.malloc(2**20))
        ctypes.memset(replies[-1], 1, 2**20)
    before = resident_bytes()
    for reply in replies[0::2]:
        libc.free(reply)
    return before - resident_bytes()


@posix_by_nature("test_on_windows_the_heap_is_left_as_it_is_and_the_desk_starts")
@pytest.mark.usefixtures("processes")
def test_a_large_reply_freed_after_a_larger_one_goes_back_at_once() -> None:
    """With no trim. In a process of its own: glibc gives a large block the free space its heap
    already has before pages of its own, and a test run's heap has plenty."""
    shown = subprocess.run(
        [sys.executable, "-c", f"from {__name__} import replies_handed_back as r; print(r())"],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        check=True,
    )
    handed_back = int(shown.stdout)
    assert handed_back > 25 * 2**20, f"{handed_back / 2**20:.1f} MiB of 30 freed handed back"


@pytest.mark.skipif(not WINDOWS, reason="Windows' own: its Linux counterpart is glibc's")
def test_on_windows_the_heap_is_left_as_it_is_and_the_desk_starts() -> None:
    """ctypes.CDLL(None) raised TypeError there, and the desk ended before its window."""
    assert keep_large_blocks_out_of_the_heap() is False
