"""Issuing an order's invoice."""
