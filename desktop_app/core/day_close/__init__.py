"""Closing the day at a desk: the kinds it totals by (``kinds``), the terminal's export
(``terminal_export``) and the two sides set against each other (``closing``)."""
