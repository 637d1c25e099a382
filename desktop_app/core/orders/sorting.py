"""A stable sort of a million keys in steps of a few milliseconds each."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from desktop_app.core.orders.columns import CHUNK
from desktop_app.core.steps import Steps

SORT_RUN = 25_000
"""Keys sorted in one C call at most: about 3 ms (a million take 130 ms)."""


def sorted_in_steps(
    keys: Sequence[Any] | npt.NDArray[Any], descending: bool = False
) -> Steps[npt.NDArray[np.intp]]:
    """The indexes of ``keys`` in the order of their values, in steps: the same as
    ``sorted(range(len(keys)), key=keys.__getitem__, reverse=descending)``.

    A long list is dealt into parts between pivots (quantiles of a sample) of about
    ``SORT_RUN`` keys each, a slice of keys per step; each part is then sorted in a step of its
    own. Equal keys fall in the same part and the sorts are stable, so equal keys stay in the
    list's order both ways (descending sorts the negated keys).

    Every large array is written a slice per step: the first touch of fresh memory costs the
    system ~2 ms per megabyte, so one 8 MB array made in one call is a 17 ms stall.
    """
    keys = np.asarray(keys)
    count = len(keys)
    if count <= SORT_RUN:
        return np.argsort(-keys if descending else keys, kind="stable")
    slice_ = CHUNK * 8  # about 3 ms a step, like a part's sort
    sample = np.sort(keys[:: max(1, count // 1_000)])
    if descending:
        sample = -sample[::-1]
    slices = -(-count // SORT_RUN)
    pivots = np.unique(sample[len(sample) * np.arange(1, slices) // slices])
    values = np.empty_like(keys) if descending else keys
    parts = np.empty(count, dtype=np.uint16)  # part i: pivots[i-1] < key <= pivots[i]
    for start in range(0, count, slice_):
        if descending:
            np.negative(keys[start : start + slice_], out=values[start : start + slice_])
        parts[start : start + slice_] = np.searchsorted(
            pivots, values[start : start + slice_], side="left"
        )
        yield
    # Group the indexes by part, keeping the list's order within each (a counting sort, a
    # slice per step).
    next_free = np.zeros(len(pivots) + 1, dtype=np.intp)
    next_free[1:] = np.cumsum(np.bincount(parts, minlength=len(pivots) + 1))[:-1]
    ends = np.append(next_free[1:], count)
    grouped = np.empty(count, dtype=np.intp)
    for start in range(0, count, slice_):
        local = np.argsort(parts[start : start + slice_], kind="stable")
        local_parts = parts[start : start + slice_][local]
        counts = np.bincount(local_parts, minlength=len(pivots) + 1)
        first_of_part = np.cumsum(counts) - counts
        places = next_free[local_parts] + np.arange(len(local)) - first_of_part[local_parts]
        grouped[places] = local + start
        next_free += counts
        yield
    del parts
    ordered = np.empty(count, dtype=np.intp)
    begin = 0
    for end in ends.tolist():
        members = grouped[begin:end]
        ordered[begin:end] = members[np.argsort(values[members], kind="stable")]
        begin = end
        yield
    return ordered
