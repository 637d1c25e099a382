"""End-to-end: each test runs the program (or a tool) as a process of its own."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _runs_the_program(processes: None) -> None:
    """Every test here starts processes: none is in the fast tier."""
