"""Tests of the project's packaging tools (packaging/)."""
