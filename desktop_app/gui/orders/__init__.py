"""The orders browser page, its table model, and the order dialog."""
