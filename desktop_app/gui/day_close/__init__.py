"""Closing the day: this desk's card payments against the terminal's report."""
