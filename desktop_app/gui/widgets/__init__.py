"""Small widgets more than one window uses: message bar, pending bar, text table, labels, banner."""
