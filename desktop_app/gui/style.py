"""Looks shared by more than one window (kept tiny: the start-up frame imports it)."""

TRAINING_BANNER_STYLE = (
    "background:#b00020; color:white; font-weight:bold; padding:6px; font-size:14pt;"
)
