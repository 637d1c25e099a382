"""Tests of the process-wide tuning."""
