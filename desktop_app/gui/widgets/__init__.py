"""Small widgets more than one window uses: message bar, text table, card guard, banner."""
