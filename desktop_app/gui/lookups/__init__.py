"""Lookups staff make while someone waits: customers (F2), products (F3) and revenue."""
