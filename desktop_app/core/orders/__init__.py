"""The orders browser's computations, kept free of Qt so they are tested at full speed.

Import from the modules: :mod:`.criteria` (status, filter, totals line), :mod:`.index` (the
per-list index that filters, sorts and sums), :mod:`.cents` (exact money as whole cents),
:mod:`.columns` and :mod:`.sorting` (work over a million values in short steps).
"""
